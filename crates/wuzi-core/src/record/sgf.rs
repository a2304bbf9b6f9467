//! SGF (`FF[4]`) records of Gomoku games (`GM[4]`):
//!
//! ```text
//! (;FF[4]GM[4]CA[UTF-8]AP[Wuzi]SZ[15]RU[renju]PB[Ann]PW[Wuzi]DT[2025-05-01]RE[B+]
//! ;B[hh];W[ig];B[ii])
//! ```
//!
//! Moves are two letters, column then row, both from `a` at the top left.
//! Written: `SZ`, `RU` (`freestyle`, `standard` or `renju`), `PB`, `PW`,
//! `DT`, `RE`, and for a set-up position its stones in `AB` and `AW` with
//! the side to move in `PL`; no `KM`. A game begun with a tournament
//! opening names it in `ON` and keeps it in three properties of its own:
//! `XO` the rule (`swap`, `swap2`, `soosorv8`), `XC` the decisions in order
//! (`stay`, `swap`, `place_two`, `declare:N`) and `XF` the fifth moves
//! offered. Read leniently: unknown properties,
//! white space, either case, and a missing `GM` are accepted; the main line
//! is followed and variations are skipped. A record that is not Gomoku
//! (another `GM`), not square, with set-up stones anywhere but the first
//! node, stones taken away (`AE`) or passes, is refused with the reason.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::{GameRecord, Players, TextPosition, record_of, replay_lenient};
use crate::{
    BoardSizeError, Game, GameConfig, Move, Opening, OpeningChoice, OpeningError, OpeningRule,
    Outcome, Point, ReplayError, Rule, Setup, Stone,
};

/// An SGF text that could not be read: where and why.
#[derive(Debug, Clone, PartialEq, Eq, Error, Serialize, Deserialize)]
#[error("SGF, {at} (offset {offset}): {reason}")]
pub struct SgfError {
    /// Byte offset into the text.
    pub offset: usize,
    /// Line and column of `offset`.
    pub at: TextPosition,
    /// What was wrong.
    pub reason: SgfErrorKind,
}

