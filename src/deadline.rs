//! A time budget that long stages check as they go (`--pair-timeout`).
//!
//! A [`Deadline`] is carried in [`AlignOptions`](crate::AlignOptions); stages whose work can grow
//! faster than their input (the pairings of quote alignment, the sentence pairs of comparable
//! alignment) call [`Deadline::expired`] once per outer step and stop early when it is past. The
//! caller then discards the partial result: batch reports the pair as a timeout error record. A
//! check reads the clock only every [`CHECK_EVERY`] calls, so it costs next to nothing.
//!
//! The per-document stages (sentence splitting, quotation extraction) take no options to carry a
//! deadline in; batch sets the pair's deadline for the worker thread with [`scope`], and they call
//! [`current_expired`] once per paragraph (and the splitter once per 64 KiB inside a paragraph).
//! Outside a scope there is no deadline and the check is a thread-local read.

use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Calls between two readings of the clock.
pub const CHECK_EVERY: u32 = 64;

/// A point in time after which work should stop (none: never), and optionally a second reason to
/// stop that is checked with the clock ([`Deadline::with_check`]: batch's memory budget per pair).
#[derive(Clone, Default)]
pub struct Deadline {
    at: Option<Instant>,
    calls: Arc<AtomicU32>,
    hit: Arc<std::sync::atomic::AtomicBool>,
    check: Option<Arc<dyn Fn() -> bool + Send + Sync>>,
}

impl std::fmt::Debug for Deadline {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Deadline")
            .field("at", &self.at)
            .field("hit", &self.hit.load(Ordering::Relaxed))
            .field("check", &self.check.is_some())
            .finish()
    }
}

impl Deadline {
    /// No deadline.
    pub fn none() -> Deadline {
        Deadline::default()
    }

    /// A deadline `limit` from now (`None`: no deadline).
    pub fn after(limit: Option<Duration>) -> Deadline {
        Deadline { at: limit.and_then(|l| Instant::now().checked_add(l)), ..Default::default() }
    }

    /// The same deadline, which also stops work once `check` says so. `check` is called when the clock
    /// is read (every [`CHECK_EVERY`] calls of [`Deadline::expired`]), on the thread doing the work:
    /// batch passes "this pair's memory is over its budget", so a stage whose allocations grow past
    /// the budget stops early instead of running on until the system refuses memory.
    pub fn with_check(self, check: impl Fn() -> bool + Send + Sync + 'static) -> Deadline {
        Deadline { check: Some(Arc::new(check)), ..self }
    }

    /// Whether the deadline has passed or the check stops the work (reads the clock every
    /// [`CHECK_EVERY`] calls; once true, always true).
    pub fn expired(&self) -> bool {
        if self.at.is_none() && self.check.is_none() {
            return false;
        }
        if self.hit.load(Ordering::Relaxed) {
            return true;
        }
        if !self.calls.fetch_add(1, Ordering::Relaxed).is_multiple_of(CHECK_EVERY) {
            return false;
        }
        let past = self.at.is_some_and(|at| Instant::now() >= at) || self.check.as_ref().is_some_and(|c| c());
        if past {
            self.hit.store(true, Ordering::Relaxed);
        }
        past
    }

    /// Whether work should stop, reading the clock and calling the check now.
    pub fn passed(&self) -> bool {
        if self.hit.load(Ordering::Relaxed) {
            return true;
        }
        let past = self.at.is_some_and(|at| Instant::now() >= at) || self.check.as_ref().is_some_and(|c| c());
        if past {
            self.hit.store(true, Ordering::Relaxed);
        }
        past
    }
}

thread_local! {
    /// The deadline set by [`scope`] on this thread.
    static CURRENT: std::cell::RefCell<Option<Deadline>> = const { std::cell::RefCell::new(None) };
}

/// Run `f` with `deadline` as this thread's deadline (see [`current_expired`]); the previous one is
/// restored afterwards, even if `f` panics.
pub fn scope<R>(deadline: &Deadline, f: impl FnOnce() -> R) -> R {
    struct Restore(Option<Deadline>);
    impl Drop for Restore {
        fn drop(&mut self) {
            let prev = self.0.take();
            CURRENT.with(|c| *c.borrow_mut() = prev);
        }
    }
    let prev = CURRENT.with(|c| c.borrow_mut().replace(deadline.clone()));
    let _restore = Restore(prev);
    f()
}

