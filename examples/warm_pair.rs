//! Analyse and align one article pair N times in one process, as the Python package's `align` does
//! for each call (both texts analysed from their bytes, languages detected, the pair ordered, then
//! aligned), so that an instruction-count profiler can measure a warm call:
//!
//! ```text
//! cargo build --release --example warm_pair
//! valgrind --tool=callgrind target/release/examples/warm_pair corpus/carrie-diaries 1
//! valgrind --tool=callgrind target/release/examples/warm_pair corpus/carrie-diaries 11
//! ```
//!
//! A warm call costs (total with 11 − total with 1) / 10.

use std::hint::black_box;

/// The Python package's allocator (python/src/lib.rs), so that the profile is the package's.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let dir = std::path::PathBuf::from(args.first().map_or("corpus/carrie-diaries", String::as_str));
    let n: usize = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(11);
    let en = std::fs::read(dir.join("en.txt")).expect("en.txt");
    let pl = std::fs::read(dir.join("pl.txt")).expect("pl.txt");
    let opts = bialign::IngestOptions::default();
    let t = std::time::Instant::now();
    let mut links = 0;
    for _ in 0..n {
        let a = bialign::analyze("en", black_box(&en), &opts).expect("analyze en");
        let b = bialign::analyze("pl", black_box(&pl), &opts).expect("analyze pl");
        let (a, b, _) = bialign::order_pair(a, b).expect("order");
        links += bialign::align(&a, &b, &bialign::AlignOptions::default()).sentences.len();
    }
    println!("{n} calls, {links} links, {:?} a call", t.elapsed() / n.max(1) as u32);
}
