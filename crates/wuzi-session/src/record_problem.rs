//! Why an imported game record could not be read, told so the UI can say
//! it in the player's language: which format it was read as, the line and
//! column, the text found there, and a reason code with its details.
//!
//! The parsers in `wuzi_core::record` know all of this; their English
//! messages stay as the error's `message` (for logs and for anything that
//! does not know the codes).

use serde::Serialize;
use wuzi_core::record::TextPosition;
use wuzi_core::record::json::{JsonError, JsonErrorKind};
use wuzi_core::record::movestr::MoveStrError;
use wuzi_core::record::psq::{PsqError, PsqErrorKind};
use wuzi_core::record::sgf::{SgfError, SgfErrorKind};
use wuzi_core::{
    ConfigError, Forbidden, IllegalMove, OpeningError, PointNameError, ReplayError, SetupError,
    Stone, point_name,
};

/// The longest piece of the text quoted back to the player.
const TOKEN_CHARS: usize = 16;

/// Where and why a record could not be read.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RecordProblem {
    /// The format the text was read as: `sgf`, `psq`, `json` or `moves`.
    pub format: &'static str,
    /// Line from 1, when the problem is at a place in the text.
    pub line: Option<usize>,
    /// Column from 1 in characters, with `line`.
    pub column: Option<usize>,
    /// The text found there (at most 16 characters), when there is any.
    pub token: Option<String>,
    /// What is wrong, as a code with its details.
    pub reason: Reason,
}

/// What is wrong with a record: `code` names it, the other fields (all
/// text or numbers) fill in the sentence.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "code", rename_all = "snake_case")]
pub enum Reason {
    /// SGF: no `(;` that starts a game.
    NoGame,
    /// SGF: the text ends inside the game.
    UnexpectedEnd,
    /// SGF: a character that cannot come here.
    Unexpected {
        /// What was found.
        found: String,
    },
    /// SGF: `GM` names another game.
    NotGomoku {
        /// The value found.
        found: String,
    },
    /// SGF: `SZ` is not a square board size.
    BadSize {
        /// The value found.
        found: String,
    },
    /// The board size is not one the app plays (5 to 26).
    Size {
        /// The size found.
        size: u8,
    },
    /// SGF: a move that is not a point on the board.
    BadPoint {
        /// The value found.
        found: String,
        /// The board size.
        size: u8,
    },
    /// SGF: a pass, which Gomoku does not have.
    Pass,
    /// SGF: set-up stones after the first node, or stones taken away.
    Setup {
        /// The property (`AB`, `AW` or `AE`).
        property: String,
    },
    /// SGF: `PL` names neither side.
    BadPlayer {
        /// The value found.
        found: String,
    },
    /// A set-up stone off the board or on a point already set.
    SetupStone {
        /// The point, by its name (`H8`), or `x,y` off the board.
        point: String,
        /// `off_board` or `twice`.
        why: &'static str,
    },
    /// A set-up position where a side already has five (or, in renju,
    /// black an overline).
    SetupFive {
        /// `black` or `white`.
        stone: &'static str,
        /// One end of the row, by name.
        from: String,
        /// The other end.
        to: String,
        /// Whether it is black's overline in renju rather than a five.
        overline: bool,
    },
    /// Stone counts no game reaches with this side to move.
    SetupCounts {
        /// Black stones.
        black: usize,
        /// White stones.
        white: usize,
        /// `black` or `white`: the side to move.
        to_move: &'static str,
    },
    /// A set-up with no empty point left.
    SetupFull,
    /// PSQ: the first line is not `Piskvorky NxN, ...`.
    Header,
    /// PSQ: a board that is not square.
    NotSquare {
        /// Columns.
        width: u32,
        /// Rows.
        height: u32,
    },
    /// PSQ: a move line that is not `x,y,ms`.
    MoveLine,
    /// PSQ: a move off the board (counting from 1).
    OffBoardXy {
        /// Column from 1.
        x: u32,
        /// Row from 1.
        y: u32,
        /// The board size.
        size: u8,
    },
    /// JSON that does not parse or lacks a game's fields.
    Syntax {
        /// The parser's own words.
        detail: String,
    },
    /// JSON whose `format` is not `wuzi-game`.
    Format {
        /// The format found.
        found: String,
    },
    /// JSON of a version this app does not read.
    Version {
        /// The version found.
        found: u64,
    },
    /// A move string: a character where a column letter should be.
    Column {
        /// The character found.
        found: String,
    },
    /// A move string: a column letter past the board's last column.
    ColumnOffBoard {
        /// The letter.
        letter: String,
        /// The board size.
        size: u8,
    },
    /// A move string: no row number after the letter.
    Row {
        /// What followed the letter.
        text: String,
    },
    /// A move string: a row number off the board.
    RowOffBoard {
        /// The row read.
        row: u32,
        /// The board size.
        size: u8,
    },
    /// Nothing to read.
    Empty,
    /// Move `number` (from 1) cannot be played there.
    IllegalMove {
        /// Which move, from 1.
        number: usize,
        /// The point, by its name (`H8`).
        point: String,
        /// `off_board`, `occupied`, `forbidden` or `game_over`.
        why: &'static str,
        /// For `forbidden`: `double_three`, `double_four` or `overline`.
        forbidden: Option<&'static str>,
    },
    /// SGF: `XO` or `XC` names no opening rule or decision.
    BadOpening {
        /// The value found.
        found: String,
    },
    /// The record's tournament opening does not follow its rule: `what`
    /// is `wrong_rule` (not an opening of the game's rule),
    /// `not_from_start` (set-up stones or white first), `choice` (a
    /// decision out of place), `move` (a move where a decision was due) or
    /// `offers` (fifth-move offers that break the rule).
    Opening {
        /// The opening rule's name.
        rule: &'static str,
        /// What is wrong.
        what: &'static str,
    },
    /// Move `number` is played by the side not to move.
    OutOfTurn {
        /// Which move, from 1.
        number: usize,
        /// `black` or `white`: whose turn it was.
        expected: &'static str,
    },
    /// A rule on a board size it is not played on (renju off 15x15).
    RuleSize {
        /// The rule.
        rule: &'static str,
        /// The size found.
        size: u8,
        /// The size the rule needs.
        required: u8,
    },
}

