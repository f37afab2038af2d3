//! End-to-end speed of one pair on one thread: analyse both sides (ingest, language, sentences,
//! quotes), align them and write the JSON Lines records, as `bialign batch` does for each pair —
//! over all 120 dev article pairs (corpus/align-dev, every variant), reported in MB/s of article
//! text (English + Polish bytes).
//!
//!     cargo bench --bench pipeline
//!
//! Each iteration runs the whole set; the aligner's per-thread word caches stay warm across
//! iterations, as in a long batch. A second function times the per-document stages alone.

use std::path::{Path, PathBuf};

use bialign::output::jsonl::{write_alignment, Only};
use bialign::IngestOptions;
use bialign::{align, analyze, AlignOptions};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};

/// Every (en.txt, pl.txt) pair under corpus/align-dev, in path order.
fn dev_pairs() -> Vec<(String, String)> {
    fn walk(d: &Path, out: &mut Vec<PathBuf>) {
        let mut entries: Vec<PathBuf> =
            std::fs::read_dir(d).expect("corpus/align-dev").flatten().map(|e| e.path()).collect();
        entries.sort();
        for p in entries {
            if p.is_dir() {
                if p.join("en.txt").is_file() && p.join("pl.txt").is_file() {
                    out.push(p.clone());
                }
                walk(&p, out);
            }
        }
    }
    let mut dirs = Vec::new();
    walk(&Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus/align-dev"), &mut dirs);
    dirs.iter()
        .map(|d| {
            let read = |f: &str| std::fs::read_to_string(d.join(f)).expect("dev text");
            (read("en.txt"), read("pl.txt"))
        })
        .collect()
}

fn bench(c: &mut Criterion) {
    let pairs = dev_pairs();
    assert!(!pairs.is_empty(), "no dev pairs found");
    let bytes: u64 = pairs.iter().map(|(e, p)| (e.len() + p.len()) as u64).sum();
    let opts = AlignOptions::default(); // loads the embedded lexicon once
    let ingest = IngestOptions::default();

    let mut g = c.benchmark_group("pipeline");
    g.throughput(Throughput::Bytes(bytes));
    g.sample_size(10);
    let name = format!("analyze+align+jsonl, {} dev pairs ({:.2} MB)", pairs.len(), bytes as f64 / 1e6);
    g.bench_function(&name, |b| {
        let mut out = Vec::with_capacity(4 << 20);
        b.iter(|| {
            out.clear();
            for (i, (e, p)) in pairs.iter().enumerate() {
                let en = analyze("en", e.as_bytes(), &ingest).expect("analyze en");
                let pl = analyze("pl", p.as_bytes(), &ingest).expect("analyze pl");
                let a = align(&en, &pl, &opts);
                write_alignment(&mut out, Some(&i.to_string()), &a, &en, &pl, Only::Both, 0.0)
                    .expect("write");
            }
            out.len()
        })
    });
    g.bench_function(format!("analyze only, {} dev pairs", pairs.len()), |b| {
        b.iter(|| {
            let mut n = 0;
            for (e, p) in &pairs {
                n += analyze("en", e.as_bytes(), &ingest).expect("analyze en").sentences.len();
                n += analyze("pl", p.as_bytes(), &ingest).expect("analyze pl").sentences.len();
            }
            n
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
