//! Split a text file's paragraphs (one per line) with bialign's splitter and measure its speed.
//!
//!     cargo run --release --example split_speed -- FILE en|pl [SECONDS]
//!
//! Prints one JSON object per sentence (`{"start":…,"end":…}`, byte offsets into FILE) on
//! standard output, and the splitting speed (paragraph bytes per second on one core, input
//! already in memory, repeated for at least SECONDS, default 1) on standard error as
//! `MB/s <value>`. Used by scripts/compare_splitters.py.

use std::time::{Duration, Instant};

use bialign::{ingest, segment, Lang};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() < 3 {
        eprintln!("usage: split_speed FILE en|pl [SECONDS]");
        std::process::exit(2);
    }
    let text = match std::fs::read_to_string(&args[1]) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("split_speed: {}: {e}", args[1]);
            std::process::exit(2);
        }
    };
    let Some(lang) = Lang::parse(&args[2]) else {
        eprintln!("split_speed: unknown language {}", args[2]);
        std::process::exit(2);
    };
    let secs: f64 = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(1.0);
    let paras = ingest::paragraphs(&text);
    let bytes: usize = paras.iter().map(|p| p.span.len()).sum();

    let mut out = String::new();
    for p in &paras {
        for s in segment::split_paragraph(&text, p.span, lang) {
            out.push_str(&format!("{{\"start\":{},\"end\":{}}}\n", s.start, s.end));
        }
    }
    print!("{out}");

    let start = Instant::now();
    let mut rounds = 0u64;
    let mut count = 0usize;
    while start.elapsed() < Duration::from_secs_f64(secs) || rounds == 0 {
        for p in &paras {
            count += segment::split_paragraph(&text, p.span, lang).len();
        }
        rounds += 1;
    }
    let el = start.elapsed().as_secs_f64();
    std::hint::black_box(count);
    eprintln!("MB/s {:.1}", bytes as f64 * rounds as f64 / el / 1e6);
}
