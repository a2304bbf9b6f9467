//! Move strings and point names never panic the readers, and every move
//! string read writes back to the same points.
#![no_main]

use libfuzzer_sys::fuzz_target;
use wuzi_core::record::movestr;
use wuzi_core::{Game, GameConfig, parse_point, point_name};

fuzz_target!(|data: &[u8]| {
    let Some((&size, rest)) = data.split_first() else {
        return;
    };
    let size = 5 + size % 18;
    let text = String::from_utf8_lossy(rest);
    if let Ok(point) = parse_point(&text, size) {
        assert_eq!(parse_point(&point_name(point, size), size), Ok(point));
    }
    if let Ok(points) = movestr::parse(&text, size) {
        assert_eq!(
            movestr::parse(&movestr::write(&points, size), size).as_ref(),
            Ok(&points)
        );
        // Every move is either played or refused with a reason.
        let config = GameConfig {
            size,
            ..GameConfig::default()
        };
        let _ = Game::from_moves(config, &points);
    }
});
