//! Tournament openings through the game: the steps, what is refused, undo,
//! and the opening kept by every record format that can hold it.

#![allow(clippy::unwrap_used)]

use wuzi_core::opening::{ChoiceSet, RecordFault};
use wuzi_core::record::{GameRecord, json, sgf};
use wuzi_core::{
    Game, GameConfig, IllegalMove, Opening, OpeningChoice, OpeningError, OpeningRule, OpeningStep,
    Point, ReplayError, Rule, Stone, parse_point,
};

fn p(name: &str) -> Point {
    parse_point(name, 15).unwrap()
}

fn play(game: &mut Game, names: &[&str]) {
    for name in names {
        game.try_play(p(name))
            .unwrap_or_else(|e| panic!("{name}: {e}"));
    }
}

fn swap2_game() -> Game {
    let mut game = Game::with_opening(GameConfig::default(), OpeningRule::Swap2).unwrap();
    play(&mut game, &["h8", "h9", "j10"]);
    game.choose(OpeningChoice::PlaceTwo).unwrap();
    play(&mut game, &["g7", "g9"]);
    game.choose(OpeningChoice::Swap).unwrap();
    play(&mut game, &["f8"]);
    game
}

fn soosorv_game() -> Game {
    let mut game =
        Game::with_opening(GameConfig::with_rule(Rule::Renju), OpeningRule::Soosorv8).unwrap();
    play(&mut game, &["h8", "i9", "j8"]);
    game.choose(OpeningChoice::Swap).unwrap();
    play(&mut game, &["i7"]);
    game.choose(OpeningChoice::Declare(2)).unwrap();
    game.choose(OpeningChoice::Stay).unwrap();
    game.offer(p("g7")).unwrap();
    game.offer(p("k10")).unwrap();
    game.pick(p("k10")).unwrap();
    play(&mut game, &["g9"]);
    game
}

#[test]
fn swap2_steps_through_the_game() {
    let mut game = Game::with_opening(GameConfig::default(), OpeningRule::Swap2).unwrap();
    play(&mut game, &["h8", "h9", "j10"]);
    assert_eq!(
        game.opening_step(),
        OpeningStep::Choose {
            actor: Stone::White,
            options: ChoiceSet::StaySwapOrPlaceTwo
        }
    );
    // White may not just play on while the choice is due.
    assert_eq!(
        game.try_play(p("a1")),
        Err(IllegalMove::Opening {
            error: OpeningError::NotAStone {
                wanted: wuzi_core::opening::Wanted::Choice
            }
        })
    );
    assert_eq!(game.moves().len(), 3);
    // The three opening stones are placed before any decision: undo takes
    // them back; once the choice is made they stay.
    assert!(game.can_undo());
    game.choose(OpeningChoice::PlaceTwo).unwrap();
    assert!(!game.can_undo());
    assert_eq!(game.undo(), None);
    play(&mut game, &["g7"]);
    assert!(
        game.can_undo(),
        "the fourth stone is the placer's to take back"
    );
    play(&mut game, &["g9"]);
    assert!(matches!(
        game.opening_step(),
        OpeningStep::Choose {
            actor: Stone::Black,
            ..
        }
    ));
    game.choose(OpeningChoice::Stay).unwrap();
    assert_eq!(game.opening_step(), OpeningStep::Done);
    assert_eq!(game.to_move(), Stone::White);
    assert_eq!(game.settled_moves(), 5);
    play(&mut game, &["f8"]);
    assert_eq!(game.undo().map(|m| m.point), Some(p("f8")));
    assert_eq!(game.undo(), None);
}

#[test]
fn an_opening_needs_its_rule_and_an_empty_board_with_black_first() {
    assert_eq!(
        Game::with_opening(GameConfig::with_rule(Rule::Renju), OpeningRule::Swap2).unwrap_err(),
        ReplayError::Opening(OpeningError::WrongRule {
            opening: OpeningRule::Swap2,
            rule: Rule::Renju
        })
    );
    assert!(Game::with_opening(GameConfig::default(), OpeningRule::Soosorv8).is_err());
    let white_first = GameConfig {
        first: Stone::White,
        ..GameConfig::default()
    };
    assert_eq!(
        Game::with_opening(white_first, OpeningRule::Swap).unwrap_err(),
        ReplayError::Opening(OpeningError::NotFromStart)
    );
}

