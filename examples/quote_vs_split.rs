//! Run sentence splitting and quotation extraction N times each over the quote bench's documents (the
//! sample pair and the parallel dev variants), each stage in its own non-inlined function, so that an
//! instruction-count profiler can compare the two stages exactly on a loaded machine:
//!
//! ```text
//! cargo build --release --example quote_vs_split
//! valgrind --tool=callgrind --toggle-collect='quote_vs_split::split_pass' target/release/examples/quote_vs_split 5
//! valgrind --tool=callgrind --toggle-collect='quote_vs_split::quote_pass' target/release/examples/quote_vs_split 5
//! perf stat -e task-clock target/release/examples/quote_vs_split 500 split   # CPU time, split only
//! perf stat -e task-clock target/release/examples/quote_vs_split 500 quote   # CPU time, quotes only
//! perf stat -e task-clock target/release/examples/quote_vs_split 0           # loading alone
//! ```

#[path = "../benches/common/quote_docs.rs"]
mod quote_docs;

use bialign::Document;

fn main() {
    let n: usize = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(5);
    // Optional second argument "split" or "quote": run only that stage (to take its CPU time with
    // `perf stat -e task-clock`, which a busy machine does not inflate the way it does wall time).
    let only = std::env::args().nth(2).unwrap_or_default();
    let mut docs: Vec<Document> = quote_docs::load();
    let t = std::time::Instant::now();
    for _ in 0..if only == "quote" { 0 } else { n } {
        docs.iter_mut().for_each(split_pass);
    }
    let split = t.elapsed();
    let t = std::time::Instant::now();
    for _ in 0..if only == "split" { 0 } else { n } {
        docs.iter_mut().for_each(quote_pass);
    }
    let quote = t.elapsed();
    let bytes: usize = docs.iter().map(|d| d.text.len()).sum();
    let quotes: usize = docs.iter().map(|d| d.quotes.len()).sum();
    println!(
        "{} documents, {bytes} bytes, {quotes} quotes; {n} passes: split {split:?}, quotes {quote:?} ({:.2}x)",
        docs.len(),
        quote.as_secs_f64() / split.as_secs_f64().max(1e-9)
    );
}

#[inline(never)]
fn split_pass(d: &mut Document) {
    bialign::segment::segment(d);
}

#[inline(never)]
fn quote_pass(d: &mut Document) {
    bialign::quote::extract(d);
}
