//! Is the Polish article a translation of the English one, or a retelling of the same story?
//!
//! The two call for different aligners ([`super::sentences`] for translations, [`super::comparable`]
//! for retellings), and the choice is made per pair from the pair itself: in a translation nearly
//! every sentence has a partner that renders most of it, in a retelling few do. The statistic is the
//! share of sentences (of both articles, those with some content) whose best candidate partner scores
//! a bead logit of at least [`STRONG_LOGIT`]; at or above [`TRANSLATION_MIN_SHARE`] the pair is a
//! translation.

use serde::Serialize;

use super::features::SentFeat;
use super::sentences::CandMap;

/// How the two articles relate.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Mode {
    /// One renders the other sentence by sentence (deletions and moved paragraphs allowed).
    Translation,
    /// Two write-ups of one story: reordered, partial, merged and added material.
    Comparable,
}

impl Mode {
    /// `translation` or `comparable`.
    pub fn as_str(&self) -> &'static str {
        match self {
            Mode::Translation => "translation",
            Mode::Comparable => "comparable",
        }
    }
}

impl std::fmt::Display for Mode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl std::str::FromStr for Mode {
    type Err = String;
    fn from_str(s: &str) -> Result<Mode, String> {
        match s {
            "translation" => Ok(Mode::Translation),
            "comparable" => Ok(Mode::Comparable),
            _ => Err(format!("unknown mode '{s}' (translation or comparable)")),
        }
    }
}

/// A bead logit that marks a sentence as rendered almost whole by its partner.
pub const STRONG_LOGIT: f32 = 1.0;
/// Share of strongly matched sentences from which a pair is a translation.
pub const TRANSLATION_MIN_SHARE: f32 = 0.375;
/// Sentences lighter than this (token weight: a two-word headline) are not counted.
const MIN_WEIGHT: f32 = 1.5;

/// The share of sentences of both articles with a strong candidate partner (see the module
/// documentation); 1 when neither article has a sentence with content.
pub fn strong_share(e: &[SentFeat], p: &[SentFeat], cand: &CandMap) -> f32 {
    let mut best_e = vec![f32::NEG_INFINITY; e.len()];
    let mut best_p = vec![f32::NEG_INFINITY; p.len()];
    for (&(i, j), &z) in cand {
        let (i, j) = (i as usize, j as usize);
        best_e[i] = best_e[i].max(z);
        best_p[j] = best_p[j].max(z);
    }
    let (mut strong, mut n) = (0usize, 0usize);
    for (f, b) in e.iter().zip(&best_e).chain(p.iter().zip(&best_p)) {
        if f.weight >= MIN_WEIGHT {
            n += 1;
            strong += (*b >= STRONG_LOGIT) as usize;
        }
    }
    if n == 0 {
        1.0
    } else {
        strong as f32 / n as f32
    }
}

/// The mode a share calls for.
pub fn of_share(share: f32) -> Mode {
    if share >= TRANSLATION_MIN_SHARE {
        Mode::Translation
    } else {
        Mode::Comparable
    }
}
