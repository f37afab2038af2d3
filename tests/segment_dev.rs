//! The splitter on real news: the parallel variants of corpus/align-dev, as written (paragraphs
//! of 1-4 source lines joined by a space). Gold boundaries are the starts of the lines that do
//! not open their paragraph, plus the hand-checked boundaries inside lines in
//! tests/data/dev_line_boundaries.tsv. Boundary F1 must stay at or above 0.98 per language.
//! `SEGMENT_DEV_ERRORS=1 cargo test --test segment_dev -- --nocapture` lists the errors.
//! (scripts/compare_splitters.py measures the same on paragraphs of 2-6 lines, beside peers.)

use std::collections::{BTreeSet, HashMap};
use std::path::Path;

use bialign::Document;
use bialign::{ingest, segment, Lang};

/// (lang, article, line id) -> byte offsets of hand-checked boundaries inside the line.
fn line_boundaries() -> HashMap<(String, String, String), Vec<usize>> {
    let mut out: HashMap<_, Vec<usize>> = HashMap::new();
    for row in include_str!("data/dev_line_boundaries.tsv").lines() {
        if row.starts_with('#') || row.trim().is_empty() {
            continue;
        }
        let f: Vec<&str> = row.split('\t').collect();
        if f[4] == "yes" {
            out.entry((f[0].into(), f[1].into(), f[2].into())).or_default().push(f[3].parse().unwrap());
        }
    }
    out
}

/// (true positives, predicted, gold) over all parallel dev articles of `lang`.
fn score(lang: Lang) -> (usize, usize, usize) {
    let extra = line_boundaries();
    let base = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus/align-dev/wmt20-enpl");
    let mut arts: Vec<_> = std::fs::read_dir(&base).unwrap().map(|e| e.unwrap().file_name()).collect();
    arts.sort();
    let (mut tp, mut np, mut ng) = (0, 0, 0);
    for art in arts {
        let art = art.to_string_lossy().to_string();
        let dir = base.join(&art).join("parallel");
        let text = std::fs::read_to_string(dir.join(format!("{}.txt", lang.code()))).unwrap();
        let gold: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(dir.join("gold.json")).unwrap()).unwrap();
        let mut doc =
            Document { text: text.clone(), paragraphs: ingest::paragraphs(&text), ..Default::default() };
        doc.paragraphs.iter_mut().for_each(|p| p.lang = lang);
        segment::segment(&mut doc);
        let para_starts: BTreeSet<usize> = doc.paragraphs.iter().map(|p| p.span.start).collect();
        let mut g = BTreeSet::new();
        for ln in gold[format!("{}_lines", lang.code())].as_array().unwrap() {
            let start = ln["start"].as_u64().unwrap() as usize;
            let id = ln["id"].as_str().unwrap().to_string();
            if !para_starts.contains(&start) {
                g.insert(start);
            }
            for off in extra.get(&(lang.code().into(), art.clone(), id)).into_iter().flatten() {
                g.insert(start + off);
            }
        }
        let p: BTreeSet<usize> =
            doc.sentences.iter().map(|s| s.span.start).filter(|s| !para_starts.contains(s)).collect();
        if std::env::var_os("SEGMENT_DEV_ERRORS").is_some() {
            for o in p.symmetric_difference(&g) {
                let tag = if p.contains(o) { "FP" } else { "FN" };
                let a = text.floor_char_boundary_compat(o.saturating_sub(50));
                eprintln!(
                    "{tag} {art} {:?} | {:?}",
                    &text[a..*o],
                    text[*o..].chars().take(40).collect::<String>()
                );
            }
        }
        tp += p.intersection(&g).count();
        np += p.len();
        ng += g.len();
    }
    (tp, np, ng)
}

trait FloorBoundary {
    fn floor_char_boundary_compat(&self, i: usize) -> usize;
}

impl FloorBoundary for String {
    fn floor_char_boundary_compat(&self, mut i: usize) -> usize {
        while !self.is_char_boundary(i) {
            i -= 1;
        }
        i
    }
}

fn check(lang: Lang) {
    let (tp, np, ng) = score(lang);
    let (p, r) = (tp as f64 / np as f64, tp as f64 / ng as f64);
    let f1 = 2.0 * p * r / (p + r);
    eprintln!("dev {}: {ng} gold boundaries, P {p:.3} R {r:.3} F1 {f1:.3}", lang.code());
    assert!(ng > 300, "the dev set was not read");
    assert!(f1 >= 0.98, "dev {} boundary F1 {f1:.3} < 0.98", lang.code());
}

#[test]
fn english_dev_news_f1_at_least_098() {
    check(Lang::En);
}

#[test]
fn polish_dev_news_f1_at_least_098() {
    check(Lang::Pl);
}
