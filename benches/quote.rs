//! Quotation extraction against sentence splitting on the same text: the sample pair and the dev
//! news set (parallel variants, both languages). Each stage is timed alone on documents that already
//! went through ingest and language routing. `floor_*` time two parts of extraction alone (see there).

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
    // Two parts of the work that any extractor keeping this data model must do, timed alone as a
    // floor for `quote_extract`: finding every byte that can start a quotation mark (`"`, `'`, the lead
    // byte 0xE2 of “ ” ‘ ’ „ ‚ and 0xC2 of « »), and owning one speaker name per quotation.
    g.bench_function("floor_mark_bytes", |b| {
        b.iter(|| {
            let mut n = 0usize;
            for d in docs.iter() {
                let t = d.text.as_bytes();
                n += memchr::memchr3_iter(b'"', b'\'', 0xE2, t).count();
                n += memchr::memchr_iter(0xC2, t).count();
            }
            n
        })
    });
    for d in docs.iter_mut() {
        bialign::quote::extract(d);
    }
    g.bench_function("floor_speaker_strings", |b| {
        b.iter(|| {
            let mut names: Vec<String> = Vec::with_capacity(32);
            let mut n = 0usize;
            for d in docs.iter() {
                names.clear();
                names.extend(d.quotes.iter().map(|q| match &q.speaker {
                    Some(s) => s.name.as_str().to_owned(),
                    None => String::new(),
                }));
                n += names.len();
            }
            n
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
