//! `wuzi serve`: the web UI (`ui/`) and the real game service over loopback
//! HTTP, so the UI tests can run Chromium against the real backend.
//!
//! The page's side of this protocol is `ui/js/ipc.js`.
//!
//! # Start
//!
//! The server listens on `127.0.0.1` only. Its first line on stdout,
//! flushed at once and printed only when it is ready to answer, is exactly
//! `http://127.0.0.1:<port>/?token=<token>`, with a fresh random token of 32
//! hex digits per run. Nothing else is ever written to stdout; logs go to
//! stderr (`RUST_LOG`, warnings by default).
//!
//! # Static files
//!
//! `GET` (and `HEAD`) of any other path serves the file under the UI folder
//! (`index.html` for a folder), with its content type (`charset=utf-8` for
//! text), [`CSP`] as `Content-Security-Policy`, `X-Content-Type-Options:
//! nosniff` and `Cache-Control: no-store`. A path that would leave the
//! folder is refused (404); a missing file is 404; another method is 405.
//!
//! # Commands
//!
//! `POST /ipc/<command>` runs one of [`wuzi_session::COMMANDS`]:
//!
//! - Request: header `X-Wuzi-Token: <token>`; body the JSON arguments
//!   object (an empty body means no arguments). The content type is not
//!   looked at.
//! - A missing or wrong token: `403` with `{"kind":"bad_token","message":..}`,
//!   and the service is not called. A body that is not JSON: `400` with
//!   `{"kind":"bad_argument",..}`; a body over 2 MiB: `413`, same shape.
//! - With `Accept: text/event-stream`: `200 text/event-stream`, one
//!   `event: progress\ndata: <json>\n\n` for each progress message as the
//!   command makes it, then one `event: result\ndata: <json>\n\n` or
//!   `event: error\ndata: {"kind":..,"message":..}\n\n`, then the end of the
//!   body. No keep-alive comments are sent.
//! - Otherwise: `200 application/json` with the command's answer, or the
//!   error's `{kind, message}` with the status [`status_for`] gives it:
//!   `400` for a request the page got wrong, `403` for a password, `404` for
//!   something that is not there, `409` for a refused move or a command the
//!   game's state does not allow now, `422` for a stored file this version
//!   cannot read, `503` without a usable data folder (none, another copy of
//!   Wuzi has it, it is read-only, or it went away), `507` for a full disk,
//!   `500` for the rest.
//!
//! Requests run concurrently, each command on its own blocking thread, so
//! `stop_ai` gets through while `ai_move` is thinking.
//!
//! # File dialogs
//!
//! With `--dialog-dir DIR`, the file dialogs answer from DIR instead of
//! asking: opening picks the most recently modified regular file in DIR
//! whose name does not start with a dot, saving picks `DIR/<offered name>`,
//! and both cancel while a file `DIR/.cancel` exists. Without it, both
//! cancel.
//!
//! # Stop
//!
//! On SIGINT or SIGTERM, or when stdin is a pipe and reaches its end (the
//! parent is gone), the server stops the computer's work, stops taking new
//! connections, and exits within a few seconds.

use std::convert::Infallible;
use std::fmt::Write as _;
use std::io::{self, Read as _, Write as _};
use std::net::{Ipv4Addr, SocketAddr};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, SystemTime};

use axum::Router;
use axum::body::Bytes;
use axum::extract::rejection::{BytesRejection, PathRejection};
use axum::extract::{DefaultBodyLimit, Path as UrlPath, State};
use axum::http::header::{
    ACCEPT, CACHE_CONTROL, CONTENT_SECURITY_POLICY, CONTENT_TYPE, X_CONTENT_TYPE_OPTIONS,
};
use axum::http::{HeaderMap, HeaderValue, Response, StatusCode};
use axum::response::sse::{Event, Sse};
use axum::response::{IntoResponse, Json};
use axum::routing::post;
use serde_json::{Value, json};
use tokio::sync::{mpsc, watch};
use tower_http::services::ServeDir;
use tower_http::set_header::SetResponseHeaderLayer;
use wuzi_session::{AppError, Door, Service};

