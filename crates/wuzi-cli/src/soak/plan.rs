//! What each game of a soak is: rule, board, who plays at what level, the
//! clock and the opening, all drawn from one seed so that a run can be
//! repeated.

use wuzi_core::{ForbiddenMoves, Game, GameConfig, OpeningRule, Point, Rule, Stone, TimeControl};
use wuzi_engine::Level;

/// SplitMix64: small, seedable and the same on every machine, so a seed
/// names a run.
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    /// A generator that repeats for the same seed.
    #[must_use]
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`0` when `n` is 0).
    pub fn below(&mut self, n: u64) -> u64 {
        if n == 0 { 0 } else { self.next_u64() % n }
    }
}

/// The rule and board size each game asks for, in turn. Renju is played
/// on 15x15 only, so its 19x19 cell checks that the service refuses that
/// board and then plays on 15x15: each rule gets a third of the games.
pub const CELLS: [(Rule, u8); 6] = [
    (Rule::Freestyle, 15),
    (Rule::Freestyle, 19),
    (Rule::Standard, 15),
    (Rule::Standard, 19),
    (Rule::Renju, 15),
    (Rule::Renju, 19),
];

/// Who plays a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sides {
    /// The service's computer plays both colours (`ai_ai`): neither side's
    /// result belongs to the player, so the stats leave it out.
    Computers {
        /// Black's level.
        black: Level,
        /// White's level.
        white: Level,
    },
    /// The service's computer against the person's seat (`human_ai`),
    /// whose clicks come from the soak's own engine: the stats count it.
    PersonAgainst {
        /// The person's colour.
        person: Stone,
        /// The level of the engine that clicks for the person.
        person_level: Level,
        /// The service's computer's level.
        computer: Level,
    },
}

impl Sides {
    /// The mode the service reports for these sides.
    #[must_use]
    pub fn mode(self) -> &'static str {
        match self {
            Sides::Computers { .. } => "ai_ai",
            Sides::PersonAgainst { .. } => "human_ai",
        }
    }
}

/// One game of a soak, fully decided before it starts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GamePlan {
    /// 0-based number of the game in the run.
    pub index: usize,
    /// The rule.
    pub rule: Rule,
    /// The board size the game is first asked for.
    pub asked_size: u8,
    /// The board size it is played on.
    pub size: u8,
    /// What a forbidden move by black does (renju).
    pub forbidden: ForbiddenMoves,
    /// The clock.
    pub clock: TimeControl,
    /// Who plays.
    pub sides: Sides,
    /// Stones placed before the computers take over, black first (none
    /// when the game has a tournament opening).
    pub opening: Vec<Point>,
    /// A tournament opening the computers play through first (one
    /// computers' game in three): Swap or Swap2, Soosõrv-8 in renju.
    pub tournament: Option<OpeningRule>,
    /// Seed for the person's engine, whose easy level picks at random.
    pub seed: u64,
}

/// The clocks games are played with. The computer's moves are cut to the
/// soak's budget anyway; the clocks are here so the service's clock code
/// runs under load too.
const CLOCKS: [TimeControl; 4] = [
    TimeControl::None,
    TimeControl::PerMove { move_ms: 1_000 },
    TimeControl::SuddenDeath { main_ms: 60_000 },
    TimeControl::Fischer {
        main_ms: 30_000,
        increment_ms: 1_000,
    },
];

/// The opening stones fall this far from the centre at most, where real
/// games begin, so they shape the game without deciding it.
const OPENING_REACH: u8 = 3;

fn level(rng: &mut Rng) -> Level {
    Level::ALL[rng.below(Level::ALL.len() as u64) as usize]
}

/// One to four random stones near the centre, each legal where it is
/// played (checked by the rules, not assumed).
fn opening(config: GameConfig, rng: &mut Rng) -> Vec<Point> {
    let Ok(mut game) = Game::with_config(config) else {
        return Vec::new();
    };
    let centre = config.size / 2;
    let span = u64::from(2 * OPENING_REACH + 1);
    let plies = 1 + rng.below(4) as usize;
    let mut stones = Vec::with_capacity(plies);
    // The box has 49 points, so a free legal one is always found quickly;
    // the bound only keeps a mistake here from looping.
    for _ in 0..plies * 64 {
        if stones.len() == plies {
            break;
        }
        let point = Point::new(
            centre - OPENING_REACH + rng.below(span) as u8,
            centre - OPENING_REACH + rng.below(span) as u8,
        );
        if game.try_play(point).is_ok() {
            stones.push(point);
        }
    }
    stones
}

