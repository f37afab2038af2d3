//! Quotation extraction against sentence splitting on the same text: the sample pair and the dev
//! news set (parallel variants, both languages). Each stage is timed alone on documents that already
//! went through ingest and language routing.

use std::path::Path;

use bialign::ingest::IngestOptions;
use bialign::Document;
use criterion::{criterion_group, criterion_main, Criterion, Throughput};

fn load() -> Vec<Document> {
    let mut files = vec![
        Path::new("corpus/carrie-diaries/en.txt").to_path_buf(),
        Path::new("corpus/carrie-diaries/pl.txt").to_path_buf(),
    ];
    let dev = Path::new("corpus/align-dev/wmt20-enpl");
    let mut arts: Vec<_> =
        std::fs::read_dir(dev).map(|r| r.flatten().map(|e| e.path()).collect()).unwrap_or_default();
    arts.sort();
    for a in arts {
        for side in ["en.txt", "pl.txt"] {
            let p = a.join("parallel").join(side);
            if p.exists() {
                files.push(p);
            }
        }
    }
    files
        .iter()
        .map(|p| {
            let mut d = bialign::ingest::ingest_bytes(
                &p.display().to_string(),
                &std::fs::read(p).expect("corpus file"),
                &IngestOptions::default(),
            )
            .expect("corpus file ingests");
            bialign::lang::route(&mut d);
            bialign::segment::segment(&mut d);
            d
        })
        .collect()
}

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
