//! Tournament opening rules: Swap and Swap2 for freestyle and standard
//! Gomoku, Soosõrv-8 for Renju.
//!
//! An opening rule decides who plays which colour by a few steps before
//! the game proper: one player places the first stones, the other chooses a
//! colour or places more, and so on. [`Opening`] keeps the rule and the
//! decisions made; [`Opening::step`] says what is asked next, given how many
//! stones are on the board. The stones themselves are the game's first
//! moves, black and white in turn as always.
//!
//! Steps name who acts by the colour that player holds *when the step is
//! asked*: after a [`OpeningChoice::Swap`] the two players exchange colours,
//! so "black" is then the other person.
//!
//! - **Swap**: the first player places three stones (black, white, black);
//!   the second chooses a colour; white plays the fourth move.
//! - **Swap2** (Gomocup's rule): the first player places three stones; the
//!   second keeps white, takes black, or places two more (white, then
//!   black) and lets the first player choose the colour; white plays on.
//! - **Soosõrv-8** (the Renju World Championship's rule since 2017): the
//!   first player places one of the 26 openings (the first stone in the
//!   centre, the second in the central 3x3, the third in the central 5x5);
//!   the second may swap; white places the fourth stone anywhere and
//!   declares how many fifth moves black must offer (1 to 8); the other
//!   player may swap; black offers that many fifth moves, no two of them
//!   symmetrical; white picks one of them and plays the sixth move.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::{Board, Point, Rule, Stone};

/// The most fifth moves Soosõrv-8 lets white ask for.
pub const MAX_FIFTH_MOVES: u8 = 8;

/// A tournament opening rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum OpeningRule {
    /// Three stones, then the other player picks a colour.
    Swap,
    /// Three stones, then stay white, take black, or place two more.
    Swap2,
    /// The Renju World Championship's rule: 26 openings, swaps, and
    /// declared fifth-move offers.
    #[serde(rename = "soosorv8")]
    Soosorv8,
}

impl OpeningRule {
    /// Every rule.
    pub const ALL: [OpeningRule; 3] =
        [OpeningRule::Swap, OpeningRule::Swap2, OpeningRule::Soosorv8];

    /// The rule's name as players write it.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            OpeningRule::Swap => "Swap",
            OpeningRule::Swap2 => "Swap2",
            OpeningRule::Soosorv8 => "Soosõrv-8",
        }
    }

    /// The rule's name in files (`swap`, `swap2`, `soosorv8`).
    #[must_use]
    pub fn key(self) -> &'static str {
        match self {
            OpeningRule::Swap => "swap",
            OpeningRule::Swap2 => "swap2",
            OpeningRule::Soosorv8 => "soosorv8",
        }
    }

    /// The rule named `key` (as [`OpeningRule::key`] writes it).
    #[must_use]
    pub fn from_key(key: &str) -> Option<OpeningRule> {
        OpeningRule::ALL.into_iter().find(|rule| rule.key() == key)
    }

    /// Whether this opening is played under `rule`: Swap and Swap2 in
    /// freestyle and standard, Soosõrv-8 in renju.
    #[must_use]
    pub fn fits(self, rule: Rule) -> bool {
        match self {
            OpeningRule::Swap | OpeningRule::Swap2 => rule != Rule::Renju,
            OpeningRule::Soosorv8 => rule == Rule::Renju,
        }
    }
}

/// A decision taken during the opening.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum OpeningChoice {
    /// Keep the colours as they are.
    Stay,
    /// Exchange colours with the other player.
    Swap,
    /// Swap2: place a white and a black stone, and let the other player
    /// choose the colour.
    PlaceTwo,
    /// Soosõrv-8: black must offer this many fifth moves.
    Declare(u8),
}

/// What an [`OpeningStep::Choose`] step may be answered with.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ChoiceKind {
    /// [`OpeningChoice::Stay`].
    Stay,
    /// [`OpeningChoice::Swap`].
    Swap,
    /// [`OpeningChoice::PlaceTwo`].
    PlaceTwo,
}

