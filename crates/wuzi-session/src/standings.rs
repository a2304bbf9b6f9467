//! Points and the leaderboard: a profile's record as one number, and every
//! profile of this device ranked by it.
//!
//! A win is worth twice a draw; a loss is worth nothing. What a win is
//! worth depends on who it was against: the computer by its level
//! (Beginner 2 … Master 10), another person 6, as much as a win against
//! the Normal level. Points are worked out from the statistics each time,
//! never stored, so every game ever counted is scored the same way.

use serde::Serialize;
use wuzi_engine::Level;
use wuzi_store::{GameMode, Stats, Tally};

use crate::{AppError, Service};

/// What a draw against a person is worth; a win is worth twice as much.
const PERSON_DRAW: u32 = 3;

/// What a draw against the computer at `level` (by its name) is worth: the
/// level's number, Beginner 1 to Master 5. A level this version does not
/// know (a newer one's) counts as the middle one.
fn level_draw(level: &str) -> u32 {
    level
        .parse::<Level>()
        .map_or(u32::from(Level::Normal.number()), |level| {
            u32::from(level.number())
        })
}

fn score(tally: &Tally, draw: u32) -> u32 {
    tally
        .wins
        .saturating_mul(draw.saturating_mul(2))
        .saturating_add(tally.draws.saturating_mul(draw))
}

/// A profile's points, from its statistics.
#[must_use]
pub fn points(stats: &Stats) -> u32 {
    let people = stats
        .by_mode
        .get(&GameMode::HumanVsHuman)
        .map_or(0, |tally| score(tally, PERSON_DRAW));
    stats
        .by_level
        .iter()
        .map(|(level, tally)| score(tally, level_draw(level)))
        .fold(people, u32::saturating_add)
}

/// A profile's statistics with its points, as the Statistics screen shows
/// them.
#[derive(Debug, Clone, Serialize)]
pub struct StatsView {
    /// The statistics as kept.
    #[serde(flatten)]
    pub stats: Stats,
    /// Its points.
    pub points: u32,
}

/// One profile's line on the leaderboard.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct Standing {
    /// Its place, from 1; profiles with the same points, wins and games
    /// share a place.
    pub place: u32,
    /// The profile's id.
    pub id: String,
    /// Its name.
    pub name: String,
    /// Its points.
    pub points: u32,
    /// Games it played (against the computer or a person).
    pub games: u32,
    /// Of which won.
    pub wins: u32,
    /// Lost.
    pub losses: u32,
    /// Drawn.
    pub draws: u32,
    /// Its longest run of wins.
    pub best_streak: u32,
    /// Whether it is the open profile.
    pub current: bool,
}

impl Standing {
    fn rank_key(&self) -> (u32, u32, u32) {
        (self.points, self.wins, self.games)
    }
}

/// Ranks `rows` by points, then wins, then games played; names break
/// ties in the order shown but not in the place.
fn rank(mut rows: Vec<Standing>) -> Vec<Standing> {
    rows.sort_by(|a, b| {
        b.rank_key()
            .cmp(&a.rank_key())
            .then_with(|| a.name.to_lowercase().cmp(&b.name.to_lowercase()))
    });
    let mut place = 0;
    let mut last = None;
    for (i, row) in rows.iter_mut().enumerate() {
        if last != Some(row.rank_key()) {
            place = u32::try_from(i + 1).unwrap_or(u32::MAX);
            last = Some(row.rank_key());
        }
        row.place = place;
    }
    rows
}

impl Service {
    /// The open profile's statistics and points.
    ///
    /// # Errors
    /// `no_profile`, or the store's error.
    pub fn get_stats(&self) -> Result<StatsView, AppError> {
        self.with_profile(|store, id| {
            let (stats, notices) = store.stats(id)?;
            self.add_notices(&notices);
            let points = points(&stats);
            Ok(StatsView { stats, points })
        })
    }

    /// Every profile of this device, best first.
    ///
    /// # Errors
    /// `no_store` without a data folder, or the store's error.
    pub fn leaderboard(&self) -> Result<Vec<Standing>, AppError> {
        self.with_store(|store| {
            let rows = store.leaderboard()?;
            let open = store.open_profile_id().cloned();
            let rows = rows
                .into_iter()
                .map(|(profile, stats)| Standing {
                    place: 0,
                    current: open.as_ref() == Some(&profile.id),
                    id: profile.id.to_string(),
                    name: profile.name,
                    points: points(&stats),
                    games: stats.total.games(),
                    wins: stats.total.wins,
                    losses: stats.total.losses,
                    draws: stats.total.draws,
                    best_streak: stats.best_streak,
                })
                .collect();
            Ok(rank(rows))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tally(wins: u32, losses: u32, draws: u32) -> Tally {
        Tally {
            wins,
            losses,
            draws,
        }
    }

    #[test]
    fn a_win_is_worth_more_against_a_stronger_level_and_a_draw_half_a_win() {
        let mut stats = Stats::default();
        stats.by_level.insert("beginner".into(), tally(1, 5, 0));
        assert_eq!(points(&stats), 2);
        stats.by_level.insert("master".into(), tally(1, 0, 1));
        assert_eq!(points(&stats), 2 + 10 + 5);
        // A level from a newer version counts as the middle one.
        stats.by_level.insert("grandmaster".into(), tally(1, 0, 0));
        assert_eq!(points(&stats), 2 + 10 + 5 + 6);
    }

    #[test]
    fn games_against_people_count_and_watched_games_do_not() {
        let mut stats = Stats::default();
        stats.by_mode.insert(GameMode::HumanVsHuman, tally(2, 1, 1));
        stats.by_mode.insert(GameMode::AiVsAi, tally(9, 9, 9));
        stats.watched.black_wins = 4;
        assert_eq!(points(&stats), 2 * 6 + 3);
    }

    fn standing(name: &str, points: u32, wins: u32, games: u32) -> Standing {
        Standing {
            place: 0,
            id: name.to_lowercase(),
            name: name.into(),
            points,
            games,
            wins,
            losses: games - wins,
            draws: 0,
            best_streak: 0,
            current: false,
        }
    }

    #[test]
    fn the_board_ranks_by_points_then_wins_then_games_and_ties_share_a_place() {
        let ranked = rank(vec![
            standing("Cleo", 6, 1, 1),
            standing("ann", 10, 1, 3),
            standing("Bo", 10, 1, 3),
            standing("Dee", 10, 5, 9),
        ]);
        let order: Vec<(&str, u32)> = ranked.iter().map(|r| (r.name.as_str(), r.place)).collect();
        assert_eq!(order, [("Dee", 1), ("ann", 2), ("Bo", 2), ("Cleo", 4)]);
    }
}
