//! The memory a batch pair really takes, measured as it is aligned (`--max-pair-memory`).
//!
//! Before any work, a pair is refused when the memory its text would need is estimated over the
//! budget ([`super::pair::memory_estimate`]). The estimate is an upper bound for the input shapes
//! measured, but it is only an estimate; so the command line's global allocator is [`Counting`], which
//! keeps, for each thread, the bytes it has allocated less the bytes it has freed, and the peak of
//! that since the thread last called [`mark`]. A batch worker marks the start of a pair and, after each
//! stage, asks [`over`] whether the pair's peak went over its budget: if so the pair becomes an
//! error record (kind `limit`) and the run goes on.
//!
//! What this covers, honestly: the long stages that check the pair's deadline (the splitter, quote
//! extraction, sentence features, the gap programs, comparable edges, quote pairing) also stop as
//! soon as the pair's peak is over the budget (batch gives the deadline that check,
//! [`crate::deadline::Deadline::with_check`]); one large allocation (a gap program's table) still
//! goes over before any check sees it, so such a pair is stopped at the end of that stage, *if the
//! process survives it*. An allocation the system
//! refuses inside a stage (an out-of-memory kill, a container limit, `ulimit -v`) still ends the
//! process, because stable Rust aborts on a failed infallible allocation (and a global allocator may
//! not unwind); the journal then lets `--resume` continue after the chunks already written. The
//! largest buffers a pair's output needs are reserved fallibly (`try_reserve`), so a refused
//! reservation there is an error record too. The budget should therefore sit well below the memory
//! the process may use, divided by the worker threads.
//!
//! The counts are per thread: memory a pair's thread frees that another thread allocated lowers the
//! count (batch hands whole pairs to one thread, so this stays small), and the first pair on a thread
//! also carries what is loaded once for the whole process on first use (the word lists and rules:
//! about 7 MB, against a default budget of 1 GiB). Without [`Counting`] installed
//! (the library used on its own) [`over`] never reports anything.

use std::alloc::{GlobalAlloc, Layout};
use std::cell::Cell;
use std::sync::atomic::{AtomicBool, Ordering};

/// A global allocator that counts each thread's live bytes and their peak, around the allocator `A`
/// (`#[global_allocator] static A: Counting<mimalloc::MiMalloc> = Counting(mimalloc::MiMalloc);`).
pub struct Counting<A>(pub A);

/// Whether a [`Counting`] allocator has served an allocation in this process.
static INSTALLED: AtomicBool = AtomicBool::new(false);

thread_local! {
    /// Bytes allocated less bytes freed by this thread (negative when it frees others' memory).
    static LIVE: Cell<i64> = const { Cell::new(0) };
    /// The highest `LIVE` since the last [`mark`].
    static PEAK: Cell<i64> = const { Cell::new(0) };
}

#[inline]
fn grew(n: usize) {
    // `try_with`: no count while the thread's locals are being torn down.
    let _ = LIVE.try_with(|live| {
        let v = live.get().wrapping_add(n as i64);
        live.set(v);
        let _ = PEAK.try_with(|p| {
            if v > p.get() {
                p.set(v)
            }
        });
    });
}

#[inline]
fn shrank(n: usize) {
    let _ = LIVE.try_with(|live| live.set(live.get().wrapping_sub(n as i64)));
}

// SAFETY: every call is passed on unchanged to the allocator `A`, which upholds `GlobalAlloc`'s
// contract; the counting around it only reads and writes this thread's `Cell`s (constant-initialised
// and without destructors, so they never allocate) and one atomic flag, and it never unwinds.
unsafe impl<A: GlobalAlloc> GlobalAlloc for Counting<A> {
    #[inline]
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's guarantees for `layout` are passed on.
        let p = unsafe { self.0.alloc(layout) };
        if !p.is_null() {
            grew(layout.size());
        }
        p
    }

    #[inline]
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: as for `alloc`.
        let p = unsafe { self.0.alloc_zeroed(layout) };
        if !p.is_null() {
            grew(layout.size());
        }
        p
    }

    #[inline]
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` was allocated by `self.0` (every allocation goes through it) with `layout`.
        unsafe { self.0.dealloc(ptr, layout) };
        shrank(layout.size());
    }

    #[inline]
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: as for `dealloc`; the caller's guarantees for `new_size` are passed on.
        let p = unsafe { self.0.realloc(ptr, layout, new_size) };
        if !p.is_null() {
            if new_size >= layout.size() {
                grew(new_size - layout.size());
            } else {
                shrank(layout.size() - new_size);
            }
        }
        p
    }
}

impl<A> Counting<A> {
    /// Note that this allocator is the process's (call once at start: [`over`] reports nothing until
    /// then).
    pub fn install(&self) {
        INSTALLED.store(true, Ordering::Relaxed);
    }
}

/// A point in a thread's allocations (from [`mark`]).
#[derive(Debug, Clone, Copy)]
pub struct Mark {
    base: i64,
}

/// Start measuring on this thread: the peak is reset to the bytes live now.
pub fn mark() -> Mark {
    let base = LIVE.try_with(Cell::get).unwrap_or(0);
    let _ = PEAK.try_with(|p| p.set(base));
    Mark { base }
}

/// The most bytes this thread has held beyond what it held at `m` (`None` without [`Counting`]).
pub fn peak_since(m: Mark) -> Option<u64> {
    if !INSTALLED.load(Ordering::Relaxed) {
        return None;
    }
    let peak = PEAK.try_with(Cell::get).ok()?;
    Some(peak.saturating_sub(m.base).max(0) as u64)
}

/// The peak since `m` when it is over `budget` (0: no budget).
pub fn over(m: Mark, budget: u64) -> Option<u64> {
    if budget == 0 {
        return None;
    }
    peak_since(m).filter(|&p| p > budget)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[global_allocator]
    static COUNTING: Counting<std::alloc::System> = Counting(std::alloc::System);

    #[test]
    fn the_peak_since_a_mark_is_measured_on_the_thread_that_allocates() {
        COUNTING.install();
        let m = mark();
        let v: Vec<u8> = vec![1; 8 << 20];
        let peak = peak_since(m).unwrap();
        assert!(peak >= 8 << 20, "{peak}");
        drop(v);
        // The peak stays after the memory is freed; a new mark starts again from what is live.
        assert!(peak_since(m).unwrap() >= 8 << 20);
        assert!(over(m, 4 << 20).is_some() && over(m, 64 << 20).is_none() && over(m, 0).is_none());
        let m2 = mark();
        assert!(peak_since(m2).unwrap() < 1 << 20);
        // Growing a buffer counts what it grows by.
        let mut g: Vec<u8> = Vec::with_capacity(1 << 20);
        g.resize(6 << 20, 0);
        assert!(peak_since(m2).unwrap() >= 6 << 20);
        // Another thread's allocations are its own.
        let m3 = mark();
        std::thread::spawn(|| drop(vec![0u8; 16 << 20])).join().unwrap();
        assert!(peak_since(m3).unwrap() < 1 << 20, "{:?}", peak_since(m3));
    }
}
