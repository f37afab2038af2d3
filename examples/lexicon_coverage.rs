//! Measure the lexicon on an evaluation set: coverage of Polish content words and whether the
//! entries they reach are translations of words in the gold partner line.
//!
//! `cargo run --release --example lexicon_coverage -- SET [target/lexicon-src]`
//!
//! SET is corpus/align-dev (the gold links of its `parallel` variants) or a set laid out like
//! real-dev (`PAIR/sentences.{en,pl}.txt`, `PAIR/links.tsv`). For every linked Polish line,
//! each Polish content token (a word of 2+ letters that is not a stopword) counts as *covered*
//! when it reaches an entry, *in partner* when one of its concept ids is also an id of a word
//! of one of the line's gold English partners, and *in other* when it is one of a line half
//! the article away (a same-topic baseline). `top1` is the share of Polish lines whose
//! best-scoring English line of the article (id overlap / sqrt of both content-word counts)
//! is a gold partner. With the extraction directory of scripts/build_lexicon.py, the lexicon
//! is also rebuilt in memory without hunspell forms, with hunspell forms only, and with the
//! Morfologik forms added one word-formation rule at a time (`morfologik.tsv`).
//! `SHOW_FAILS=1` prints each token without an entry (`MISS`) or without a partner (`FAIL`);
//! `SHOW_MISSES=1` the most frequent words without an entry.

use std::borrow::Cow;
use std::path::{Path, PathBuf};

use bialign::lexicon::tokens::{fold, is_stopword_en, is_stopword_pl, tokens, TokenKind};
use bialign::lexicon::{build_blob, Fallbacks, Lexicon, Reach};

struct Article {
    en: Vec<String>,
    pl: Vec<String>,
    /// Gold links (English line, Polish line); a Polish line may have several partners.
    links: Vec<(usize, usize)>,
}

/// The `parallel` variants of corpus/align-dev (`SOURCE/ARTICLE/parallel/gold.json`), or a
/// real-dev style set (`PAIR/sentences.{en,pl}.txt` and `PAIR/links.tsv`).
fn load(dir: &Path) -> Vec<Article> {
    let mut out = Vec::new();
    let mut dirs: Vec<PathBuf> = Vec::new();
    let mut pairs: Vec<PathBuf> = Vec::new();
    for src in std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())).flatten() {
        if src.path().join("links.tsv").exists() {
            pairs.push(src.path());
        }
        if let Ok(arts) = std::fs::read_dir(src.path()) {
            for a in arts.flatten() {
                let p = a.path().join("parallel");
                if p.join("gold.json").exists() {
                    dirs.push(p);
                }
            }
        }
    }
    dirs.sort();
    pairs.sort();
    for d in pairs {
        let read = |f: &str| {
            std::fs::read_to_string(d.join(f)).unwrap_or_else(|e| panic!("{}/{f}: {e}", d.display()))
        };
        let lines = |t: String| t.lines().map(str::to_string).collect::<Vec<_>>();
        let (en, pl) = (lines(read("sentences.en.txt")), lines(read("sentences.pl.txt")));
        let links = read("links.tsv")
            .lines()
            .filter_map(|l| {
                let mut f = l.split('\t');
                let e: usize = f.next()?.trim().parse().ok()?;
                let p: usize = f.next()?.trim().parse().ok()?;
                (e < en.len() && p < pl.len()).then_some((e, p))
            })
            .collect();
        out.push(Article { en, pl, links });
    }
    for d in dirs {
        let g: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(d.join("gold.json")).unwrap()).unwrap();
        let en = std::fs::read_to_string(d.join("en.txt")).unwrap();
        let pl = std::fs::read_to_string(d.join("pl.txt")).unwrap();
        let lines = |key: &str, text: &str| -> (Vec<String>, Vec<String>) {
            let arr = g[key].as_array().unwrap();
            let ids = arr.iter().map(|l| l["id"].as_str().unwrap().to_string()).collect();
            let texts = arr
                .iter()
                .map(|l| {
                    text[l["start"].as_u64().unwrap() as usize..l["end"].as_u64().unwrap() as usize]
                        .to_string()
                })
                .collect();
            (ids, texts)
        };
        let (eids, etexts) = lines("en_lines", &en);
        let (pids, ptexts) = lines("pl_lines", &pl);
        let links = g["links"]
            .as_array()
            .unwrap()
            .iter()
            .filter_map(|l| {
                let (le, lp) = (l[0].as_str()?, l[1].as_str()?);
                let e = eids.iter().position(|x| x == le)?;
                let p = pids.iter().position(|x| x == lp)?;
                Some((e, p))
            })
            .collect();
        out.push(Article { en: etexts, pl: ptexts, links });
    }
    out
}

