//! Lexicon speed: loading the embedded data, and word lookups.
//!
//! `cargo bench --bench lexicon`

use std::borrow::Cow;
use std::hint::black_box;

use bialign::lexicon::tokens::{tokens, TokenKind};
use bialign::lexicon::{embedded_data, Lexicon};
use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};

const EN: &str = include_str!("../corpus/align-dev/wmt20-enpl/a00/parallel/en.txt");
const PL: &str = include_str!("../corpus/align-dev/wmt20-enpl/a00/parallel/pl.txt");

fn words(text: &str) -> Vec<&str> {
    tokens(text).filter(|t| t.kind == TokenKind::Word).map(|t| t.text).collect()
}

fn bench(c: &mut Criterion) {
    c.bench_function("lexicon load (embedded data)", |b| {
        b.iter(|| Lexicon::from_blob(Cow::Borrowed(black_box(embedded_data()))).unwrap())
    });
    let lex = Lexicon::embedded();
    let en = words(EN);
    let pl = words(PL);
    let mut g = c.benchmark_group("lookups");
    g.throughput(Throughput::Elements(en.len() as u64));
    g.bench_function("en_ids warm", |b| {
        let mut out = Vec::new();
        b.iter(|| {
            out.clear();
            for w in &en {
                lex.en_ids(w, &mut out);
            }
            out.len()
        })
    });
    g.throughput(Throughput::Elements(pl.len() as u64));
    g.bench_function("pl_ids warm", |b| {
        let mut out = Vec::new();
        b.iter(|| {
            out.clear();
            for w in &pl {
                lex.pl_ids(w, &mut out);
            }
            out.len()
        })
    });
    // cold: a fresh lexicon each time, so nothing is in the per-thread lookup cache
    let fresh = || Lexicon::from_blob(Cow::Borrowed(embedded_data())).unwrap();
    g.throughput(Throughput::Elements(en.len() as u64));
    g.bench_function("en_ids cold", |b| {
        b.iter_batched(
            fresh,
            |lex| {
                let mut out = Vec::new();
                for w in &en {
                    lex.en_ids(w, &mut out);
                }
                out.len()
            },
            BatchSize::LargeInput,
        )
    });
    g.throughput(Throughput::Elements(pl.len() as u64));
    g.bench_function("pl_ids cold", |b| {
        b.iter_batched(
            fresh,
            |lex| {
                let mut out = Vec::new();
                for w in &pl {
                    lex.pl_ids(w, &mut out);
                }
                out.len()
            },
            BatchSize::LargeInput,
        )
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
