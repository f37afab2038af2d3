//! Write the comparable aligner's edge feature rows for a set of annotated comparable pairs, so that
//! `scripts/fit_edges.py` can fit the edge model (`align::comparable::EDGE_W`).
//!
//! Usage: cargo run --release --example dump_edges -- SET_DIR... > edges.tsv
//!
//! A SET_DIR holds one folder per pair with `en.txt`, `pl.txt` and `gold.json` in the format of the
//! real comparable pairs' gold (`sentences.{en,pl}`: `[[start, end], …]` byte spans, `links`:
//! `[[en, pl], …]` indices). Rows: `pair  en  pl  label  content  feature…`, one per candidate pair of
//! bialign's own sentences; a row is labelled 1 when the two sentences cover (half of the
//! non-whitespace bytes of) the two sentences of a gold link, as the set's scorer counts them.

use std::io::Write;
use std::path::Path;

use bialign::align::comparable::{edge_rows, EDGE_KEEP_MIN, MIN_CONTENT};
use bialign::IngestOptions;
use bialign::{AlignOptions, Document, Span};
use serde_json::Value;

fn nonws(text: &str, s: Span) -> usize {
    text.get(s.start..s.end).map_or(0, |t| t.chars().filter(|c| !c.is_whitespace()).map(char::len_utf8).sum())
}

/// The gold sentences (indices) that our sentence `s` covers.
fn covered(doc: &Document, gold: &[Span], s: Span) -> Vec<usize> {
    gold.iter()
        .enumerate()
        .filter(|(_, g)| {
            let o = Span::new(g.start.max(s.start), g.end.min(s.end));
            o.start < o.end && 2 * nonws(&doc.text, o) >= nonws(&doc.text, **g).max(1)
        })
        .map(|(k, _)| k)
        .collect()
}

fn spans(g: &Value, side: &str) -> Vec<Span> {
    g["sentences"][side]
        .as_array()
        .map(|a| {
            a.iter()
                .map(|v| Span::new(v[0].as_u64().unwrap_or(0) as usize, v[1].as_u64().unwrap_or(0) as usize))
                .collect()
        })
        .unwrap_or_default()
}

/// The gold's (en, pl) index pairs under `key` (`links`, `quote_links`).
fn index_pairs(g: &Value, key: &str) -> std::collections::HashSet<(usize, usize)> {
    g[key]
        .as_array()
        .map(|a| {
            a.iter().map(|v| (v[0].as_u64().unwrap() as usize, v[1].as_u64().unwrap() as usize)).collect()
        })
        .unwrap_or_default()
}

/// Whether predicted quote span `q` matches gold quote `g` as the scorer counts it: `q` covers half
/// of `g` and half of `q` lies inside `g`.
fn quote_match(text: &str, q: Span, g: Span) -> bool {
    let o = Span::new(g.start.max(q.start), g.end.min(q.end));
    o.start < o.end
        && 2 * nonws(text, o) >= nonws(text, g).max(1)
        && 2 * nonws(text, o) >= nonws(text, q).max(1)
}

/// The file named after `flag` (`--quotes FILE`), taken out of `args` and created.
fn file_option(args: &mut Vec<String>, flag: &str) -> Option<std::io::BufWriter<std::fs::File>> {
    let k = args.iter().position(|a| a == flag).filter(|&k| k + 1 < args.len())?;
    let f = std::fs::File::create(&args[k + 1]).unwrap_or_else(|e| panic!("{flag} {}: {e}", args[k + 1]));
    args.drain(k..k + 2);
    Some(std::io::BufWriter::new(f))
}

