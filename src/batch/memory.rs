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
//! not unwind). Before it does, [`Counting`] writes the pair the refusing thread was aligning (its place
//! in the input, set by [`working_on`]) and the size refused to the run's abort log ([`AbortLog`],
//! beside the journal), with one `write` call and no allocation; `--resume` then continues after the
//! chunks already written and gives each pair in the log an error record (kind `limit`) instead of
//! aligning it again, so a record that exhausts memory ends one run, not every resumed one (a kill by
//! the out-of-memory killer, which leaves no such line, is handled by [`super::inflight`]). The
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
use std::collections::HashMap;
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicI32, Ordering};

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

/// No pair: the thread is not aligning one.
const NO_PAIR: u64 = u64::MAX;

thread_local! {
    /// The pair this thread is aligning, by its place in the input ([`working_on`]).
    static AT_PAIR: Cell<u64> = const { Cell::new(NO_PAIR) };
}

/// The file descriptor of the run's abort log, -1 when there is none.
static ABORT_FD: AtomicI32 = AtomicI32::new(-1);

/// Test builds: the pair (by place) whose allocations are refused (`BIALIGN_FAULT=refuse-alloc:N`).
#[cfg(debug_assertions)]
static REFUSE_IN: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(NO_PAIR);

/// Note that this thread now aligns the pair at place `pair` of the input (`None`: no pair), for the
/// abort log.
pub fn working_on(pair: Option<u64>) {
    let _ = AT_PAIR.try_with(|p| p.set(pair.unwrap_or(NO_PAIR)));
}

/// Test builds only: refuse every allocation made while the pair at place `pair` is aligned, as a
/// system out of memory would (`BIALIGN_FAULT=refuse-alloc:N`, read by batch).
#[cfg(debug_assertions)]
pub(crate) fn refuse_in_pair(pair: u64) {
    REFUSE_IN.store(pair, Ordering::Relaxed);
}

#[inline]
fn refuse_here() -> bool {
    #[cfg(debug_assertions)]
    {
        let r = REFUSE_IN.load(Ordering::Relaxed);
        r != NO_PAIR && AT_PAIR.try_with(Cell::get).is_ok_and(|p| p == r)
    }
    #[cfg(not(debug_assertions))]
    {
        false
    }
}

/// An allocation of `size` bytes was refused, and the process is about to end: the pair at work on
/// this thread goes to the abort log as `PLACE<TAB>SIZE`, written with one call from a stack buffer.
#[cold]
fn refused(size: usize) {
    let pair = AT_PAIR.try_with(Cell::get).unwrap_or(NO_PAIR);
    let fd = ABORT_FD.load(Ordering::Relaxed);
    if pair == NO_PAIR || fd < 0 {
        return;
    }
    let mut buf = [0u8; 48];
    let n = log_line(&mut buf, pair, size as u64);
    write_raw(fd, &buf[..n]);
}

/// The abort log's line `PAIR<TAB>SIZE\n` in `buf`; its length.
fn log_line(buf: &mut [u8; 48], pair: u64, size: u64) -> usize {
    let mut n = push_decimal(buf, 0, pair);
    buf[n] = b'\t';
    n = push_decimal(buf, n + 1, size);
    buf[n] = b'\n';
    n + 1
}

/// `v` in decimal at `buf[at..]`; the index after it.
pub(super) fn push_decimal(buf: &mut [u8], at: usize, mut v: u64) -> usize {
    let mut digits = [0u8; 20];
    let mut k = 0;
    loop {
        digits[k] = b'0' + (v % 10) as u8;
        k += 1;
        v /= 10;
        if v == 0 {
            break;
        }
    }
    for (i, d) in digits[..k].iter().rev().enumerate() {
        buf[at + i] = *d;
    }
    at + k
}

#[cfg(unix)]
fn write_raw(fd: i32, bytes: &[u8]) {
    use std::io::Write;
    use std::os::fd::FromRawFd;
    // SAFETY: `fd` is the abort log's descriptor, open for as long as it is published in ABORT_FD
    // (AbortLog withdraws it before closing the file); ManuallyDrop keeps this handle from closing it.
    let f = std::mem::ManuallyDrop::new(unsafe { std::fs::File::from_raw_fd(fd) });
    let _ = (&*f).write(bytes);
}

#[cfg(not(unix))]
fn write_raw(_fd: i32, _bytes: &[u8]) {}

