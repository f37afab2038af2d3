//! A time budget that long stages check as they go (`--pair-timeout`).
//!
//! A [`Deadline`] is carried in [`AlignOptions`](crate::AlignOptions); stages whose work can grow
//! faster than their input (the pairings of quote alignment, the sentence pairs of comparable
//! alignment) call [`Deadline::expired`] once per outer step and stop early when it is past. The
//! caller then discards the partial result: batch reports the pair as a timeout error record. A
//! check reads the clock only every [`CHECK_EVERY`] calls, so it costs next to nothing.

use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Calls between two readings of the clock.
pub const CHECK_EVERY: u32 = 64;

/// A point in time after which work should stop (none: never).
#[derive(Debug, Clone, Default)]
pub struct Deadline {
    at: Option<Instant>,
    calls: Arc<AtomicU32>,
    hit: Arc<std::sync::atomic::AtomicBool>,
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

    /// Whether the deadline has passed (reads the clock every [`CHECK_EVERY`] calls; once true,
    /// always true).
    pub fn expired(&self) -> bool {
        let Some(at) = self.at else { return false };
        if self.hit.load(Ordering::Relaxed) {
            return true;
        }
        if !self.calls.fetch_add(1, Ordering::Relaxed).is_multiple_of(CHECK_EVERY) {
            return false;
        }
        let past = Instant::now() >= at;
        if past {
            self.hit.store(true, Ordering::Relaxed);
        }
        past
    }

    /// Whether the deadline has passed, reading the clock now.
    pub fn passed(&self) -> bool {
        self.at.is_some_and(|at| self.hit.load(Ordering::Relaxed) || Instant::now() >= at)
    }
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
}