impl Article {
    /// Each linked Polish line with its gold English partners.
    fn partners(&self) -> Vec<(usize, Vec<usize>)> {
        let mut by_pl: std::collections::BTreeMap<usize, Vec<usize>> = Default::default();
        for &(e, p) in &self.links {
            by_pl.entry(p).or_default().push(e);
        }
        by_pl.into_iter().collect()
    }
}

fn en_bag(lex: &Lexicon, line: &str) -> (Vec<u32>, usize) {
    let mut ids = Vec::new();
    let mut n = 0;
    for t in tokens(line).filter(|t| t.kind == TokenKind::Word) {
        if is_stopword_en(&fold(t.text)) {
            continue;
        }
        n += 1;
        lex.en_ids(t.text, &mut ids);
    }
    ids.sort_unstable();
    ids.dedup();
    (ids, n)
}

fn pl_words(line: &str) -> Vec<String> {
    tokens(line)
        .filter(|t| t.kind == TokenKind::Word)
        .map(|t| fold(t.text))
        .filter(|w| w.chars().count() >= 2 && !is_stopword_pl(w))
        .collect()
}

#[derive(Default)]
struct Score {
    tokens: usize,
    covered: usize,
    prefix: usize,
    partner: usize,
    other: usize,
    lines: usize,
    top1: usize,
}

fn measure(lex: &Lexicon, fb: Fallbacks, arts: &[Article]) -> Score {
    let mut s = Score::default();
    let mut ids = Vec::new();
    for a in arts {
        let ebags: Vec<(Vec<u32>, usize)> = a.en.iter().map(|l| en_bag(lex, l)).collect();
        for (p, es) in a.partners() {
            let mut partner: Vec<u32> = es.iter().flat_map(|&e| ebags[e].0.iter().copied()).collect();
            partner.sort_unstable();
            partner.dedup();
            let other = (es[0] + a.en.len() / 2) % a.en.len();
            let other = (!es.contains(&other)).then_some(other);
            let words = pl_words(&a.pl[p]);
            let mut pbags: Vec<Vec<u32>> = Vec::new();
            for w in &words {
                ids.clear();
                let r = lex.pl_lookup(w, fb, &mut ids);
                s.tokens += 1;
                if ids.is_empty() {
                    if std::env::var_os("SHOW_FAILS").is_some() {
                        println!("MISS {w}");
                    }
                    continue;
                }
                s.covered += 1;
                s.prefix += usize::from(r == Reach::Prefix || r == Reach::English);
                let hit = |bag: &Vec<u32>| ids.iter().any(|i| bag.binary_search(i).is_ok());
                s.partner += usize::from(hit(&partner));
                if !hit(&partner) && std::env::var_os("SHOW_FAILS").is_some() {
                    let names: Vec<&str> = ids.iter().filter_map(|&i| lex.concept(i)).collect();
                    println!("FAIL {w} {r:?} -> {names:?} || {}", a.en[es[0]]);
                }
                s.other += usize::from(other.is_some_and(|o| hit(&ebags[o].0)));
                pbags.push(ids.clone());
            }
            // retrieval: best English line of the article for this Polish line
            s.lines += 1;
            let score = |bag: &(Vec<u32>, usize)| {
                let m = pbags.iter().filter(|ids| ids.iter().any(|i| bag.0.binary_search(i).is_ok())).count();
                m as f64 / ((words.len().max(1) * bag.1.max(1)) as f64).sqrt()
            };
            let best =
                (0..a.en.len()).max_by(|&x, &y| score(&ebags[x]).total_cmp(&score(&ebags[y]))).unwrap();
            s.top1 += usize::from(es.contains(&best));
        }
    }
    s
}

