//! Fitted constants of the scoring models.
//!
//! `scripts/fit_calibration.py` fits them (logistic regression) on feature rows that
//! `cargo run --release --example dump_features` writes for the dev set's parallel and deleted
//! variants, and checks the fit on the reordered and comparable variants. Re-run both after changing
//! a feature; paste the printed constants here.

/// Gale-Church: expected Polish/English ratio of non-space characters (dev parallel lines).
pub const GC_RATIO: f32 = 1.136;
/// Gale-Church: variance per character of that ratio (dev parallel lines).
pub const GC_VAR: f32 = 3.66;

/// Number of bead features (see `score::PairFeat::vec`).
pub const N_PAIR: usize = 7;
/// Bead model: bias.
pub const PAIR_BIAS: f32 = -5.0;
/// Bead model: weights of cov, matched, num_shared, num_unshared, punct, len, short.
pub const PAIR_W: [f32; N_PAIR] = [12.0, 1.0, 0.8, -0.6, -0.7, -0.4, -1.0];

/// Number of link features (see `sentences::link_features`).
pub const N_LINK: usize = 5;
/// Link model: bias.
pub const LINK_BIAS: f32 = 0.0;
/// Link model: weights of bead logit, diagonal neighbours linked (0..2), found inside a gap bounded
/// on both sides, found in the leftover pass, bead size beyond 1-1.
pub const LINK_W: [f32; N_LINK] = [1.0, 0.8, 0.5, -0.5, 0.0];

/// Bonus added to a bead's logit inside a gap bounded by adjacent anchors on both sides.
pub const BOUNDED_BONUS: f32 = 4.0;
/// Bonus added to a bead's logit inside a gap bounded on one side.
pub const OPEN_BONUS: f32 = 1.0;
/// Penalty on the logit of 1-2 and 2-1 beads (and twice for 2-2).
pub const MERGE_PENALTY: f32 = 0.7;
/// Boost of a candidate's logit per diagonal neighbour that also matches (times its probability).
pub const DIAG_BOOST: f32 = 2.0;
/// Minimum boosted logit of an anchor.
pub const ANCHOR_MIN: f32 = 1.0;
/// Minimum logit of a link made in the leftover pass.
pub const LEFTOVER_MIN: f32 = 0.5;

/// Quote link model: bias.
pub const QUOTE_BIAS: f32 = -3.0;
/// Quote link model: weights of sentence-link support, lexical bead logit (clamped), speaker
/// agreement (+1 agree, -1 disagree, 0 unknown), length ratio penalty.
pub const QUOTE_W: [f32; 4] = [4.0, 0.4, 1.5, -1.0];
