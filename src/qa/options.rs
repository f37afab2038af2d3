//! What a run of the checks is told: [`Mode`] (translation or comparable rules) and [`QaOptions`] (the
//! lexicon, the calibrated length model, thresholds, and the reviewer's configuration: checks skipped,
//! severities set, the ignore list, the glossary and forbidden terms).

use super::{config, terms, Check, Severity};

/// Whether the pair is a translation or a comparable retelling.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Mode {
    /// Follow the aligner's mode for the pair ([`crate::align::Alignment::mode`]).
    #[default]
    Auto,
    /// A translation: anything missing on one side is an error.
    Translation,
    /// Comparable articles: one-sided quotes and passages are expected (warnings).
    Comparable,
}

/// Options for [`check`](super::check).
#[derive(Clone)]
pub struct QaOptions {
    /// Translation or comparable rules.
    pub mode: Mode,
    /// The bilingual lexicon names are compared with (`None`: the embedded one). Give QA the
    /// aligner's, with the user's entries (`--lexicon`), so both read the same translations.
    pub lexicon: Option<std::sync::Arc<dyn crate::align::Concepts>>,
    /// Expected Polish/English character ratio of a translated sentence. Calibrated on the 970 line pairs
    /// of corpus/align-dev/*/*/parallel (lines of 20+ characters): median 1.12.
    pub length_ratio_center: f32,
    /// Spread of ln(PL/EN) on the same data (standard deviation 0.167).
    pub length_ratio_log_sd: f32,
    /// A pair is a length outlier beyond this many standard deviations (3.0 → ratios outside 0.68–1.84).
    pub length_ratio_z: f32,
    /// Sentences shorter than this (characters, English side) are not checked for length.
    pub length_min_chars: usize,
    /// A run of at least this many unmatched sentences is a passage (an error in translations).
    pub passage_min_sentences: usize,
    /// Paired quotes whose link scores below this are reported as drifting apart.
    pub drift_max_score: f32,
    /// Checks to skip.
    pub disabled: Vec<Check>,
    /// Severities set by the user, per check (`--severity CHECK=LEVEL`).
    pub severities: Vec<(Check, Severity)>,
    /// Findings marked as false (by fingerprint), left out of the results.
    pub ignore: config::IgnoreList,
    /// English terms and the Polish renderings they must have (`--glossary`).
    pub glossary: terms::Glossary,
    /// Polish terms the translation must not use (`--forbidden`).
    pub forbidden: terms::Forbidden,
}

impl std::fmt::Debug for QaOptions {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("QaOptions")
            .field("mode", &self.mode)
            .field("lexicon", &self.lexicon.as_ref().map(|_| "…"))
            .field("length_ratio_center", &self.length_ratio_center)
            .field("length_ratio_log_sd", &self.length_ratio_log_sd)
            .field("length_ratio_z", &self.length_ratio_z)
            .field("length_min_chars", &self.length_min_chars)
            .field("passage_min_sentences", &self.passage_min_sentences)
            .field("drift_max_score", &self.drift_max_score)
            .field("disabled", &self.disabled)
            .field("severities", &self.severities)
            .field("ignore", &self.ignore.fingerprints.len())
            .field("glossary", &self.glossary.entries.len())
            .field("forbidden", &self.forbidden.terms.len())
            .finish()
    }
}

impl Default for QaOptions {
    fn default() -> Self {
        QaOptions {
            mode: Mode::Auto,
            lexicon: None,
            length_ratio_center: 1.12,
            length_ratio_log_sd: 0.167,
            length_ratio_z: 3.0,
            length_min_chars: 30,
            passage_min_sentences: 2,
            drift_max_score: 0.15,
            disabled: Vec::new(),
            severities: Vec::new(),
            ignore: config::IgnoreList::default(),
            glossary: terms::Glossary::default(),
            forbidden: terms::Forbidden::default(),
        }
    }
}

impl QaOptions {
    /// The length check's model: how many standard deviations the Polish / English length ratio
    /// (`lp / le`, in characters) lies from a translation's (positive: the Polish is longer).
    pub(crate) fn length_z(&self, le: f32, lp: f32) -> f32 {
        (lp / le / self.length_ratio_center).ln() / self.length_ratio_log_sd
    }
}
