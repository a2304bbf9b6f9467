//! The Wuzi AI.