/// The page's Content-Security-Policy: the app's own (`src-tauri/tauri.conf.json`,
/// as `tests/ui/support.js` serves it) with `connect-src 'self'`, since here
/// the page reaches the service by `fetch` to its own origin instead of
/// Tauri's `ipc:` scheme.
pub const CSP: &str = "default-src 'self'; script-src 'self'; style-src 'self'; \
    img-src 'self' data:; font-src 'self'; media-src 'self'; connect-src 'self'; \
    object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/// The header that carries the token.
pub const TOKEN_HEADER: &str = "x-wuzi-token";

/// The largest request body taken, in bytes.
const BODY_LIMIT: usize = 2 * 1024 * 1024;

/// How long running requests get to finish once the server is told to stop.
const GRACE: Duration = Duration::from_secs(3);

/// The UI folder of the source tree this binary was built from.
const DEFAULT_UI: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../ui");

/// Options of `wuzi serve`.
#[derive(Debug, Clone, clap::Args)]
#[command(after_long_help = "\
EXAMPLE:
    wuzi serve --data /tmp/wuzi-test --dialog-dir /tmp/wuzi-files

    The first line on stdout is the page's address with its token, for
    example http://127.0.0.1:40123/?token=0123456789abcdef0123456789abcdef;
    open it in a browser. Commands are POST /ipc/<command> with the header
    X-Wuzi-Token and the JSON arguments as the body; ask with
    Accept: text/event-stream to hear progress as server-sent events.
    Logs go to stderr (RUST_LOG=debug for every request).")]
pub struct ServeArgs {
    /// The data folder for profiles, saves and replays (created if missing).
    /// Without it, $WUZI_DATA_DIR; one of them is required, so that a test
    /// never writes into a player's real data.
    #[arg(long, value_name = "DIR")]
    pub data: Option<PathBuf>,
    /// The port on 127.0.0.1; 0 takes any free port.
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub port: u16,
    /// The web UI folder [default: the ui/ folder of the source tree this
    /// binary was built from].
    #[arg(long, value_name = "DIR")]
    pub ui: Option<PathBuf>,
    /// Stand-in for the system's file dialogs: "open" takes the newest file
    /// in DIR, "save" writes DIR/<offered name>; a file DIR/.cancel makes
    /// both cancel. Without it both always cancel.
    #[arg(long, value_name = "DIR")]
    pub dialog_dir: Option<PathBuf>,
}

/// Why the server could not start or stopped with an error.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct ServeError(String);

fn fail(message: impl Into<String>) -> ServeError {
    ServeError(message.into())
}

/// The folders the server works with, checked.
#[derive(Debug)]
struct Folders {
    data: PathBuf,
    ui: PathBuf,
    dialogs: Option<PathBuf>,
}

impl Folders {
    fn from_args(args: &ServeArgs) -> Result<Folders, ServeError> {
        let data = match &args.data {
            Some(dir) => dir.clone(),
            None => match std::env::var_os("WUZI_DATA_DIR").filter(|v| !v.is_empty()) {
                Some(dir) => PathBuf::from(dir),
                None => {
                    return Err(fail(
                        "no data folder: pass --data DIR or set WUZI_DATA_DIR \
                         (wuzi serve never uses the player's own data folder)",
                    ));
                }
            },
        };
        let data = make_dir(&data, "data folder")?;

        let ui = args.ui.clone().unwrap_or_else(|| PathBuf::from(DEFAULT_UI));
        let ui = ui.canonicalize().map_err(|err| {
            fail(format!(
                "the UI folder {} cannot be used: {err} (pass --ui DIR)",
                ui.display()
            ))
        })?;
        if !ui.join("index.html").is_file() {
            return Err(fail(format!(
                "the UI folder {} has no index.html (pass --ui DIR)",
                ui.display()
            )));
        }

        let dialogs = match &args.dialog_dir {
            Some(dir) => Some(make_dir(dir, "dialog folder")?),
            None => None,
        };
        Ok(Folders { data, ui, dialogs })
    }
}

/// Creates `dir` if missing and answers its absolute path.
fn make_dir(dir: &Path, what: &str) -> Result<PathBuf, ServeError> {
    std::fs::create_dir_all(dir)
        .and_then(|()| dir.canonicalize())
        .map_err(|err| {
            fail(format!(
                "the {what} {} cannot be used: {err}",
                dir.display()
            ))
        })
}

/// A fresh token: 16 random bytes as 32 hex digits.
fn new_token() -> Result<String, ServeError> {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes)
        .map_err(|err| fail(format!("no random numbers for the token: {err}")))?;
    Ok(bytes.iter().fold(String::with_capacity(32), |mut hex, b| {
        let _ = write!(hex, "{b:02x}");
        hex
    }))
}

