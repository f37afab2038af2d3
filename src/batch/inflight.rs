//! The in-flight log of a batch run writing a file (`OUT.bialign-inflight`, beside the journal): which
//! pairs were being aligned when a run was killed, so that a pair that gets the process killed (the
//! kernel's out-of-memory killer, a container's memory limit: both send SIGKILL, which no process can
//! catch) ends two runs, not every resumed one.
//!
//! Each run appends a line `run` when it starts, then `+PLACE` as a worker starts a pair (its place
//! in the input, from 0) and `-PLACE` when the worker is done with it, each line written whole with
//! one `write` call to a file opened for appending; a run that ends by returning, even with an error,
//! appends `end`. A run section without `end` is a run that was killed (or aborted), and the pairs
//! started and not done in it were *in flight* at that moment: each such pair has a *strike*.
//! `--resume` reads the strikes of every earlier run of the output, then
//!
//! - aligns a pair with one strike again, but alone: while it is aligned no other pair is in flight
//!   (it waits for the pairs under way and holds the others back), so if the process is killed again
//!   the blame falls on it alone, and a pair that only shared a worker pool with the culprit is not
//!   blamed with it (and a pair that only failed for the memory of its neighbours may now succeed);
//! - writes a pair with two strikes (in flight at two kills) as an error record, kind `limit`, instead
//!   of aligning it a third time, and goes on with the rest.
//!
//! A plain `kill -9` of a healthy run therefore still resumes to exactly the output of one run: the
//! pairs in flight then have one strike and are aligned again (alone), with their usual records.
//!
//! The log is not written to disk (no `fsync`) per pair, and need not be: a killed process's writes
//! are already in the kernel, which writes them to the file whatever becomes of the process; only a
//! crash of the whole system can lose them, and then a pair merely has one strike fewer (it is tried
//! once more), never one too many. The journal is not written to disk per chunk either.
//!
//! The log is removed with the journal when the run completes, and a fresh run (without `--resume`)
//! starts a new one.

use std::collections::HashMap;
use std::fs::File;
use std::io::Write;
use std::path::Path;

/// An open in-flight log (appended to by the worker threads).
#[derive(Debug)]
pub struct InflightLog {
    file: File,
}

impl InflightLog {
    /// Open (append to, creating it if needed) the in-flight log at `path`.
    pub fn open(path: &Path) -> std::io::Result<InflightLog> {
        let file = std::fs::OpenOptions::new().create(true).append(true).open(path)?;
        Ok(InflightLog { file })
    }

    /// One line, with one `write` call (on a file opened for appending, lines from several threads
    /// never mix). A failed write is ignored: the log only apportions blame after a kill, and the
    /// journal's own writes report a full disk.
    fn line(&self, buf: &[u8]) {
        let _ = (&self.file).write(buf);
    }

    /// A run starts.
    pub fn begin_run(&self) {
        self.line(b"run\n");
    }

    /// A run ends without being killed (it returns, with its result or an error).
    pub fn end_run(&self) {
        self.line(b"end\n");
    }

    /// A worker starts the pair at place `pair` of the input.
    pub fn started(&self, pair: u64) {
        self.mark(b'+', pair);
    }

    /// A worker is done with the pair at place `pair` (its records are in the chunk's buffer).
    pub fn done(&self, pair: u64) {
        self.mark(b'-', pair);
    }

    fn mark(&self, sign: u8, pair: u64) {
        let mut buf = [0u8; 24];
        let n = mark_line(&mut buf, sign, pair);
        self.line(&buf[..n]);
    }
}

/// The line `SIGN PLACE \n` (without the spaces) in `buf`; its length.
fn mark_line(buf: &mut [u8; 24], sign: u8, pair: u64) -> usize {
    buf[0] = sign;
    let n = super::memory::push_decimal(buf, 1, pair);
    buf[n] = b'\n';
    n + 1
}

/// The strikes of the runs in the log at `path`: place in the input → the number of killed runs in
/// which that pair was in flight (see the module documentation). A missing log has none; an
/// incomplete last line is left out.
pub fn read_strikes(path: &Path) -> HashMap<u64, u32> {
    let text = std::fs::read(path).unwrap_or_default();
    strikes_of(&text)
}

fn strikes_of(text: &[u8]) -> HashMap<u64, u32> {
    let mut strikes = HashMap::new();
    // The pairs in flight in the run being read; `None` once that run is known to have ended by
    // returning (what its workers wrote after that is no concern).
    let mut in_flight: Option<std::collections::BTreeSet<u64>> = None;
    let killed = |run: Option<std::collections::BTreeSet<u64>>, strikes: &mut HashMap<u64, u32>| {
        for p in run.into_iter().flatten() {
            *strikes.entry(p).or_insert(0) += 1;
        }
    };
    for l in text.split_inclusive(|&b| b == b'\n') {
        let Some(l) = l.strip_suffix(b"\n") else { break };
        match l {
            b"run" => killed(in_flight.replace(Default::default()), &mut strikes),
            b"end" => in_flight = None,
            _ => {
                let (Some(run), Some((&sign, digits))) = (in_flight.as_mut(), l.split_first()) else {
                    continue;
                };
                let Some(pair) = std::str::from_utf8(digits).ok().and_then(|d| d.parse::<u64>().ok()) else {
                    continue;
                };
                match sign {
                    b'+' => {
                        run.insert(pair);
                    }
                    b'-' => {
                        run.remove(&pair);
                    }
                    _ => {}
                }
            }
        }
    }
    killed(in_flight, &mut strikes);
    strikes
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pairs_in_flight_at_each_kill_have_a_strike_and_runs_that_returned_have_none() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("inflight");
        let log = InflightLog::open(&path).unwrap();
        // Killed with pairs 3 and 12345678901 in flight (1, 2 and 4 were done).
        log.begin_run();
        for p in [1, 2] {
            log.started(p);
            log.done(p);
        }
        log.started(3);
        log.started(12_345_678_901);
        log.started(4);
        log.done(4);
        // Ended with an error (a full disk) while pair 5 was in flight, whose worker went on.
        log.begin_run();
        log.started(5);
        log.end_run();
        log.started(6);
        // Killed with pair 3 in flight again, then a line cut short.
        log.begin_run();
        log.started(3);
        drop(log);
        std::fs::OpenOptions::new().append(true).open(&path).unwrap().write_all(b"+7").unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.starts_with("run\n+1\n-1\n+2\n-2\n+3\n+12345678901\n+4\n-4\nrun\n+5\nend\n"), "{text}");
        assert_eq!(read_strikes(&path), HashMap::from([(3, 2), (12_345_678_901, 1)]));
        assert!(read_strikes(&dir.path().join("none")).is_empty());
        assert!(strikes_of(b"run\n").is_empty());
        assert_eq!(strikes_of(b"+1\nrun\n+2\nx\n+\n-\n"), HashMap::from([(2, 1)]));
    }
}
