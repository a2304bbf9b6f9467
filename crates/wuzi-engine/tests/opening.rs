//! The computer in tournament openings: its colour choices agree with the
//! sign of its own evaluation, and it takes every step of Swap, Swap2 and
//! Soosõrv-8 to the end by the rules.

#![allow(clippy::unwrap_used)]

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use proptest::prelude::*;
use wuzi_core::opening::ChoiceKind;
use wuzi_core::{
    Game, GameConfig, OpeningChoice, OpeningRule, OpeningStep, Point, Rule, Stone, parse_point,
};
use wuzi_engine::{Engine, Limits, OpeningMove, decide_opening, opening_value};

/// A fixed-depth search: the same answer every time, whatever the machine.
const LIMITS: Limits = Limits {
    time: Duration::from_secs(60),
    nodes: None,
    depth: Some(3),
    spend_all: false,
};

fn p(name: &str) -> Point {
    parse_point(name, 15).unwrap()
}

fn opening_game(rule: Rule, opening: OpeningRule, stones: &[&str]) -> Game {
    let mut game = Game::with_opening(GameConfig::with_rule(rule), opening).unwrap();
    for name in stones {
        game.try_play(p(name)).unwrap();
    }
    game
}

/// Applies the computer's action to `game`.
fn apply(game: &mut Game, action: OpeningMove) {
    match action {
        OpeningMove::Place(point) => {
            game.try_play(point).unwrap();
        }
        OpeningMove::Choose(choice) => game.choose(choice).unwrap(),
        OpeningMove::Offer(point) => game.offer(point).unwrap(),
        OpeningMove::Pick(point) => {
            game.pick(point).unwrap();
        }
    }
}

/// Positions after the first three stones: some plainly good for black
/// (a connected two with black to come after white's move), some plainly
/// good for white (black's stones scattered), some in between.
const THREE_STONES: [[&str; 3]; 6] = [
    ["h8", "a1", "i9"],
    ["h8", "a15", "h9"],
    ["h8", "h9", "a1"],
    ["h8", "i9", "o15"],
    ["h8", "h9", "i7"],
    ["h8", "i8", "j10"],
];

#[test]
fn the_swap_choice_agrees_with_the_sign_of_the_evaluation() {
    let stop = AtomicBool::new(false);
    let mut seen = [false; 2];
    for stones in THREE_STONES {
        for opening in [OpeningRule::Swap, OpeningRule::Swap2] {
            let game = opening_game(Rule::Freestyle, opening, &stones);
            let value = opening_value(&mut Engine::new(), &game, LIMITS, &stop).unwrap();
            let action = decide_opening(&mut Engine::new(), &game, LIMITS, &stop).unwrap();
            // The chooser holds white: swapping takes black.
            match action {
                OpeningMove::Choose(OpeningChoice::Swap) => {
                    assert!(value > 0, "{stones:?} {opening:?}: took black at {value}");
                    seen[0] = true;
                }
                OpeningMove::Choose(OpeningChoice::Stay) => {
                    assert!(value <= 0, "{stones:?} {opening:?}: kept white at {value}");
                    seen[1] = true;
                }
                OpeningMove::Choose(OpeningChoice::PlaceTwo) => {
                    assert_eq!(opening, OpeningRule::Swap2);
                    let chance = wuzi_engine::win_chance(value);
                    assert!(
                        (0.45..=0.55).contains(&chance),
                        "{stones:?}: placed two at a clear {chance}"
                    );
                }
                other => panic!("{stones:?} {opening:?}: {other:?} is no answer to a choice"),
            }
        }
    }
    // Black's connected stones against a white stone in the corner are
    // black's game; black's stone thrown into the corner is white's.
    let game = opening_game(Rule::Freestyle, OpeningRule::Swap, &THREE_STONES[0]);
    assert_eq!(
        decide_opening(&mut Engine::new(), &game, LIMITS, &stop).unwrap(),
        OpeningMove::Choose(OpeningChoice::Swap)
    );
    let game = opening_game(Rule::Freestyle, OpeningRule::Swap, &THREE_STONES[2]);
    assert_eq!(
        decide_opening(&mut Engine::new(), &game, LIMITS, &stop).unwrap(),
        OpeningMove::Choose(OpeningChoice::Stay)
    );
    // Swap2's second player takes the clearly better colour outright, and
    // places two more where the position is near even.
    let game = opening_game(Rule::Freestyle, OpeningRule::Swap2, &THREE_STONES[0]);
    assert_eq!(
        decide_opening(&mut Engine::new(), &game, LIMITS, &stop).unwrap(),
        OpeningMove::Choose(OpeningChoice::Swap)
    );
    let game = opening_game(Rule::Freestyle, OpeningRule::Swap2, &THREE_STONES[2]);
    assert_eq!(
        decide_opening(&mut Engine::new(), &game, LIMITS, &stop).unwrap(),
        OpeningMove::Choose(OpeningChoice::PlaceTwo)
    );
    assert!(seen[0] && seen[1], "both colours were chosen somewhere");
}