/// Sends logs to stderr, filtered by `RUST_LOG`, warnings and errors by
/// default.
pub fn init_logging() {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("warn"));
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(io::stderr)
        .try_init();
}

/// Runs `wuzi serve` until it is told to stop.
///
/// # Errors
/// When a folder cannot be used, the port cannot be had, or stdout is gone.
pub fn run(args: &ServeArgs) -> Result<(), ServeError> {
    let folders = Folders::from_args(args)?;
    let token = new_token()?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .thread_name("wuzi-serve")
        .build()
        .map_err(|err| fail(format!("cannot start the async runtime: {err}")))?;
    let listener = runtime
        .block_on(tokio::net::TcpListener::bind((
            Ipv4Addr::LOCALHOST,
            args.port,
        )))
        .map_err(|err| fail(format!("cannot listen on 127.0.0.1:{}: {err}", args.port)))?;
    let address = listener
        .local_addr()
        .map_err(|err| fail(format!("the listening address is unknown: {err}")))?;
    let service = Arc::new(Service::open(Some(folders.data.clone()), false));

    let result = runtime.block_on(serve(listener, address, token, folders, service));
    // Commands still running (a search after a stop) do not hold the exit.
    runtime.shutdown_timeout(Duration::from_secs(1));
    result
}

/// What every request handler shares.
#[derive(Debug)]
struct Shared {
    service: Arc<Service>,
    token: String,
    dialogs: Option<Arc<PathBuf>>,
}

async fn serve(
    listener: tokio::net::TcpListener,
    address: SocketAddr,
    token: String,
    folders: Folders,
    service: Arc<Service>,
) -> Result<(), ServeError> {
    {
        let mut out = io::stdout().lock();
        writeln!(out, "http://{address}/?token={token}")
            .and_then(|()| out.flush())
            .map_err(|err| fail(format!("cannot write the address to stdout: {err}")))?;
    }
    tracing::info!(
        %address,
        ui = %folders.ui.display(),
        data = %folders.data.display(),
        dialogs = ?folders.dialogs,
        "serving"
    );

    let shared = Arc::new(Shared {
        service: Arc::clone(&service),
        token,
        dialogs: folders.dialogs.map(Arc::new),
    });
    let app = router(shared, &folders.ui);

    let (stop_tx, stop_rx) = watch::channel(false);
    listen_for_stop(stop_tx);

    let mut graceful_rx = stop_rx.clone();
    let stopping = Arc::clone(&service);
    let server = axum::serve(listener, app).with_graceful_shutdown(async move {
        let _ = graceful_rx.wait_for(|stop| *stop).await;
        tracing::info!("stopping");
        stopping.stop_ai();
        stopping.stop_hint();
        stopping.stop_analysis();
    });
    let mut deadline_rx = stop_rx;
    let deadline = async move {
        let _ = deadline_rx.wait_for(|stop| *stop).await;
        tokio::time::sleep(GRACE).await;
    };
    tokio::select! {
        served = server => served.map_err(|err| fail(format!("the server failed: {err}"))),
        () = deadline => {
            tracing::warn!("requests still running after {GRACE:?}; stopping anyway");
            Ok(())
        }
    }
}

/// Raises `stop` on SIGINT, SIGTERM, or the end of stdin when it is a pipe.
fn listen_for_stop(stop: watch::Sender<bool>) {
    let stop = Arc::new(stop);
    let on_interrupt = Arc::clone(&stop);
    tokio::spawn(async move {
        if tokio::signal::ctrl_c().await.is_ok() {
            on_interrupt.send_replace(true);
        }
    });
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        match signal(SignalKind::terminate()) {
            Ok(mut term) => {
                let on_term = Arc::clone(&stop);
                tokio::spawn(async move {
                    if term.recv().await.is_some() {
                        on_term.send_replace(true);
                    }
                });
            }
            Err(err) => tracing::warn!(error = %err, "SIGTERM will not stop the server cleanly"),
        }
    }
    if stdin_is_pipe() {
        let on_eof = Arc::clone(&stop);
        let watcher = std::thread::Builder::new()
            .name("stdin-watch".into())
            .spawn(move || {
                let mut stdin = io::stdin();
                let mut buffer = [0u8; 512];
                loop {
                    match stdin.read(&mut buffer) {
                        Ok(0) => break,
                        Ok(_) => {}
                        Err(err) if err.kind() == io::ErrorKind::Interrupted => {}
                        Err(_) => break,
                    }
                }
                tracing::info!("stdin closed");
                on_eof.send_replace(true);
            });
        if let Err(err) = watcher {
            tracing::warn!(error = %err, "the end of stdin will not stop the server");
        }
    }
}

