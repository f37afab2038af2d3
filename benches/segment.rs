//! Speed of the sentence splitter (bytes of paragraph text per second, one core) on the sample
//! pair and on the dev news (every parallel-variant article of corpus/align-dev), per language.
//!
//!     cargo bench --bench segment
//!
//! sentencex on the same text, for the ratio: python3 scripts/compare_splitters.py --set dev

#[path = "common/segment_corpus.rs"]
mod segment_corpus;

use bialign::{ingest, segment, Lang};
use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("segment");
    for (code, lang) in [("en", Lang::En), ("pl", Lang::Pl)] {
        let text = segment_corpus::corpus(code);
        let paras = ingest::paragraphs(&text);
        let bytes: usize = paras.iter().map(|p| p.span.len()).sum();
        g.throughput(Throughput::Bytes(bytes as u64));
        g.bench_function(format!("split_paragraph/{code}"), |b| {
            b.iter(|| {
                let mut n = 0;
                for p in &paras {
                    n += segment::split_paragraph(black_box(&text), p.span, lang).len();
                }
                n
            })
        });
    }
    g.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(30).measurement_time(std::time::Duration::from_secs(4));
    targets = bench
}
criterion_main!(benches);
