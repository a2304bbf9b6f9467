//! A small seedable random source for the easy level's imperfection and for
//! hash keys; reproducible from its seed.

/// One step of SplitMix64.
pub(crate) fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Seedable random numbers.
#[derive(Debug, Clone)]
pub(crate) struct Rng(u64);

impl Rng {
    /// A generator that repeats for the same seed.
    pub(crate) fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// A number in `0..n` (`n` > 0).
    pub(crate) fn below(&mut self, n: u64) -> u64 {
        splitmix(&mut self.0) % n.max(1)
    }

    /// A number in `0.0..1.0`.
    pub(crate) fn unit(&mut self) -> f64 {
        (splitmix(&mut self.0) >> 11) as f64 / (1u64 << 53) as f64
    }
}
