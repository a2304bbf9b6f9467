//! Reading and writing files the player chooses.

use std::fs;

use wuzi_store::{DEFAULT_TEXT_LIMIT, read_text_file, write_text_file};

#[test]
fn reads_text_with_a_cap() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.psq");
    fs::write(&path, "\u{feff}Piskvorky 15x15, 11:11, 0\n8,8,0\n").unwrap();
    assert_eq!(
        read_text_file(&path, DEFAULT_TEXT_LIMIT).unwrap(),
        "Piskvorky 15x15, 11:11, 0\n8,8,0\n"
    );

    let err = read_text_file(&path, 10).unwrap_err();
    assert_eq!(err.kind(), "too_large");
    assert!(err.to_string().contains("the limit is 10"), "{err}");
}

#[test]
fn refuses_what_is_not_text() {
    let dir = tempfile::tempdir().unwrap();
    let binary = dir.path().join("photo.jpg");
    fs::write(&binary, [0xff, 0xd8, 0xff, 0xe0, 0, 0x10]).unwrap();
    assert_eq!(
        read_text_file(&binary, DEFAULT_TEXT_LIMIT)
            .unwrap_err()
            .kind(),
        "not_text"
    );
    let nul = dir.path().join("nul.txt");
    fs::write(&nul, "a\0b").unwrap();
    assert_eq!(
        read_text_file(&nul, DEFAULT_TEXT_LIMIT).unwrap_err().kind(),
        "not_text"
    );
    assert_eq!(
        read_text_file(dir.path(), DEFAULT_TEXT_LIMIT)
            .unwrap_err()
            .kind(),
        "not_text"
    );
    let missing = read_text_file(&dir.path().join("nope.sgf"), DEFAULT_TEXT_LIMIT).unwrap_err();
    assert_eq!(missing.kind(), "not_found");
    assert!(missing.to_string().contains("nope.sgf"));
}

#[test]
fn writes_replace_whole_files() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("out.sgf");
    write_text_file(&path, "(;GM[4]FF[4]SZ[15])").unwrap();
    write_text_file(&path, "(;GM[4]FF[4]SZ[15];B[hh])").unwrap();
    assert_eq!(
        fs::read_to_string(&path).unwrap(),
        "(;GM[4]FF[4]SZ[15];B[hh])"
    );
    assert_eq!(
        fs::read_dir(dir.path()).unwrap().count(),
        1,
        "no backup or temp file left"
    );
}

#[cfg(unix)]
#[test]
fn an_exported_file_is_readable_by_others() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.psq");
    write_text_file(&path, "Piskvorky 15x15, 11:11, 0\n-1\n").unwrap();
    let mode = fs::metadata(&path).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o644, "mode {mode:o}");
}