/// What the opening asks for next. `actor` is the colour held, at this
/// step, by the player who must act.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum OpeningStep {
    /// `actor` places the next stone (of the colour whose move it is),
    /// inside the central square `area` lines wide if there is one.
    Place {
        /// Who places it.
        actor: Stone,
        /// The side of the central square the stone must be in.
        area: Option<u8>,
    },
    /// `actor` chooses one of `options`.
    Choose {
        /// Who chooses.
        actor: Stone,
        /// The choices allowed, in the order to show them.
        options: ChoiceSet,
    },
    /// `actor` (white) declares how many fifth moves black must offer,
    /// from 1 to `max`.
    Declare {
        /// Who declares.
        actor: Stone,
        /// The most that may be asked for.
        max: u8,
    },
    /// `actor` (black) offers fifth moves until there are `count`.
    Offer {
        /// Who offers.
        actor: Stone,
        /// How many must be offered.
        count: u8,
    },
    /// `actor` (white) picks one of the offered fifth moves; it is played
    /// as black's fifth move.
    Pick {
        /// Who picks.
        actor: Stone,
    },
    /// The opening is over: the game goes on as usual.
    Done,
}

impl OpeningStep {
    /// What the step waits for instead of a stone, or `None` when a stone
    /// is what it asks (placing, or the game proper).
    #[must_use]
    pub fn wanted(self) -> Option<Wanted> {
        match self {
            OpeningStep::Choose { .. } => Some(Wanted::Choice),
            OpeningStep::Declare { .. } => Some(Wanted::Declaration),
            OpeningStep::Offer { .. } => Some(Wanted::Offers),
            OpeningStep::Pick { .. } => Some(Wanted::Pick),
            OpeningStep::Place { .. } | OpeningStep::Done => None,
        }
    }

    /// Who must act now, or `None` once the opening is over.
    #[must_use]
    pub fn actor(self) -> Option<Stone> {
        match self {
            OpeningStep::Place { actor, .. }
            | OpeningStep::Choose { actor, .. }
            | OpeningStep::Declare { actor, .. }
            | OpeningStep::Offer { actor, .. }
            | OpeningStep::Pick { actor } => Some(actor),
            OpeningStep::Done => None,
        }
    }
}

/// The choices a [`OpeningStep::Choose`] step allows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ChoiceSet {
    /// Keep the colours or swap them.
    StayOrSwap,
    /// Swap2's second player: keep white, take black, or place two more.
    StaySwapOrPlaceTwo,
}

impl ChoiceSet {
    /// The choices, in the order to show them.
    #[must_use]
    pub fn kinds(self) -> &'static [ChoiceKind] {
        match self {
            ChoiceSet::StayOrSwap => &[ChoiceKind::Stay, ChoiceKind::Swap],
            ChoiceSet::StaySwapOrPlaceTwo => {
                &[ChoiceKind::Stay, ChoiceKind::Swap, ChoiceKind::PlaceTwo]
            }
        }
    }

    /// Whether `choice` answers a step with these options.
    #[must_use]
    pub fn allows(self, choice: OpeningChoice) -> bool {
        let kind = match choice {
            OpeningChoice::Stay => ChoiceKind::Stay,
            OpeningChoice::Swap => ChoiceKind::Swap,
            OpeningChoice::PlaceTwo => ChoiceKind::PlaceTwo,
            OpeningChoice::Declare(_) => return false,
        };
        self.kinds().contains(&kind)
    }
}

/// Why the opening refused a stone, a choice or an offer. Nothing changes
/// when one is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Error, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum OpeningError {
    /// The opening rule is not played under the game's rule.
    #[error("{} is not an opening for {}", opening.name(), rule.name())]
    WrongRule {
        /// The opening asked for.
        opening: OpeningRule,
        /// The game's rule.
        rule: Rule,
    },
    /// An opening starts from an empty board with black to move.
    #[error("an opening rule starts from an empty board with black to move")]
    NotFromStart,
    /// The stone must be inside the central square `area` lines wide.
    #[error("this stone must be inside the central {area}x{area} square")]
    OutsideArea {
        /// The side of the square.
        area: u8,
    },
    /// The opening waits for a choice, a declaration, offers or a pick,
    /// not a stone.
    #[error("the opening asks for a {wanted} now, not a stone")]
    NotAStone {
        /// What it waits for.
        wanted: Wanted,
    },
    /// A choice was made that the step does not allow, or none is asked.
    #[error("that choice is not open now")]
    NotAChoice,
    /// The declared number of fifth moves is out of range.
    #[error("black must offer between 1 and {max} fifth moves")]
    BadCount {
        /// The most allowed.
        max: u8,
    },
    /// No fifth moves are being offered or picked now.
    #[error("no fifth moves are being offered now")]
    NotOffering,
    /// The point is taken, off the board or already offered.
    #[error("that point cannot be offered")]
    Unavailable,
    /// The offer mirrors one already made: the position is symmetrical and
    /// the two points are the same move.
    #[error("that fifth move is the mirror image of one already offered")]
    Symmetric,
    /// Black may not play the offered point (renju).
    #[error("that point is forbidden for black")]
    Forbidden,
    /// White must pick one of the points offered.
    #[error("white must pick one of the offered fifth moves")]
    NotOffered,
    /// The record's opening does not follow its rule.
    #[error("the opening's record does not follow {}: {what}", rule.name())]
    Record {
        /// The opening rule.
        rule: OpeningRule,
        /// What went wrong.
        what: RecordFault,
    },
}

