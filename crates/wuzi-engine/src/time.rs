//! Time management: how long to think about one move under a clock.

use std::time::Duration;

/// Kept back from every turn for reading, writing and the OS: a stopped
/// search answers within a few milliseconds (`wuzi bench` measures it),
/// so this leaves room for a busy machine without giving away a tenth of
/// every turn.
const TURN_MARGIN: Duration = Duration::from_millis(30);
/// The share of a turn kept back besides [`TURN_MARGIN`], for longer
/// turns on a machine that may stall for longer.
const TURN_SHARE_KEPT: u32 = 40;
/// Kept back from the time left in the match before it is shared out.
const CLOCK_MARGIN: Duration = Duration::from_millis(60);

/// The time to spend on this move given the Gomocup clock: the per-turn
/// limit (if any), the time left in the match (if any), and how many empty
/// points are left on the board. Never below 5 ms.
#[must_use]
pub fn move_time(
    per_turn: Option<Duration>,
    time_left: Option<Duration>,
    empty_points: usize,
) -> Duration {
    let mut budget = Duration::from_secs(30);
    if let Some(turn) = per_turn {
        // Stay inside the turn limit: a search overruns slightly.
        let safe = turn.saturating_sub(TURN_MARGIN + turn / TURN_SHARE_KEPT);
        budget = budget.min(safe);
    }
    if let Some(left) = time_left {
        // Assume the game goes on for a good share of the empty board.
        let moves_to_go = (empty_points / 4).clamp(8, 40) as u32;
        budget = budget.min(left.saturating_sub(CLOCK_MARGIN) / moves_to_go);
    }
    budget.max(Duration::from_millis(5))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_turn_limit_is_nearly_all_used_but_never_used_up() {
        for (turn_ms, at_least_ms) in [(200, 160), (1000, 940), (5000, 4800), (30_000, 29_000)] {
            let t = move_time(Some(Duration::from_millis(turn_ms)), None, 200);
            assert!(
                t < Duration::from_millis(turn_ms - 25),
                "{turn_ms} ms: {t:?}"
            );
            assert!(
                t >= Duration::from_millis(at_least_ms),
                "{turn_ms} ms: {t:?}"
            );
        }
    }

    #[test]
    fn a_turn_too_short_to_keep_anything_back_still_gets_a_moment() {
        let t = move_time(Some(Duration::from_millis(20)), None, 200);
        assert_eq!(t, Duration::from_millis(5));
    }

    #[test]
    fn little_time_left_means_quick_moves() {
        let t = move_time(
            Some(Duration::from_secs(5)),
            Some(Duration::from_millis(2000)),
            200,
        );
        assert!(t <= Duration::from_millis(250));
    }
}
