//! The writing side of a run: each finished chunk, in input order, to the output, then its journal
//! lines (after the records they cover), the totals and the progress display.

use std::time::Instant;

use super::faults::crash_point_at;
use super::journal::{self, Entry, Status};
use super::pair::{ChunkOutput, PairOutput};
use super::progress::Progress;
use super::sink::{Out, Syncer, SYNC_EVERY};
use super::{BatchOptions, Totals, SWAP_NOTE};
use crate::error::Error;
use crate::output::{escape_terminal, Format};

/// What the writing side keeps from chunk to chunk.
pub(super) struct Committer<'a> {
    opts: &'a BatchOptions,
    pb: &'a Progress,
    start: Instant,
    totals: Totals,
    pairs_this_run: u64,
    bytes_this_run: u64,
    journal_lines: String,
    /// Asks for the output file to be made durable as the run goes (see `Syncer`).
    syncer: Option<Syncer>,
    unsynced: u64,
}

impl<'a> Committer<'a> {
    /// A writing side starting from `totals` (those of an interrupted run, when resumed).
    pub(super) fn new(
        opts: &'a BatchOptions,
        pb: &'a Progress,
        start: Instant,
        totals: Totals,
        syncer: Option<Syncer>,
    ) -> Committer<'a> {
        Committer {
            opts,
            pb,
            start,
            totals,
            pairs_this_run: 0,
            bytes_this_run: 0,
            journal_lines: String::new(),
            syncer,
            unsynced: 0,
        }
    }

    /// Write chunk number `n`: its records, its pairs' notes, then its journal lines. Returns the
    /// input bytes of its pairs (to be released from the bytes in flight).
    pub(super) fn chunk(&mut self, out: &mut Out, chunk: &ChunkOutput, n: u64) -> Result<u64, Error> {
        self.journal_lines.clear();
        let mut input_bytes = 0u64;
        let base = out.len;
        out.write(&chunk.bytes)?;
        for p in &chunk.pairs {
            journal::push_entry_line(
                &mut self.journal_lines,
                &Entry {
                    offset: base + p.end as u64,
                    status: p.status,
                    stats: p.stats,
                    hash: p.hash,
                    id: p.id.clone(),
                },
            );
            self.totals.add(p.status, &p.stats);
            self.bytes_this_run += p.stats.bytes;
            input_bytes += p.input_bytes;
            self.note(p);
        }
        crash_point_at("chunk-written", n);
        // The chunk's records reach the operating system before the journal lines that cover them.
        out.flush()?;
        crash_point_at("chunk-flushed", n);
        if let Some((_, _, j)) = &mut out.file {
            j.record_lines(&self.journal_lines)?;
        }
        crash_point_at("chunk-journaled", n);
        self.unsynced += chunk.bytes.len() as u64;
        if let (Some(s), true) = (&self.syncer, self.unsynced >= SYNC_EVERY) {
            s.request();
            self.unsynced = 0;
        }
        self.pairs_this_run += chunk.pairs.len() as u64;
        self.pb.advance(chunk, self.pairs_this_run, self.totals.failed, self.bytes_this_run, self.start);
        Ok(input_bytes)
    }

    /// What standard error says of a pair: its error (unless JSON Lines output already holds it and
    /// the run is quiet), else, unless quiet, a swap and its warnings.
    fn note(&self, p: &PairOutput) {
        let opts = self.opts;
        if let Some(e) = &p.error {
            if opts.format != Format::Jsonl || !opts.quiet {
                self.pb.note(&format!("bialign: {}", escape_terminal(e)));
            }
        } else if !opts.quiet {
            if p.status == Status::Swapped {
                self.pb.note(&format!("bialign: {}: {SWAP_NOTE}", escape_terminal(&p.id)));
            }
            for w in &p.warnings {
                self.pb.note(&format!("bialign: warning: {}", escape_terminal(w)));
            }
        }
    }

    /// The totals, the bytes aligned in this run, and the syncer, for the end of the run.
    pub(super) fn end(self) -> (Totals, u64, Option<Syncer>) {
        (self.totals, self.bytes_this_run, self.syncer)
    }
}