/// What the opening waits for instead of a stone.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Wanted {
    /// A choice of colour (or, in Swap2, two more stones).
    Choice,
    /// The number of fifth moves.
    Declaration,
    /// Black's fifth-move offers.
    Offers,
    /// White's pick among the offers.
    Pick,
}

impl std::fmt::Display for Wanted {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Wanted::Choice => "choice of colour",
            Wanted::Declaration => "number of fifth moves",
            Wanted::Offers => "fifth-move offer",
            Wanted::Pick => "pick among the offered fifth moves",
        })
    }
}

/// How a recorded opening breaks its rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RecordFault {
    /// A decision is recorded where the rule asks for none, or one the
    /// step does not allow.
    Choice,
    /// A move is played where the rule asks for a decision.
    Move,
    /// More fifth-move offers than declared, or an offer that breaks the
    /// rule.
    Offers,
}

impl std::fmt::Display for RecordFault {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            RecordFault::Choice => "a decision out of place",
            RecordFault::Move => "a move where a decision was due",
            RecordFault::Offers => "fifth-move offers that break the rule",
        })
    }
}

/// An opening in progress or finished: the rule, the decisions taken, in
/// order, and black's fifth-move offers (Soosõrv-8). It is also the
/// opening's record in saved games.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Opening {
    /// The rule.
    pub rule: OpeningRule,
    /// The decisions taken so far, in order.
    #[serde(default)]
    pub choices: Vec<OpeningChoice>,
    /// The fifth moves black offered (Soosõrv-8), in the order offered.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub offers: Vec<Point>,
}

/// The side of the central square Soosõrv-8's first three stones must be
/// in: the centre, then 3x3, then 5x5.
const SOOSORV_AREAS: [u8; 3] = [1, 3, 5];

impl Opening {
    /// A new opening under `rule`, nothing decided yet.
    #[must_use]
    pub fn new(rule: OpeningRule) -> Opening {
        Opening {
            rule,
            choices: Vec::new(),
            offers: Vec::new(),
        }
    }

    /// What the opening asks for when `moves` stones have been played.
    #[must_use]
    pub fn step(&self, moves: usize) -> OpeningStep {
        use OpeningStep::{Choose, Declare, Done, Offer, Pick, Place};
        let black = Stone::Black;
        let white = Stone::White;
        let decided = self.choices.len();
        match self.rule {
            // Both begin with three stones and the other player's choice;
            // only Swap2 offers two more stones, and then a second choice.
            OpeningRule::Swap | OpeningRule::Swap2 => {
                let options = if self.rule == OpeningRule::Swap {
                    ChoiceSet::StayOrSwap
                } else {
                    ChoiceSet::StaySwapOrPlaceTwo
                };
                if moves < 3 {
                    Place {
                        actor: black,
                        area: None,
                    }
                } else if decided == 0 && moves == 3 {
                    Choose {
                        actor: white,
                        options,
                    }
                } else if self.choices.first() == Some(&OpeningChoice::PlaceTwo) {
                    if moves < 5 {
                        // The second player, who holds white, places both.
                        Place {
                            actor: white,
                            area: None,
                        }
                    } else if decided == 1 && moves == 5 {
                        Choose {
                            actor: black,
                            options: ChoiceSet::StayOrSwap,
                        }
                    } else {
                        Done
                    }
                } else {
                    Done
                }
            }
            OpeningRule::Soosorv8 => {
                if moves < 3 {
                    Place {
                        actor: black,
                        area: Some(SOOSORV_AREAS[moves]),
                    }
                } else if moves == 3 && decided == 0 {
                    Choose {
                        actor: white,
                        options: ChoiceSet::StayOrSwap,
                    }
                } else if moves == 3 {
                    Place {
                        actor: white,
                        area: None,
                    }
                } else if moves == 4 && decided == 1 {
                    Declare {
                        actor: white,
                        max: MAX_FIFTH_MOVES,
                    }
                } else if moves == 4 && decided == 2 {
                    Choose {
                        actor: black,
                        options: ChoiceSet::StayOrSwap,
                    }
                } else if moves == 4 {
                    let count = self.declared().unwrap_or(1);
                    if self.offers.len() < usize::from(count) {
                        Offer {
                            actor: black,
                            count,
                        }
                    } else {
                        Pick { actor: white }
                    }
                } else {
                    Done
                }
            }
        }
    }

