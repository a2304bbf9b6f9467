//! Balanced short openings for matches, shipped inside the binary.

use wuzi_core::record::movestr;
use wuzi_core::{Point, Rule};

const FREESTYLE: &str = include_str!("../data/openings-freestyle.txt");
const RENJU: &str = include_str!("../data/openings-renju.txt");

/// The openings for `rule` on 15x15 (Renju's for Renju, the freestyle set
/// for the others), as move lists from the empty board.
#[must_use]
pub fn openings(rule: Rule) -> Vec<Vec<Point>> {
    let text = if rule == Rule::Renju {
        RENJU
    } else {
        FREESTYLE
    };
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .filter_map(|l| movestr::parse(l.split('\t').next().unwrap_or(""), 15).ok())
        .filter(|m| !m.is_empty())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_opening_is_playable() {
        for rule in [Rule::Freestyle, Rule::Renju] {
            let all = openings(rule);
            assert!(all.len() >= 50);
            for o in all {
                assert!(
                    wuzi_engine::Position::from_moves(15, rule, &o).is_ok(),
                    "{o:?}"
                );
            }
        }
    }
}
