//! Language-detection accuracy on the dev news (corpus/align-dev): whole lines, quotations and
//! 3-word fragments, for bialign's detector and for whatlang restricted to English and Polish.
//!
//!     cargo run --release --example lang_accuracy [-- corpus/align-dev] [--errors]
//!
//! Units: every line span of `en_lines`/`pl_lines` in each gold.json, every quote span of `quotes`,
//! and the consecutive non-overlapping 3-word windows of each line. The four variants of an article
//! repeat the same lines, so each distinct (language, text) is counted once.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use bialign::lang::{detect, detect_whatlang_restricted, Lang};

fn gold_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(rd) = std::fs::read_dir(dir) else { return };
    let mut entries: Vec<_> = rd.flatten().map(|e| e.path()).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            gold_files(&p, out);
        } else if p.file_name().is_some_and(|n| n == "gold.json") {
            out.push(p);
        }
    }
}

fn span<'a>(text: &'a str, v: &serde_json::Value) -> Option<&'a str> {
    let s = v["start"].as_u64()? as usize;
    let e = v["end"].as_u64()? as usize;
    text.get(s..e)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let show_errors = args.iter().any(|a| a == "--errors");
    let root =
        args.iter().find(|a| !a.starts_with("--")).map(PathBuf::from).unwrap_or("corpus/align-dev".into());
    let mut files = Vec::new();
    gold_files(&root, &mut files);
    // (unit kind, expected language, text)
    let mut units: [BTreeSet<(bool, String)>; 3] = Default::default();
    for f in &files {
        let dir = f.parent().unwrap();
        let gold: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(f).unwrap()).unwrap();
        let en = std::fs::read_to_string(dir.join("en.txt")).unwrap();
        let pl = std::fs::read_to_string(dir.join("pl.txt")).unwrap();
        for (is_pl, text, key) in [(false, &en, "en_lines"), (true, &pl, "pl_lines")] {
            for l in gold[key].as_array().into_iter().flatten() {
                if let Some(t) = span(text, l) {
                    units[0].insert((is_pl, t.to_string()));
                    let words: Vec<&str> = t.split_whitespace().collect();
                    for w in words.chunks_exact(3) {
                        units[2].insert((is_pl, w.join(" ")));
                    }
                }
            }
        }
        for q in gold["quotes"].as_array().into_iter().flatten() {
            if let Some(t) = span(&en, &q["en"]) {
                units[1].insert((false, t.to_string()));
            }
            if let Some(t) = span(&pl, &q["pl"]) {
                units[1].insert((true, t.to_string()));
            }
        }
    }
    println!("{} gold files under {}", files.len(), root.display());
    println!("{:<16} {:>7} {:>10} {:>10}", "unit", "count", "bialign", "whatlang");
    for (name, set) in ["whole lines", "quotations", "3-word fragments"].iter().zip(&units) {
        let (mut ours, mut theirs) = (0usize, 0usize);
        for (is_pl, t) in set {
            let want = if *is_pl { Lang::Pl } else { Lang::En };
            let got = detect(t).lang;
            if got == want {
                ours += 1;
            } else if show_errors {
                println!("  ERR {name} want {want} got {got}: {t}");
            }
            if detect_whatlang_restricted(t).lang == want {
                theirs += 1;
            }
        }
        let n = set.len().max(1) as f64;
        println!(
            "{:<16} {:>7} {:>9.2}% {:>9.2}%",
            name,
            set.len(),
            100.0 * ours as f64 / n,
            100.0 * theirs as f64 / n
        );
    }
}