/// Black's second swap in Soosõrv-8 weighs black's chances after white
/// picks the weakest of the offers: black is taken only when black's
/// `count`-th best fifth move is still good for black.
#[test]
fn the_soosorv_swap_weighs_the_offers() {
    let stop = AtomicBool::new(false);
    let mut game = opening_game(Rule::Renju, OpeningRule::Soosorv8, &["h8", "i9", "j8"]);
    game.choose(OpeningChoice::Stay).unwrap();
    game.try_play(p("a1")).unwrap();
    // White's fourth stone thrown away: even with two offers black keeps
    // the better game, so black's player stays black.
    game.choose(OpeningChoice::Declare(2)).unwrap();
    assert_eq!(
        decide_opening(&mut Engine::new(), &game, LIMITS, &stop).unwrap(),
        OpeningMove::Choose(OpeningChoice::Stay)
    );
}

fn play_out(rule: Rule, opening: OpeningRule) -> Game {
    play_out_from(opening_game(rule, opening, &[]))
}

/// The computer takes every remaining step of `game`'s opening.
fn play_out_from(mut game: Game) -> Game {
    let stop = AtomicBool::new(false);
    let mut engine = Engine::new();
    let limits = Limits {
        time: Duration::from_secs(60),
        nodes: Some(20_000),
        depth: Some(2),
        spend_all: false,
    };
    for _ in 0..40 {
        if game.opening_step() == OpeningStep::Done {
            return game;
        }
        let action = decide_opening(&mut engine, &game, limits, &stop).unwrap();
        apply(&mut game, action);
    }
    panic!("the opening did not end: {:?}", game.opening_step());
}

#[test]
fn the_computer_takes_every_step_of_each_opening() {
    let game = play_out(Rule::Freestyle, OpeningRule::Swap);
    assert_eq!(game.moves().len(), 3);
    assert_eq!(game.opening().unwrap().choices.len(), 1);
    let game = play_out(Rule::Standard, OpeningRule::Swap2);
    let opening = game.opening().unwrap();
    match opening.choices.as_slice() {
        [OpeningChoice::PlaceTwo, _] => assert_eq!(game.moves().len(), 5),
        [_] => assert_eq!(game.moves().len(), 3),
        other => panic!("Swap2 decisions {other:?}"),
    }
    let game = play_out(Rule::Renju, OpeningRule::Soosorv8);
    let opening = game.opening().unwrap();
    assert_eq!(game.moves().len(), 5);
    let declared = opening.declared().unwrap();
    assert!((1..=8).contains(&declared));
    assert_eq!(opening.offers.len(), usize::from(declared));
    // The fifth move is one of the offers, and the first three stones sit
    // in the centre, the 3x3 and the 5x5.
    assert!(opening.offers.contains(&game.moves()[4].point));
    assert_eq!(game.moves()[0].point, p("h8"));
    assert_eq!(game.moves()[4].stone, Stone::Black);
    for (index, area) in [(1, 3u8), (2, 5)] {
        assert!(wuzi_core::opening::in_central_square(
            game.moves()[index].point,
            15,
            area
        ));
    }
}