/// What was wrong with an SGF text.
#[derive(Debug, Clone, PartialEq, Eq, Error, Serialize, Deserialize)]
pub enum SgfErrorKind {
    /// No `(;` starting a game.
    #[error("no game: expected \"(;\"")]
    NoGame,
    /// The text ended inside the game.
    #[error("the text ends before the game does")]
    UnexpectedEnd,
    /// A character that cannot come here.
    #[error("unexpected {found:?}, expected {expected}")]
    Unexpected {
        /// What was found.
        found: char,
        /// What could have come.
        expected: String,
    },
    /// `GM` names another game.
    #[error("GM[{found}] is not Gomoku (GM[4])")]
    NotGomoku {
        /// The value found.
        found: String,
    },
    /// `SZ` is not a number, or names a rectangle.
    #[error("SZ[{found}] is not a square board size")]
    BadSize {
        /// The value found.
        found: String,
    },
    /// The size is not playable.
    #[error(transparent)]
    Size(#[from] BoardSizeError),
    /// A move is not two letters on the board.
    #[error("{found:?} is not a point on a {size}x{size} board")]
    BadPoint {
        /// The value found.
        found: String,
        /// The board size.
        size: u8,
    },
    /// A pass (`B[]`), which Gomoku does not have.
    #[error("a pass is not a Gomoku move")]
    Pass,
    /// Set-up stones (`AB`, `AW`) after the first node, or stones taken
    /// away (`AE`): no game of alternating moves has them.
    #[error("set-up stones ({property}) are only read in the first node, before any move")]
    Setup {
        /// The property found.
        property: String,
    },
    /// `PL` names neither side.
    #[error("PL[{found}] names neither B nor W")]
    BadPlayer {
        /// The value found.
        found: String,
    },
    /// `XO` names no opening rule, or `XC` no opening decision.
    #[error("{found:?} is not an opening rule or decision")]
    BadOpening {
        /// The value found.
        found: String,
    },
    /// The moves do not make a legal game.
    #[error(transparent)]
    Replay(#[from] ReplayError),
}

/// Writes `record` as an SGF game tree.
#[must_use]
pub fn write(record: &GameRecord) -> String {
    let size = record.config.size;
    let mut out = format!(
        "(;FF[4]GM[4]CA[UTF-8]AP[Wuzi]SZ[{size}]RU[{}]",
        record.config.rule.name()
    );
    for (id, text) in [("PB", &record.players.black), ("PW", &record.players.white)] {
        if !text.is_empty() {
            out.push_str(&format!("{id}[{}]", escape(text)));
        }
    }
    if let Some(date) = record.started.as_deref() {
        // DT holds dates only.
        let day = date.get(..10).filter(|d| d.len() == 10).unwrap_or(date);
        out.push_str(&format!("DT[{}]", escape(day)));
    }
    if let Some(result) = &record.result {
        out.push_str(&format!("RE[{}]", result_text(result)));
    }
    if !record.setup.is_empty() {
        for (id, points) in [("AB", &record.setup.black), ("AW", &record.setup.white)] {
            if !points.is_empty() {
                out.push_str(id);
                for p in points {
                    out.push_str(&format!("[{}{}]", letter(p.x), letter(p.y)));
                }
            }
        }
        out.push_str(match record.config.first {
            Stone::Black => "PL[B]",
            Stone::White => "PL[W]",
        });
    }
    if let Some(opening) = &record.opening {
        // ON is SGF's free text about the opening; the X properties keep
        // the rule, the decisions and the offers for reading back.
        out.push_str(&format!(
            "ON[{}]XO[{}]",
            opening.rule.name(),
            opening.rule.key()
        ));
        if !opening.choices.is_empty() {
            out.push_str("XC");
            for choice in &opening.choices {
                out.push_str(&format!("[{}]", choice_text(*choice)));
            }
        }
        if !opening.offers.is_empty() {
            out.push_str("XF");
            for p in &opening.offers {
                out.push_str(&format!("[{}{}]", letter(p.x), letter(p.y)));
            }
        }
    }
    for mv in &record.moves {
        let id = match mv.stone {
            Stone::Black => 'B',
            Stone::White => 'W',
        };
        out.push_str(&format!(
            "\n;{id}[{}{}]",
            letter(mv.point.x),
            letter(mv.point.y)
        ));
    }
    out.push_str(")\n");
    out
}

/// An opening decision as the `XC` property writes it.
fn choice_text(choice: OpeningChoice) -> String {
    match choice {
        OpeningChoice::Stay => "stay".into(),
        OpeningChoice::Swap => "swap".into(),
        OpeningChoice::PlaceTwo => "place_two".into(),
        OpeningChoice::Declare(count) => format!("declare:{count}"),
    }
}

/// The opening decision `text` names, as [`choice_text`] writes it.
fn choice_of(text: &str) -> Option<OpeningChoice> {
    match text.trim() {
        "stay" => Some(OpeningChoice::Stay),
        "swap" => Some(OpeningChoice::Swap),
        "place_two" => Some(OpeningChoice::PlaceTwo),
        other => other
            .strip_prefix("declare:")
            .and_then(|count| count.trim().parse().ok())
            .map(OpeningChoice::Declare),
    }
}

fn letter(v: u8) -> char {
    char::from(b'a' + v.min(25))
}

fn escape(text: &str) -> String {
    text.replace('\\', "\\\\").replace(']', "\\]")
}

fn result_text(result: &Outcome) -> String {
    let side = |s: Stone| match s {
        Stone::Black => "B",
        Stone::White => "W",
    };
    match result {
        Outcome::Win { stone, .. } => format!("{}+", side(*stone)),
        Outcome::Draw | Outcome::NoMoveLeft => String::from("0"),
        Outcome::Resign { loser } => format!("{}+R", side(loser.opponent())),
        Outcome::Timeout { loser } => format!("{}+T", side(loser.opponent())),
        Outcome::ForbiddenMove { .. } => String::from("W+F"),
    }
}

/// The resignation or timeout an `RE` value records, if any.
fn ending_of(value: &str) -> Option<Outcome> {
    let value = value.trim().to_ascii_uppercase();
    let (side, how) = value.split_once('+')?;
    let winner = match side.trim() {
        "B" => Stone::Black,
        "W" => Stone::White,
        _ => return None,
    };
    let loser = winner.opponent();
    match how.trim() {
        "R" | "RESIGN" => Some(Outcome::Resign { loser }),
        "T" | "TIME" => Some(Outcome::Timeout { loser }),
        _ => None,
    }
}

/// Reads the first game of an SGF text and checks that its moves make a
/// legal game.
///
/// # Errors
/// [`SgfError`] with the offset, line and column of the first problem.
pub fn read(text: &str) -> Result<GameRecord, SgfError> {
    let nodes = Parser { text, pos: 0 }.main_line()?;
    let fail = |offset: usize, reason: SgfErrorKind| SgfError {
        offset,
        at: TextPosition::of(text, offset),
        reason,
    };
    let mut config = GameConfig::default();
    let mut players = Players::default();
    let mut started = None;
    let mut ending = None;
    let mut moves = Vec::new();
    let mut move_offsets = Vec::new();
    let mut setup = Setup::default();
    let mut setup_offset = None;
    let mut to_play = None;
    let mut opening: Option<Opening> = None;
    let mut opening_offset = 0;
    // Root properties first: the size must be known before any move.
    if let Some(root) = nodes.first() {
        for prop in &root.props {
            let value = prop.values.first().map_or("", |v| v.text.as_str()).trim();
            match prop.id.as_str() {
                "GM" if value != "4" => {
                    return Err(fail(
                        prop.offset,
                        SgfErrorKind::NotGomoku {
                            found: value.to_owned(),
                        },
                    ));
                }
                "SZ" => {
                    config.size = parse_size(value).map_err(|reason| fail(prop.offset, reason))?;
                }
                "RU" => config.rule = rule_of(value),
                "PB" => players.black = value.to_owned(),
                "PW" => players.white = value.to_owned(),
                "DT" => started = Some(value.to_owned()).filter(|v| !v.is_empty()),
                "RE" => ending = ending_of(value),
                "XO" => {
                    opening_offset = prop.offset;
                    let rule = OpeningRule::from_key(value).ok_or_else(|| {
                        fail(
                            prop.offset,
                            SgfErrorKind::BadOpening {
                                found: value.to_owned(),
                            },
                        )
                    })?;
                    opening = Some(Opening::new(rule));
                }
                "PL" => {
                    to_play = Some(match value.to_ascii_uppercase().as_str() {
                        "B" | "1" => Stone::Black,
                        "W" | "2" => Stone::White,
                        _ => {
                            return Err(fail(
                                prop.offset,
                                SgfErrorKind::BadPlayer {
                                    found: value.to_owned(),
                                },
                            ));
                        }
                    });
                }
                _ => {}
            }
        }
    }
    if let Some(root) = nodes.first() {
        // The size is known now, wherever SZ stood among the properties;
        // the opening's rule too.
        for prop in &root.props {
            if let ("XC" | "XF", Some(opening)) = (prop.id.as_str(), opening.as_mut()) {
                for value in &prop.values {
                    if prop.id == "XC" {
                        let choice = choice_of(&value.text).ok_or_else(|| {
                            fail(
                                prop.offset,
                                SgfErrorKind::BadOpening {
                                    found: value.text.clone(),
                                },
                            )
                        })?;
                        opening.choices.push(choice);
                    } else {
                        let point = parse_sgf_point(&value.text, config.size)
                            .map_err(|reason| fail(prop.offset, reason))?;
                        opening.offers.push(point);
                    }
                }
                continue;
            }
            let stones = match prop.id.as_str() {
                "AB" => &mut setup.black,
                "AW" => &mut setup.white,
                _ => continue,
            };
            setup_offset.get_or_insert(prop.offset);
            for value in &prop.values {
                let point = parse_sgf_point(&value.text, config.size)
                    .map_err(|reason| fail(prop.offset, reason))?;
                stones.push(point);
            }
        }
    }
    if config.rule == Rule::Renju && config.size != 15 {
        // A size or rule name we misread should not make the game unreadable.
        config.rule = Rule::Standard;
    }
    for (n, node) in nodes.iter().enumerate() {
        for prop in &node.props {
            let stone = match prop.id.as_str() {
                "B" => Stone::Black,
                "W" => Stone::White,
                "AB" | "AW" if n == 0 => continue,
                "AB" | "AW" | "AE" => {
                    return Err(fail(
                        prop.offset,
                        SgfErrorKind::Setup {
                            property: prop.id.clone(),
                        },
                    ));
                }
                _ => continue,
            };
            let value = prop.values.first().map_or("", |v| v.text.as_str());
            let point =
                parse_sgf_point(value, config.size).map_err(|reason| fail(prop.offset, reason))?;
            if moves.is_empty() && to_play.is_none() {
                config.first = stone;
            }
            moves.push(Move {
                point,
                stone,
                time_ms: 0,
            });
            move_offsets.push(prop.offset);
        }
    }
    if let Some(side) = to_play {
        config.first = side;
    } else if !setup.is_empty() && moves.is_empty() {
        // No one to move named and no move to tell: the side that has not
        // moved more, black when the counts are even.
        config.first = if setup.black.len() > setup.white.len() {
            Stone::White
        } else {
            Stone::Black
        };
    }
    let replayed = match &opening {
        Some(_) if !setup.is_empty() => Err(ReplayError::Opening(OpeningError::NotFromStart)),
        Some(opening) => Game::replay_opening(config, opening, &moves),
        None => replay_lenient(config, &setup, &moves),
    };
    let game = replayed.map_err(|e| {
        let offset = match e {
            ReplayError::Move { index, .. } | ReplayError::OutOfTurn { index, .. } => {
                move_offsets.get(index).copied().unwrap_or(0)
            }
            ReplayError::Setup(_) => setup_offset.unwrap_or(0),
            ReplayError::Opening(_) => opening_offset,
            ReplayError::Config(_) => 0,
        };
        fail(offset, e.into())
    })?;
    let mut record = record_of(&game, players, ending);
    record.started = started;
    Ok(record)
}

fn parse_size(value: &str) -> Result<u8, SgfErrorKind> {
    let bad = || SgfErrorKind::BadSize {
        found: value.to_owned(),
    };
    let (w, h) = value.split_once(':').unwrap_or((value, value));
    let w: u32 = w.trim().parse().map_err(|_| bad())?;
    let h: u32 = h.trim().parse().map_err(|_| bad())?;
    if w != h {
        return Err(bad());
    }
    let size = u8::try_from(w).map_err(|_| BoardSizeError(u8::MAX))?;
    crate::Board::new(size)?;
    Ok(size)
}

fn rule_of(value: &str) -> Rule {
    let value = value.to_ascii_lowercase();
    if value.contains("renju") {
        Rule::Renju
    } else if value.contains("standard") || value.contains("exact") {
        Rule::Standard
    } else {
        Rule::Freestyle
    }
}

fn parse_sgf_point(value: &str, size: u8) -> Result<Point, SgfErrorKind> {
    let value = value.trim();
    if value.is_empty() {
        return Err(SgfErrorKind::Pass);
    }
    let bad = || SgfErrorKind::BadPoint {
        found: value.to_owned(),
        size,
    };
    let bytes = value.as_bytes();
    if bytes.len() != 2 {
        return Err(bad());
    }
    let coord = |b: u8| -> Option<u8> {
        // Upper case would mean 27 and up; no board is that large, so it is
        // read as a careless lower case.
        let v = b.to_ascii_lowercase().checked_sub(b'a')?;
        (v < size).then_some(v)
    };
    match (coord(bytes[0]), coord(bytes[1])) {
        (Some(x), Some(y)) => Ok(Point::new(x, y)),
        // `tt` is a pass in Go's SGF on boards up to 19.
        _ if value.eq_ignore_ascii_case("tt") && size <= 19 => Err(SgfErrorKind::Pass),
        _ => Err(bad()),
    }
}

struct Value {
    text: String,
}

struct Property {
    id: String,
    offset: usize,
    values: Vec<Value>,
}

struct Node {
    props: Vec<Property>,
}

/// A small recursive-descent reader for the SGF grammar, following the
/// first variation at every branch.
struct Parser<'a> {
    text: &'a str,
    pos: usize,
}

impl Parser<'_> {
    fn fail(&self, reason: SgfErrorKind) -> SgfError {
        SgfError {
            offset: self.pos,
            at: TextPosition::of(self.text, self.pos),
            reason,
        }
    }

