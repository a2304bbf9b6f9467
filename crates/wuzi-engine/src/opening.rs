//! The computer's part in a tournament opening (Swap, Swap2, Soosõrv-8):
//! where to put the opening stones, which colour to take, how many fifth
//! moves to ask for, which to offer and which to pick — each from the
//! engine's own evaluation of the positions in question.
//!
//! The evaluation is always "the value for black": the search's score of
//! the position, from black's side. A player choosing a colour takes black
//! when that value is above zero and white when it is below, so the
//! decisions agree with the sign of the evaluation by construction; the
//! placing steps aim at a value near zero, because the other player then
//! picks the colour.

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use wuzi_core::opening::{ChoiceSet, in_central_square, same_move};
use wuzi_core::{Game, OpeningChoice, OpeningRule, OpeningStep, Point, Stone};

use crate::engine::{Engine, NoMove, win_chance};
use crate::level::Limits;
use crate::position::Position;
use crate::rng::Rng;

/// One action of the computer in the opening.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OpeningMove {
    /// Place the next stone here.
    Place(Point),
    /// Take this decision.
    Choose(OpeningChoice),
    /// Offer this point as black's fifth move.
    Offer(Point),
    /// Pick this offered point as black's fifth move.
    Pick(Point),
}

/// Swap2's second player takes a colour outright only when the engine
/// gives that colour at least this chance; nearer even, it places two more
/// stones and leaves the choice to the opener.
const CLEAR_CHANCE: f32 = 0.55;

/// How many ways to complete the first stones are weighed when placing
/// them.
const PLACEMENTS: usize = 6;

/// The most fifth moves weighed for Soosõrv-8's declaration and offers.
const FIFTH_CANDIDATES: usize = 16;

/// The engine's judgement of opening positions within a budget.
struct Judge<'a> {
    engine: &'a mut Engine,
    limits: Limits,
    stop: &'a AtomicBool,
}

impl Judge<'_> {
    /// The limits for one of `count` searches sharing this budget.
    fn share(&self, count: usize) -> Limits {
        let count = u32::try_from(count.max(1)).unwrap_or(u32::MAX);
        Limits {
            time: (self.limits.time / count).max(Duration::from_millis(5)),
            nodes: self
                .limits
                .nodes
                .map(|nodes| (nodes / u64::from(count)).max(1)),
            depth: self.limits.depth,
            spend_all: false,
        }
    }

    /// The value for black of `pos` within `limits`, with its best move.
    fn black_value(&mut self, pos: &Position, limits: Limits) -> Result<(i32, Point), NoMove> {
        let found = self.engine.evaluate(pos, limits, self.stop)?;
        let score = match pos.to_move() {
            Stone::Black => found.score,
            Stone::White => -found.score,
        };
        Ok((score, found.best))
    }
}

/// The value for black of `game`'s position, as the computer's colour
/// choices weigh it, within `limits`: the search's score from black's side.
///
/// # Errors
/// [`NoMove`] when the game is over or nothing is legal.
pub fn opening_value(
    engine: &mut Engine,
    game: &Game,
    limits: Limits,
    stop: &AtomicBool,
) -> Result<i32, NoMove> {
    let pos = Position::from_game(game, game.config().rule);
    let mut judge = Judge {
        engine,
        limits,
        stop,
    };
    judge.black_value(&pos, limits).map(|(value, _)| value)
}

