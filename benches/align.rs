//! Aligner speed: the sample pair, one dev article pair, and a 5,000-sentence pair built by
//! concatenating dev articles. Documents are analysed (split, quotes) and the lexicon loaded before
//! timing: these measure `align()` alone.

use std::path::PathBuf;

use bialign::IngestOptions;
use bialign::{align, analyze, AlignOptions, Document};
use criterion::{criterion_group, criterion_main, Criterion};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn doc(name: &str, text: &str) -> Document {
    analyze(name, text.as_bytes(), &IngestOptions::default()).unwrap()
}

fn read(p: PathBuf) -> String {
    std::fs::read_to_string(p).unwrap()
}

/// English and Polish texts of the dev articles (parallel variant) concatenated until each side
/// holds at least `min_sentences` sentences; returns the analysed pair.
fn big_pair(min_sentences: usize) -> (Document, Document) {
    let set = root().join("corpus/align-dev/wmt20-enpl");
    let mut arts: Vec<PathBuf> = std::fs::read_dir(&set).unwrap().map(|e| e.unwrap().path()).collect();
    arts.sort();
    let (mut en, mut pl) = (String::new(), String::new());
    loop {
        for a in &arts {
            en.push_str(&read(a.join("parallel/en.txt")));
            en.push_str("\n\n");
            pl.push_str(&read(a.join("parallel/pl.txt")));
            pl.push_str("\n\n");
        }
        let (e, p) = (doc("en", &en), doc("pl", &pl));
        if e.sentences.len() >= min_sentences && p.sentences.len() >= min_sentences {
            return (e, p);
        }
    }
}

fn bench(c: &mut Criterion) {
    let opts = AlignOptions::default(); // loads the embedded lexicon
    let s = root().join("corpus/carrie-diaries");
    let (en, pl) = (doc("en", &read(s.join("en.txt"))), doc("pl", &read(s.join("pl.txt"))));
    c.bench_function("align sample pair", |b| b.iter(|| align(&en, &pl, &opts)));

    let d = root().join("corpus/align-dev/wmt20-enpl/a05/comparable");
    let (en, pl) = (doc("en", &read(d.join("en.txt"))), doc("pl", &read(d.join("pl.txt"))));
    let name = format!("align dev article ({}+{} sentences)", en.sentences.len(), pl.sentences.len());
    c.bench_function(&name, |b| b.iter(|| align(&en, &pl, &opts)));

    let (en, pl) = big_pair(5000);
    let name = format!("align {}+{} sentences", en.sentences.len(), pl.sentences.len());
    let mut g = c.benchmark_group("large");
    g.sample_size(10);
    g.bench_function(&name, |b| b.iter(|| align(&en, &pl, &opts)));
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
