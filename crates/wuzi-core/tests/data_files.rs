//! Positions and expected answers from the readable text files in
//! `tests/data`: renju forbidden points and win detection per rule.

#![allow(clippy::unwrap_used)]

use std::collections::BTreeMap;

use wuzi_core::{
    Board, Forbidden, Point, Rule, Stone, forbidden_kind, forbidden_points_with_kind, is_win,
    parse_point, point_name, winning_line,
};

/// One case: its title, `key value` lines, and the board's cells (row by
/// row from the top, one character each).
struct Case {
    title: String,
    fields: BTreeMap<String, String>,
    rows: Vec<Vec<char>>,
}

impl Case {
    fn size(&self) -> u8 {
        u8::try_from(self.rows.len()).unwrap()
    }

    fn cells(&self) -> impl Iterator<Item = (Point, char)> + '_ {
        self.rows.iter().enumerate().flat_map(|(y, row)| {
            row.iter()
                .enumerate()
                .map(move |(x, &c)| (Point::new(x as u8, y as u8), c))
        })
    }

    fn board(&self) -> Board {
        let mut board = Board::new(self.size()).unwrap();
        for (p, c) in self.cells() {
            let stone = match c {
                'X' => Some(Stone::Black),
                'O' => Some(Stone::White),
                _ => None,
            };
            board.set(p, stone);
        }
        board
    }
}

fn read_cases(text: &str) -> Vec<Case> {
    let mut cases = Vec::new();
    let mut current: Option<Case> = None;
    for (n, line) in text.lines().enumerate() {
        let line = line.trim_end();
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some(title) = line.strip_prefix("case ") {
            assert!(current.is_none(), "line {}: case inside a case", n + 1);
            current = Some(Case {
                title: title.to_owned(),
                fields: BTreeMap::new(),
                rows: Vec::new(),
            });
            continue;
        }
        let case = current
            .as_mut()
            .unwrap_or_else(|| panic!("line {}: outside a case", n + 1));
        if line == "end" {
            let case = current.take().unwrap();
            let size = case.rows.len();
            assert!(
                case.rows.iter().all(|r| r.len() == size),
                "{}: not square",
                case.title
            );
            cases.push(case);
            continue;
        }
        let mut tokens = line.split_whitespace();
        let first = tokens.next().unwrap();
        if first.parse::<u8>().is_ok() {
            // A board row: its number, then one character per point.
            case.rows
                .push(tokens.map(|t| t.chars().next().unwrap()).collect());
        } else if first.len() == 1 && first.starts_with('a') {
            // The column letters under the board.
        } else {
            let rest = line[first.len()..].trim().to_owned();
            case.fields.insert(first.to_owned(), rest);
        }
    }
    assert!(current.is_none(), "unterminated case");
    cases
}

fn kind_mark(kind: Forbidden) -> char {
    match kind {
        Forbidden::DoubleThree => '3',
        Forbidden::DoubleFour => '4',
        Forbidden::Overline => '6',
    }
}

#[test]
fn renju_forbidden_cases() {
    let cases = read_cases(include_str!("data/renju-forbidden.txt"));
    assert!(cases.len() >= 20);
    let mut failures = Vec::new();
    for case in &cases {
        let board = case.board();
        let expected: BTreeMap<Point, char> = case
            .cells()
            .filter(|(_, c)| matches!(c, '3' | '4' | '6'))
            .collect();
        let found: BTreeMap<Point, char> = forbidden_points_with_kind(&board)
            .into_iter()
            .map(|(p, k)| (p, kind_mark(k)))
            .collect();
        for (p, c) in case.cells() {
            let single = forbidden_kind(&board, p).map(kind_mark);
            assert_eq!(
                single,
                found.get(&p).copied(),
                "{}: {}",
                case.title,
                point_name(p, 15)
            );
            if c == 'a' {
                assert_eq!(
                    single,
                    None,
                    "{}: {} must be allowed",
                    case.title,
                    point_name(p, 15)
                );
            }
        }
        if expected != found {
            let mut picture = String::new();
            for (y, row) in case.rows.iter().enumerate() {
                for (x, &c) in row.iter().enumerate() {
                    let p = Point::new(x as u8, y as u8);
                    let shown = match (c, found.get(&p)) {
                        ('X' | 'O', _) => c,
                        (_, Some(&k)) => k,
                        _ => '.',
                    };
                    picture.push(shown);
                    picture.push(' ');
                }
                picture.push('\n');
            }
            failures.push(format!("{}: found\n{picture}", case.title));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn win_cases() {
    let cases = read_cases(include_str!("data/wins.txt"));
    assert!(cases.len() >= 12);
    for case in &cases {
        let board = case.board();
        let size = case.size();
        let rule: Rule = serde_json::from_str(&format!("\"{}\"", case.fields["rule"])).unwrap();
        let point = parse_point(&case.fields["move"], size).unwrap();
        let expected: Option<Vec<Point>> = match case.fields["win"].as_str() {
            "none" => None,
            names => Some(
                names
                    .split_whitespace()
                    .map(|n| parse_point(n, size).unwrap())
                    .collect(),
            ),
        };
        let found = winning_line(&board, rule, point);
        let sorted = |line: &Option<Vec<Point>>| {
            line.clone().map(|mut l| {
                l.sort();
                l
            })
        };
        assert_eq!(sorted(&found), sorted(&expected), "{}", case.title);
        assert_eq!(
            is_win(&board, rule, point),
            expected.is_some(),
            "{}",
            case.title
        );
    }
}
