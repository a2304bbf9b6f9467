//! Properties over random legal games and random text.

#![allow(clippy::unwrap_used)]

use std::collections::BTreeSet;
use std::time::Duration;

use proptest::prelude::*;
use wuzi_core::record::{GameRecord, Players, json, movestr, psq, sgf};
use wuzi_core::{
    Board, ForbiddenMoves, Game, GameConfig, IllegalMove, Outcome, Point, Rule, Setup, Stone,
    forbidden_points, is_win, parse_point, point_name, winning_line,
};

fn config_strategy() -> impl Strategy<Value = GameConfig> {
    prop_oneof![
        Just(GameConfig::with_rule(Rule::Renju)),
        Just(GameConfig {
            rule: Rule::Renju,
            forbidden: ForbiddenMoves::Lose,
            ..GameConfig::default()
        }),
        (
            5u8..=22,
            prop_oneof![Just(Rule::Freestyle), Just(Rule::Standard)]
        )
            .prop_map(|(size, rule)| GameConfig {
                size,
                rule,
                ..GameConfig::default()
            }),
    ]
}

/// A random legal game: each seed picks a legal point, mostly near the
/// centre so that positions get busy. Returns the game and the state after
/// every move (the empty game first).
fn play_out(config: GameConfig, seeds: &[u32]) -> (Game, Vec<Game>) {
    let mut game = Game::with_config(config).unwrap();
    let mut states = vec![game.clone()];
    let size = config.size;
    let centre = size / 2;
    for &seed in seeds {
        if game.is_over() {
            break;
        }
        let near = |p: &Point| p.x.abs_diff(centre) <= 3 && p.y.abs_diff(centre) <= 3;
        let legal: Vec<Point> = (0..size)
            .flat_map(|x| (0..size).map(move |y| Point::new(x, y)))
            .filter(|&p| game.check(p).is_ok())
            .collect();
        let close: Vec<Point> = legal.iter().copied().filter(near).collect();
        let pool = if seed % 8 != 0 && !close.is_empty() {
            &close
        } else {
            &legal
        };
        if pool.is_empty() {
            break;
        }
        let point = pool[seed as usize / 8 % pool.len()];
        game.try_play_timed(point, Duration::from_millis(u64::from(seed % 5000)))
            .unwrap();
        states.push(game.clone());
    }
    (game, states)
}

/// Every winning row on the board, found the slow way: walk every line of
/// every direction and measure each run of one colour.
fn brute_force_wins(board: &Board, rule: Rule) -> Vec<BTreeSet<Point>> {
    let size = i32::from(board.size());
    let mut wins = Vec::new();
    for (dx, dy) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
        for y in 0..size {
            for x in 0..size {
                let at = |x: i32, y: i32| {
                    if x < 0 || y < 0 || x >= size || y >= size {
                        None
                    } else {
                        board.stone_at(Point::new(x as u8, y as u8))
                    }
                };
                let Some(stone) = at(x, y) else { continue };
                if at(x - dx, y - dy) == Some(stone) {
                    continue; // not the start of a run
                }
                let mut run = BTreeSet::new();
                let (mut cx, mut cy) = (x, y);
                while at(cx, cy) == Some(stone) {
                    run.insert(Point::new(cx as u8, cy as u8));
                    cx += dx;
                    cy += dy;
                }
                if rule.wins_with(stone, run.len() as u32) {
                    wins.push(run);
                }
            }
        }
    }
    wins
}