    /// Whether the opening is over when `moves` stones have been played.
    #[must_use]
    pub fn is_done(&self, moves: usize) -> bool {
        self.step(moves) == OpeningStep::Done
    }

    /// The number of fifth moves declared, once it has been.
    #[must_use]
    pub fn declared(&self) -> Option<u8> {
        self.choices.iter().find_map(|choice| match choice {
            OpeningChoice::Declare(count) => Some(*count),
            _ => None,
        })
    }

    /// Whether the players have exchanged colours an odd number of times:
    /// then the player who opened holds white.
    #[must_use]
    pub fn colours_swapped(&self) -> bool {
        self.choices
            .iter()
            .filter(|choice| **choice == OpeningChoice::Swap)
            .count()
            % 2
            == 1
    }

    /// The fewest stones that must stay on the board: the stones placed
    /// before the last decision (or offer) are final, so undo stops there.
    #[must_use]
    pub fn settled_moves(&self, moves: usize) -> usize {
        match self.rule {
            OpeningRule::Swap => {
                if self.choices.is_empty() {
                    0
                } else {
                    3
                }
            }
            OpeningRule::Swap2 => match self.choices.len() {
                0 => 0,
                1 => 3,
                _ => 5,
            },
            OpeningRule::Soosorv8 => match self.choices.len() {
                0 => 0,
                1 => 3,
                // The declaration goes with the fourth stone; the fifth,
                // once picked, is final too.
                _ if moves >= 5 => 5,
                _ => 4,
            },
        }
        .min(moves)
    }

    /// Checks that a stone may go on `point` now, `moves` stones being on
    /// the board (of `size` lines each way).
    ///
    /// # Errors
    /// [`OpeningError::NotAStone`] when a decision is due,
    /// [`OpeningError::OutsideArea`] for a stone outside its square.
    pub fn check_stone(&self, point: Point, moves: usize, size: u8) -> Result<(), OpeningError> {
        let step = self.step(moves);
        if let Some(wanted) = step.wanted() {
            return Err(OpeningError::NotAStone { wanted });
        }
        match step {
            OpeningStep::Place {
                area: Some(area), ..
            } if !in_central_square(point, size, area) => Err(OpeningError::OutsideArea { area }),
            _ => Ok(()),
        }
    }

    /// Takes a decision, `moves` stones being on the board.
    ///
    /// # Errors
    /// [`OpeningError::NotAChoice`] when the step asks for no such choice,
    /// [`OpeningError::BadCount`] for a declaration out of range.
    pub fn choose(&mut self, choice: OpeningChoice, moves: usize) -> Result<(), OpeningError> {
        match (self.step(moves), choice) {
            (OpeningStep::Choose { options, .. }, choice) if options.allows(choice) => {}
            (OpeningStep::Declare { max, .. }, OpeningChoice::Declare(count)) => {
                if count == 0 || count > max {
                    return Err(OpeningError::BadCount { max });
                }
            }
            _ => return Err(OpeningError::NotAChoice),
        }
        self.choices.push(choice);
        Ok(())
    }