fn report(name: &str, s: &Score) {
    let t = s.tokens.max(1) as f64;
    println!(
        "| {name} | {:.3} | {:.3} | {:.3} | {:.3} | {:.3} | {:.3} |",
        s.covered as f64 / t,
        s.prefix as f64 / t,
        s.partner as f64 / t,
        s.partner as f64 / s.covered.max(1) as f64,
        s.other as f64 / t,
        s.top1 as f64 / s.lines.max(1) as f64
    );
}

/// Share of English units (per `units`) found on the partner line vs on the other line.
fn signal<T, F, G>(arts: &[Article], name: &str, en_units: F, pl_has: G)
where
    F: Fn(&str) -> Vec<T>,
    G: Fn(&str, &T) -> bool,
{
    let (mut n, mut partner, mut other) = (0usize, 0usize, 0usize);
    for a in arts {
        for &(e, p) in &a.links {
            let o = a.links
                [(a.links.iter().position(|&(x, _)| x == e).unwrap() + a.links.len() / 2) % a.links.len()]
            .1;
            for u in en_units(&a.en[e]) {
                n += 1;
                partner += usize::from(pl_has(&a.pl[p], &u));
                other += usize::from(o != p && pl_has(&a.pl[o], &u));
            }
        }
    }
    println!(
        "| {name} | {n} | {:.3} | {:.3} |",
        partner as f64 / n.max(1) as f64,
        other as f64 / n.max(1) as f64
    );
}

fn signals(arts: &[Article]) {
    use bialign::lexicon::{cognate, names, numbers};
    use bialign::Lang;
    println!("\n| signal (English units) | units | found in partner PL line | in other PL line |");
    println!("|---|---|---|---|");
    let caps = |l: &str| -> Vec<String> {
        let mut v = Vec::new();
        let mut first = true;
        for t in tokens(l).filter(|t| t.kind == TokenKind::Word) {
            if names::is_name_candidate(t.text, first) && !is_stopword_en(&fold(t.text)) {
                v.push(t.text.to_string());
            }
            first = false;
        }
        v
    };
    let pl_caps = |l: &str| -> Vec<String> {
        tokens(l)
            .filter(|t| t.kind == TokenKind::Word && t.is_capitalized())
            .map(|t| t.text.to_string())
            .collect()
    };
    signal(arts, "names: exact (lowercase)", caps, |pl, u| pl_caps(pl).iter().any(|w| fold(w) == fold(u)));
    signal(arts, "names: name_key", caps, |pl, u| {
        let k = names::name_key(u);
        pl_caps(pl).iter().any(|w| names::name_key(w) == k)
    });
    signal(arts, "names: first 5 letters", caps, |pl, u| {
        let k: String = fold(u).chars().take(5).collect();
        pl_caps(pl).iter().any(|w| fold(w).chars().take(5).collect::<String>() == k)
    });
    let lex = Lexicon::embedded();
    // cognates among English content words the lexicon does not pair with the partner line
    for th in [0.7f32, 0.8, 0.9] {
        let content = |l: &str| -> Vec<String> {
            tokens(l)
                .filter(|t| {
                    t.kind == TokenKind::Word && t.text.chars().count() >= 4 && !is_stopword_en(&fold(t.text))
                })
                .map(|t| t.text.to_string())
                .collect()
        };
        signal(arts, &format!("cognate similarity >= {th}"), content, |pl, u| {
            pl_words(pl).iter().any(|w| cognate::similarity(u, w) >= th)
        });
    }
    let _ = lex;
    signal(
        arts,
        "numbers (NumKind::matches)",
        |l| numbers::extract(l, Lang::En).into_iter().map(|n| n.kind).collect(),
        |pl, k| numbers::extract(pl, Lang::Pl).iter().any(|n| n.kind.matches(k)),
    );
}

/// The rows of a TSV file of two or three columns (a missing third one is empty).
fn read_rows(path: &Path) -> Vec<(String, String, String)> {
    std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .lines()
        .filter_map(|l| {
            let mut f = l.split('\t');
            Some((f.next()?.to_string(), f.next()?.to_string(), f.next().unwrap_or("").to_string()))
        })
        .collect()
}