impl RecordProblem {
    /// An SGF text's problem.
    pub(crate) fn sgf(text: &str, err: &SgfError) -> RecordProblem {
        let reason = match &err.reason {
            SgfErrorKind::NoGame => Reason::NoGame,
            SgfErrorKind::UnexpectedEnd => Reason::UnexpectedEnd,
            SgfErrorKind::Unexpected { found, .. } => Reason::Unexpected {
                found: found.to_string(),
            },
            SgfErrorKind::NotGomoku { found } => Reason::NotGomoku {
                found: found.clone(),
            },
            SgfErrorKind::BadSize { found } => Reason::BadSize {
                found: found.clone(),
            },
            SgfErrorKind::Size(e) => Reason::Size { size: e.0 },
            SgfErrorKind::BadPoint { found, size } => Reason::BadPoint {
                found: found.clone(),
                size: *size,
            },
            SgfErrorKind::Pass => Reason::Pass,
            SgfErrorKind::Setup { property } => Reason::Setup {
                property: property.clone(),
            },
            SgfErrorKind::BadOpening { found } => Reason::BadOpening {
                found: found.clone(),
            },
            SgfErrorKind::BadPlayer { found } => Reason::BadPlayer {
                found: found.clone(),
            },
            SgfErrorKind::Replay(e) => return RecordProblem::replay("sgf", e, size_of_sgf(text)),
        };
        RecordProblem::at("sgf", text, err.at, reason)
    }

    /// A PSQ text's problem.
    pub(crate) fn psq(text: &str, err: &PsqError) -> RecordProblem {
        let reason = match &err.reason {
            PsqErrorKind::Header => Reason::Header,
            PsqErrorKind::NotSquare { width, height } => Reason::NotSquare {
                width: *width,
                height: *height,
            },
            PsqErrorKind::Size(e) => Reason::Size { size: e.0 },
            PsqErrorKind::MoveLine => Reason::MoveLine,
            PsqErrorKind::OffBoard { x, y, size } => Reason::OffBoardXy {
                x: *x,
                y: *y,
                size: *size,
            },
            PsqErrorKind::Replay(e) => {
                let mut problem = RecordProblem::replay("psq", e, size_of_psq(text));
                // The replay knows the move, the reader where it stopped:
                // both help the player find it.
                problem.line = Some(err.at.line);
                problem.column = Some(err.at.column);
                return problem;
            }
        };
        RecordProblem::at("psq", text, err.at, reason)
    }