/// The plan of game `index`, drawn from `rng`. Rule and size go round
/// [`CELLS`]; each cell alternates between computer-against-computer and
/// person-against-computer games; levels, clock, renju's forbidden-move
/// setting and the opening are drawn at random.
#[must_use]
pub fn plan(index: usize, rng: &mut Rng) -> GamePlan {
    let (rule, asked_size) = CELLS[index % CELLS.len()];
    let size = rule.required_size().unwrap_or(asked_size);
    let forbidden = if rng.below(2) == 0 {
        ForbiddenMoves::Refuse
    } else {
        ForbiddenMoves::Lose
    };
    let clock = CLOCKS[rng.below(CLOCKS.len() as u64) as usize];
    let sides = if (index / CELLS.len()).is_multiple_of(2) {
        Sides::Computers {
            black: level(rng),
            white: level(rng),
        }
    } else {
        Sides::PersonAgainst {
            person: if rng.below(2) == 0 {
                Stone::Black
            } else {
                Stone::White
            },
            person_level: level(rng),
            computer: level(rng),
        }
    };
    let config = GameConfig {
        size,
        rule,
        forbidden,
        first: Stone::Black,
    };
    let tournament = match sides {
        Sides::Computers { .. } if rng.below(3) == 0 => Some(match rule {
            Rule::Renju => OpeningRule::Soosorv8,
            _ if rng.below(2) == 0 => OpeningRule::Swap,
            _ => OpeningRule::Swap2,
        }),
        _ => None,
    };
    let opening = if tournament.is_some() {
        Vec::new()
    } else {
        opening(config, rng)
    };
    GamePlan {
        index,
        rule,
        asked_size,
        size,
        forbidden,
        clock,
        sides,
        opening,
        tournament,
        seed: rng.next_u64(),
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use super::*;

    fn plans(seed: u64, n: usize) -> Vec<GamePlan> {
        let mut rng = Rng::new(seed);
        (0..n).map(|i| plan(i, &mut rng)).collect()
    }

    #[test]
    fn the_same_seed_plans_the_same_run_and_another_seed_another() {
        assert_eq!(plans(7, 50), plans(7, 50));
        assert_ne!(plans(7, 50), plans(8, 50));
    }

    #[test]
    fn twelve_games_cover_every_rule_size_and_both_kinds_of_game() {
        let run = plans(1, 12);
        for (rule, size) in CELLS {
            for mode in ["ai_ai", "human_ai"] {
                assert!(
                    run.iter()
                        .any(|p| p.rule == rule && p.asked_size == size && p.sides.mode() == mode),
                    "{rule:?} {size} {mode}"
                );
            }
        }
        // Renju is played on its own board whatever was asked.
        assert!(
            run.iter()
                .filter(|p| p.rule == Rule::Renju)
                .all(|p| p.size == 15)
        );
    }

    #[test]
    fn openings_are_legal_near_the_centre_and_rarely_repeat() {
        let run = plans(3, 600);
        for p in run.iter().filter(|p| p.tournament.is_none()) {
            assert!((1..=4).contains(&p.opening.len()), "{p:?}");
            let config = GameConfig {
                size: p.size,
                rule: p.rule,
                forbidden: ForbiddenMoves::Refuse,
                first: Stone::Black,
            };
            assert!(Game::from_moves(config, &p.opening).is_ok(), "{p:?}");
            let centre = p.size / 2;
            assert!(
                p.opening
                    .iter()
                    .all(|q| q.x.abs_diff(centre) <= OPENING_REACH
                        && q.y.abs_diff(centre) <= OPENING_REACH)
            );
        }
        let distinct: HashSet<_> = run.iter().map(|p| (p.rule, &p.opening)).collect();
        assert!(distinct.len() > 400, "{} distinct openings", distinct.len());
        // Some computers' games play a tournament opening that fits their
        // rule instead.
        let tournaments: Vec<_> = run.iter().filter(|p| p.tournament.is_some()).collect();
        assert!(
            tournaments.len() > 50,
            "{} tournament openings",
            tournaments.len()
        );
        for p in tournaments {
            assert_eq!(p.sides.mode(), "ai_ai");
            assert!(p.tournament.is_some_and(|t| t.fits(p.rule)), "{p:?}");
        }
    }

    #[test]
    fn every_level_and_clock_is_drawn() {
        let run = plans(5, 200);
        for wanted in Level::ALL {
            assert!(run.iter().any(|p| match p.sides {
                Sides::Computers { black, white } => black == wanted || white == wanted,
                Sides::PersonAgainst { computer, .. } => computer == wanted,
            }));
        }
        for clock in CLOCKS {
            assert!(run.iter().any(|p| p.clock == clock), "{clock:?}");
        }
    }
}
