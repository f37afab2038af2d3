//! The progress display of a batch on standard error (a terminal): pairs done, failures, speed,
//! and, when the input's size is known (regular files), the share done and the time left.
//! Without the `cli` feature there is no display, and notes go straight to standard error.

use std::time::Instant;

use super::pair::ChunkOutput;
use super::BatchOptions;

/// The display, or nothing (not a terminal, `--quiet`, or no `cli` feature).
pub(crate) struct Progress {
    #[cfg(feature = "cli")]
    bar: Option<indicatif::ProgressBar>,
    /// Total input bytes, when known.
    total: Option<u64>,
    /// A resumed run: the time left is estimated afresh once the first chunk shows where the input is
    /// (its skipped pairs are not this run's speed).
    #[cfg_attr(not(feature = "cli"), allow(dead_code))]
    resumed: std::sync::atomic::AtomicBool,
}

/// The display's layout: with a known total, the share done and the time left.
#[cfg(feature = "cli")]
fn template(total: Option<u64>) -> &'static str {
    match total {
        Some(_) => "{spinner} {elapsed_precise} [{wide_bar}] {percent}% eta {eta} {msg}",
        None => "{spinner} {elapsed_precise} {msg}",
    }
}

/// A bar (or a spinner, without a total) drawn to `target`.
#[cfg(feature = "cli")]
fn bar(total: Option<u64>, skip: u64, target: indicatif::ProgressDrawTarget) -> indicatif::ProgressBar {
    let pb = indicatif::ProgressBar::with_draw_target(total, target);
    if let Ok(style) = indicatif::ProgressStyle::with_template(template(total)) {
        pb.set_style(style.progress_chars("=> "));
    }
    pb.set_message(format!("{skip} pairs"));
    pb
}

impl Progress {
    /// A display for `opts` (`total`: the input's size when known; `skip`: pairs already done).
    #[cfg_attr(not(feature = "cli"), allow(unused_variables))]
    pub fn new(opts: &BatchOptions, total: Option<u64>, skip: u64) -> Progress {
        #[cfg(feature = "cli")]
        {
            let bar = (opts.progress && !opts.quiet).then(|| {
                let pb = bar(total, skip, indicatif::ProgressDrawTarget::stderr());
                pb.enable_steady_tick(std::time::Duration::from_millis(200));
                pb
            });
            Progress { bar, total, resumed: (skip > 0).into() }
        }
        #[cfg(not(feature = "cli"))]
        Progress { total, resumed: (skip > 0).into() }
    }

    /// A chunk was written.
    #[cfg_attr(not(feature = "cli"), allow(unused_variables))]
    pub fn advance(&self, chunk: &ChunkOutput, pairs: u64, failed: u64, bytes: u64, start: Instant) {
        #[cfg(feature = "cli")]
        if let Some(pb) = &self.bar {
            if self.total.is_some() {
                if let Some(p) = chunk.pairs.iter().map(|p| p.input_pos).max().filter(|&p| p > pb.position())
                {
                    pb.set_position(p);
                    if self.resumed.swap(false, std::sync::atomic::Ordering::Relaxed) {
                        pb.reset_eta();
                    }
                }
            }
            let secs = start.elapsed().as_secs_f64().max(1e-3);
            pb.set_message(format!(
                "{pairs} pairs ({:.0}/s), {failed} failed, {:.1} MB ({:.1} MB/s)",
                pairs as f64 / secs,
                bytes as f64 / 1e6,
                bytes as f64 / 1e6 / secs
            ));
        }
        let _ = self.total;
    }

    /// Print a line on standard error without tearing the display.
    pub fn note(&self, msg: &str) {
        #[cfg(feature = "cli")]
        if let Some(pb) = &self.bar {
            pb.suspend(|| eprintln!("{msg}"));
            return;
        }
        eprintln!("{msg}");
    }

    /// Remove the display.
    pub fn finish(&self) {
        #[cfg(feature = "cli")]
        if let Some(pb) = &self.bar {
            pb.finish_and_clear();
        }
    }
}

#[cfg(all(test, feature = "cli"))]
mod tests {
    use super::*;
    use crate::batch::input::{pairs_with_backlog, InputOptions};
    use crate::batch::pair::PairOutput;

    fn jsonl(n: usize, tag: &str) -> String {
        (0..n)
            .map(|i| {
                serde_json::json!({"id": format!("{tag}{i}"), "en": "The vote is next week.", "pl": "Głosowanie w przyszłym tygodniu."})
                    .to_string()
                    + "\n"
            })
            .collect()
    }

    fn chunk(pos: u64) -> ChunkOutput {
        ChunkOutput {
            bytes: Vec::new(),
            pairs: vec![PairOutput {
                id: String::new(),
                input_bytes: 0,
                input_pos: pos,
                status: crate::batch::journal::Status::Ok,
                stats: Default::default(),
                hash: 0,
                end: 0,
                error: None,
                warnings: Vec::new(),
            }],
        }
    }

    #[test]
    fn the_bar_runs_from_zero_to_the_total_size_of_all_inputs_with_a_time_left() {
        let dir = tempfile::tempdir().unwrap();
        let (a, b) = (dir.path().join("a.jsonl"), dir.path().join("b.jsonl"));
        std::fs::write(&a, jsonl(30, "a")).unwrap();
        std::fs::write(&b, jsonl(20, "b")).unwrap();
        let inputs = vec![a, b];
        let total = crate::batch::known_input_size(&inputs).unwrap();
        assert_eq!(
            total,
            std::fs::metadata(&inputs[0]).unwrap().len() + std::fs::metadata(&inputs[1]).unwrap().len()
        );
        let warnings = crate::batch::walk::Warnings::default();
        let (jobs, _) = pairs_with_backlog(
            &inputs,
            &InputOptions { max_line_bytes: 1 << 20, ..Default::default() },
            &warnings,
        );
        let pos: Vec<u64> = jobs.map(|j| j.input_pos).collect();
        assert_eq!(pos.len(), 50);
        assert!(pos.windows(2).all(|w| w[0] < w[1]), "the position went back: {pos:?}");
        assert_eq!(*pos.last().unwrap(), total);

        let p = Progress {
            bar: Some(bar(Some(total), 0, indicatif::ProgressDrawTarget::hidden())),
            total: Some(total),
            resumed: false.into(),
        };
        assert!(template(Some(total)).contains("{percent}%") && template(Some(total)).contains("{eta}"));
        assert!(!template(None).contains("{eta}"));
        let pb = p.bar.as_ref().unwrap();
        assert_eq!(pb.length(), Some(total));
        let start = Instant::now();
        for (k, &at) in pos.iter().enumerate().step_by(5) {
            std::thread::sleep(std::time::Duration::from_millis(2));
            p.advance(&chunk(at), k as u64, 0, 0, start);
            assert_eq!(pb.position(), at);
        }
        // A chunk that ends earlier (pairs of a folder carry no position) never moves the bar back.
        p.advance(&chunk(0), 50, 0, 0, start);
        assert_eq!(pb.position(), pos[45]);
        assert!(pb.eta() < std::time::Duration::from_secs(3600), "{:?}", pb.eta());
        p.advance(&chunk(total), 50, 0, 0, start);
        assert_eq!(pb.position(), total);
        assert_eq!(pb.eta(), std::time::Duration::ZERO);
    }
}
