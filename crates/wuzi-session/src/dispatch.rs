//! The one list of commands: every front door (the Tauri app, `wuzi serve`)
//! hands a command's name and JSON arguments to [`Service::dispatch`] and
//! passes its JSON answer or `{ kind, message }` error back to the page.

use std::path::PathBuf;

use serde::Deserialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::play::{NewGame, PlayerChoice};
use crate::position::PositionAsk;
use crate::puzzles::PuzzleFilter;
use crate::review::ReplayFilter;
use crate::{AppError, Service};

/// What a front door does for a command that the service cannot do alone:
/// hear progress, and ask the player for a file.
pub trait Door: Send + Sync {
    /// A progress message of the command being run (the computer's search,
    /// an analysis), for the page.
    fn progress(&self, message: Value);

    /// Asks the player for a game file to open; `None` when they cancel.
    ///
    /// # Errors
    /// When no file can be asked for, or the choice is not a local file.
    fn pick_file_to_open(&self) -> Result<Option<PathBuf>, AppError>;

    /// Asks the player where to save a file, offering `file_name`; `kind`
    /// names the format and `extension` its extension for the dialog's
    /// filter. `None` when they cancel.
    ///
    /// # Errors
    /// When no file can be asked for, or the choice is not a local file.
    fn pick_file_to_save(
        &self,
        file_name: &str,
        kind: &str,
        extension: &str,
    ) -> Result<Option<PathBuf>, AppError>;
}

/// Every command the page may send, in the order docs/ipc.md lists them.
pub const COMMANDS: &[&str] = &[
    "game_view",
    "new_game",
    "play",
    "undo",
    "redo",
    "restart",
    "resign",
    "opening_choice",
    "set_player",
    "check_clock",
    "ai_move",
    "stop_ai",
    "hint",
    "stop_hint",
    "list_saves",
    "save_game",
    "load_save",
    "delete_save",
    "has_autosave",
    "continue_game",
    "import_game",
    "export_game",
    "import_from_file",
    "export_to_file",
    "list_replays",
    "load_replay",
    "analyse_game",
    "stop_analysis",
    "play_from",
    "explain_move",
    "winning_sequence",
    "check_position",
    "analyse_position",
    "save_position",
    "export_position",
    "coach_marks",
    "list_puzzles",
    "start_puzzle",
    "puzzle_move",
    "puzzle_hint",
    "retry_puzzle",
    "app_info",
    "list_profiles",
    "create_profile",
    "rename_profile",
    "delete_profile",
    "open_profile",
    "set_password",
    "lock_profile",
    "get_settings",
    "set_settings",
    "get_stats",
    "leaderboard",
];

/// The arguments of `command`, from a JSON object with camelCase keys (or
/// nothing, for a command that takes none).
fn args<T: DeserializeOwned>(command: &str, value: Value) -> Result<T, AppError> {
    let value = match value {
        Value::Null => Value::Object(serde_json::Map::new()),
        Value::Object(fields) => Value::Object(fields),
        // serde would read a list as a struct's fields in order; the page
        // always names its arguments, so anything else is a mistake.
        other => {
            return Err(AppError::BadArgument(format!(
                "the arguments of {command} must be an object with named fields, not {other}"
            )));
        }
    };
    serde_json::from_value(value)
        .map_err(|err| AppError::BadArgument(format!("bad arguments for {command}: {err}")))
}