/// Whether stdin is a pipe or socket, whose end means the parent is gone.
/// A terminal, `/dev/null` or a file is not watched: a server started in
/// the background of a script must not stop at once.
#[cfg(unix)]
fn stdin_is_pipe() -> bool {
    use std::io::IsTerminal as _;
    use std::os::fd::AsFd as _;
    use std::os::unix::fs::FileTypeExt as _;
    let stdin = io::stdin();
    if stdin.is_terminal() {
        return false;
    }
    let Ok(fd) = stdin.as_fd().try_clone_to_owned() else {
        return false;
    };
    std::fs::File::from(fd).metadata().is_ok_and(|meta| {
        let kind = meta.file_type();
        kind.is_fifo() || kind.is_socket()
    })
}

#[cfg(not(unix))]
fn stdin_is_pipe() -> bool {
    false
}

/// The routes: `POST /ipc/{command}`, and the UI's files for the rest.
fn router(shared: Arc<Shared>, ui: &Path) -> Router {
    // `layer` after `fallback_service`, so the headers go on every file.
    let files = Router::new()
        .fallback_service(ServeDir::new(ui).append_index_html_on_directories(true))
        .layer(SetResponseHeaderLayer::overriding(
            CONTENT_TYPE,
            with_charset::<axum::body::Body>,
        ))
        .layer(SetResponseHeaderLayer::overriding(
            CACHE_CONTROL,
            HeaderValue::from_static("no-store"),
        ))
        .layer(SetResponseHeaderLayer::overriding(
            X_CONTENT_TYPE_OPTIONS,
            HeaderValue::from_static("nosniff"),
        ))
        .layer(SetResponseHeaderLayer::overriding(
            CONTENT_SECURITY_POLICY,
            HeaderValue::from_static(CSP),
        ));
    Router::new()
        .route("/ipc/{command}", post(ipc))
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        .with_state(shared)
        .fallback_service(files)
}

/// The file's content type with `charset=utf-8` added for text, so the
/// page's files read the same whatever the browser would guess.
fn with_charset<B>(response: &Response<B>) -> Option<HeaderValue> {
    let current = response.headers().get(CONTENT_TYPE)?.to_str().ok()?;
    let textual = current.starts_with("text/")
        || current == "application/javascript"
        || current == "application/json"
        || current == "image/svg+xml";
    if !textual || current.contains("charset") {
        return None;
    }
    HeaderValue::from_str(&format!("{current}; charset=utf-8")).ok()
}

/// A `{kind, message}` answer with `status`.
fn error_body(
    status: StatusCode,
    kind: &str,
    message: impl Into<String>,
) -> axum::response::Response {
    (
        status,
        Json(json!({ "kind": kind, "message": message.into() })),
    )
        .into_response()
}

