//! Write the aligner's feature rows for an annotated set, labelled from its gold files, so that
//! `scripts/fit_calibration.py` can fit the scoring models.
//!
//! Usage: cargo run --release --example dump_features -- [SET_DIR] [OUT_DIR]
//! (defaults: corpus/align-dev, target/calib). Writes beads.tsv, links.tsv and quotes.tsv: columns
//! `variant article label feature…`.

use std::collections::HashSet;
use std::io::Write;
use std::path::{Path, PathBuf};

use bialign::align::training::training_rows;
use bialign::IngestOptions;
use bialign::{AlignOptions, Document, Span};
use serde_json::Value;

/// The gold line (index into `lines`) holding most of `s`.
fn line_of(lines: &[(String, Span)], s: Span) -> Option<usize> {
    lines
        .iter()
        .enumerate()
        .map(|(k, (_, l))| (k, l.overlap(&s)))
        .filter(|x| x.1 > 0)
        .max_by_key(|x| x.1)
        .map(|x| x.0)
}

fn lines(g: &Value, key: &str) -> Vec<(String, Span)> {
    g[key]
        .as_array()
        .map(|a| {
            a.iter()
                .map(|l| {
                    let id = l["id"].as_str().unwrap_or("").to_string();
                    let s = Span::new(
                        l["start"].as_u64().unwrap_or(0) as usize,
                        l["end"].as_u64().unwrap_or(0) as usize,
                    );
                    (id, s)
                })
                .collect()
        })
        .unwrap_or_default()
}

fn span(v: &Value) -> Span {
    Span::new(v["start"].as_u64().unwrap_or(0) as usize, v["end"].as_u64().unwrap_or(0) as usize)
}

/// The gold quote pair whose side `side` holds most of `q` (and `q` covers half of it).
fn gold_quote(gold: &[(Span, Span)], q: Span, en_side: bool) -> Option<usize> {
    gold.iter().position(|(e, p)| {
        let g = if en_side { *e } else { *p };
        let o = g.overlap(&q);
        2 * o >= q.len() && 2 * o >= g.len() && o > 0
    })
}

fn find_gold(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(rd) = std::fs::read_dir(dir) else { return };
    let mut entries: Vec<PathBuf> = rd.filter_map(|e| e.ok().map(|e| e.path())).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            find_gold(&p, out);
        } else if p.file_name().is_some_and(|n| n == "gold.json") {
            out.push(p.parent().unwrap().to_path_buf());
        }
    }
}

fn row(w: &mut impl Write, variant: &str, article: &str, label: bool, f: &[f32]) -> std::io::Result<()> {
    let fs: Vec<String> = f.iter().map(|x| format!("{x:.4}")).collect();
    writeln!(w, "{variant}\t{article}\t{}\t{}", label as u8, fs.join("\t"))
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().collect();
    let set = PathBuf::from(args.get(1).map_or("corpus/align-dev", String::as_str));
    let out = PathBuf::from(args.get(2).map_or("target/calib", String::as_str));
    std::fs::create_dir_all(&out)?;
    let mut beads = std::io::BufWriter::new(std::fs::File::create(out.join("beads.tsv"))?);
    let mut links = std::io::BufWriter::new(std::fs::File::create(out.join("links.tsv"))?);
    let mut quotes = std::io::BufWriter::new(std::fs::File::create(out.join("quotes.tsv"))?);
    let mut dirs = Vec::new();
    find_gold(&set, &mut dirs);
    let opts = AlignOptions::default();
    let io = IngestOptions::default();
    for d in dirs {
        let g: Value = serde_json::from_str(&std::fs::read_to_string(d.join("gold.json"))?)?;
        let variant = g["variant"].as_str().unwrap_or("?").to_string();
        let article = g["article"].as_str().unwrap_or("?").to_string();
        let en: Document = bialign::analyze("en", &std::fs::read(d.join("en.txt"))?, &io)?;
        let pl: Document = bialign::analyze("pl", &std::fs::read(d.join("pl.txt"))?, &io)?;
        let (el, pl_lines) = (lines(&g, "en_lines"), lines(&g, "pl_lines"));
        let gold_links: HashSet<(String, String)> = g["links"]
            .as_array()
            .map(|a| {
                a.iter()
                    .map(|l| {
                        (l[0].as_str().unwrap_or("").to_string(), l[1].as_str().unwrap_or("").to_string())
                    })
                    .collect()
            })
            .unwrap_or_default();
        let e_line: Vec<Option<usize>> = en.sentences.iter().map(|s| line_of(&el, s.span)).collect();
        let p_line: Vec<Option<usize>> = pl.sentences.iter().map(|s| line_of(&pl_lines, s.span)).collect();
        let is_gold = |i: usize, j: usize| -> bool {
            match (e_line[i], p_line[j]) {
                (Some(a), Some(b)) => gold_links.contains(&(el[a].0.clone(), pl_lines[b].0.clone())),
                _ => false,
            }
        };
        let rows = training_rows(&en, &pl, &opts);
        for (i, j, f) in &rows.beads {
            row(&mut beads, &variant, &article, is_gold(*i, *j), f)?;
        }
        for (e, p, f) in &rows.links {
            let pairs: Vec<bool> =
                e.iter().flat_map(|&i| p.iter().map(move |&j| (i, j))).map(|(i, j)| is_gold(i, j)).collect();
            let good = 2 * pairs.iter().filter(|&&x| x).count() >= pairs.len();
            row(&mut links, &variant, &article, good, f)?;
        }
        let gq: Vec<(Span, Span)> = g["quotes"]
            .as_array()
            .map(|a| a.iter().map(|q| (span(&q["en"]), span(&q["pl"]))).collect())
            .unwrap_or_default();
        for (a, b, f) in &rows.quotes {
            let ga = gold_quote(&gq, en.quotes[*a].span, true);
            let gb = gold_quote(&gq, pl.quotes[*b].span, false);
            row(&mut quotes, &variant, &article, ga.is_some() && ga == gb, f)?;
        }
    }
    Ok(())
}
