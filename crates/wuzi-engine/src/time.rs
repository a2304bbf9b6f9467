//! Time management: how long to think about one move under a clock.

use std::time::Duration;

/// Kept back from every turn for reading, writing and the OS.
const MARGIN: Duration = Duration::from_millis(60);

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
        // Stay well inside the turn limit: a search overruns slightly.
        let safe = turn.saturating_sub(MARGIN.max(turn / 10));
        budget = budget.min(safe);
    }
    if let Some(left) = time_left {
        // Assume the game goes on for a good share of the empty board.
        let moves_to_go = (empty_points / 4).clamp(8, 40) as u32;
        budget = budget.min(left.saturating_sub(MARGIN) / moves_to_go);
    }
    budget.max(Duration::from_millis(5))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_turn_limit_is_never_used_up() {
        let t = move_time(Some(Duration::from_millis(1000)), None, 200);
        assert!(t < Duration::from_millis(1000));
        assert!(t >= Duration::from_millis(800));
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
