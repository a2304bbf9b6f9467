//! Wuzi's data on disk.
