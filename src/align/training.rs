//! Feature rows of the scoring models on annotated pairs, for the fitting scripts
//! (`examples/dump_features.rs`, `scripts/fit_calibration.py`). Reads the aligner's stages; the
//! fitted constants they produce live in [`super::calibrate`], which depends on nothing.

/// Feature rows for fitting the models on annotated data (used by `examples/dump_features.rs`).
#[doc(hidden)]
#[derive(Debug, Default)]
pub struct TrainingRows {
    /// Candidate 1-1 sentence pairs: (en sentence, pl sentence, bead features).
    pub beads: Vec<(usize, usize, [f32; super::calibrate::N_PAIR])>,
    /// Final sentence links: (en sentences, pl sentences, link features).
    pub links: Vec<(Vec<usize>, Vec<usize>, [f32; super::calibrate::N_LINK])>,
    /// Candidate quote pairs: (en quote, pl quote, quote features).
    pub quotes: Vec<(usize, usize, [f32; super::calibrate::N_QUOTE])>,
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
    let quotes = super::quotes::quote_candidates(en, pl, &a.sentences, opts, a.mode);
    TrainingRows { beads, links, quotes }
}