fn answer<T: serde::Serialize>(value: T) -> Result<Value, AppError> {
    serde_json::to_value(value).map_err(|err| AppError::Internal(err.to_string()))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NoArgs {}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NewGameArgs {
    #[serde(default)]
    config: Option<NewGame>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PointArgs {
    x: i64,
    y: i64,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct OpeningChoiceArgs {
    choice: wuzi_core::OpeningChoice,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SetPlayerArgs {
    stone: wuzi_core::Stone,
    player: PlayerChoice,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SaveArgs {
    name: String,
    #[serde(default)]
    overwrite: bool,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NameArgs {
    name: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ImportArgs {
    text: String,
    size: Option<u8>,
    rule: Option<wuzi_core::Rule>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FormatArgs {
    format: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PuzzleListArgs {
    #[serde(default)]
    filter: PuzzleFilter,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PositionArgs {
    position: PositionAsk,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SavePositionArgs {
    position: PositionAsk,
    name: String,
    #[serde(default)]
    overwrite: bool,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ExportPositionArgs {
    position: PositionAsk,
    format: String,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct ListReplaysArgs {
    #[serde(default)]
    filter: Option<ReplayFilter>,
    #[serde(default)]
    page: Option<usize>,
    #[serde(default)]
    page_size: Option<usize>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct IdArgs {
    id: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ExplainArgs {
    id: String,
    number: usize,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct PlayFromArgs {
    id: String,
    move_count: usize,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CreateProfileArgs {
    name: String,
    #[serde(default)]
    password: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RenameArgs {
    id: String,
    name: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct OpenProfileArgs {
    id: String,
    #[serde(default)]
    password: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PasswordArgs {
    id: String,
    #[serde(default)]
    old: Option<String>,
    #[serde(default)]
    new: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SettingsArgs {
    settings: wuzi_store::Settings,
}

impl Service {
    /// Runs `command` with its JSON `arguments` (camelCase keys) and answers
    /// its JSON result; `door` hears progress and shows file dialogs.
    ///
    /// May block for as long as the command takes (a search, an analysis):
    /// call it from a blocking thread.
    ///
    /// # Errors
    /// `unknown_command` for a name not in [`COMMANDS`], `bad_argument`
    /// when the arguments do not fit the command, or the command's error.
    pub fn dispatch(
        &self,
        command: &str,
        arguments: Value,
        door: &dyn Door,
    ) -> Result<Value, AppError> {
        let none = |arguments: Value| args::<NoArgs>(command, arguments).map(|_| ());
        match command {
            "game_view" => {
                none(arguments)?;
                answer(self.game_view())
            }
            "new_game" => {
                let a: NewGameArgs = args(command, arguments)?;
                answer(self.new_game(&a.config.unwrap_or_default())?)
            }
            "play" => {
                let a: PointArgs = args(command, arguments)?;
                answer(self.play(a.x, a.y)?)
            }
            "undo" => {
                none(arguments)?;
                answer(self.undo())
            }
            "redo" => {
                none(arguments)?;
                answer(self.redo())
            }
            "restart" => {
                none(arguments)?;
                answer(self.restart()?)
            }
            "check_clock" => {
                none(arguments)?;
                answer(self.check_clock())
            }
            "resign" => {
                none(arguments)?;
                answer(self.resign()?)
            }
            "opening_choice" => {
                let a: OpeningChoiceArgs = args(command, arguments)?;
                answer(self.opening_choice(a.choice)?)
            }
            "set_player" => {
                let a: SetPlayerArgs = args(command, arguments)?;
                answer(self.set_player(a.stone, &a.player)?)
            }
            "ai_move" => {
                none(arguments)?;
                answer(
                    self.ai_move(|p| door.progress(serde_json::to_value(p).unwrap_or_default()))?,
                )
            }
            "stop_ai" => {
                none(arguments)?;
                self.stop_ai();
                answer(())
            }
            "hint" => {
                none(arguments)?;
                answer(self.hint(|p| door.progress(serde_json::to_value(p).unwrap_or_default()))?)
            }
            "stop_hint" => {
                none(arguments)?;
                self.stop_hint();
                answer(())
            }
            "list_saves" => {
                none(arguments)?;
                answer(self.list_saves()?)
            }
            "save_game" => {
                let a: SaveArgs = args(command, arguments)?;
                answer(self.save_game(&a.name, a.overwrite)?)
            }
            "load_save" => {
                let a: NameArgs = args(command, arguments)?;
                answer(self.load_save(&a.name)?)
            }
            "delete_save" => {
                let a: NameArgs = args(command, arguments)?;
                answer(self.delete_save(&a.name)?)
            }
            "has_autosave" => {
                none(arguments)?;
                answer(self.has_autosave()?)
            }
            "continue_game" => {
                none(arguments)?;
                answer(self.continue_game()?)
            }
            "import_game" => {
                let a: ImportArgs = args(command, arguments)?;
                let options = crate::ImportOptions {
                    size: a.size,
                    rule: a.rule,
                };
                answer(self.import_game(&a.text, options)?)
            }
            "export_game" => {
                let a: FormatArgs = args(command, arguments)?;
                answer(self.export_game(&a.format)?)
            }
            "coach_marks" => {
                let a: PositionArgs = args(command, arguments)?;
                answer(self.coach_marks(&a.position)?)
            }
            "explain_move" => {
                let a: ExplainArgs = args(command, arguments)?;
                answer(self.explain_move(&a.id, a.number)?)
            }
            "winning_sequence" => {
                let a: IdArgs = args(command, arguments)?;
                answer(self.winning_sequence(&a.id)?)
            }
            "list_puzzles" => {
                let a: PuzzleListArgs = args(command, arguments)?;
                answer(self.list_puzzles(&a.filter)?)
            }
            "start_puzzle" => {
                let a: IdArgs = args(command, arguments)?;
                answer(self.start_puzzle(&a.id)?)
            }
            "puzzle_move" => {
                let a: PointArgs = args(command, arguments)?;
                answer(self.puzzle_move(a.x, a.y)?)
            }
            "puzzle_hint" => {
                none(arguments)?;
                answer(self.puzzle_hint()?)
            }
            "retry_puzzle" => {
                none(arguments)?;
                answer(self.retry_puzzle()?)
            }
            "check_position" => {
                let a: PositionArgs = args(command, arguments)?;
                answer(self.check_position(&a.position)?)
            }
            "analyse_position" => {
                let a: PositionArgs = args(command, arguments)?;
                answer(self.analyse_position(&a.position)?)
            }
            "save_position" => {
                let a: SavePositionArgs = args(command, arguments)?;
                answer(self.save_position(&a.position, &a.name, a.overwrite)?)
            }
            "export_position" => {
                let a: ExportPositionArgs = args(command, arguments)?;
                answer(self.export_position(&a.position, &a.format)?)
            }
            "import_from_file" => {
                none(arguments)?;
                match door.pick_file_to_open()? {
                    None => answer(None::<()>),
                    Some(path) => answer(self.import_file(&path)?),
                }
            }
            "export_to_file" => {
                let a: FormatArgs = args(command, arguments)?;
                let exported = self.export_game(&a.format)?;
                match door.pick_file_to_save(
                    &exported.file_name,
                    exported.kind,
                    exported.extension,
                )? {
                    None => answer(None::<()>),
                    Some(path) => answer(self.write_export(&exported, &path)?),
                }
            }
            "list_replays" => {
                let a: ListReplaysArgs = args(command, arguments)?;
                answer(self.list_replays(&a.filter.unwrap_or_default(), a.page, a.page_size)?)
            }
            "load_replay" => {
                let a: IdArgs = args(command, arguments)?;
                answer(self.load_replay(&a.id)?)
            }
            "analyse_game" => {
                let a: IdArgs = args(command, arguments)?;
                answer(self.analyse_game(&a.id, |p| {
                    door.progress(serde_json::to_value(p).unwrap_or_default());
                })?)
            }
            "stop_analysis" => {
                none(arguments)?;
                self.stop_analysis();
                answer(())
            }
            "play_from" => {
                let a: PlayFromArgs = args(command, arguments)?;
                answer(self.play_from(&a.id, a.move_count)?)
            }
            "app_info" => {
                none(arguments)?;
                answer(self.app_info())
            }
            "list_profiles" => {
                none(arguments)?;
                answer(self.list_profiles()?)
            }
            "create_profile" => {
                let a: CreateProfileArgs = args(command, arguments)?;
                answer(self.create_profile(&a.name, a.password.as_deref())?)
            }
            "rename_profile" => {
                let a: RenameArgs = args(command, arguments)?;
                answer(self.rename_profile(&a.id, &a.name)?)
            }
            "delete_profile" => {
                let a: IdArgs = args(command, arguments)?;
                answer(self.delete_profile(&a.id)?)
            }
            "open_profile" => {
                let a: OpenProfileArgs = args(command, arguments)?;
                answer(self.open_profile(&a.id, a.password.as_deref())?)
            }
            "set_password" => {
                let a: PasswordArgs = args(command, arguments)?;
                answer(self.set_password(&a.id, a.old.as_deref(), a.new.as_deref())?)
            }
            "lock_profile" => {
                none(arguments)?;
                answer(self.lock_profile()?)
            }
            "get_settings" => {
                none(arguments)?;
                answer(self.get_settings()?)
            }
            "set_settings" => {
                let a: SettingsArgs = args(command, arguments)?;
                answer(self.set_settings(&a.settings)?)
            }
            "get_stats" => {
                none(arguments)?;
                answer(self.get_stats()?)
            }
            "leaderboard" => {
                none(arguments)?;
                answer(self.leaderboard()?)
            }
            other => Err(AppError::UnknownCommand(other.chars().take(64).collect())),
        }
    }
}