/// Swap and Swap2 let the opener put the first stones anywhere. A person
/// who starts far from the centre and then hands black to the computer
/// leaves it no point "in the centre, next to a stone": it places next to
/// the stones there are, and the opening goes on to its end.
#[test]
fn the_computer_takes_over_an_opening_begun_far_from_the_centre() {
    for opening in [OpeningRule::Swap, OpeningRule::Swap2] {
        for first in [&["a1"][..], &["a1", "o15"][..], &["o1"][..]] {
            let game = play_out_from(opening_game(Rule::Freestyle, opening, first));
            let moves = game.moves();
            assert!(moves.len() >= 3, "{opening:?} {first:?}: {moves:?}");
            // The stones the computer placed: those after the person's, up
            // to the opening's three.
            for index in first.len()..3 {
                let mv = &moves[index];
                let near = moves[..index].iter().any(|before| {
                    (i16::from(before.point.x) - i16::from(mv.point.x)).abs() <= 2
                        && (i16::from(before.point.y) - i16::from(mv.point.y)).abs() <= 2
                });
                assert!(
                    near,
                    "{opening:?} {first:?}: stone {index} at {:?} is alone",
                    mv.point
                );
            }
        }
    }
}

/// What a person does at one opening step, from the test's draws: the
/// first of `points` (from the `at`-th on) the step accepts for a stone or
/// an offer, and the `pick`-th of the choices, counts or offers. False
/// when no point is accepted, so the computer takes the step instead.
fn persons_step(game: &mut Game, points: &[(u8, u8)], at: usize, pick: u8) -> bool {
    let pick = usize::from(pick);
    let mut each_point = (0..points.len()).map(|k| {
        let (x, y) = points[(at + k) % points.len()];
        Point::new(x, y)
    });
    match game.opening_step() {
        OpeningStep::Place { .. } => each_point.any(|point| game.try_play(point).is_ok()),
        OpeningStep::Offer { .. } => each_point.any(|point| game.offer(point).is_ok()),
        OpeningStep::Choose { options, .. } => {
            let kinds = options.kinds();
            let choice = match kinds[pick % kinds.len()] {
                ChoiceKind::Stay => OpeningChoice::Stay,
                ChoiceKind::Swap => OpeningChoice::Swap,
                ChoiceKind::PlaceTwo => OpeningChoice::PlaceTwo,
            };
            game.choose(choice).is_ok()
        }
        OpeningStep::Declare { max, .. } => {
            let count = 1 + u8::try_from(pick % usize::from(max)).unwrap();
            game.choose(OpeningChoice::Declare(count)).is_ok()
        }
        OpeningStep::Pick { .. } => {
            let offers = game.opening().unwrap().offers.clone();
            game.pick(offers[pick % offers.len()]).is_ok()
        }
        OpeningStep::Done => false,
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// Whatever a person has done at the steps before (stones anywhere
    /// the rule allows, any choice, count, offer or pick), the computer
    /// handed the next step takes it by the rules, and the opening ends.
    #[test]
    fn the_computer_goes_on_from_whatever_a_person_began(
        which in 0usize..4,
        persons in any::<u32>(),
        points in prop::collection::vec((0u8..15, 0u8..15), 12),
        picks in prop::collection::vec(any::<u8>(), 24),
    ) {
        let (rule, opening) = [
            (Rule::Freestyle, OpeningRule::Swap),
            (Rule::Freestyle, OpeningRule::Swap2),
            (Rule::Standard, OpeningRule::Swap2),
            (Rule::Renju, OpeningRule::Soosorv8),
        ][which];
        let stop = AtomicBool::new(false);
        let limits = Limits {
            time: Duration::from_secs(60),
            nodes: Some(2_000),
            depth: Some(1),
            spend_all: false,
        };
        let mut game = opening_game(rule, opening, &[]);
        let mut engine = Engine::new();
        for (step, &pick) in picks.iter().enumerate() {
            if game.opening_step() == OpeningStep::Done {
                break;
            }
            if persons & (1 << step) != 0 && persons_step(&mut game, &points, step, pick) {
                continue;
            }
            let before = game.opening_step();
            let action = decide_opening(&mut engine, &game, limits, &stop);
            prop_assert!(action.is_ok(), "{opening:?} at {before:?} after {:?}: {action:?}", game.moves());
            let applied = match action.unwrap() {
                OpeningMove::Place(point) => game.try_play(point).map(drop).map_err(|e| e.to_string()),
                OpeningMove::Choose(choice) => game.choose(choice).map_err(|e| e.to_string()),
                OpeningMove::Offer(point) => game.offer(point).map_err(|e| e.to_string()),
                OpeningMove::Pick(point) => game.pick(point).map(drop).map_err(|e| e.to_string()),
            };
            prop_assert!(applied.is_ok(), "{opening:?} at {before:?}: {applied:?}");
        }
        prop_assert_eq!(game.opening_step(), OpeningStep::Done);
    }
}