/// Whether the deadline of this thread's [`scope`] has passed (false outside a scope). Reads the
/// clock every [`CHECK_EVERY`] calls, like [`Deadline::expired`].
pub fn current_expired() -> bool {
    CURRENT.with(|c| c.borrow().as_ref().is_some_and(Deadline::expired))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn expires_once_past_and_never_without_a_limit() {
        assert!(!Deadline::none().expired() && !Deadline::none().passed());
        let d = Deadline::after(Some(Duration::ZERO));
        assert!(d.expired(), "the first call reads the clock");
        assert!(d.expired() && d.passed());
        let later = Deadline::after(Some(Duration::from_secs(3600)));
        assert!((0..1000).all(|_| !later.expired()));
    }

    #[test]
    fn a_check_stops_the_work_without_a_time_limit() {
        let stop = Arc::new(std::sync::atomic::AtomicBool::new(false));
        let flag = stop.clone();
        let d = Deadline::none().with_check(move || flag.load(Ordering::Relaxed));
        assert!((0..1000).all(|_| !d.expired()) && !d.passed());
        stop.store(true, Ordering::Relaxed);
        assert!((0..=CHECK_EVERY).any(|_| d.expired()), "seen at the next reading of the clock");
        stop.store(false, Ordering::Relaxed);
        assert!(d.expired() && d.passed(), "and for good");
    }

    #[test]
    fn a_scope_sets_the_threads_deadline_and_restores_the_previous_one() {
        assert!(!current_expired());
        let past = Deadline::after(Some(Duration::ZERO));
        scope(&past, || {
            assert!(current_expired());
            scope(&Deadline::none(), || assert!(!current_expired()));
            assert!(current_expired());
            let other = std::thread::spawn(current_expired).join().unwrap();
            assert!(!other, "the deadline is the thread's own");
        });
        assert!(!current_expired());
        let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| scope(&past, || panic!("stage"))));
        assert!(r.is_err() && !current_expired());
    }

    /// A long text: many paragraphs of many sentences, quotations in each.
    fn long_text(paragraphs: usize) -> String {
        let para =
            "The minister said on Monday that \"the plan will go ahead\". Critics were not convinced. \
                    \"It is too late,\" one of them said. The vote is expected next week. "
                .repeat(20);
        vec![para; paragraphs].join("\n\n")
    }

    #[test]
    fn splitting_and_quote_extraction_stop_once_the_scope_deadline_has_passed() {
        let opts = crate::ingest::IngestOptions::default();
        let text = long_text(400);
        let full = crate::analyze("long", text.as_bytes(), &opts).unwrap();
        assert!(full.sentences.len() > 20_000 && full.quotes.len() > 10_000);
        let past = Deadline::after(Some(Duration::ZERO));
        let mut doc = crate::ingest::ingest_bytes("long", text.as_bytes(), &opts).unwrap();
        crate::lang::route(&mut doc);
        scope(&past, || crate::segment::segment(&mut doc));
        assert!(
            doc.sentences.len() < full.sentences.len() / 10,
            "splitting went on: {}",
            doc.sentences.len()
        );
        doc.sentences = full.sentences.clone();
        scope(&past, || crate::quote::extract(&mut doc));
        assert!(doc.quotes.len() < full.quotes.len() / 10, "extraction went on: {}", doc.quotes.len());
        // One huge paragraph: the splitter checks inside it too.
        let one = text.replace("\n\n", " ");
        let mut doc = crate::ingest::ingest_bytes("one", one.as_bytes(), &opts).unwrap();
        crate::lang::route(&mut doc);
        assert_eq!(doc.paragraphs.len(), 1);
        scope(&past, || crate::segment::segment(&mut doc));
        assert!(
            doc.sentences.len() < full.sentences.len() / 10,
            "splitting went on: {}",
            doc.sentences.len()
        );
    }

    #[test]
    fn the_gap_programs_of_translation_alignment_stop_once_the_deadline_has_passed() {
        use crate::align::{align, AlignOptions, Mode};
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/corpus/align-dev/wmt20-enpl");
        let opts = crate::ingest::IngestOptions::default();
        let (mut on_time, mut late) = (0, 0);
        for a in 0..8 {
            let read = |side: &str| std::fs::read(format!("{dir}/a{a:02}/deleted/{side}.txt")).unwrap();
            let en = crate::analyze("en", &read("en"), &opts).unwrap();
            let pl = crate::analyze("pl", &read("pl"), &opts).unwrap();
            let gaps = |o: &AlignOptions| {
                let a = align(&en, &pl, o);
                a.sentences
                    .iter()
                    .filter(|l| l.evidence.method.as_deref().is_some_and(|m| m.contains("gap")))
                    .count()
            };
            let o = AlignOptions { mode: Some(Mode::Translation), ..Default::default() };
            on_time += gaps(&o);
            late += gaps(&AlignOptions { deadline: Deadline::after(Some(Duration::ZERO)), ..o });
        }
        assert!(on_time > 0, "no link was found in a gap");
        assert_eq!(late, 0, "the gap programs went on past the deadline");
    }
}