/// The HTTP status of a failed command, by its `kind`: 4xx for whatever the
/// player or the page caused, 5xx only for what went wrong on this side.
///
/// - `400`: `unknown_command`, `bad_argument`, `bad_config`, `bad_record`,
///   `bad_position`, `bad_name`, `invalid`, `too_large`, `not_text`,
///   `off_board`
/// - `403`: `password_required`, `wrong_password`
/// - `404`: `not_found`
/// - `409` (a refused move or a command the game's state does not allow
///   now): `occupied`, `forbidden`, `game_over`, `not_your_turn`,
///   `not_ai_turn`, `stale`, `no_move`, `cancelled`, `busy`, `exists`,
///   `no_profile`, `opening`
/// - `422`: `corrupt`, `future_version` (a stored file this version cannot use)
/// - `503`: `no_store` (no data folder), `locked` (the data folder is in use
///   by another copy of Wuzi), `read_only`, `folder_gone` (the data folder
///   went away while Wuzi ran: nothing is kept until it is back)
/// - `507`: `disk_full`
/// - `500`: `internal`, `io`, and what only a fault of ours causes
///   (`encode`, `password`, `logging`)
#[must_use]
pub fn status_for(kind: &str) -> StatusCode {
    match kind {
        "unknown_command" | "bad_argument" | "bad_config" | "bad_record" | "bad_position"
        | "bad_name" | "invalid" | "too_large" | "not_text" | "off_board" => {
            StatusCode::BAD_REQUEST
        }
        "password_required" | "wrong_password" => StatusCode::FORBIDDEN,
        "not_found" => StatusCode::NOT_FOUND,
        "occupied" | "forbidden" | "game_over" | "not_your_turn" | "not_ai_turn" | "stale"
        | "no_move" | "cancelled" | "busy" | "exists" | "no_profile" | "opening" => {
            StatusCode::CONFLICT
        }
        "corrupt" | "future_version" => StatusCode::UNPROCESSABLE_ENTITY,
        "no_store" | "locked" | "read_only" | "folder_gone" => StatusCode::SERVICE_UNAVAILABLE,
        "disk_full" => StatusCode::INSUFFICIENT_STORAGE,
        _ => StatusCode::INTERNAL_SERVER_ERROR,
    }
}

/// Whether `given` is the token, compared in time that does not depend on
/// where they differ.
fn token_matches(given: &[u8], token: &str) -> bool {
    let token = token.as_bytes();
    given.len() == token.len()
        && given
            .iter()
            .zip(token)
            .fold(0u8, |diff, (a, b)| diff | (a ^ b))
            == 0
}