fn same_moves(a: &GameRecord, b: &GameRecord) -> bool {
    a.moves.len() == b.moves.len()
        && a.moves
            .iter()
            .zip(&b.moves)
            .all(|(x, y)| x.point == y.point && x.stone == y.stone)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn undo_restores_every_earlier_state(
        config in config_strategy(),
        seeds in prop::collection::vec(any::<u32>(), 1..60),
    ) {
        let (mut game, states) = play_out(config, &seeds);
        // states[0] is the empty board and the last one is the game as it stands.
        let before_now = &states[..states.len() - 1];
        for earlier in before_now.iter().rev() {
            game.undo().unwrap();
            prop_assert_eq!(game.board(), earlier.board());
            prop_assert_eq!(game.moves(), earlier.moves());
            prop_assert_eq!(game.outcome(), earlier.outcome());
            prop_assert_eq!(game.to_move(), earlier.to_move());
        }
        for later in &states[1..] {
            game.redo().unwrap();
            prop_assert_eq!(game.board(), later.board());
            prop_assert_eq!(game.outcome(), later.outcome());
        }
    }

    #[test]
    fn win_detection_matches_a_brute_force_scan(
        config in config_strategy(),
        seeds in prop::collection::vec(any::<u32>(), 1..120),
    ) {
        let (_, states) = play_out(config, &seeds);
        // Every state after a move (states[0] is the empty board).
        for state in &states[1..] {
            let last = state.last_move().unwrap();
            let wins = brute_force_wins(state.board(), config.rule);
            let detected = winning_line(state.board(), config.rule, last.point);
            prop_assert_eq!(is_win(state.board(), config.rule, last.point), detected.is_some());
            match detected {
                // Play stops at the first win, so any winning row runs
                // through the last stone.
                None => prop_assert!(wins.is_empty(), "missed {:?}", wins),
                Some(line) => {
                    let line: BTreeSet<Point> = line.into_iter().collect();
                    prop_assert!(wins.contains(&line));
                    let is_win_outcome = matches!(state.outcome(), Some(Outcome::Win { .. }));
                    prop_assert!(is_win_outcome);
                }
            }
        }
    }

    #[test]
    fn forbidden_points_are_exactly_the_refused_ones(
        seeds in prop::collection::vec(any::<u32>(), 10..90),
    ) {
        let (_, states) = play_out(GameConfig::with_rule(Rule::Renju), &seeds);
        // Every few black turns, and the last position.
        for state in states.iter().step_by(6).chain(states.last()) {
            if state.is_over() || state.to_move() != Stone::Black {
                continue;
            }
            let forbidden: BTreeSet<Point> = forbidden_points(state.board()).into_iter().collect();
            for x in 0..15 {
                for y in 0..15 {
                    let p = Point::new(x, y);
                    if state.board().stone_at(p).is_some() {
                        continue;
                    }
                    let refused = matches!(
                        state.clone().try_play(p),
                        Err(IllegalMove::Forbidden { .. })
                    );
                    prop_assert_eq!(refused, forbidden.contains(&p), "{}", point_name(p, 15));
                }
            }
        }
    }

    #[test]
    fn records_round_trip(
        config in config_strategy(),
        seeds in prop::collection::vec(any::<u32>(), 0..80),
        black in "[A-Za-z0-9 ()\\[\\]\\\\;._-]{0,12}",
        white in "[A-Za-z0-9 ()\\[\\]\\\\;._-]{0,12}",
    ) {
        let (game, _) = play_out(config, &seeds);
        let mut record = GameRecord::from_game(&game);
        record.players = Players { black: black.trim().to_owned(), white: white.trim().to_owned() };
        record.started = Some("2025-05-01T10:00:00Z".to_owned());

        let back = json::read(&json::write(&record)).unwrap();
        prop_assert_eq!(&back, &record);
        prop_assert_eq!(back.to_game().unwrap(), game.clone());

        let back = psq::read_with_rule(&psq::write(&record), config.rule).unwrap();
        prop_assert!(same_moves(&back, &record));
        prop_assert_eq!(&back.players, &record.players);
        let from_psq = back.to_game().unwrap();
        prop_assert_eq!(from_psq.board(), game.board());
        let times: Vec<u64> = back.moves.iter().map(|m| m.time_ms).collect();
        let expected: Vec<u64> = record.moves.iter().map(|m| m.time_ms).collect();
        prop_assert_eq!(times, expected);

        let back = sgf::read(&sgf::write(&record)).unwrap();
        prop_assert!(same_moves(&back, &record));
        prop_assert_eq!(&back.players, &record.players);
        prop_assert_eq!(back.config.rule, config.rule);
        prop_assert_eq!(back.config.size, config.size);
        let from_sgf = back.to_game().unwrap();
        prop_assert_eq!(from_sgf.outcome(), game.outcome());

        let points: Vec<Point> = game.moves().iter().map(|m| m.point).collect();
        let text = movestr::write(&points, config.size);
        prop_assert_eq!(&movestr::parse(&text, config.size).unwrap(), &points);
        let replayed = Game::from_moves(GameConfig { forbidden: ForbiddenMoves::Lose, ..config }, &points).unwrap();
        prop_assert_eq!(replayed.board(), game.board());
    }

    #[test]
    fn a_position_set_up_from_a_game_plays_on_as_the_game_does(
        config in config_strategy(),
        seeds in prop::collection::vec(any::<u32>(), 2..80),
        cut in any::<prop::sample::Index>(),
    ) {
        let (game, states) = play_out(config, &seeds);
        // Any position before the end: its stones become the set-up.
        let k = cut.index(states.len() - 1);
        let at = &states[k];
        let setup = Setup::of_board(at.board());
        let set_config = GameConfig { first: at.to_move(), ..config };
        let mut set_up = Game::with_setup(set_config, setup.clone()).unwrap();
        prop_assert_eq!(set_up.board(), at.board());
        prop_assert_eq!(set_up.to_move(), at.to_move());
        prop_assert_eq!(set_up.forbidden_points(), at.forbidden_points());
        for mv in &game.moves()[k..] {
            set_up.try_play_timed(mv.point, Duration::from_millis(mv.time_ms)).unwrap();
        }
        prop_assert_eq!(set_up.board(), game.board());
        prop_assert_eq!(set_up.outcome(), game.outcome());
        // Undo takes back moves, never the set-up.
        while set_up.undo().is_some() {}
        prop_assert_eq!(set_up.board(), at.board());

        for mv in &game.moves()[k..] {
            set_up.try_play_timed(mv.point, Duration::from_millis(mv.time_ms)).unwrap();
        }
        let record = GameRecord::from_game(&set_up);
        prop_assert_eq!(&record.setup, &setup);
        let back = json::read(&json::write(&record)).unwrap();
        prop_assert_eq!(&back, &record);
        prop_assert_eq!(back.to_game().unwrap(), set_up.clone());
        let back = sgf::read(&sgf::write(&record)).unwrap();
        prop_assert_eq!(&back.setup, &setup);
        prop_assert_eq!(back.config.first, set_config.first);
        prop_assert!(same_moves(&back, &record));
        let from_sgf = back.to_game().unwrap();
        prop_assert_eq!(from_sgf.board(), set_up.board());
        let saved = serde_json::to_string(&set_up).unwrap();
        prop_assert_eq!(serde_json::from_str::<Game>(&saved).unwrap(), set_up);
    }

    #[test]
    fn point_names_round_trip(size in 5u8..=22, x in 0u8..22, y in 0u8..22) {
        let p = Point::new(x % size, y % size);
        prop_assert_eq!(parse_point(&point_name(p, size), size), Ok(p));
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn parsers_never_panic_on_bytes(bytes in prop::collection::vec(any::<u8>(), 0..300)) {
        let text = String::from_utf8_lossy(&bytes);
        let _ = json::read(&text);
        let _ = psq::read(&text);
        let _ = sgf::read(&text);
        let _ = movestr::parse(&text, 15);
        let _ = parse_point(&text, 15);
    }

    #[test]
    fn parsers_never_panic_on_near_miss_text(
        sgf_text in "\\(;(GM\\[[0-9]{0,2}\\]|SZ\\[[0-9:]{0,5}\\]|[BW]\\[[a-zA-Z]{0,3}\\]|;|\\(|\\)|[A-Za-z]{1,3}\\[[^\\]]{0,4}\\]?|\\\\|\\s){0,30}",
        psq_text in "(Piskvorky [0-9]{1,3}x[0-9]{1,3}, 11:11, 0\n)?([0-9]{0,3},[0-9]{0,3}(,[0-9]{0,6})?\r?\n|[a-z]{0,5}\n|-1\n){0,30}",
        moves in "([a-zA-Z][0-9]{0,3}[ ,;]?){0,30}",
        json_text in "\\{(\"format\":\"wuzi-game\",)?(\"version\":[0-9]{1,2},)?(\"config\":\\{\"size\":[0-9]{1,3}\\},)?(\"moves\":\\[(\\{\"point\":\\{\"x\":[0-9]{1,3},\"y\":[0-9]{1,3}\\},\"stone\":\"(black|white)\"\\},?){0,6}\\])?\\}",
    ) {
        let _ = sgf::read(&sgf_text);
        let _ = psq::read(&psq_text);
        let _ = movestr::parse(&moves, 15);
        let _ = json::read(&json_text);
    }
}