fn main() {
    let opts = AlignOptions::default();
    let io = IngestOptions::default();
    let mut out = std::io::stdout().lock();
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    // `--quotes FILE`: also write the quote pair rows (`pair  en  pl  label  feature…`) there.
    let mut qout = file_option(&mut args, "--quotes");
    // `--trace FILE`: also write, for every gold edge and every edge the model keeps, how each
    // token of the two sentences fared (`align::comparable::edge_trace`).
    let mut tout = file_option(&mut args, "--trace");
    for set in args {
        let mut dirs: Vec<_> =
            std::fs::read_dir(&set).expect("a set folder").filter_map(|e| e.ok()).map(|e| e.path()).collect();
        dirs.sort();
        for d in dirs {
            if !d.join("gold.json").exists() {
                continue;
            }
            let name = d.file_name().unwrap_or_default().to_string_lossy().to_string();
            let g: Value =
                serde_json::from_str(&std::fs::read_to_string(d.join("gold.json")).unwrap()).unwrap();
            let links = index_pairs(&g, "links");
            let en = bialign::analyze_file(&d.join("en.txt"), &io).unwrap();
            let pl = bialign::analyze_file(&d.join("pl.txt"), &io).unwrap();
            let (ge, gp) = (spans(&g, "en"), spans(&g, "pl"));
            let ce: Vec<Vec<usize>> = en.sentences.iter().map(|s| covered(&en, &ge, s.span)).collect();
            let cp: Vec<Vec<usize>> = pl.sentences.iter().map(|s| covered(&pl, &gp, s.span)).collect();
            let gold =
                |i: usize, j: usize| ce[i].iter().any(|a| cp[j].iter().any(|b| links.contains(&(*a, *b))));
            // Traced: every gold edge and every edge over the keep threshold and the content floor.
            let traced = |r: &bialign::align::comparable::EdgeRow| {
                tout.is_some() && (gold(r.en, r.pl) || (r.p >= EDGE_KEEP_MIN && r.content >= MIN_CONTENT))
            };
            for row in edge_rows(&en, &pl, &opts, traced) {
                let (i, j, content, p) = (row.en, row.pl, row.content, row.p);
                let y = gold(i, j);
                let fs: Vec<String> = row.x.iter().map(|x| format!("{x:.4}")).collect();
                writeln!(out, "{name}\t{i}\t{j}\t{}\t{content:.3}\t{}", y as u8, fs.join("\t")).unwrap();
                if let (Some(t), Some([te, tp])) = (tout.as_mut(), row.trace) {
                    let show = |v: Vec<(String, &str, f32)>| -> String {
                        v.iter()
                            .map(|(w, what, x)| match *what {
                                "matched" => format!("[{w}]"),
                                "cognate" => format!("[~{w}]"),
                                "name" => format!("<{w}>"),
                                "attribution" => format!("({w})"),
                                _ if *x < 0.3 => format!("{w}."),
                                _ => w.clone(),
                            })
                            .collect::<Vec<_>>()
                            .join(" ")
                    };
                    writeln!(t, "{name} en{i}-pl{j} gold={} p={p:.2} content={content:.1}", y as u8).unwrap();
                    writeln!(t, "  EN {}\n  PL {}", show(te), show(tp)).unwrap();
                }
            }
            if let Some(q) = qout.as_mut() {
                let qspans = |side: &str| -> Vec<Span> {
                    g["quotes"][side]
                        .as_array()
                        .map(|a| {
                            a.iter()
                                .map(|v| {
                                    Span::new(
                                        v["start"].as_u64().unwrap_or(0) as usize,
                                        v["end"].as_u64().unwrap_or(0) as usize,
                                    )
                                })
                                .collect()
                        })
                        .unwrap_or_default()
                };
                let (gqe, gqp) = (qspans("en"), qspans("pl"));
                let qlinks = index_pairs(&g, "quote_links");
                let a = bialign::align(&en, &pl, &opts);
                for (x, y, f) in
                    bialign::align::quotes::quote_candidates(&en, &pl, &a.sentences, &opts, a.mode)
                {
                    let ge: Vec<usize> = (0..gqe.len())
                        .filter(|&k| quote_match(&en.text, en.quotes[x].span, gqe[k]))
                        .collect();
                    let gp: Vec<usize> = (0..gqp.len())
                        .filter(|&k| quote_match(&pl.text, pl.quotes[y].span, gqp[k]))
                        .collect();
                    let lab = ge.iter().any(|a| gp.iter().any(|b| qlinks.contains(&(*a, *b))));
                    let fs: Vec<String> = f.iter().map(|v| format!("{v:.4}")).collect();
                    writeln!(q, "{name}\t{x}\t{y}\t{}\t{}", lab as u8, fs.join("\t")).unwrap();
                }
            }
            let _ = Path::new(&set);
        }
    }
}