/// `POST /ipc/{command}`.
async fn ipc(
    State(shared): State<Arc<Shared>>,
    command: Result<UrlPath<String>, PathRejection>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> axum::response::Response {
    match headers.get(TOKEN_HEADER) {
        None => {
            return error_body(
                StatusCode::FORBIDDEN,
                "bad_token",
                "the request has no X-Wuzi-Token header: open the address wuzi serve printed, \
                 with its token",
            );
        }
        Some(given) if !token_matches(given.as_bytes(), &shared.token) => {
            return error_body(
                StatusCode::FORBIDDEN,
                "bad_token",
                "the X-Wuzi-Token header is not this server's token: open the address \
                 wuzi serve printed",
            );
        }
        Some(_) => {}
    }
    let command = match command {
        Ok(UrlPath(command)) => command,
        Err(err) => {
            return error_body(
                StatusCode::BAD_REQUEST,
                "unknown_command",
                format!("the command's name cannot be read: {err}"),
            );
        }
    };
    let body = match body {
        Ok(body) => body,
        Err(err) => {
            return error_body(
                err.status(),
                "bad_argument",
                format!("the request body cannot be read: {}", err.body_text()),
            );
        }
    };
    let arguments = if body.trim_ascii().is_empty() {
        Value::Null
    } else {
        match serde_json::from_slice::<Value>(&body) {
            Ok(arguments) => arguments,
            Err(err) => {
                return error_body(
                    StatusCode::BAD_REQUEST,
                    "bad_argument",
                    format!("the arguments of {command} are not JSON: {err}"),
                );
            }
        }
    };
    let streamed = headers
        .get_all(ACCEPT)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .any(|value| value.to_ascii_lowercase().contains("text/event-stream"));
    tracing::debug!(%command, streamed, "command");
    if streamed {
        stream_command(&shared, command, arguments).into_response()
    } else {
        let door = ServeDoor {
            progress: None,
            dialogs: shared.dialogs.clone(),
        };
        match run_command(&shared.service, command, arguments, door).await {
            Ok(answer) => Json(answer).into_response(),
            Err(err) => {
                let status = status_for(err.kind());
                if status.is_server_error() {
                    tracing::warn!(kind = err.kind(), error = %err, "command failed");
                }
                (status, Json(err)).into_response()
            }
        }
    }
}

/// Runs `command` on a blocking thread; a panic there is an internal error.
async fn run_command(
    service: &Arc<Service>,
    command: String,
    arguments: Value,
    door: ServeDoor,
) -> Result<Value, AppError> {
    let service = Arc::clone(service);
    tokio::task::spawn_blocking(move || service.dispatch(&command, arguments, &door))
        .await
        .map_err(|err| AppError::Internal(format!("the command did not finish: {err}")))?
}

/// Runs `command` and answers its progress, then its result or error, as
/// server-sent events.
fn stream_command(
    shared: &Arc<Shared>,
    command: String,
    arguments: Value,
) -> Sse<impl futures_util::Stream<Item = Result<Event, Infallible>> + use<>> {
    let (events, received) = mpsc::unbounded_channel::<Event>();
    let door = ServeDoor {
        progress: Some(events.clone()),
        dialogs: shared.dialogs.clone(),
    };
    let service = Arc::clone(&shared.service);
    tokio::spawn(async move {
        let last = match run_command(&service, command, arguments, door).await {
            Ok(answer) => Event::default().event("result").json_data(answer),
            Err(err) => {
                if status_for(err.kind()).is_server_error() {
                    tracing::warn!(kind = err.kind(), error = %err, "command failed");
                }
                Event::default().event("error").json_data(err)
            }
        };
        let last = last.unwrap_or_else(|err| {
            let err = AppError::Internal(format!("the answer cannot be sent: {err}"));
            Event::default()
                .event("error")
                .data(json!({ "kind": err.kind(), "message": err.to_string() }).to_string())
        });
        // The page may have gone; the command's work still counts.
        let _ = events.send(last);
    });
    let stream = futures_util::stream::unfold(received, |mut received| async move {
        received
            .recv()
            .await
            .map(|event| (Ok::<_, Infallible>(event), received))
    });
    Sse::new(stream)
}

/// The serve side of a command: progress to the event stream (if the page
/// asked for one), and the stand-in file dialogs.
#[derive(Debug)]
struct ServeDoor {
    progress: Option<mpsc::UnboundedSender<Event>>,
    dialogs: Option<Arc<PathBuf>>,
}

impl ServeDoor {
    /// The dialog folder, unless there is none or it holds `.cancel`.
    fn dialog_folder(&self) -> Result<Option<&Path>, AppError> {
        let Some(dir) = self.dialogs.as_deref() else {
            return Ok(None);
        };
        let cancel = dir.join(".cancel");
        match cancel.try_exists() {
            Ok(true) => Ok(None),
            Ok(false) => Ok(Some(dir)),
            Err(err) => Err(AppError::Internal(format!(
                "the dialog folder {} cannot be read: {err}",
                dir.display()
            ))),
        }
    }
}

impl Door for ServeDoor {
    fn progress(&self, message: Value) {
        if let Some(events) = &self.progress
            && let Ok(event) = Event::default().event("progress").json_data(message)
        {
            // The page may have gone; the work still counts.
            let _ = events.send(event);
        }
    }

    fn pick_file_to_open(&self) -> Result<Option<PathBuf>, AppError> {
        let Some(dir) = self.dialog_folder()? else {
            return Ok(None);
        };
        let unreadable = |err: io::Error| {
            AppError::Internal(format!(
                "the dialog folder {} cannot be read: {err}",
                dir.display()
            ))
        };
        let mut newest: Option<(SystemTime, PathBuf)> = None;
        for entry in std::fs::read_dir(dir).map_err(unreadable)? {
            let entry = entry.map_err(unreadable)?;
            if entry.file_name().to_string_lossy().starts_with('.') {
                continue;
            }
            let meta = entry.metadata().map_err(unreadable)?;
            if !meta.is_file() {
                continue;
            }
            let modified = meta.modified().map_err(unreadable)?;
            let candidate = (modified, entry.path());
            if newest.as_ref().is_none_or(|best| candidate > *best) {
                newest = Some(candidate);
            }
        }
        Ok(newest.map(|(_, path)| path))
    }

    fn pick_file_to_save(
        &self,
        file_name: &str,
        _kind: &str,
        _extension: &str,
    ) -> Result<Option<PathBuf>, AppError> {
        let Some(dir) = self.dialog_folder()? else {
            return Ok(None);
        };
        // Only a plain name: the offered name never picks another folder.
        let name = Path::new(file_name)
            .file_name()
            .filter(|name| *name == std::ffi::OsStr::new(file_name))
            .ok_or_else(|| {
                AppError::BadArgument(format!("{file_name:?} is not a plain file name"))
            })?;
        Ok(Some(dir.join(name)))
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;

    fn door(dir: Option<&Path>) -> ServeDoor {
        ServeDoor {
            progress: None,
            dialogs: dir.map(|d| Arc::new(d.to_path_buf())),
        }
    }

    fn touch(path: &Path, seconds: u64) {
        let file = std::fs::File::create(path).unwrap();
        file.set_modified(SystemTime::UNIX_EPOCH + Duration::from_secs(seconds))
            .unwrap();
    }

    #[test]
    fn open_picks_the_newest_plain_file() {
        let dir = tempfile::tempdir().unwrap();
        let door = door(Some(dir.path()));
        assert_eq!(door.pick_file_to_open().unwrap(), None);
        touch(&dir.path().join("old.sgf"), 1_000);
        touch(&dir.path().join("new.psq"), 2_000);
        touch(&dir.path().join(".hidden"), 3_000);
        std::fs::create_dir(dir.path().join("folder")).unwrap();
        assert_eq!(
            door.pick_file_to_open().unwrap(),
            Some(dir.path().join("new.psq"))
        );
        touch(&dir.path().join(".cancel"), 0);
        assert_eq!(door.pick_file_to_open().unwrap(), None);
    }

    #[test]
    fn save_takes_only_a_plain_name() {
        let dir = tempfile::tempdir().unwrap();
        let door = door(Some(dir.path()));
        assert_eq!(
            door.pick_file_to_save("game.sgf", "SGF", "sgf").unwrap(),
            Some(dir.path().join("game.sgf"))
        );
        for name in ["../game.sgf", "a/b.sgf", "/tmp/x.sgf", "..", ""] {
            let err = door.pick_file_to_save(name, "SGF", "sgf").unwrap_err();
            assert_eq!(err.kind(), "bad_argument", "{name:?}");
        }
        touch(&dir.path().join(".cancel"), 0);
        assert_eq!(
            door.pick_file_to_save("game.sgf", "SGF", "sgf").unwrap(),
            None
        );
    }

    #[test]
    fn without_a_folder_the_dialogs_cancel() {
        let door = door(None);
        assert_eq!(door.pick_file_to_open().unwrap(), None);
        assert_eq!(door.pick_file_to_save("g.sgf", "SGF", "sgf").unwrap(), None);
    }

    #[test]
    fn statuses_are_4xx_for_the_player_and_5xx_for_us() {
        assert_eq!(status_for("unknown_command"), StatusCode::BAD_REQUEST);
        assert_eq!(status_for("bad_argument"), StatusCode::BAD_REQUEST);
        assert_eq!(status_for("bad_position"), StatusCode::BAD_REQUEST);
        assert_eq!(status_for("occupied"), StatusCode::CONFLICT);
        assert_eq!(status_for("forbidden"), StatusCode::CONFLICT);
        assert_eq!(status_for("not_found"), StatusCode::NOT_FOUND);
        assert_eq!(status_for("internal"), StatusCode::INTERNAL_SERVER_ERROR);
        assert_eq!(status_for("io"), StatusCode::INTERNAL_SERVER_ERROR);
        assert_eq!(status_for("locked"), StatusCode::SERVICE_UNAVAILABLE);
        assert_eq!(status_for("read_only"), StatusCode::SERVICE_UNAVAILABLE);
        assert_eq!(status_for("folder_gone"), StatusCode::SERVICE_UNAVAILABLE);
        assert_eq!(status_for("encode"), StatusCode::INTERNAL_SERVER_ERROR);
        assert_eq!(status_for("disk_full"), StatusCode::INSUFFICIENT_STORAGE);
    }

    #[test]
    fn the_token_must_match_exactly() {
        let token = new_token().unwrap();
        assert_eq!(token.len(), 32);
        assert!(token.bytes().all(|b| b.is_ascii_hexdigit()));
        assert_ne!(token, new_token().unwrap());
        assert!(token_matches(token.as_bytes(), &token));
        assert!(!token_matches(&token.as_bytes()[..31], &token));
        assert!(!token_matches(b"", &token));
        assert!(!token_matches(b"0123456789abcdef", "0123456789abcdee"));
    }

    #[test]
    fn text_files_say_utf_8() {
        let typed = |t: &str| {
            let response = Response::builder()
                .header(CONTENT_TYPE, t)
                .body(())
                .unwrap();
            with_charset(&response).map(|v| v.to_str().unwrap().to_string())
        };
        assert_eq!(
            typed("text/html").as_deref(),
            Some("text/html; charset=utf-8")
        );
        assert_eq!(typed("text/css; charset=utf-8"), None);
        assert_eq!(typed("image/png"), None);
    }
}