/// The abort log of a batch run writing a file: while it is open, a refused allocation records the
/// pair at work there before the process ends (see the module documentation).
#[derive(Debug)]
pub struct AbortLog {
    file: std::fs::File,
}

impl AbortLog {
    /// Open (append to) the abort log at `path` and publish it for [`Counting`].
    pub fn open(path: &Path) -> std::io::Result<AbortLog> {
        let file = std::fs::OpenOptions::new().create(true).append(true).open(path)?;
        #[cfg(unix)]
        {
            use std::os::fd::AsRawFd;
            ABORT_FD.store(file.as_raw_fd(), Ordering::Relaxed);
        }
        Ok(AbortLog { file })
    }
}

impl Drop for AbortLog {
    fn drop(&mut self) {
        #[cfg(unix)]
        {
            use std::os::fd::AsRawFd;
            let fd = self.file.as_raw_fd();
            let _ = ABORT_FD.compare_exchange(fd, -1, Ordering::Relaxed, Ordering::Relaxed);
        }
    }
}

/// The pairs of an abort log (place in the input → bytes refused, the first refusal of each: the
/// runtime's report of it may be refused too); a missing log has none, and an incomplete last line
/// is left out.
pub fn read_aborts(path: &Path) -> HashMap<u64, u64> {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let mut out = HashMap::new();
    for l in text.split_inclusive('\n') {
        let parsed = l
            .strip_suffix('\n')
            .and_then(|l| l.split_once('\t'))
            .and_then(|(pair, size)| Some((pair.parse::<u64>().ok()?, size.parse::<u64>().ok()?)));
        if let Some((pair, size)) = parsed {
            out.entry(pair).or_insert(size);
        }
    }
    out
}

#[inline]
fn shrank(n: usize) {
    let _ = LIVE.try_with(|live| live.set(live.get().wrapping_sub(n as i64)));
}

// SAFETY: every call is passed on unchanged to the allocator `A`, which upholds `GlobalAlloc`'s
// contract (or, in test builds, answered with null as a refusing allocator may); the counting around
// it only reads and writes this thread's `Cell`s (constant-initialised and without destructors, so
// they never allocate) and atomics, and a refusal writes one line from the stack; it never unwinds.
unsafe impl<A: GlobalAlloc> GlobalAlloc for Counting<A> {
    #[inline]
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if refuse_here() {
            refused(layout.size());
            return std::ptr::null_mut();
        }
        // SAFETY: the caller's guarantees for `layout` are passed on.
        let p = unsafe { self.0.alloc(layout) };
        if p.is_null() {
            refused(layout.size());
        } else {
            grew(layout.size());
        }
        p
    }

    #[inline]
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        if refuse_here() {
            refused(layout.size());
            return std::ptr::null_mut();
        }
        // SAFETY: as for `alloc`.
        let p = unsafe { self.0.alloc_zeroed(layout) };
        if p.is_null() {
            refused(layout.size());
        } else {
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
        if refuse_here() {
            refused(new_size);
            return std::ptr::null_mut();
        }
        // SAFETY: as for `dealloc`; the caller's guarantees for `new_size` are passed on.
        let p = unsafe { self.0.realloc(ptr, layout, new_size) };
        if p.is_null() {
            refused(new_size);
        } else {
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
    use std::io::Write;

    #[global_allocator]
    static COUNTING: Counting<std::alloc::System> = Counting(std::alloc::System);

    #[test]
    fn abort_log_lines_are_written_whole_and_read_back() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("aborts");
        let log = AbortLog::open(&path).unwrap();
        let mut buf = [0u8; 48];
        for (pair, size) in [(7, 123_456), (0, u64::MAX), (7, 1)] {
            let n = log_line(&mut buf, pair, size);
            #[cfg(unix)]
            write_raw(std::os::fd::AsRawFd::as_raw_fd(&log.file), &buf[..n]);
        }
        drop(log);
        // A line cut short by the end of the process is left out.
        std::fs::OpenOptions::new().append(true).open(&path).unwrap().write_all(b"9\t1").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "7\t123456\n0\t18446744073709551615\n7\t1\n9\t1");
        assert_eq!(read_aborts(&path), HashMap::from([(7, 123_456), (0, u64::MAX)]));
        assert!(read_aborts(&dir.path().join("none")).is_empty());
    }

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
