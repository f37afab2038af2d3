//! Language detection speed: sentences per second for bialign's detector and for whatlang
//! restricted to English and Polish, on the source lines of the dev news
//! (corpus/align-dev, parallel variant, EN and PL: 1,950 lines, most one sentence).
//!
//!     cargo bench --bench lang
//!
//! Before the criterion groups it times both detectors over the same lines on one thread and
//! prints sentences/s and the ratio, so one run gives comparable figures. The `route` group times
//! what every pair of a batch run goes through: labelling whole documents and their paragraphs
//! (the quote bench's 62 documents: the sample pair and the dev articles, both languages).

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{Criterion, Throughput};

use bialign::lang::{detect, detect_whatlang_restricted, Detection};

#[path = "common/quote_docs.rs"]
mod quote_docs;

/// The source lines (about one sentence each) of the parallel variant of every dev article.
fn load_lines() -> Vec<String> {
    let mut out = Vec::new();
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus/align-dev/wmt20-enpl");
    let mut dirs: Vec<_> =
        std::fs::read_dir(&root).expect("corpus/align-dev").flatten().map(|e| e.path()).collect();
    dirs.sort();
    for d in dirs {
        let d = d.join("parallel");
        let Ok(gold) = std::fs::read_to_string(d.join("gold.json")) else { continue };
        let gold: serde_json::Value = serde_json::from_str(&gold).expect("gold.json");
        for (f, key) in [("en.txt", "en_lines"), ("pl.txt", "pl_lines")] {
            let text = std::fs::read_to_string(d.join(f)).unwrap_or_default();
            for l in gold[key].as_array().into_iter().flatten() {
                let (s, e) = (l["start"].as_u64().unwrap() as usize, l["end"].as_u64().unwrap() as usize);
                out.push(text[s..e].to_string());
            }
        }
    }
    out
}

/// Sentences per second of `f` over `lines`, measured for about two seconds.
fn rate(lines: &[String], f: impl Fn(&str) -> Detection) -> f64 {
    let start = Instant::now();
    let mut n = 0usize;
    while start.elapsed() < Duration::from_secs(2) {
        for l in lines {
            black_box(f(black_box(l)));
        }
        n += lines.len();
    }
    n as f64 / start.elapsed().as_secs_f64()
}

fn main() {
    let lines = load_lines();
    assert!(!lines.is_empty(), "no dev lines found");
    // Warm up both (the word model is built on first use).
    detect(&lines[0]);
    detect_whatlang_restricted(&lines[0]);
    let ours = rate(&lines, detect);
    let theirs = rate(&lines, detect_whatlang_restricted);
    println!(
        "lang: {} lines; bialign {:.0} sentences/s, whatlang restricted {:.0} sentences/s, ratio {:.2}x",
        lines.len(),
        ours,
        theirs,
        ours / theirs
    );

    let mut c = Criterion::default().configure_from_args().measurement_time(Duration::from_secs(5));
    let mut g = c.benchmark_group("detect");
    g.throughput(Throughput::Elements(lines.len() as u64));
    g.bench_function("bialign", |b| b.iter(|| lines.iter().map(|l| detect(l).confidence).sum::<f32>()));
    g.bench_function("whatlang_restricted", |b| {
        b.iter(|| lines.iter().map(|l| detect_whatlang_restricted(l).confidence).sum::<f32>())
    });
    g.finish();
    let mut docs = quote_docs::load();
    let bytes: usize = docs.iter().map(|d| d.text.len()).sum();
    let mut g = c.benchmark_group("route");
    g.throughput(Throughput::Bytes(bytes as u64));
    g.bench_function("documents", |b| {
        b.iter(|| {
            for d in docs.iter_mut() {
                bialign::lang::route(d);
            }
        })
    });
    g.finish();
    c.final_summary();
}
