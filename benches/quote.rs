//! Quotation extraction against sentence splitting on the same text: the sample pair and the dev
//! news set (parallel variants, both languages). Each stage is timed alone on documents that already
//! went through ingest and language routing.

#[path = "common/quote_docs.rs"]
mod quote_docs;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use quote_docs::load;

fn bench(c: &mut Criterion) {
    let mut docs = load();
    let bytes: usize = docs.iter().map(|d| d.text.len()).sum();
    let mut g = c.benchmark_group("sample+dev");
    g.throughput(Throughput::Bytes(bytes as u64));
    g.bench_function("segment", |b| {
        b.iter(|| {
            for d in docs.iter_mut() {
                bialign::segment::segment(d);
            }
        })
    });
    g.bench_function("quote_extract", |b| {
        b.iter(|| {
            for d in docs.iter_mut() {
                bialign::quote::extract(d);
            }
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