/// What the computer does at the opening step `game` is at, within
/// `limits` for the whole decision.
///
/// # Errors
/// [`NoMove`] when the opening is over (there is no opening step to take)
/// or nothing can be placed.
pub fn decide_opening(
    engine: &mut Engine,
    game: &Game,
    limits: Limits,
    stop: &AtomicBool,
) -> Result<OpeningMove, NoMove> {
    let Some(opening) = game.opening() else {
        return Err(NoMove::GameOver);
    };
    let rule = opening.rule;
    let moves = game.moves().len();
    let mut judge = Judge {
        engine,
        limits,
        stop,
    };
    let pos = Position::from_game(game, game.config().rule);
    match game.opening_step() {
        OpeningStep::Done => Err(NoMove::GameOver),
        OpeningStep::Place { area: Some(1), .. } => Ok(OpeningMove::Place(centre(game))),
        OpeningStep::Place { .. } if moves < 3 => {
            place_balanced(&mut judge, game, rule).map(OpeningMove::Place)
        }
        // Swap2's two more stones, and Soosõrv-8's fourth: the moves the
        // engine itself would play for each side, which keep the position
        // as even as the engine found it (Swap2: the reason for placing
        // two) or, for the fourth, best for the side placing it.
        OpeningStep::Place { .. } => judge
            .black_value(&pos, limits)
            .map(|(_, best)| OpeningMove::Place(best)),
        OpeningStep::Choose { actor, options } => {
            let value = if rule == OpeningRule::Soosorv8 && moves == 4 {
                let count = opening.declared().unwrap_or(1);
                let values = fifth_values(&mut judge, game)?;
                offered_value(&values, count)
            } else {
                judge.black_value(&pos, limits)?.0
            };
            Ok(OpeningMove::Choose(colour_choice(actor, options, value)))
        }
        OpeningStep::Declare { max, .. } => {
            let values = fifth_values(&mut judge, game)?;
            Ok(OpeningMove::Choose(OpeningChoice::Declare(declaration(
                &values, max,
            ))))
        }
        OpeningStep::Offer { .. } => {
            let values = fifth_values(&mut judge, game)?;
            let board = game.board();
            values
                .iter()
                .map(|&(point, _)| point)
                .find(|&point| {
                    !opening.offers.contains(&point)
                        && !opening
                            .offers
                            .iter()
                            .any(|&offered| same_move(board, offered, point))
                })
                .or_else(|| any_offer(game))
                .map(OpeningMove::Offer)
                .ok_or(NoMove::NoLegalMove)
        }
        OpeningStep::Pick { .. } => {
            let offers = opening.offers.clone();
            let share = judge.share(offers.len());
            let mut worst: Option<(i32, Point)> = None;
            for point in offers {
                let mut after = pos.clone();
                if after.play(point).is_err() {
                    continue;
                }
                let value = judge.black_value(&after, share).map_or(0, |(v, _)| v);
                if worst.is_none_or(|(least, _)| value < least) {
                    worst = Some((value, point));
                }
            }
            worst
                .map(|(_, point)| OpeningMove::Pick(point))
                .ok_or(NoMove::NoLegalMove)
        }
    }
}

/// The choice that gives `actor` (the colour the chooser holds now) black
/// when black's value is above zero and white when it is below; Swap2's
/// second player places two more when neither colour is clearly better.
#[must_use]
pub fn colour_choice(actor: Stone, options: ChoiceSet, black_value: i32) -> OpeningChoice {
    if options == ChoiceSet::StaySwapOrPlaceTwo {
        let chance = win_chance(black_value);
        if chance < CLEAR_CHANCE && chance > 1.0 - CLEAR_CHANCE {
            return OpeningChoice::PlaceTwo;
        }
    }
    let wanted = if black_value > 0 {
        Stone::Black
    } else {
        Stone::White
    };
    if black_value == 0 || wanted == actor {
        OpeningChoice::Stay
    } else {
        OpeningChoice::Swap
    }
}

/// Black's value once white has picked the weakest of `count` offers,
/// black having offered its best: the `count`-th best fifth move's value.
fn offered_value(values: &[(Point, i32)], count: u8) -> i32 {
    let index = usize::from(count.max(1)) - 1;
    values
        .get(index)
        .or(values.last())
        .map_or(0, |&(_, value)| value)
}