    /// A Wuzi JSON text's problem.
    pub(crate) fn json(text: &str, err: &JsonError) -> RecordProblem {
        let reason = match &err.reason {
            JsonErrorKind::Syntax(detail) => Reason::Syntax {
                detail: detail.clone(),
            },
            JsonErrorKind::Format { found } => Reason::Format {
                found: found.clone(),
            },
            JsonErrorKind::Version { found } => Reason::Version { found: *found },
            JsonErrorKind::Replay(e) => {
                return RecordProblem::replay("json", e, wuzi_core::DEFAULT_SIZE);
            }
        };
        RecordProblem::at("json", text, err.at, reason)
    }

    /// A move string's problem.
    pub(crate) fn moves(text: &str, err: &MoveStrError) -> RecordProblem {
        let reason = match &err.reason {
            PointNameError::Empty => Reason::Empty,
            PointNameError::Column { found } => Reason::Column {
                found: found.to_string(),
            },
            PointNameError::ColumnOffBoard { letter, size } => Reason::ColumnOffBoard {
                letter: letter.to_string(),
                size: *size,
            },
            PointNameError::Row { text } => Reason::Row { text: text.clone() },
            PointNameError::RowOffBoard { row, size } => Reason::RowOffBoard {
                row: *row,
                size: *size,
            },
        };
        RecordProblem::at("moves", text, TextPosition::of(text, err.offset), reason)
    }

    /// Moves that are read but are not a legal game: no place in the text,
    /// the move's number and point instead.
    pub(crate) fn replay(format: &'static str, err: &ReplayError, size: u8) -> RecordProblem {
        let reason = match *err {
            ReplayError::Config(e) => Reason::of_config(e),
            ReplayError::Setup(e) => Reason::of_setup(e, size),
            ReplayError::Move { index, error } => {
                let (point, why, forbidden) = match error {
                    IllegalMove::OffBoard { point } => (Some(point), "off_board", None),
                    IllegalMove::Occupied { point, .. } => (Some(point), "occupied", None),
                    IllegalMove::Forbidden { point, kind } => {
                        (Some(point), "forbidden", Some(forbidden_code(kind)))
                    }
                    IllegalMove::GameOver => (None, "game_over", None),
                    IllegalMove::Opening { .. } => (None, "opening", None),
                };
                Reason::IllegalMove {
                    number: index + 1,
                    point: point.map(|p| point_name(p, size)).unwrap_or_default(),
                    why,
                    forbidden,
                }
            }
            ReplayError::OutOfTurn { index, expected } => Reason::OutOfTurn {
                number: index + 1,
                expected: stone_code(expected),
            },
            ReplayError::Opening(error) => Reason::of_opening(error),
        };
        let token = match &reason {
            Reason::IllegalMove { point, .. } if !point.is_empty() => Some(point.clone()),
            _ => None,
        };
        RecordProblem {
            format,
            line: None,
            column: None,
            token,
            reason,
        }
    }

    fn at(format: &'static str, text: &str, at: TextPosition, reason: Reason) -> RecordProblem {
        RecordProblem {
            format,
            line: Some(at.line),
            column: Some(at.column),
            token: token_at(text, at),
            reason,
        }
    }
}

impl Reason {
    fn of_config(err: ConfigError) -> Reason {
        match err {
            ConfigError::Size(e) => Reason::Size { size: e.0 },
            ConfigError::RuleSize {
                rule,
                size,
                required,
            } => Reason::RuleSize {
                rule: rule.name(),
                size,
                required,
            },
        }
    }

    /// Why a set-up position cannot start a game, on a `size` board.
    /// The reason for an opening that does not follow its rule.
    pub(crate) fn of_opening(err: OpeningError) -> Reason {
        use wuzi_core::opening::RecordFault;
        let (rule, what) = match err {
            OpeningError::WrongRule { opening, .. } => (opening, "wrong_rule"),
            OpeningError::Record { rule, what } => (
                rule,
                match what {
                    RecordFault::Choice => "choice",
                    RecordFault::Move => "move",
                    RecordFault::Offers => "offers",
                },
            ),
            // Only the start and the record are checked when a record is
            // read; anything else would be a decision out of place.
            OpeningError::NotFromStart => {
                return Reason::Opening {
                    rule: "",
                    what: "not_from_start",
                };
            }
            _ => {
                return Reason::Opening {
                    rule: "",
                    what: "choice",
                };
            }
        };
        Reason::Opening {
            rule: rule.name(),
            what,
        }
    }

