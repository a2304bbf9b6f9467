use serde::Serialize;
use wuzi_core::{Game, Point, Stone};

/// One stone as the UI draws it.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct StoneView {
    /// Column, 0-based from the left.
    pub x: u8,
    /// Row, 0-based from the top.
    pub y: u8,
    /// Its colour.
    pub stone: Stone,
    /// 1 for the first move of the game.
    pub number: usize,
}

/// Everything the UI needs to draw the game, complete on every answer so the
/// UI never keeps game state of its own.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct GameView {
    /// Lines each way.
    pub size: u8,
    /// The stones in the order they were played.
    pub stones: Vec<StoneView>,
    /// The side to move.
    pub to_move: Stone,
    /// The point of the last move, for the last-move marker.
    pub last: Option<Point>,
    /// Black stones on the board.
    pub black_count: usize,
    /// White stones on the board.
    pub white_count: usize,
}

impl GameView {
    /// The view of `game` as it stands.
    #[must_use]
    pub fn of(game: &Game) -> GameView {
        let stones = game
            .moves()
            .iter()
            .enumerate()
            .map(|(i, mv)| StoneView {
                x: mv.point.x,
                y: mv.point.y,
                stone: mv.stone,
                number: i + 1,
            })
            .collect();
        GameView {
            size: game.board().size(),
            stones,
            to_move: game.to_move(),
            last: game.moves().last().map(|mv| mv.point),
            black_count: game.board().count(Stone::Black),
            white_count: game.board().count(Stone::White),
        }
    }
}
