//! Shared helpers for the whole-app tests in `tests/`.