/// How many fifth moves white asks for: the fewest that leave black no
/// better than even after white picks the weakest, `max` when even that
/// many leaves black ahead.
fn declaration(values: &[(Point, i32)], max: u8) -> u8 {
    (1..=max)
        .find(|&count| offered_value(values, count) <= 0)
        .unwrap_or(max)
}

/// Black's fifth-move candidates with their values for black, best first,
/// one of each set of mirror images.
fn fifth_values(judge: &mut Judge<'_>, game: &Game) -> Result<Vec<(Point, i32)>, NoMove> {
    let board = game.board();
    let pos = Position::from_game(game, game.config().rule);
    let mut candidates: Vec<Point> = Vec::new();
    for point in near_stones(game, 2) {
        if pos.is_legal(point) && !candidates.iter().any(|&c| same_move(board, c, point)) {
            candidates.push(point);
        }
    }
    // The points with most stones around them first: the likeliest to
    // matter, and those kept when there are too many to weigh.
    candidates.sort_by_key(|&p| std::cmp::Reverse(neighbours(game, p)));
    candidates.truncate(FIFTH_CANDIDATES);
    if candidates.is_empty() {
        return Err(NoMove::NoLegalMove);
    }
    let share = judge.share(candidates.len());
    let mut values = Vec::with_capacity(candidates.len());
    for point in candidates {
        let mut after = pos.clone();
        if after.play(point).is_err() {
            continue;
        }
        let value = judge.black_value(&after, share).map_or(0, |(v, _)| v);
        values.push((point, value));
    }
    values.sort_by_key(|&(_, value)| std::cmp::Reverse(value));
    Ok(values)
}

/// The next of the first three stones, from the way of completing them
/// (among a few drawn near the centre) that the engine finds most even.
fn place_balanced(judge: &mut Judge<'_>, game: &Game, rule: OpeningRule) -> Result<Point, NoMove> {
    let moves = game.moves().len();
    let seed = game.moves().iter().fold(0x0bad_5eed_u64, |h, mv| {
        h.wrapping_mul(31)
            .wrapping_add(u64::from(mv.point.x) * 19 + u64::from(mv.point.y))
    });
    let mut rng = Rng::new(seed);
    let share = judge.share(PLACEMENTS);
    let mut best: Option<(i32, Point)> = None;
    for _ in 0..PLACEMENTS {
        let mut trial = game.clone();
        let mut first = None;
        for index in moves..3 {
            let Some(point) = random_opening_point(&trial, rule, index, &mut rng) else {
                break;
            };
            if trial.try_play(point).is_err() {
                break;
            }
            first.get_or_insert(point);
        }
        let Some(first) = first else { continue };
        let pos = Position::from_game(&trial, trial.config().rule);
        let value = judge.black_value(&pos, share).map_or(i32::MAX, |(v, _)| v);
        if best.is_none_or(|(least, _)| value.abs() < least) {
            best = Some((value.abs(), first));
        }
    }
    best.map(|(_, point)| point).ok_or(NoMove::NoLegalMove)
}

/// A random point for opening stone `index` (0-based): inside the square
/// Soosõrv-8 allows it, or for Swap and Swap2 inside the central 5x5 and
/// next to a stone already there, as openings are played. Swap and Swap2
/// let the opener put stones anywhere, so a person may have left no such
/// point before handing the side over: then next to any stone, and
/// failing that anywhere the rule allows.
fn random_opening_point(
    game: &Game,
    rule: OpeningRule,
    index: usize,
    rng: &mut Rng,
) -> Option<Point> {
    let size = game.board().size();
    let area = match (rule, index) {
        (OpeningRule::Soosorv8, 0) => 1,
        (OpeningRule::Soosorv8, 1) => 3,
        _ => 5,
    };
    let allowed: Vec<Point> = (0..size)
        .flat_map(|y| (0..size).map(move |x| Point::new(x, y)))
        .filter(|&p| game.board().is_empty_at(p) && game.check(p).is_ok())
        .collect();
    let near = |p: Point| index == 0 || neighbours(game, p) > 0;
    let mut points: Vec<Point> = allowed
        .iter()
        .copied()
        .filter(|&p| in_central_square(p, size, area) && near(p))
        .collect();
    if points.is_empty() {
        points = allowed.iter().copied().filter(|&p| near(p)).collect();
    }
    if points.is_empty() {
        points = allowed;
    }
    let pick = usize::try_from(rng.below(points.len() as u64)).ok()?;
    points.get(pick).copied()
}

