//! mimalloc's settings, made before the program's first allocation.
//!
//! `batch`, `pair` and `detect` commit arena memory as they use it, not when mimalloc reserves an
//! arena (its default on Linux, where such arenas are also backed by transparent huge pages).
//! - `batch` and `pair` go through many documents, freeing each one's memory for the next, and memory
//!   committed at reservation stays resident: a batch of 100 MB with `--jobs 2` peaked at 80 MB of RSS,
//!   committed on use at 34 MB, with batch time unchanged within noise (docs/PERFORMANCE.md).
//! - `detect` routes every paragraph of its input and keeps little of it: `detect --by paragraph` of
//!   20 MB of Polish peaks at 46 MB of RSS instead of 66 MB, in the same time (medians of 11
//!   alternating runs: 0.46 s and 0.49 s).
//!
//! The other commands keep the default: there the huge pages save page faults, and committing on use
//! made `split` of a 20 MB file about 25% slower.
//!
//! The option is set as a default, so `MIMALLOC_ARENA_EAGER_COMMIT` in the environment still decides.
//! It must be set before the first arena is reserved, which the first allocation does, and the Rust
//! runtime allocates before `main`: it is set from the executable's initialisers, which the loader
//! runs before the runtime starts, with the program's arguments (where the command is read).

// (Elsewhere nothing is set: mimalloc keeps its defaults.)
#![cfg_attr(not(target_os = "linux"), allow(dead_code))]

use std::ffi::{c_char, c_int, CStr};

/// mimalloc's `mi_option_arena_eager_commit`: its place in `mi_option_e` of mimalloc v3's
/// `mimalloc.h`, the version libmimalloc-sys builds by default (the crate names no constant for it).
const MI_OPTION_ARENA_EAGER_COMMIT: libmimalloc_sys::mi_option_t = 4;

/// The commands that commit arena memory on use.
const COMMIT_ON_USE: &[&[u8]] = &[b"batch", b"pair", b"detect"];

/// Whether the command (the first argument that is no option) commits arena memory on use.
fn commits_on_use(args: impl Iterator<Item = &'static [u8]>) -> bool {
    args.skip(1).find(|a| !a.starts_with(b"-")).is_some_and(|c| COMMIT_ON_USE.contains(&c))
}

#[cfg(target_os = "linux")]
extern "C" fn configure(argc: c_int, argv: *const *const c_char, _envp: *const *const c_char) {
    let n = usize::try_from(argc).unwrap_or(0);
    // SAFETY: the loader passes the program's argc and argv (NUL-terminated strings that live for the
    // whole process) to ELF initialisers; a null argv or entry is read as none.
    let args = (0..n).map_while(|i| {
        let p = if argv.is_null() { std::ptr::null() } else { unsafe { *argv.add(i) } };
        (!p.is_null()).then(|| unsafe { CStr::from_ptr(p) }.to_bytes())
    });
    if commits_on_use(args) {
        // SAFETY: mi_option_set_default stores a number for a known option; no pointer is passed and no
        // other thread exists yet.
        unsafe { libmimalloc_sys::mi_option_set_default(MI_OPTION_ARENA_EAGER_COMMIT, 0) };
    }
}

/// Run by the loader before the Rust runtime starts (an ELF initialiser, as C's constructors are).
#[cfg(target_os = "linux")]
#[used]
#[link_section = ".init_array"]
static CONFIGURE: extern "C" fn(c_int, *const *const c_char, *const *const c_char) = configure;

#[cfg(test)]
mod tests {
    #[test]
    fn batch_pair_and_detect_commit_on_use_and_the_others_not() {
        let yes = |a: &[&'static str]| super::commits_on_use(a.iter().map(|s| s.as_bytes()));
        assert!(yes(&["bialign", "batch", "in.jsonl"]) && yes(&["bialign", "pair", "a", "b"]));
        assert!(yes(&["bialign", "detect", "f.txt", "--by", "paragraph"]));
        assert!(!yes(&["bialign", "split", "batch"]) && !yes(&["bialign", "--help"]) && !yes(&["bialign"]));
        assert!(!yes(&["bialign", "align", "detect", "x"]));
    }
}