    /// Adds black's offer of `point` as a fifth move on `board` (the four
    /// opening stones on it). `legal` says whether black may play there
    /// (renju's forbidden points).
    ///
    /// # Errors
    /// [`OpeningError::NotOffering`] when no offers are asked for,
    /// [`OpeningError::Unavailable`] for a taken or already offered point,
    /// [`OpeningError::Symmetric`] for the mirror image of an offer,
    /// [`OpeningError::Forbidden`] when black may not play there.
    pub fn offer(&mut self, board: &Board, point: Point, legal: bool) -> Result<(), OpeningError> {
        let moves = board.stones().count();
        if !matches!(self.step(moves), OpeningStep::Offer { .. }) {
            return Err(OpeningError::NotOffering);
        }
        if !board.contains(point) || !board.is_empty_at(point) || self.offers.contains(&point) {
            return Err(OpeningError::Unavailable);
        }
        if !legal {
            return Err(OpeningError::Forbidden);
        }
        if self
            .offers
            .iter()
            .any(|&offered| same_move(board, offered, point))
        {
            return Err(OpeningError::Symmetric);
        }
        self.offers.push(point);
        Ok(())
    }

    /// Takes back black's last offer, if the pick has not been made.
    pub fn withdraw_offer(&mut self, moves: usize) -> Option<Point> {
        if moves == 4 && self.rule == OpeningRule::Soosorv8 {
            self.offers.pop()
        } else {
            None
        }
    }

    /// Checks that white may pick `point` among the offers now.
    ///
    /// # Errors
    /// [`OpeningError::NotOffering`] when no pick is due,
    /// [`OpeningError::NotOffered`] for a point black did not offer.
    pub fn check_pick(&self, point: Point, moves: usize) -> Result<(), OpeningError> {
        if !matches!(self.step(moves), OpeningStep::Pick { .. }) {
            return Err(OpeningError::NotOffering);
        }
        if self.offers.contains(&point) {
            Ok(())
        } else {
            Err(OpeningError::NotOffered)
        }
    }
}

/// Whether `point` is inside the central square `area` lines wide of a
/// board `size` lines wide.
#[must_use]
pub fn in_central_square(point: Point, size: u8, area: u8) -> bool {
    let centre = i32::from(size / 2);
    let half = i32::from(area / 2);
    (i32::from(point.x) - centre).abs() <= half && (i32::from(point.y) - centre).abs() <= half
}