    fn peek(&self) -> Option<char> {
        self.text.get(self.pos..)?.chars().next()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.pos += c.len_utf8();
        Some(c)
    }

    fn skip_space(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.bump();
        }
    }

    fn expect_more(&self) -> Result<char, SgfError> {
        self.peek()
            .ok_or_else(|| self.fail(SgfErrorKind::UnexpectedEnd))
    }

    /// Skips any text before the first `(;`, as files often carry a header.
    fn main_line(mut self) -> Result<Vec<Node>, SgfError> {
        let start = self
            .text
            .char_indices()
            .find(|&(i, c)| c == '(' && self.text[i + 1..].trim_start().starts_with(';'))
            .map(|(i, _)| i)
            .ok_or_else(|| self.fail(SgfErrorKind::NoGame))?;
        self.pos = start;
        self.tree(0)
    }

    /// `( Node+ Tree* )`: the nodes of this tree and of its first child.
    fn tree(&mut self, depth: usize) -> Result<Vec<Node>, SgfError> {
        self.bump(); // '('
        let mut nodes = Vec::new();
        loop {
            self.skip_space();
            match self.expect_more()? {
                ';' => {
                    self.bump();
                    nodes.push(self.node()?);
                }
                '(' => {
                    // Deeply nested variations would only cost stack, so
                    // they are skipped flat rather than recursed into.
                    if depth < 64 {
                        let mut main = self.tree(depth + 1)?;
                        nodes.append(&mut main);
                    } else {
                        self.skip_tree()?;
                    }
                    self.skip_space();
                    while self.expect_more()? == '(' {
                        self.skip_tree()?;
                        self.skip_space();
                    }
                    return self.close().map(|()| nodes);
                }
                ')' => {
                    self.bump();
                    return Ok(nodes);
                }
                found => {
                    return Err(self.fail(SgfErrorKind::Unexpected {
                        found,
                        expected: "';', '(' or ')'".into(),
                    }));
                }
            }
        }
    }

    fn close(&mut self) -> Result<(), SgfError> {
        match self.expect_more()? {
            ')' => {
                self.bump();
                Ok(())
            }
            found => Err(self.fail(SgfErrorKind::Unexpected {
                found,
                expected: "')'".into(),
            })),
        }
    }

    /// Skips a whole variation, brackets and values included.
    fn skip_tree(&mut self) -> Result<(), SgfError> {
        let mut open = 0usize;
        loop {
            match self.bump() {
                None => return Err(self.fail(SgfErrorKind::UnexpectedEnd)),
                Some('(') => open += 1,
                Some(')') => {
                    open = open.saturating_sub(1);
                    if open == 0 {
                        return Ok(());
                    }
                }
                Some('[') => {
                    self.value_text()?;
                }
                Some(_) => {}
            }
        }
    }

    /// `Property*` after a `;`.
    fn node(&mut self) -> Result<Node, SgfError> {
        let mut props = Vec::new();
        loop {
            self.skip_space();
            let Some(c) = self.peek() else {
                return Ok(Node { props });
            };
            if !c.is_ascii_alphabetic() {
                return Ok(Node { props });
            }
            let offset = self.pos;
            let mut raw = String::new();
            while let Some(c) = self.peek().filter(char::is_ascii_alphabetic) {
                raw.push(c);
                self.bump();
            }
            // Old files write `GaMe` for `GM`: the capitals are the name.
            let capitals: String = raw.chars().filter(char::is_ascii_uppercase).collect();
            let id = if capitals.is_empty() {
                raw.to_ascii_uppercase()
            } else {
                capitals
            };
            let mut values = Vec::new();
            loop {
                self.skip_space();
                if self.peek() != Some('[') {
                    break;
                }
                self.bump();
                values.push(Value {
                    text: self.value_text()?,
                });
            }
            if values.is_empty() {
                let found = self.peek().unwrap_or(' ');
                return Err(self.fail(SgfErrorKind::Unexpected {
                    found,
                    expected: "'[' after a property name".into(),
                }));
            }
            props.push(Property { id, offset, values });
        }
    }

    /// The text of a value after its `[`, up to the closing `]`, with
    /// escapes removed.
    fn value_text(&mut self) -> Result<String, SgfError> {
        let mut text = String::new();
        loop {
            match self.bump() {
                None => return Err(self.fail(SgfErrorKind::UnexpectedEnd)),
                Some(']') => return Ok(text),
                Some('\\') => {
                    match self.bump() {
                        None => return Err(self.fail(SgfErrorKind::UnexpectedEnd)),
                        // A soft line break.
                        Some('\n') => {}
                        Some(c) => text.push(c),
                    }
                }
                Some(c) => text.push(c),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_lenient_real_world_text() {
        let text = "header junk\n(;GM[4]FF[4]SZ[15]\n PB[Ann] pw[Bob] RE[W+R] C[hi [x\\] ]\n;B[hh]\n;W[IG](;B[ii])(;B[aa]))";
        let record = read(text).unwrap();
        assert_eq!(record.moves.len(), 3);
        assert_eq!(record.moves[1].point, Point::new(8, 6));
        assert_eq!(record.players.white, "Bob");
        assert_eq!(
            record.result,
            Some(Outcome::Resign {
                loser: Stone::Black
            })
        );
    }

    #[test]
    fn a_set_up_position_is_read_and_written_with_its_side_to_move() {
        // SZ after the stones: the size still applies to them.
        let text = "(;GM[4]AB[hh][ii]AW[hi]PL[W]SZ[19];W[aa];B[bb])";
        let record = read(text).unwrap();
        assert_eq!(record.config.size, 19);
        assert_eq!(record.config.first, Stone::White);
        assert_eq!(record.setup.black, [Point::new(7, 7), Point::new(8, 8)]);
        assert_eq!(record.setup.white, [Point::new(7, 8)]);
        assert_eq!(record.moves.len(), 2);
        let written = write(&record);
        assert!(written.contains("AB[hh][ii]AW[hi]PL[W]"), "{written}");
        assert_eq!(read(&written).unwrap(), record);
        // No PL and no moves: the side with fewer stones moves.
        let record = read("(;GM[4]SZ[15]AB[hh][ii]AW[hi])").unwrap();
        assert_eq!(record.config.first, Stone::White);
    }

    #[test]
    fn a_set_up_position_no_game_reaches_is_refused_at_its_stones() {
        let err = read("(;GM[4]SZ[15]AB[aa][ab][ac][ad][ae]AW[ha][hb][hc][hd]PL[W])").unwrap_err();
        assert!(
            matches!(
                err.reason,
                SgfErrorKind::Replay(ReplayError::Setup(crate::SetupError::Five { .. }))
            ),
            "{err}"
        );
        assert_eq!(err.offset, 13);
        let err = read("(;GM[4]SZ[15]AB[aa][ab][ac]PL[B])").unwrap_err();
        assert!(matches!(
            err.reason,
            SgfErrorKind::Replay(ReplayError::Setup(crate::SetupError::Counts { .. }))
        ));
    }

    #[test]
    fn refuses_what_is_not_gomoku() {
        let err = read("(;FF[4]GM[1]SZ[19];B[pd])").unwrap_err();
        assert_eq!(err.reason, SgfErrorKind::NotGomoku { found: "1".into() });
        assert_eq!(err.offset, 7);
        let err = read("(;GM[4]SZ[15];B[])").unwrap_err();
        assert_eq!(err.reason, SgfErrorKind::Pass);
        // Set-up stones after a move, or taken away: no game has them.
        let err = read("(;GM[4]SZ[15];B[hh];AB[aa])").unwrap_err();
        assert!(matches!(err.reason, SgfErrorKind::Setup { .. }));
        assert_eq!(err.offset, 20);
        let err = read("(;GM[4]SZ[15]AE[aa])").unwrap_err();
        assert!(matches!(err.reason, SgfErrorKind::Setup { .. }));
        let err = read("(;GM[4]SZ[15]AB[hh]PL[X])").unwrap_err();
        assert_eq!(err.reason, SgfErrorKind::BadPlayer { found: "X".into() });
        let err = read("(;GM[4]SZ[15];B[hh]").unwrap_err();
        assert_eq!(err.reason, SgfErrorKind::UnexpectedEnd);
        assert_eq!(read("").unwrap_err().reason, SgfErrorKind::NoGame);
    }
}