    pub(crate) fn of_setup(err: SetupError, size: u8) -> Reason {
        let name = |p| point_name(p, size);
        match err {
            SetupError::Config(e) => Reason::of_config(e),
            SetupError::OffBoard { point } => Reason::SetupStone {
                point: name(point),
                why: "off_board",
            },
            SetupError::Twice { point } => Reason::SetupStone {
                point: name(point),
                why: "twice",
            },
            SetupError::Five { stone, from, to } => Reason::SetupFive {
                stone: stone_code(stone),
                from: name(from),
                to: name(to),
                overline: false,
            },
            SetupError::BlackOverline { from, to } => Reason::SetupFive {
                stone: "black",
                from: name(from),
                to: name(to),
                overline: true,
            },
            SetupError::Counts {
                black,
                white,
                to_move,
            } => Reason::SetupCounts {
                black,
                white,
                to_move: stone_code(to_move),
            },
            SetupError::Full => Reason::SetupFull,
        }
    }
}

fn stone_code(stone: Stone) -> &'static str {
    match stone {
        Stone::Black => "black",
        Stone::White => "white",
    }
}

fn forbidden_code(kind: Forbidden) -> &'static str {
    match kind {
        Forbidden::DoubleThree => "double_three",
        Forbidden::DoubleFour => "double_four",
        Forbidden::Overline => "overline",
    }
}

/// The word at `at` in `text`: from there up to a space or a bracket, at
/// most [`TOKEN_CHARS`] characters; the one character there when it is
/// itself a space or bracket; nothing at the end of the text.
fn token_at(text: &str, at: TextPosition) -> Option<String> {
    let line = text.lines().nth(at.line.checked_sub(1)?)?;
    let start = line.char_indices().nth(at.column.checked_sub(1)?)?.0;
    let rest = &line[start..];
    let stop = |c: char| c.is_whitespace() || "[]();,".contains(c);
    let word: String = rest
        .chars()
        .take_while(|&c| !stop(c))
        .take(TOKEN_CHARS)
        .collect();
    if word.is_empty() {
        rest.chars().next().map(String::from)
    } else {
        Some(word)
    }
}

/// The board size an SGF text names, for naming points in its errors.
fn size_of_sgf(text: &str) -> u8 {
    text.find("SZ[")
        .and_then(|i| {
            let rest = &text[i + 3..];
            rest[..rest.find(']')?].trim().parse().ok()
        })
        .unwrap_or(wuzi_core::DEFAULT_SIZE)
}

/// The board size a PSQ header names.
fn size_of_psq(text: &str) -> u8 {
    text.lines()
        .next()
        .and_then(|header| {
            let after = header.split_whitespace().nth(1)?;
            after.split('x').next()?.parse().ok()
        })
        .unwrap_or(wuzi_core::DEFAULT_SIZE)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;
    use wuzi_core::{Point, record};

    #[test]
    fn an_sgf_error_names_its_line_column_and_token() {
        let text = "(;GM[4]SZ[15]\n;B[hh];W[zz])";
        let err = record::sgf::read(text).unwrap_err();
        let problem = RecordProblem::sgf(text, &err);
        assert_eq!(problem.format, "sgf");
        assert_eq!(problem.line, Some(2));
        assert_eq!(
            problem.reason,
            Reason::BadPoint {
                found: "zz".into(),
                size: 15
            }
        );
        assert!(problem.token.as_deref().is_some_and(|t| !t.is_empty()));
    }

    #[test]
    fn a_move_string_error_quotes_the_bad_move() {
        let text = "h8 i9\nj10 z3";
        let err = record::movestr::parse(text, 15).unwrap_err();
        let problem = RecordProblem::moves(text, &err);
        assert_eq!((problem.line, problem.column), (Some(2), Some(5)));
        assert_eq!(problem.token.as_deref(), Some("z3"));
        assert_eq!(
            problem.reason,
            Reason::ColumnOffBoard {
                letter: "Z".into(),
                size: 15
            }
        );
    }

    #[test]
    fn an_illegal_move_is_named_by_number_and_point() {
        let err = ReplayError::Move {
            index: 2,
            error: IllegalMove::Occupied {
                point: Point::new(7, 7),
                stone: Stone::Black,
            },
        };
        let problem = RecordProblem::replay("moves", &err, 15);
        assert_eq!(problem.token.as_deref(), Some("H8"));
        assert_eq!(
            problem.reason,
            Reason::IllegalMove {
                number: 3,
                point: "H8".into(),
                why: "occupied",
                forbidden: None
            }
        );
    }
}
