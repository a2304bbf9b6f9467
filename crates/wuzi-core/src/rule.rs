use serde::{Deserialize, Serialize};

/// Which rule decides a win and which moves are allowed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Rule {
    /// Five or more in a row wins, for either side.
    #[default]
    Freestyle,
    /// Exactly five in a row wins; six or more does not.
    Standard,
    /// Exactly five wins; black may not make a double-three, a double-four or
    /// an overline; white's overline wins. 15x15 only.
    Renju,
}