fn read_tsv(path: &Path) -> Vec<(String, String)> {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .filter_map(|l| l.split_once('\t'))
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .collect()
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let dev = Path::new(args.first().map_or("corpus/align-dev", String::as_str));
    let arts = load(dev);
    let n_links: usize = arts.iter().map(|a| a.links.len()).sum();
    println!("{} articles, {} gold links\n", arts.len(), n_links);
    println!("| lexicon / inflection | coverage | via fallback | in partner line | of covered | in other line | top-1 line |");
    println!("|---|---|---|---|---|---|---|");
    if let Some(src) = args.get(1) {
        let src = Path::new(src);
        let pairs = read_tsv(&src.join("pairs.tsv"));
        let mut forms = read_tsv(&src.join("forms.tsv"));
        let bare = Lexicon::from_blob(Cow::Owned(build_blob(&pairs, &[]).unwrap())).unwrap();
        report("exact word forms", &measure(&bare, Fallbacks::NONE, &arts));
        report("prefix only", &measure(&bare, Fallbacks { prefix: true, english: false }, &arts));
        let full = Lexicon::from_blob(Cow::Owned(build_blob(&pairs, &forms).unwrap())).unwrap();
        report("hunspell forms", &measure(&full, Fallbacks::NONE, &arts));
        report("hunspell forms + prefix + English", &measure(&full, Fallbacks::ALL, &arts));
        drop(full);
        let morf = src.join("morfologik.tsv");
        if morf.exists() {
            // Morfologik forms of headwords, then those reached by each word-formation rule
            // (third column, see scripts/build_lexicon.py), added one rule at a time.
            let rows = read_rows(&morf);
            let mut rules: Vec<&str> = rows.iter().map(|r| r.2.split(':').next().unwrap_or("")).collect();
            rules.sort_unstable();
            rules.dedup();
            for rule in rules {
                forms.extend(
                    rows.iter()
                        .filter(|r| r.2.split(':').next() == Some(rule))
                        .map(|r| (r.0.clone(), r.1.clone())),
                );
                let full = Lexicon::from_blob(Cow::Owned(build_blob(&pairs, &forms).unwrap())).unwrap();
                let name =
                    if rule.is_empty() { "Morfologik lemmas".to_string() } else { format!("rule {rule}") };
                report(&format!("hunspell + {name}"), &measure(&full, Fallbacks::NONE, &arts));
                report(
                    &format!("hunspell + {name} + prefix + English"),
                    &measure(&full, Fallbacks::ALL, &arts),
                );
            }
        }
    }
    let e = Lexicon::embedded();
    report("embedded: forms + prefix", &measure(e, Fallbacks { prefix: true, english: false }, &arts));
    report("embedded: forms + prefix + English spelling", &measure(e, Fallbacks::ALL, &arts));
    let (mut n, mut c) = (0, 0);
    let mut ids = Vec::new();
    for a in &arts {
        for l in &a.en {
            for t in tokens(l).filter(|t| t.kind == TokenKind::Word && !is_stopword_en(&fold(t.text))) {
                n += 1;
                ids.clear();
                e.en_ids(t.text, &mut ids);
                c += usize::from(!ids.is_empty());
            }
        }
    }
    if std::env::var_os("SHOW_MISSES").is_some() {
        let mut miss: std::collections::HashMap<String, usize> = Default::default();
        for a in &arts {
            for l in &a.pl {
                for w in pl_words(l) {
                    ids.clear();
                    e.pl_ids(&w, &mut ids);
                    if ids.is_empty() {
                        *miss.entry(w).or_default() += 1;
                    }
                }
            }
        }
        let mut v: Vec<_> = miss.into_iter().collect();
        v.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        println!("\nmost frequent Polish words without an entry:");
        for (w, n) in v.iter().take(80) {
            print!("{w} {n}, ");
        }
        println!();
    }
    signals(&arts);
    println!("\nEnglish content tokens with an id: {:.3} of {n}", c as f64 / n.max(1) as f64);
}