/// The centre of the board.
fn centre(game: &Game) -> Point {
    let c = game.board().size() / 2;
    Point::new(c, c)
}

/// The empty points within `reach` lines of a stone.
fn near_stones(game: &Game, reach: i8) -> Vec<Point> {
    let board = game.board();
    let size = board.size();
    (0..size)
        .flat_map(|y| (0..size).map(move |x| Point::new(x, y)))
        .filter(|&p| {
            board.is_empty_at(p)
                && board.stones().any(|(s, _)| {
                    (i16::from(s.x) - i16::from(p.x)).abs() <= i16::from(reach)
                        && (i16::from(s.y) - i16::from(p.y)).abs() <= i16::from(reach)
                })
        })
        .collect()
}

/// How many stones lie within two lines of `point`, nearer ones counting
/// double.
fn neighbours(game: &Game, point: Point) -> usize {
    game.board()
        .stones()
        .map(|(s, _)| {
            let d = (i16::from(s.x) - i16::from(point.x))
                .abs()
                .max((i16::from(s.y) - i16::from(point.y)).abs());
            match d {
                1 => 2,
                2 => 1,
                _ => 0,
            }
        })
        .sum()
}

/// Any point black may still offer, for when no candidate near the stones
/// is left (a board crowded with mirror images).
fn any_offer(game: &Game) -> Option<Point> {
    let board = game.board();
    let size = board.size();
    let opening = game.opening()?;
    let mut trial = game.clone();
    (0..size)
        .flat_map(|y| (0..size).map(move |x| Point::new(x, y)))
        .find(|&p| {
            let ok = trial.offer(p).is_ok();
            if ok {
                trial.withdraw_offer();
            }
            ok && !opening.offers.contains(&p)
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colours_follow_the_sign_of_the_value() {
        use ChoiceSet::{StayOrSwap, StaySwapOrPlaceTwo};
        use OpeningChoice::{PlaceTwo, Stay, Swap};
        // (the chooser's colour, the choices, black's value, the choice)
        let cases = [
            (Stone::White, StayOrSwap, 300, Swap),
            (Stone::White, StayOrSwap, -300, Stay),
            (Stone::Black, StayOrSwap, 300, Stay),
            (Stone::Black, StayOrSwap, -1, Swap),
            (Stone::White, StaySwapOrPlaceTwo, 50, PlaceTwo),
            (Stone::White, StaySwapOrPlaceTwo, -150, PlaceTwo),
            (Stone::White, StaySwapOrPlaceTwo, 2000, Swap),
            (Stone::White, StaySwapOrPlaceTwo, -2000, Stay),
        ];
        for (actor, options, value, choice) in cases {
            assert_eq!(
                colour_choice(actor, options, value),
                choice,
                "{actor:?} {options:?} {value}"
            );
        }
    }

    #[test]
    fn white_asks_for_as_few_fifth_moves_as_even_needs() {
        let p = |x| Point::new(x, 0);
        let values = [(p(0), 900), (p(1), 400), (p(2), -20), (p(3), -300)];
        assert_eq!(declaration(&values, 8), 3);
        assert_eq!(offered_value(&values, 3), -20);
        assert_eq!(declaration(&values[..2], 8), 8, "black stays ahead");
        assert_eq!(offered_value(&values[..2], 8), 400);
    }
}
