//! Settings of a batch run, and what it counts.

use std::path::PathBuf;

use crate::align::AlignOptions;
use crate::ingest::IngestOptions;
use crate::output::jsonl::Only;
use crate::output::{Column, Format};

use super::journal::Status;
use super::pair;

/// Default of [`BatchOptions::max_pair_memory`]: 1 GiB (a pair of about 5 MB of article text).
pub const DEFAULT_MAX_PAIR_MEMORY: u64 = 1 << 30;

/// Options of a batch run.
#[derive(Debug, Clone)]
pub struct BatchOptions {
    /// The output format (one that streams: JSON Lines, TSV, CSV, TMX).
    pub format: Format,
    /// TSV and CSV columns.
    pub columns: Vec<Column>,
    /// Follow symbolic links in folder INPUTs (loop-safe).
    pub follow: bool,
    /// The memory a pair may need at most (estimated before any work; 0: no limit): a pair over it
    /// becomes an error record (see [`pair::memory_estimate`]).
    pub max_pair_memory: u64,
    /// Which links to write. For TSV and TMX, `Both` means sentence links.
    pub only: Only,
    /// Drop links scoring below this (JSON Lines keeps unmatched units; bitext formats have none).
    pub min_score: f32,
    /// Worker threads (0: one per core).
    pub jobs: usize,
    /// Chunks of pairs in flight at most (0: 4 × jobs).
    pub window: usize,
    /// Pairs per chunk at most (0: [`DEFAULT_CHUNK_PAIRS`](super::DEFAULT_CHUNK_PAIRS); from standard input, fewer when the next
    /// record has not arrived yet).
    pub chunk_pairs: usize,
    /// Input bytes per chunk: a chunk is closed once it holds this much (0: [`DEFAULT_CHUNK_BYTES`](super::DEFAULT_CHUNK_BYTES)).
    pub chunk_bytes: u64,
    /// Input bytes in flight at most (one pair is always let through, whatever its size).
    pub max_in_flight_bytes: u64,
    /// How each side is read (encoding, size limit).
    pub ingest: IngestOptions,
    /// Write here (through a partial file and a journal) instead of standard output.
    pub output: Option<PathBuf>,
    /// Continue an interrupted run writing to `output`.
    pub resume: bool,
    /// No progress bar, no per-pair notes on standard error (errors for TSV/TMX and the summary stay).
    pub quiet: bool,
    /// Show a progress bar (the CLI sets this when standard error is a terminal).
    pub progress: bool,
    /// The aligner's options (lexicon, evidence sources); `min_score` above overrides its floor.
    pub align: AlignOptions,
    /// Add translation-QA findings (JSON Lines only): one `{"doc", "check", …}` record per finding
    /// after the pair's links.
    pub qa: bool,
    /// Where the user lexicon came from, if any (recorded so a resumed run uses the same).
    pub lexicon_file: Option<PathBuf>,
    /// Time budget of one pair (`None`: unlimited). A pair over budget becomes an error record. The
    /// clock is checked after each stage (reading and analysing each side, aligning) and inside the
    /// stages whose work can grow faster than their input (quote and comparable alignment: see
    /// [`crate::deadline`]), so no thread is ever killed.
    pub pair_timeout: Option<std::time::Duration>,
    /// Read only this byte range `(start, length)` of standard input, which must then be a regular
    /// file (redirected from one), starting at a line start: how each task of a distributed job reads
    /// its share of one JSON Lines file without a pipe. Lines are numbered from the range's start.
    pub stdin_range: Option<(u64, u64)>,
}

impl Default for BatchOptions {
    fn default() -> Self {
        BatchOptions {
            format: Format::Jsonl,
            columns: crate::output::writer::DEFAULT_COLUMNS.to_vec(),
            follow: false,
            max_pair_memory: DEFAULT_MAX_PAIR_MEMORY,
            only: Only::Both,
            min_score: 0.0,
            jobs: 0,
            window: 0,
            chunk_pairs: 0,
            chunk_bytes: 0,
            max_in_flight_bytes: 32 * 1024 * 1024,
            ingest: IngestOptions::default(),
            output: None,
            resume: false,
            quiet: false,
            progress: false,
            align: AlignOptions::default(),
            qa: false,
            lexicon_file: None,
            pair_timeout: None,
            stdin_range: None,
        }
    }
}

