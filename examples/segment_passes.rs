//! Run the segment bench's splitting (`benches/segment.rs`: the sample article and every dev
//! article of one language, one paragraph a line) a fixed number of times, for instruction
//! counts under callgrind, which are steadier than timings on a shared machine:
//!
//!     cargo build --release --example segment_passes
//!     valgrind --tool=callgrind --toggle-collect='*segment_passes*one_pass*' \
//!         target/release/examples/segment_passes en 10
//!
//! Prints the number of sentences of one pass and the paragraph bytes of one pass; the
//! instructions of one pass are the collected total divided by the number of passes.

#[path = "../benches/common/segment_corpus.rs"]
mod segment_corpus;

use bialign::{ingest, segment, Lang, Span};

/// One pass of the bench: every paragraph split once.
#[inline(never)]
fn one_pass(text: &str, paras: &[Span], lang: Lang) -> usize {
    let mut n = 0;
    for &p in paras {
        n += segment::split_paragraph(std::hint::black_box(text), p, lang).len();
    }
    n
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (Some(code), Some(passes)) = (args.get(1), args.get(2).and_then(|s| s.parse::<usize>().ok())) else {
        eprintln!("usage: segment_passes en|pl PASSES");
        std::process::exit(2);
    };
    let Some(lang) = Lang::parse(code) else {
        eprintln!("segment_passes: unknown language {code}");
        std::process::exit(2);
    };
    let text = segment_corpus::corpus(code);
    let paras: Vec<Span> = ingest::paragraphs(&text).iter().map(|p| p.span).collect();
    let bytes: usize = paras.iter().map(|p| p.len()).sum();
    // the rules are built on first use, outside the counted passes
    let _ = segment::split_str("A. B.", lang);
    let mut n = 0;
    for _ in 0..passes {
        n = one_pass(&text, &paras, lang);
    }
    println!("{code}: {n} sentences, {bytes} bytes a pass");
}
