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
}

impl Progress {
    /// A display for `opts` (`total`: the input's size when known; `skip`: pairs already done).
    #[cfg_attr(not(feature = "cli"), allow(unused_variables))]
    pub fn new(opts: &BatchOptions, total: Option<u64>, skip: u64) -> Progress {
        #[cfg(feature = "cli")]
        {
            let bar = (opts.progress && !opts.quiet).then(|| {
                let (pb, template) = match total {
                    Some(t) => (
                        indicatif::ProgressBar::new(t),
                        "{spinner} {elapsed_precise} [{wide_bar}] {percent}% eta {eta} {msg}",
                    ),
                    None => (indicatif::ProgressBar::new_spinner(), "{spinner} {elapsed_precise} {msg}"),
                };
                pb.set_draw_target(indicatif::ProgressDrawTarget::stderr());
                if let Ok(style) = indicatif::ProgressStyle::with_template(template) {
                    pb.set_style(style.progress_chars("=> "));
                }
                pb.enable_steady_tick(std::time::Duration::from_millis(200));
                pb.set_message(format!("{skip} pairs"));
                pb
            });
            Progress { bar, total }
        }
        #[cfg(not(feature = "cli"))]
        Progress { total }
    }

    /// A chunk was written.
    #[cfg_attr(not(feature = "cli"), allow(unused_variables))]
    pub fn advance(&self, chunk: &ChunkOutput, pairs: u64, failed: u64, bytes: u64, start: Instant) {
        #[cfg(feature = "cli")]
        if let Some(pb) = &self.bar {
            if self.total.is_some() {
                if let Some(p) = chunk.pairs.iter().map(|p| p.input_pos).max() {
                    pb.set_position(p);
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