/// Whether `a` and `b` are the same move on `board`: some symmetry of the
/// board that leaves every stone where it is (same colour) takes one to
/// the other.
#[must_use]
pub fn same_move(board: &Board, a: Point, b: Point) -> bool {
    let size = board.size();
    (0..8).any(|symmetry| {
        a.turned(size, symmetry) == Some(b)
            && board.stones().all(|(p, stone)| {
                p.turned(size, symmetry)
                    .is_some_and(|q| board.stone_at(q) == Some(stone))
            })
    })
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::parse_point;

    fn p(name: &str) -> Point {
        parse_point(name, 15).unwrap()
    }

    #[test]
    fn swap_asks_for_three_stones_then_white_chooses() {
        let mut opening = Opening::new(OpeningRule::Swap);
        for moves in 0..3 {
            assert_eq!(
                opening.step(moves),
                OpeningStep::Place {
                    actor: Stone::Black,
                    area: None
                }
            );
        }
        assert!(matches!(
            opening.step(3),
            OpeningStep::Choose {
                actor: Stone::White,
                ..
            }
        ));
        assert_eq!(
            opening.choose(OpeningChoice::PlaceTwo, 3),
            Err(OpeningError::NotAChoice)
        );
        opening.choose(OpeningChoice::Swap, 3).unwrap();
        assert!(opening.colours_swapped());
        assert_eq!(opening.step(3), OpeningStep::Done);
        assert_eq!(opening.settled_moves(3), 3);
    }

    #[test]
    fn swap2_place_two_hands_the_choice_back() {
        let mut opening = Opening::new(OpeningRule::Swap2);
        opening.choose(OpeningChoice::PlaceTwo, 3).unwrap();
        assert_eq!(
            opening.step(3),
            OpeningStep::Place {
                actor: Stone::White,
                area: None
            }
        );
        assert_eq!(
            opening.step(4),
            OpeningStep::Place {
                actor: Stone::White,
                area: None
            }
        );
        assert_eq!(
            opening.step(5),
            OpeningStep::Choose {
                actor: Stone::Black,
                options: ChoiceSet::StayOrSwap
            }
        );
        assert_eq!(opening.settled_moves(4), 3);
        opening.choose(OpeningChoice::Stay, 5).unwrap();
        assert_eq!(opening.step(5), OpeningStep::Done);
        assert!(!opening.colours_swapped());
    }

    #[test]
    fn soosorv_walks_every_step() {
        let mut opening = Opening::new(OpeningRule::Soosorv8);
        assert_eq!(opening.check_stone(p("h8"), 0, 15), Ok(()));
        assert_eq!(
            opening.check_stone(p("h9"), 0, 15),
            Err(OpeningError::OutsideArea { area: 1 })
        );
        assert_eq!(
            opening.check_stone(p("j10"), 1, 15),
            Err(OpeningError::OutsideArea { area: 3 })
        );
        assert_eq!(opening.check_stone(p("j10"), 2, 15), Ok(()));
        assert_eq!(
            opening.check_stone(p("k10"), 2, 15),
            Err(OpeningError::OutsideArea { area: 5 })
        );
        opening.choose(OpeningChoice::Stay, 3).unwrap();
        assert_eq!(opening.check_stone(p("a1"), 3, 15), Ok(()));
        assert_eq!(
            opening.check_stone(p("a2"), 4, 15),
            Err(OpeningError::NotAStone {
                wanted: Wanted::Declaration
            })
        );
        assert_eq!(
            opening.choose(OpeningChoice::Declare(9), 4),
            Err(OpeningError::BadCount { max: 8 })
        );
        assert_eq!(
            opening.choose(OpeningChoice::Declare(0), 4),
            Err(OpeningError::BadCount { max: 8 })
        );
        opening.choose(OpeningChoice::Declare(2), 4).unwrap();
        assert!(matches!(
            opening.step(4),
            OpeningStep::Choose {
                actor: Stone::Black,
                ..
            }
        ));
        opening.choose(OpeningChoice::Swap, 4).unwrap();
        assert_eq!(
            opening.step(4),
            OpeningStep::Offer {
                actor: Stone::Black,
                count: 2
            }
        );
        assert_eq!(opening.settled_moves(4), 4);
    }

    #[test]
    fn mirrored_offers_are_one_move() {
        // Black h8, white h9, black h7... a position symmetric about the
        // h file: g6 and i6 are mirror images, g6 and j10 are not.
        let mut board = Board::new(15).unwrap();
        board.set(p("h8"), Some(Stone::Black));
        board.set(p("h9"), Some(Stone::White));
        board.set(p("h7"), Some(Stone::Black));
        board.set(p("h11"), Some(Stone::White));
        assert!(same_move(&board, p("g6"), p("i6")));
        assert!(!same_move(&board, p("g6"), p("j10")));
        let mut opening = Opening {
            rule: OpeningRule::Soosorv8,
            choices: vec![
                OpeningChoice::Stay,
                OpeningChoice::Declare(3),
                OpeningChoice::Stay,
            ],
            offers: Vec::new(),
        };
        opening.offer(&board, p("g6"), true).unwrap();
        assert_eq!(
            opening.offer(&board, p("i6"), true),
            Err(OpeningError::Symmetric)
        );
        assert_eq!(
            opening.offer(&board, p("g6"), true),
            Err(OpeningError::Unavailable)
        );
        assert_eq!(
            opening.offer(&board, p("h9"), true),
            Err(OpeningError::Unavailable)
        );
        assert_eq!(
            opening.offer(&board, p("g5"), false),
            Err(OpeningError::Forbidden)
        );
        opening.offer(&board, p("j10"), true).unwrap();
        assert_eq!(
            opening.check_pick(p("g6"), 4),
            Err(OpeningError::NotOffering)
        );
        opening.offer(&board, p("a1"), true).unwrap();
        assert_eq!(
            opening.step(4),
            OpeningStep::Pick {
                actor: Stone::White
            }
        );
        assert_eq!(
            opening.check_pick(p("b2"), 4),
            Err(OpeningError::NotOffered)
        );
        assert_eq!(opening.check_pick(p("j10"), 4), Ok(()));
        assert_eq!(opening.withdraw_offer(4), Some(p("a1")));
    }
}
