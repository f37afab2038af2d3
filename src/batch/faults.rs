//! The test switches of a batch run: named points where a test build stops or waits, and injected
//! write faults (a full disk, a failed write to disk). Release builds compile none of them in.

/// Test builds only (debug assertions on): `BIALIGN_CRASH_AT=POINT` ends the process at once at that
/// named point, with no clean-up, as `kill -9` would (a point inside the run is named with its chunk,
/// `chunk-written:3`); `BIALIGN_FAULT=sync` makes the final write to disk fail as an I/O error would,
/// `BIALIGN_FAULT=full:N` makes output writes fail as a full disk would once N bytes are written, and
/// `BIALIGN_FAULT=journal-full` does the same to the journal's writes, and `BIALIGN_FAULT=refuse-alloc:N`
/// refuses every allocation made while the pair at place N of the input (from 0) is aligned, as a
/// system out of memory would, and `BIALIGN_FAULT=kill-at-pair:N` sends the process SIGKILL as the pair
/// at place N starts (`kill-at-pair:N:MS`: MS milliseconds later), as the system's out-of-memory killer
/// would (`BIALIGN_CRASH_AT` and
/// `BIALIGN_PAUSE_AT` also name the point `pair-started:N`). Release builds compile none in.
#[cfg(debug_assertions)]
pub(crate) fn crash_point(point: &str) {
    if std::env::var("BIALIGN_CRASH_AT").is_ok_and(|p| p == point) {
        std::process::abort();
    }
}

/// [`crash_point`] for the point `point:n` (the `n`-th chunk, from 0). `BIALIGN_PAUSE_AT=point:n`
/// instead waits there for `BIALIGN_PAUSE_MS` milliseconds (default 3000), so a test can act on a run
/// known to be midway.
#[cfg(debug_assertions)]
pub(crate) fn crash_point_at(point: &str, n: u64) {
    let here = |var: &str| {
        std::env::var(var).is_ok_and(|p| {
            p.strip_prefix(point).and_then(|r| r.strip_prefix(':')).is_some_and(|r| r == n.to_string())
        })
    };
    if here("BIALIGN_CRASH_AT") {
        std::process::abort();
    }
    if here("BIALIGN_PAUSE_AT") {
        let ms = std::env::var("BIALIGN_PAUSE_MS").ok().and_then(|v| v.parse().ok()).unwrap_or(3000);
        std::thread::sleep(std::time::Duration::from_millis(ms));
    }
}

#[cfg(not(debug_assertions))]
pub(crate) fn crash_point(_point: &str) {}

#[cfg(not(debug_assertions))]
pub(crate) fn crash_point_at(_point: &str, _n: u64) {}

#[cfg(debug_assertions)]
pub(crate) fn injected_sync_fault() -> Option<std::io::Error> {
    std::env::var("BIALIGN_FAULT").is_ok_and(|f| f == "sync").then(|| std::io::Error::from_raw_os_error(5))
}

#[cfg(not(debug_assertions))]
pub(crate) fn injected_sync_fault() -> Option<std::io::Error> {
    None
}

/// A full disk once the output holds `written + len` bytes over the `BIALIGN_FAULT=full:N` limit.
#[cfg(debug_assertions)]
pub(crate) fn injected_full(written: u64, len: usize) -> Option<std::io::Error> {
    let limit: u64 = std::env::var("BIALIGN_FAULT").ok()?.strip_prefix("full:")?.parse().ok()?;
    (written + len as u64 > limit).then(|| std::io::Error::from_raw_os_error(28))
}

#[cfg(not(debug_assertions))]
pub(crate) fn injected_full(_written: u64, _len: usize) -> Option<std::io::Error> {
    None
}

/// A full disk for the journal's writes (`BIALIGN_FAULT=journal-full`).
#[cfg(debug_assertions)]
pub(crate) fn injected_journal_full() -> Option<std::io::Error> {
    std::env::var("BIALIGN_FAULT")
        .is_ok_and(|f| f == "journal-full")
        .then(|| std::io::Error::from_raw_os_error(28))
}

#[cfg(not(debug_assertions))]
pub(crate) fn injected_journal_full() -> Option<std::io::Error> {
    None
}

/// `BIALIGN_FAULT=refuse-alloc:N`: set up the allocator's refusals for the run.
#[cfg(debug_assertions)]
pub(crate) fn injected_refusals() {
    if let Some(n) =
        std::env::var("BIALIGN_FAULT").ok().and_then(|f| f.strip_prefix("refuse-alloc:")?.parse().ok())
    {
        super::memory::refuse_in_pair(n);
    }
}

#[cfg(not(debug_assertions))]
pub(crate) fn injected_refusals() {}

/// `BIALIGN_FAULT=kill-at-pair:N`: SIGKILL to this process as the pair at place `pair` starts
/// (`kill-at-pair:N:MS`: MS milliseconds after it starts).
#[cfg(debug_assertions)]
pub(crate) fn injected_kill(pair: u64) {
    let Some(at) =
        std::env::var("BIALIGN_FAULT").ok().and_then(|f| Some(f.strip_prefix("kill-at-pair:")?.to_string()))
    else {
        return;
    };
    let (n, ms) = at.split_once(':').unwrap_or((&at, "0"));
    if n.parse::<u64>().is_ok_and(|n| n == pair) {
        std::thread::sleep(std::time::Duration::from_millis(ms.parse().unwrap_or(0)));
        #[cfg(target_os = "linux")]
        // SAFETY: kill(2) with this process's id and a signal number; no memory is involved.
        unsafe {
            libc::kill(libc::getpid(), libc::SIGKILL);
        }
        std::process::abort();
    }
}

#[cfg(not(debug_assertions))]
pub(crate) fn injected_kill(_pair: u64) {}
