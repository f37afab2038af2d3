//! mimalloc's settings, made before the program's first allocation.
//!
//! Arena memory is committed as it is used, not when mimalloc reserves an arena (its default on
//! Linux, where such arenas are also backed by transparent huge pages). Committed at reservation,
//! `detect --by paragraph` of 20 MB of Polish peaked at 67 MB of RSS and a 10 MB batch with `--jobs 2`
//! at about 85 MB; committed on use, 47 MB and 36 MB. The price is page faults on large documents:
//! batch time is unchanged within noise, but `split` of one 20 MB file takes about 30 ms more
//! (docs/PERFORMANCE.md). `MIMALLOC_ARENA_EAGER_COMMIT=2` restores mimalloc's default.
//!
//! The option is set as a default, so `MIMALLOC_ARENA_EAGER_COMMIT` in the environment still decides.
//! It must be set before the first arena is reserved, which the first allocation does, and the Rust
//! runtime allocates before `main`: it is set from the executable's initialisers instead, which the
//! loader runs before the runtime starts.

/// mimalloc's `mi_option_arena_eager_commit`: its place in `mi_option_e` of mimalloc v3's
/// `mimalloc.h`, the version libmimalloc-sys builds by default (the crate names no constant for it).
const MI_OPTION_ARENA_EAGER_COMMIT: libmimalloc_sys::mi_option_t = 4;

extern "C" fn configure() {
    // SAFETY: mi_option_set_default stores a number for a known option; no pointer is passed and no
    // other thread exists yet.
    unsafe { libmimalloc_sys::mi_option_set_default(MI_OPTION_ARENA_EAGER_COMMIT, 0) };
}

/// Run by the loader before the Rust runtime starts (an ELF initialiser, as C's constructors are).
#[cfg(target_os = "linux")]
#[used]
#[link_section = ".init_array"]
static CONFIGURE: extern "C" fn() = configure;

/// Elsewhere the option is set at the start of `main` (after the runtime's first allocations).
#[cfg(not(target_os = "linux"))]
pub fn early() {
    configure();
}

/// On Linux the initialiser has already run.
#[cfg(target_os = "linux")]
pub fn early() {}