#[test]
fn soosorv_refuses_what_the_rule_forbids() {
    let mut game =
        Game::with_opening(GameConfig::with_rule(Rule::Renju), OpeningRule::Soosorv8).unwrap();
    assert!(matches!(
        game.try_play(p("a1")),
        Err(IllegalMove::Opening {
            error: OpeningError::OutsideArea { area: 1 }
        })
    ));
    play(&mut game, &["h8"]);
    assert!(
        game.try_play(p("h10")).is_err(),
        "the second stone is in the 3x3"
    );
    play(&mut game, &["i9", "j8"]);
    game.choose(OpeningChoice::Stay).unwrap();
    play(&mut game, &["i7"]);
    assert_eq!(
        game.choose(OpeningChoice::Declare(9)),
        Err(OpeningError::BadCount { max: 8 })
    );
    assert_eq!(
        game.choose(OpeningChoice::Swap),
        Err(OpeningError::NotAChoice)
    );
    game.choose(OpeningChoice::Declare(3)).unwrap();
    game.choose(OpeningChoice::Swap).unwrap();
    assert_eq!(
        game.opening_step(),
        OpeningStep::Offer {
            actor: Stone::Black,
            count: 3
        }
    );
    assert_eq!(game.offer(p("i8")), Ok(()));
    // Black h8 j8, white i9 i7: the position is its own mirror image
    // across row 8, so i10 and i6 are the same offer.
    assert_eq!(game.offer(p("i10")), Ok(()));
    assert_eq!(game.offer(p("i6")), Err(OpeningError::Symmetric));
    assert_eq!(game.withdraw_offer(), Some(p("i10")));
    assert_eq!(game.offer(p("i6")), Ok(()));
    assert_eq!(game.offer(p("h8")), Err(OpeningError::Unavailable));
    assert!(game.try_play(p("a1")).is_err(), "a stone is not an offer");
    game.offer(p("a1")).unwrap();
    assert_eq!(
        game.opening_step(),
        OpeningStep::Pick {
            actor: Stone::White
        }
    );
    assert_eq!(game.offer(p("a2")), Err(OpeningError::NotOffering));
    assert!(game.pick(p("b2")).is_err());
    let fifth = game.pick(p("a1")).unwrap();
    assert_eq!((fifth.stone, fifth.point), (Stone::Black, p("a1")));
    assert_eq!(game.opening_step(), OpeningStep::Done);
    assert_eq!(game.settled_moves(), 5);
    assert!(!game.can_undo());
    assert!(game.opening().unwrap().colours_swapped());
}

#[test]
fn the_opening_survives_json_sgf_and_the_saved_game() {
    for game in [swap2_game(), soosorv_game()] {
        let record = GameRecord::from_game(&game);
        assert!(record.opening.is_some());
        let back = json::read(&json::write(&record)).unwrap();
        assert_eq!(back.opening, record.opening);
        assert_eq!(back.to_game().unwrap(), game);
        let text = sgf::write(&record);
        assert!(text.contains("XO["), "{text}");
        let back = sgf::read(&text).unwrap();
        assert_eq!(back.opening, record.opening, "{text}");
        assert_eq!(back.to_game().unwrap().moves(), game.moves());
        let saved = serde_json::to_string(&game).unwrap();
        let restored: Game = serde_json::from_str(&saved).unwrap();
        assert_eq!(restored, game);
        assert_eq!(restored.settled_moves(), game.settled_moves());
    }
}

#[test]
fn a_record_that_breaks_its_opening_is_refused_with_the_reason() {
    let game = soosorv_game();
    let good = GameRecord::from_game(&game);
    let fault = |what| {
        ReplayError::Opening(OpeningError::Record {
            rule: OpeningRule::Soosorv8,
            what,
        })
    };
    // A decision left out: the fourth stone comes where the swap was due.
    let mut record = good.clone();
    record.opening.as_mut().unwrap().choices.remove(0);
    assert!(record.to_game().is_err());
    // No decisions at all: a move where a choice was due.
    let mut record = good.clone();
    record.opening = Some(Opening::new(OpeningRule::Soosorv8));
    assert_eq!(record.to_game().unwrap_err(), fault(RecordFault::Move));
    // A fifth move that was not offered.
    let mut record = good.clone();
    record.opening.as_mut().unwrap().offers = vec![p("g7"), p("a1")];
    assert!(matches!(
        record.to_game().unwrap_err(),
        ReplayError::Move {
            index: 4,
            error: IllegalMove::Opening { .. }
        }
    ));
    // More offers than declared.
    let mut record = good.clone();
    record.opening.as_mut().unwrap().offers.push(p("a1"));
    assert_eq!(record.to_game().unwrap_err(), fault(RecordFault::Offers));
    // A decision too many.
    let mut record = good;
    record
        .opening
        .as_mut()
        .unwrap()
        .choices
        .push(OpeningChoice::Stay);
    assert_eq!(record.to_game().unwrap_err(), fault(RecordFault::Choice));
    // An SGF naming no rule we know.
    let err = sgf::read("(;GM[4]SZ[15]XO[yamaguchi];B[hh])").unwrap_err();
    assert!(err.to_string().contains("yamaguchi"), "{err}");
}

#[test]
fn a_game_saved_mid_opening_comes_back_at_the_same_step() {
    let mut game =
        Game::with_opening(GameConfig::with_rule(Rule::Renju), OpeningRule::Soosorv8).unwrap();
    play(&mut game, &["h8", "i9", "j8"]);
    game.choose(OpeningChoice::Stay).unwrap();
    play(&mut game, &["i7"]);
    game.choose(OpeningChoice::Declare(4)).unwrap();
    game.choose(OpeningChoice::Stay).unwrap();
    game.offer(p("g7")).unwrap();
    let restored: Game = serde_json::from_str(&serde_json::to_string(&game).unwrap()).unwrap();
    assert_eq!(restored.opening_step(), game.opening_step());
    assert_eq!(restored.opening().unwrap().offers, vec![p("g7")]);
}
