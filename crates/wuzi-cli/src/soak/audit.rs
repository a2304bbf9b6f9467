//! After the games: does the replay log hold every one of them, as it was
//! played, and do the stats count exactly the ones they should? Asked
//! through the same commands the Review and Statistics screens send.

use std::collections::{BTreeMap, HashMap, HashSet};

use serde_json::{Value, json};
use wuzi_session::Service;

use super::game::QuietDoor;

/// What the audit needs to know of one game.
#[derive(Debug, Clone)]
pub struct Logged {
    /// 1-based game number, for messages.
    pub number: usize,
    /// Its replay id, if the service gave one.
    pub replay_id: Option<String>,
    /// The result the service announced.
    pub result: Option<&'static str>,
    /// Mode, rule and size, as the replay list names them.
    pub mode: &'static str,
    /// The rule's name.
    pub rule: Value,
    /// Board size.
    pub size: u8,
    /// The stones, as `(x, y)`.
    pub moves: Vec<(u8, u8)>,
    /// The person's result in a game against the computer.
    pub person_outcome: Option<&'static str>,
    /// The computer's level in a game against a person.
    pub computer_level: Option<&'static str>,
}

/// The replay log and stats before the games, to compare with after.
#[derive(Debug, Clone)]
pub struct Before {
    ids: HashSet<String>,
    stats: Value,
}

/// What the audit found.
#[derive(Debug, Clone, Default)]
pub struct Findings {
    /// Games found in the log with the right result, board and moves.
    pub logged: usize,
    /// Games the stats should count (against the computer).
    pub countable: usize,
    /// Games the stats count, from the change in their total.
    pub counted: u64,
    /// Everything that did not match.
    pub faults: Vec<String>,
}

/// Entries asked for at once: the most the service hands out in one page.
const PAGE_SIZE: usize = 500;

fn call(service: &Service, command: &str, args: Value) -> Result<Value, String> {
    service
        .dispatch(command, args, &QuietDoor)
        .map_err(|err| format!("{command}: {} ({err})", err.kind()))
}

/// Every entry of the replay log, page by page as the Review list asks.
fn all_replays(service: &Service) -> Result<Vec<Value>, String> {
    let mut items = Vec::new();
    for page in 0.. {
        let answer = call(
            service,
            "list_replays",
            json!({ "page": page, "pageSize": PAGE_SIZE }),
        )?;
        let total = answer["total"].as_u64().unwrap_or(0);
        let batch = answer["items"].as_array().cloned().unwrap_or_default();
        let empty = batch.is_empty();
        items.extend(batch);
        if empty || items.len() as u64 >= total {
            break;
        }
    }
    Ok(items)
}

/// Takes stock before the games.
///
/// # Errors
/// The failing command, with its error: without a profile open nothing
/// is kept, and the soak cannot begin.
pub fn before(service: &Service) -> Result<Before, String> {
    let ids = all_replays(service)?
        .iter()
        .filter_map(|item| item["id"].as_str().map(str::to_string))
        .collect();
    let stats = call(service, "get_stats", json!({}))?;
    Ok(Before { ids, stats })
}

/// A count in the stats, 0 where the stats have none.
fn tally(stats: &Value, path: &[&str], result: &str) -> u64 {
    let mut at = stats;
    for key in path {
        at = &at[*key];
    }
    at[result].as_u64().unwrap_or(0)
}

/// Checks the log and the stats against `games`.
///
/// # Errors
/// A command that failed outright.
pub fn check(service: &Service, before: &Before, games: &[Logged]) -> Result<Findings, String> {
    let mut found = Findings::default();
    let items = all_replays(service)?;
    let by_id: HashMap<&str, &Value> = items
        .iter()
        .filter_map(|item| item["id"].as_str().map(|id| (id, item)))
        .collect();
    let new = by_id.keys().filter(|id| !before.ids.contains(**id)).count();
    for game in games {
        match check_one(service, &by_id, game) {
            Ok(()) => found.logged += 1,
            Err(fault) => found.faults.push(format!("game {}: {fault}", game.number)),
        }
    }
    if new != games.len() {
        found.faults.push(format!(
            "{new} new entries in the replay log for {} games",
            games.len()
        ));
    }
    check_stats(service, before, games, &mut found)?;
    Ok(found)
}

fn check_one(
    service: &Service,
    by_id: &HashMap<&str, &Value>,
    game: &Logged,
) -> Result<(), String> {
    let id = game.replay_id.as_deref().ok_or("no replay id")?;
    let item = by_id
        .get(id)
        .ok_or_else(|| format!("{id} is not in the replay list"))?;
    let expected = [
        ("result", json!(game.result)),
        ("move_count", json!(game.moves.len())),
        ("mode", json!(game.mode)),
        ("rule", game.rule.clone()),
        ("size", json!(game.size)),
    ];
    for (field, want) in expected {
        if item[field] != want {
            return Err(format!(
                "{field} is {} in the log, {want} in play",
                item[field]
            ));
        }
    }
    let replay = call(service, "load_replay", json!({ "id": id }))?;
    let moves: Vec<(u8, u8)> = replay["moves"]
        .as_array()
        .ok_or("a replay without moves")?
        .iter()
        .map(|m| {
            let c = |k: &str| {
                m[k].as_u64()
                    .and_then(|n| u8::try_from(n).ok())
                    .unwrap_or(u8::MAX)
            };
            (c("x"), c("y"))
        })
        .collect();
    if moves != game.moves {
        return Err(format!(
            "the replay's {} moves differ from the game's",
            moves.len()
        ));
    }
    Ok(())
}

/// The stats count games against the computer only (a game between two
/// people, or the computer against itself, has no result for the player):
/// the change in each count must be exactly what those games ended with.
fn check_stats(
    service: &Service,
    before: &Before,
    games: &[Logged],
    found: &mut Findings,
) -> Result<(), String> {
    let after = call(service, "get_stats", json!({}))?;
    let mut expected: BTreeMap<(String, &str), u64> = BTreeMap::new();
    for game in games {
        let Some(outcome) = game.person_outcome else {
            continue;
        };
        found.countable += 1;
        let result = match outcome {
            "win" => "wins",
            "loss" => "losses",
            _ => "draws",
        };
        *expected.entry(("total".into(), result)).or_default() += 1;
        *expected
            .entry(("by_mode/human_vs_ai".into(), result))
            .or_default() += 1;
        if let Some(level) = game.computer_level {
            *expected
                .entry((format!("by_level/{level}"), result))
                .or_default() += 1;
        }
    }
    let change = |path: &str, result: &str| {
        let path: Vec<&str> = path.split('/').collect();
        tally(&after, &path, result).saturating_sub(tally(&before.stats, &path, result))
    };
    found.counted = ["wins", "losses", "draws"]
        .iter()
        .map(|r| change("total", r))
        .sum();
    let mut places: Vec<String> = vec!["total".into(), "by_mode/human_vs_ai".into()];
    places.extend(
        wuzi_engine::Level::ALL
            .iter()
            .map(|l| format!("by_level/{}", l.name())),
    );
    for place in &places {
        for result in ["wins", "losses", "draws"] {
            let want = expected.get(&(place.clone(), result)).copied().unwrap_or(0);
            let got = change(place, result);
            if got != want {
                found.faults.push(format!(
                    "stats {place} {result}: {got} more, {want} expected"
                ));
            }
        }
    }
    for result in ["wins", "losses", "draws"] {
        let got = change("by_mode/ai_vs_ai", result);
        if got != 0 {
            found.faults.push(format!(
                "stats count {got} computer-against-computer {result}"
            ));
        }
    }
    Ok(())
}
