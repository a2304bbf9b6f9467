//! The evaluation's weights, in 1/32 of a score point, as `wuzi tune`
//! wrote them (see `docs/benchmarks.md`, "Tuning the evaluation").
//!
//! Freestyle and standard: fitted to 8696 positions of 360 games;
//! log loss on the 917 positions of the held-out games 0.6354 -> 0.5605.
//! Renju: fitted to 7864 positions of 360 games;
//! log loss on the 765 positions of the held-out games 0.6261 -> 0.5919.

/// Side to move: line patterns (Dead, Block1, Flex1, Block2, Flex2,
/// Block3, Flex3, Block4, Flex4, DoubleFour, Overline, Five), threats
/// (Forbidden, Quiet, Three, Four, DoubleThree, FourThree, Win, Five) and
/// shapes (Plain, TwoTwo, TwoBlock3, Block3Block3, ThreeTwo, ThreeBlock3);
/// the same for the side that just moved; then the leaf bonuses
/// (FourThree, DoubleThree, Overwhelmed). The first table is for
/// freestyle and standard, the second for renju.
pub(crate) const WEIGHTS: [[i32; 55]; 2] = [
    [
        23, 128, -31, 30, -62, 219, 1472, 1809, 5468, 5400, 0, 36000, 0, -522, 270, 557, 4264,
        12101, 24073, 120000, -289, -475, 357, -23, 603, 225, -63, -52, -111, -56, -159, 53, 489,
        1322, 4546, 4485, 0, 30000, 0, -265, -175, 361, 3384, 10082, 19997, 100000, -166, -644,
        341, -51, 400, -57, 48003, 19211, -19252,
    ],
    [
        105, 338, 113, 26, -444, 442, 1023, 1816, 5426, 5400, 0, 36000, -12, -334, 274, 576, 4044,
        12099, 24026, 120000, -303, -629, 722, 30, 509, 136, -1, 174, 27, -133, -592, 420, 77,
        1466, 4386, 4496, 0, 30000, -23, -79, -174, 425, 3184, 10076, 19886, 100000, -130, -747,
        515, 40, 166, 15, 48004, 19207, -19257,
    ],
];