impl BatchOptions {
    /// Every setting the output depends on besides the input, with a fingerprint of the user
    /// lexicon's content: a resumed run must have the same (the journal's header records it).
    pub fn settings(&self) -> String {
        let only = match self.only {
            Only::Both => "both",
            Only::Sentences => "sentences",
            Only::Quotes => "quotes",
        };
        let mut s = format!("format={} only={only} min-score={}", self.format.name(), self.min_score);
        if self.qa {
            s.push_str(" qa=yes");
        }
        if let Some(l) = &self.lexicon_file {
            let content = std::fs::read(l).map(|b| pair::hash_bytes(7, &b)).unwrap_or(0);
            s.push_str(&format!(" lexicon={}#{content:016x}", l.display()));
        }
        if let Some((start, len)) = self.stdin_range {
            s.push_str(&format!(" stdin-range={start}:{len}"));
        }
        if self.align.max_sentence_bytes != crate::align::DEFAULT_MAX_SENTENCE_BYTES {
            s.push_str(&format!(" max-sentence-bytes={}", self.align.max_sentence_bytes));
        }
        if let Some(m) = self.align.mode {
            s.push_str(&format!(" mode={m}"));
        }
        s.push_str(&format!(" max-input-bytes={}", self.ingest.max_bytes));
        if let Some(e) = &self.ingest.encoding {
            s.push_str(&format!(" encoding={e}"));
        }
        if let Some(t) = self.pair_timeout {
            s.push_str(&format!(" pair-timeout={}", t.as_secs_f64()));
        }
        s.push_str(&format!(" max-pair-memory={}", self.max_pair_memory));
        if self.columns != crate::output::writer::DEFAULT_COLUMNS {
            let names: Vec<String> = self.columns.iter().map(|c| format!("{c:?}").to_lowercase()).collect();
            s.push_str(&format!(" columns={}", names.join(",")));
        }
        if self.follow {
            s.push_str(" follow=yes");
        }
        s.push_str(&format!(" lexicon-data={:016x}", pair::hash_bytes(3, crate::lexicon::EMBEDDED_DATA)));
        s
    }
}

/// Counts for one pair.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct PairStats {
    /// Sentences on both sides.
    pub sentences: u64,
    /// Quotes on both sides.
    pub quotes: u64,
    /// Sentence and quote links with both sides.
    pub links: u64,
    /// Sentences left unmatched (on either side).
    pub unmatched: u64,
    /// Article text bytes (decoded, both sides).
    pub bytes: u64,
}

/// Totals of a run (including the pairs of an interrupted run that was resumed).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Totals {
    /// Pairs aligned.
    pub done: u64,
    /// Pairs written as error records.
    pub failed: u64,
    /// Aligned pairs whose sides came swapped.
    pub swapped: u64,
    /// Counts summed over the aligned pairs.
    pub stats: PairStats,
}

impl Totals {
    pub(crate) fn add(&mut self, status: Status, s: &PairStats) {
        match status {
            Status::Failed => self.failed += 1,
            Status::Swapped => {
                self.done += 1;
                self.swapped += 1
            }
            Status::Ok => self.done += 1,
        }
        self.stats.sentences += s.sentences;
        self.stats.quotes += s.quotes;
        self.stats.links += s.links;
        self.stats.unmatched += s.unmatched;
        self.stats.bytes += s.bytes;
    }
}

/// What a batch run did.
#[derive(Debug, Clone, Default)]
pub struct Summary {
    /// Totals, with the resumed pairs.
    pub totals: Totals,
    /// Pairs taken over from the interrupted run (with `resume`).
    pub resumed: u64,
    /// Article text bytes processed by this run (not counting resumed pairs).
    pub bytes_this_run: u64,
    /// Wall time of this run.
    pub elapsed: std::time::Duration,
}

impl Summary {
    /// The one-paragraph summary printed on standard error.
    pub fn render(&self) -> String {
        let t = &self.totals;
        let s = &t.stats;
        let secs = self.elapsed.as_secs_f64();
        let mb = self.bytes_this_run as f64 / 1e6;
        let unmatched = if s.sentences > 0 { 100.0 * s.unmatched as f64 / s.sentences as f64 } else { 0.0 };
        let resumed = if self.resumed > 0 {
            format!(" ({} from the interrupted run)", self.resumed)
        } else {
            String::new()
        };
        format!(
            "bialign batch: {} pairs done, {} failed, {} swapped{resumed}; {} sentences, {} quotes, {} links, \
             {unmatched:.1}% of sentences unmatched; {mb:.2} MB in {secs:.2} s ({:.2} MB/s)",
            t.done,
            t.failed,
            t.swapped,
            s.sentences,
            s.quotes,
            s.links,
            if secs > 0.0 { mb / secs } else { 0.0 },
        )
    }
}
