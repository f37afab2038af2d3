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
pub const PAIR_BIAS: f32 = -6.003;
/// Bead model: weights of cov, matched, num_shared, num_unshared, punct, len, short.
pub const PAIR_W: [f32; N_PAIR] = [11.608, 1.687, 1.474, -1.023, -2.004, -0.957, 5.236];

/// Number of link features (see `sentences::link_features`).
pub const N_LINK: usize = 5;
/// Link model: bias.
pub const LINK_BIAS: f32 = 3.074;
/// Link model: weights of bead logit, diagonal neighbours linked (0..2), found inside a gap bounded
/// on both sides, found in the leftover pass, bead size beyond 1-1.
pub const LINK_W: [f32; N_LINK] = [0.955, 1.137, 1.574, 0.0, -2.904];

/// Sentence links whose calibrated score is below this are dissolved (their sentences reported
/// unmatched): keeping a link of probability p adds to the expected F1 only when p > F1 / 2.
pub const LINK_KEEP_MIN: f32 = 0.4;

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
pub const QUOTE_BIAS: f32 = -5.693;
/// Quote link model: weights of the features of `quotes::quote_candidates`.
pub const QUOTE_W: [f32; super::quotes::N_QUOTE] =
    [2.535, 1.849, -0.729, 0.106, -1.982, 5.372, -1.512, -0.247, 0.626, 0.0];
/// Quote model on the quotes' own evidence only (no sentence-link features), for articles that
/// retell rather than translate: a pair scores the better of the two models.
pub const QUOTE_OWN_BIAS: f32 = -2.488;
/// The own-evidence model counts only from this score on (its precision at 0.5 is lower, see the
/// fit's report).
pub const QUOTE_OWN_MIN: f32 = 0.65;
/// Weights of the own-evidence quote model (sentence features unused).
pub const QUOTE_OWN_W: [f32; super::quotes::N_QUOTE] =
    [0.0, 2.709, 0.869, 0.753, -2.533, 0.0, -0.899, -1.282, 2.042, 0.0];
/// Minimum score of a quote link pairing speech with a title or scare quote.
pub const QUOTE_CROSS_MIN: f32 = 0.8;

/// Feature rows for fitting the models on annotated data (used by `examples/dump_features.rs`).
#[doc(hidden)]
#[derive(Debug, Default)]
pub struct TrainingRows {
    /// Candidate 1-1 sentence pairs: (en sentence, pl sentence, bead features).
    pub beads: Vec<(usize, usize, [f32; N_PAIR])>,
    /// Final sentence links: (en sentences, pl sentences, link features).
    pub links: Vec<(Vec<usize>, Vec<usize>, [f32; N_LINK])>,
    /// Candidate quote pairs: (en quote, pl quote, quote features).
    pub quotes: Vec<(usize, usize, [f32; super::quotes::N_QUOTE])>,
}

/// Compute the feature rows of one document pair.
#[doc(hidden)]
pub fn training_rows(
    en: &crate::model::Document,
    pl: &crate::model::Document,
    opts: &super::AlignOptions,
) -> TrainingRows {
    use crate::lang::Lang;
    let ef = super::doc_features(en, Lang::En, opts, &mut Default::default());
    let pf = super::doc_features(pl, Lang::Pl, opts, &mut Default::default());
    let beads = super::sentences::candidate_features(&ef, &pf, &opts.signals)
        .into_iter()
        .map(|(i, j, f)| (i, j, f.vec()))
        .collect();
    let links = super::sentences::align_sentences(&ef, &pf, &opts.signals)
        .into_iter()
        .map(|l| (l.en, l.pl, l.link_feat))
        .collect();
    let a = super::align(en, pl, opts);
    let quotes = super::quotes::quote_candidates(en, pl, &a.sentences, opts);
    TrainingRows { beads, links, quotes }
}
