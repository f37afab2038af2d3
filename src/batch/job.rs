//! One pair to align, as the inputs give it: its id and where its two texts are, or the input
//! problem reported in its place.

use std::path::PathBuf;

use crate::error::Error;

/// One pair to align, or an input problem reported in the pair's place.
#[derive(Debug)]
pub struct PairJob {
    /// The pair's id (untrusted text).
    pub id: String,
    /// Where its texts are.
    pub source: PairSource,
    /// Bytes of the INPUTs read once this pair was (for the progress display; 0 when unknown).
    pub input_pos: u64,
    /// Its place in the input, from 0 (set by the reader; what the abort log records).
    pub seq: u64,
}

/// Where a pair's two texts are.
#[derive(Debug)]
pub enum PairSource {
    /// Two files (labelled English and Polish by the input; batch checks the languages).
    Files {
        /// The English side's file.
        en: PathBuf,
        /// The Polish side's file.
        pl: PathBuf,
    },
    /// Two texts from a JSON Lines record.
    Texts {
        /// The English text.
        en: String,
        /// The Polish text.
        pl: String,
    },
    /// The input could not give this pair (malformed record, missing side…).
    Failed(Error),
}

/// A pair the input could not give, reported in its place.
pub(crate) fn failed(id: String, e: Error) -> PairJob {
    PairJob { id, source: PairSource::Failed(e), input_pos: 0, seq: 0 }
}
