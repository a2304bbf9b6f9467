//! Warnings and errors the service, store and engine log during a soak.
//! They log only real trouble (a write that failed, a file restored from
//! its backup, a search that offered an illegal point and was overruled),
//! so a clean run logs none; the soak counts them rather than letting them
//! pass unseen.

use std::fmt::Write as _;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use tracing::field::{Field, Visit};
use tracing::{Event, Subscriber};
use tracing_subscriber::filter::LevelFilter;
use tracing_subscriber::layer::{Context, Layer, SubscriberExt};
use tracing_subscriber::util::SubscriberInitExt;

/// How many warnings are kept word for word; the rest are only counted.
const KEPT: usize = 5;

static COUNT: AtomicUsize = AtomicUsize::new(0);
static FIRST: Mutex<Vec<String>> = Mutex::new(Vec::new());

/// Counts every event at WARN or above.
struct Counter;

/// The fields of an event as one line.
struct Line(String);

impl Visit for Line {
    fn record_debug(&mut self, field: &Field, value: &dyn std::fmt::Debug) {
        let _ = write!(self.0, " {}={value:?}", field.name());
    }
}

impl<S: Subscriber> Layer<S> for Counter {
    fn on_event(&self, event: &Event<'_>, _ctx: Context<'_, S>) {
        COUNT.fetch_add(1, Ordering::Relaxed);
        let mut line = Line(format!(
            "{} {}:",
            event.metadata().level(),
            event.metadata().target()
        ));
        event.record(&mut line);
        let mut first = FIRST.lock().unwrap_or_else(|p| p.into_inner());
        if first.len() < KEPT {
            first.push(line.0);
        }
    }
}

/// Installs the counter, with the usual log on standard error filtered by
/// `RUST_LOG` (silent by default). Answers false when another logger was
/// installed first: then nothing is counted.
pub fn install() -> bool {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("off"));
    let log = tracing_subscriber::fmt::layer()
        .with_writer(std::io::stderr)
        .with_filter(filter);
    tracing_subscriber::registry()
        .with(log)
        // Only warnings reach the counter, so the service's many info
        // events cost nothing.
        .with(Counter.with_filter(LevelFilter::WARN))
        .try_init()
        .is_ok()
}

/// Warnings and errors logged so far, and the first few of them.
#[must_use]
pub fn seen() -> (usize, Vec<String>) {
    let first = FIRST.lock().unwrap_or_else(|p| p.into_inner()).clone();
    (COUNT.load(Ordering::Relaxed), first)
}
