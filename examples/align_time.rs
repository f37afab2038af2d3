//! Time `bialign::align` per article pair: every folder under SET (default corpus/align-dev) that
//! holds `en.txt` and `pl.txt` is analysed once, then aligned RUNS times (default 21); prints the
//! median time per pair (over the pairs: median, 90th percentile, max) and the modes chosen.
//!
//! Usage: cargo run --release --example align_time -- [SET] [RUNS]

use std::path::{Path, PathBuf};
use std::time::Instant;

fn pairs(dir: &Path, out: &mut Vec<PathBuf>) {
    if dir.join("en.txt").exists() && dir.join("pl.txt").exists() {
        out.push(dir.to_path_buf());
    }
    let mut subs: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|r| r.flatten().map(|e| e.path()).filter(|p| p.is_dir()).collect())
        .unwrap_or_default();
    subs.sort();
    for s in subs {
        pairs(&s, out);
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let set = PathBuf::from(args.first().map_or("corpus/align-dev", String::as_str));
    let runs: usize = args.get(1).and_then(|r| r.parse().ok()).unwrap_or(21).max(1);
    let mut dirs = Vec::new();
    pairs(&set, &mut dirs);
    let io = bialign::IngestOptions::default();
    let opts = bialign::AlignOptions::default();
    let mut medians = Vec::new();
    let mut modes = std::collections::BTreeMap::new();
    for d in &dirs {
        let (Ok(en), Ok(pl)) =
            (bialign::analyze_file(&d.join("en.txt"), &io), bialign::analyze_file(&d.join("pl.txt"), &io))
        else {
            eprintln!("{}: cannot analyse, skipped", d.display());
            continue;
        };
        let mut t = Vec::with_capacity(runs);
        let mut mode = String::new();
        for _ in 0..runs {
            let t0 = Instant::now();
            let a = bialign::align(&en, &pl, &opts);
            t.push(t0.elapsed().as_secs_f64() * 1e3);
            mode = a.mode.to_string();
        }
        t.sort_by(f64::total_cmp);
        medians.push(t[t.len() / 2]);
        *modes.entry(mode).or_insert(0usize) += 1;
    }
    if medians.is_empty() {
        eprintln!("{}: no pair with en.txt and pl.txt", set.display());
        std::process::exit(2);
    }
    medians.sort_by(f64::total_cmp);
    let at = |q: f64| medians[((medians.len() - 1) as f64 * q).round() as usize];
    println!(
        "{} pairs, {runs} runs each; align() median per pair: median {:.3} ms, p90 {:.3} ms, max {:.3} ms; modes {:?}",
        medians.len(),
        at(0.5),
        at(0.9),
        at(1.0),
        modes
    );
}
