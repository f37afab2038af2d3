//! Integration tests of the aligner on the sample pair and the dev set.

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use bialign::IngestOptions;
use bialign::Link;
use bialign::{align, analyze, AlignOptions, Alignment, Document, Span};
use serde_json::Value;

#[path = "common/invariants.rs"]
mod invariants;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn load(path: &Path) -> Document {
    let bytes = std::fs::read(path).unwrap();
    analyze(&path.display().to_string(), &bytes, &IngestOptions::default()).unwrap()
}

fn sample() -> (Document, Document) {
    let d = root().join("corpus/carrie-diaries");
    (load(&d.join("en.txt")), load(&d.join("pl.txt")))
}

/// Non-whitespace bytes of `text[s..e]`.
fn nonws(text: &str, s: usize, e: usize) -> usize {
    text.get(s.min(text.len())..e.min(text.len()))
        .map_or(0, |t| t.chars().filter(|c| !c.is_whitespace()).map(char::len_utf8).sum())
}

/// Non-whitespace bytes of `unit` inside the union of `spans` (spans of one link side do not overlap).
fn inside(text: &str, spans: &[Span], unit: Span) -> usize {
    spans
        .iter()
        .filter(|s| s.end > unit.start && s.start < unit.end)
        .map(|s| nonws(text, s.start.max(unit.start), s.end.min(unit.end)))
        .sum()
}

fn covers(text: &str, spans: &[Span], unit: Span) -> bool {
    let total = nonws(text, unit.start, unit.end);
    total > 0 && 2 * inside(text, spans, unit) >= total
}

/// The link contract of the alignment's mode (tests/common/invariants.rs).
fn assert_tiles(a: &Alignment, en: &Document, pl: &Document) {
    invariants::check_alignment(a, en, pl);
}

/// Gold quote links of the sample pair found, and the false quote links (checks that no title or
/// scare quote of the gold is paired with speech).
fn sample_quote_check() -> (usize, Vec<(usize, usize)>, Vec<String>) {
    let (en, pl) = sample();
    let a = align(&en, &pl, &AlignOptions::default());
    let g: Value = serde_json::from_str(
        &std::fs::read_to_string(root().join("corpus/carrie-diaries/gold-quotes.json")).unwrap(),
    )
    .unwrap();
    let span =
        |q: &Value| Span::new(q["start"].as_u64().unwrap() as usize, q["end"].as_u64().unwrap() as usize);
    let ge: Vec<Span> = g["en_quotes"].as_array().unwrap().iter().map(span).collect();
    let gp: Vec<Span> = g["pl_quotes"].as_array().unwrap().iter().map(span).collect();
    let ids = |side: &str| -> HashSet<usize> {
        g["non_speech_quotes"][side]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_u64().unwrap() as usize)
            .collect()
    };
    let (ns_en, ns_pl) = (ids("en"), ids("pl"));
    let gold: Vec<(usize, usize)> = g["links"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| (l["en"].as_u64().unwrap() as usize, l["pl"].as_u64().unwrap() as usize))
        .collect();
    let pairs: Vec<&Link> = a.quotes.iter().filter(|l| l.is_match()).collect();
    let mut found = HashSet::new();
    let mut false_links = Vec::new();
    for l in &pairs {
        let es: Vec<Span> = l.en.iter().map(|&i| en.quotes[i].span).collect();
        let ps: Vec<Span> = l.pl.iter().map(|&j| pl.quotes[j].span).collect();
        let hits: Vec<(usize, usize)> = gold
            .iter()
            .copied()
            .filter(|&(e, p)| covers(&en.text, &es, ge[e]) && covers(&pl.text, &ps, gp[p]))
            .collect();
        if hits.is_empty() {
            false_links.push(es.iter().map(|s| en.slice(*s)).collect::<Vec<_>>().join(" | "));
        }
        found.extend(hits);
        // No title or scare quote (per the gold) paired with speech.
        let kind_of = |spans: &[Span], gold_spans: &[Span], ns: &HashSet<usize>, text: &str| -> Vec<bool> {
            spans
                .iter()
                .filter_map(|s| {
                    gold_spans
                        .iter()
                        .position(|g| 2 * inside(text, &[*s], *g) >= nonws(text, g.start, g.end).max(1))
                })
                .map(|k| ns.contains(&k))
                .collect()
        };
        let ke = kind_of(&es, &ge, &ns_en, &en.text);
        let kp = kind_of(&ps, &gp, &ns_pl, &pl.text);
        if let (Some(&a), Some(&b)) = (ke.first(), kp.first()) {
            assert_eq!(a, b, "a title/scare quote paired with speech: {:?}", l);
        }
    }
    let missing: Vec<(usize, usize)> = gold.iter().copied().filter(|p| !found.contains(p)).collect();
    (gold.len(), missing, false_links)
}

/// The target: all 8 gold quote links, at most one false link.
#[test]
fn sample_pair_quote_links_match_gold() {
    let (_, missing, false_links) = sample_quote_check();
    assert!(missing.is_empty(), "gold quote links not found: {missing:?}");
    assert!(false_links.len() <= 1, "false quote links: {false_links:?}");
}

/// What the aligner reaches today on the sample pair (a floor against regressions).
#[test]
fn sample_pair_quote_links_floor() {
    let (n, missing, false_links) = sample_quote_check();
    assert!(
        n - missing.len() >= 6,
        "only {} of {n} gold quote links found: missing {missing:?}",
        n - missing.len()
    );
    assert!(false_links.len() <= 2, "false quote links: {false_links:?}");
}

#[test]
fn sample_pair_keeps_the_link_contract_and_links_the_named_quotes_sentences() {
    let (en, pl) = sample();
    let a = align(&en, &pl, &AlignOptions::default());
    assert_eq!(a.mode, bialign::Mode::Comparable, "the sample pair is a retelling");
    assert_tiles(&a, &en, &pl);
    // "We won't see [them] ..." ~ "Nie zobaczymy tych osób ..." are linked sentences.
    let ei = en.sentences.iter().position(|s| en.slice(s.span).contains("We won’t see")).unwrap();
    let pj = pl.sentences.iter().position(|s| pl.slice(s.span).contains("Nie zobaczymy")).unwrap();
    let l = a.sentences.iter().find(|l| l.en.contains(&ei) && l.pl.contains(&pj));
    assert!(l.is_some_and(|l| l.score >= 0.5), "{l:?}");
}

#[test]
fn the_polish_article_given_first_is_aligned_as_polish() {
    let (en, pl) = sample();
    let ba = align(&pl, &en, &AlignOptions::default());
    // Each link's sides follow the arguments (`en`: the first document, here the Polish one), and
    // the Polish article is still read as Polish: "Nie zobaczymy…" is linked to "We won’t see…".
    let pj = pl.sentences.iter().position(|s| pl.slice(s.span).contains("Nie zobaczymy")).unwrap();
    let l = ba.sentences.iter().find(|l| l.en.contains(&pj) && l.is_match()).expect("a link of the sentence");
    let linked: Vec<&str> = l.pl.iter().map(|&i| en.slice(en.sentences[i].span)).collect();
    assert!(linked.iter().any(|s| s.contains("We won’t see")), "{linked:?}");
    assert!(l.score >= 0.5, "{l:?}");
}

#[test]
fn min_score_turns_weak_links_into_unmatched_units() {
    let (en, pl) = sample();
    let opts = AlignOptions { min_score: 0.9, ..Default::default() };
    let a = align(&en, &pl, &opts);
    assert_tiles(&a, &en, &pl);
    assert!(a.sentences.iter().filter(|l| l.is_match()).all(|l| l.score >= 0.9));
}

#[test]
fn empty_and_unrelated_documents_do_not_panic() {
    let io = IngestOptions::default();
    let en = analyze("en", b"The minister resigned on Tuesday after the vote.", &io).unwrap();
    let pl = analyze("pl", "Kot śpi na oknie. Pada deszcz.".as_bytes(), &io).unwrap();
    let a = align(&en, &pl, &AlignOptions::default());
    assert_tiles(&a, &en, &pl);
    assert!(a.sentences.iter().all(|l| !l.is_match()), "unrelated sentences linked: {:?}", a.sentences);
    let empty = Document::default();
    let a = align(&empty, &pl, &AlignOptions::default());
    assert_tiles(&a, &empty, &pl);
}

/// Sentence P/R by the dev scorer's rule (score_align.py): a link side stands for a gold line when
/// at least half of the line's non-whitespace bytes lie inside it, or at least half of the side
/// lies inside that line.
fn score_sentences(dir: &Path, en: &Document, pl: &Document, a: &Alignment) -> (usize, usize, usize) {
    let g: Value = serde_json::from_str(&std::fs::read_to_string(dir.join("gold.json")).unwrap()).unwrap();
    let lines = |key: &str| -> Vec<(String, Span)> {
        g[key]
            .as_array()
            .unwrap()
            .iter()
            .map(|l| {
                (
                    l["id"].as_str().unwrap().to_string(),
                    Span::new(l["start"].as_u64().unwrap() as usize, l["end"].as_u64().unwrap() as usize),
                )
            })
            .collect()
    };
    let (el, pll) = (lines("en_lines"), lines("pl_lines"));
    let gold: HashSet<(String, String)> = g["links"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| (l[0].as_str().unwrap().to_string(), l[1].as_str().unwrap().to_string()))
        .collect();
    let stands_for = |text: &str, lines: &[(String, Span)], spans: &[Span]| -> Vec<String> {
        let side: usize = spans.iter().map(|s| nonws(text, s.start, s.end)).sum();
        lines
            .iter()
            .filter(|(_, u)| {
                let i = inside(text, spans, *u);
                i > 0 && (2 * i >= nonws(text, u.start, u.end) || 2 * i >= side)
            })
            .map(|(id, _)| id.clone())
            .collect()
    };
    let mut pred: HashSet<(String, String)> = HashSet::new();
    for l in a.sentences.iter().filter(|l| l.is_match()) {
        let es: Vec<Span> = l.en.iter().map(|&i| en.sentences[i].span).collect();
        let ps: Vec<Span> = l.pl.iter().map(|&j| pl.sentences[j].span).collect();
        for x in stands_for(&en.text, &el, &es) {
            for y in stands_for(&pl.text, &pll, &ps) {
                pred.insert((x.clone(), y));
            }
        }
    }
    let tp = pred.iter().filter(|p| gold.contains(*p)).count();
    (tp, pred.len(), gold.len())
}

#[test]
fn dev_set_sentence_f1_floor() {
    let set = root().join("corpus/align-dev/wmt20-enpl");
    let mut articles: Vec<PathBuf> = std::fs::read_dir(&set).unwrap().map(|e| e.unwrap().path()).collect();
    articles.sort();
    let opts = AlignOptions::default();
    for variant in ["parallel", "deleted", "reordered", "comparable"] {
        let (mut tp, mut np, mut ng) = (0, 0, 0);
        for art in &articles {
            let dir = art.join(variant);
            let (en, pl) = (load(&dir.join("en.txt")), load(&dir.join("pl.txt")));
            let a = align(&en, &pl, &opts);
            assert_tiles(&a, &en, &pl);
            let (t, p, g) = score_sentences(&dir, &en, &pl, &a);
            tp += t;
            np += p;
            ng += g;
        }
        let (p, r) = (tp as f64 / np.max(1) as f64, tp as f64 / ng.max(1) as f64);
        let f1 = 2.0 * p * r / (p + r).max(1e-9);
        assert!(f1 >= 0.93, "{variant}: sentence F1 {f1:.3} (P {p:.3}, R {r:.3})");
    }
}

#[test]
fn cli_writes_the_jsonl_contract_and_reports_a_missing_lexicon() {
    let bin = env!("CARGO_BIN_EXE_bialign");
    let d = root().join("corpus/carrie-diaries");
    let out = std::process::Command::new(bin)
        .args(["align", "--format", "jsonl"])
        .arg(d.join("pl.txt"))
        .arg(d.join("en.txt"))
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let (mut quotes, mut sentences) = (0, 0);
    for line in text.lines() {
        let v: Value = serde_json::from_str(line).unwrap();
        let score = v["score"].as_f64().unwrap();
        assert!((0.0..=1.0).contains(&score));
        assert!(v["en"].is_array() && v["pl"].is_array() && v["evidence"].is_object());
        match v["kind"].as_str().unwrap() {
            "quote" => {
                quotes += 1;
                assert!(v["speaker"].is_object());
            }
            "sentence" => sentences += 1,
            k => panic!("unknown kind {k}"),
        }
    }
    // Files given Polish first are still reported English on `en`.
    let en_text = std::fs::read_to_string(d.join("en.txt")).unwrap();
    for line in text.lines() {
        let v: Value = serde_json::from_str(line).unwrap();
        for s in v["en"].as_array().unwrap() {
            let (a, b) = (s["start"].as_u64().unwrap() as usize, s["end"].as_u64().unwrap() as usize);
            assert_eq!(&en_text[a..b], s["text"].as_str().unwrap());
        }
    }
    assert!(quotes > 0 && sentences > 0);

    let out = std::process::Command::new(bin)
        .arg("align")
        .arg(d.join("en.txt"))
        .arg(d.join("pl.txt"))
        .args(["--lexicon", "/nonexistent/lexicon.tsv"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("lexicon.tsv"));
}

/// The sample pair's sentence links against its hand gold (`corpus/carrie-diaries/gold-links.tsv`),
/// counted as the real comparable pairs' scorer counts them: every (gold EN, gold PL) sentence pair
/// that one link covers on both sides. Returns (true pairs, predicted pairs, gold pairs).
fn sample_sentence_check(min_score: f32) -> (usize, usize, usize) {
    let (en, pl) = sample();
    let a = align(&en, &pl, &AlignOptions::default());
    let dir = root().join("corpus/carrie-diaries");
    let g: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("gold-sentences.json")).unwrap()).unwrap();
    let spans = |side: &str| -> Vec<Span> {
        g[side]["sentences"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| Span::new(s["start"].as_u64().unwrap() as usize, s["end"].as_u64().unwrap() as usize))
            .collect()
    };
    let (ge, gp) = (spans("en"), spans("pl"));
    let gold: HashSet<(usize, usize)> = std::fs::read_to_string(dir.join("gold-links.tsv"))
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            (f[0].parse().unwrap(), f[1].parse().unwrap())
        })
        .collect();
    let mut predicted = HashSet::new();
    for l in a.sentences.iter().filter(|l| l.is_match() && l.score >= min_score) {
        let es: Vec<Span> = l.en.iter().map(|&i| en.sentences[i].span).collect();
        let ps: Vec<Span> = l.pl.iter().map(|&j| pl.sentences[j].span).collect();
        for (x, gx) in ge.iter().enumerate() {
            if !covers(&en.text, &es, *gx) {
                continue;
            }
            for (y, gy) in gp.iter().enumerate() {
                if covers(&pl.text, &ps, *gy) {
                    predicted.insert((x, y));
                }
            }
        }
    }
    let tp = predicted.intersection(&gold).count();
    for &(x, y) in predicted.difference(&gold) {
        eprintln!("false: {} || {}", en.slice(ge[x]), pl.slice(gp[y]));
    }
    for &(x, y) in gold.difference(&predicted) {
        eprintln!("missed: {} || {}", en.slice(ge[x]), pl.slice(gp[y]));
    }
    (tp, predicted.len(), gold.len())
}

/// A reviewer can trust the confident links of a retelling: of the sample pair's sentence pairs in
/// links scoring 0.5 or more, at least 0.9 are renderings by its hand gold. All links together
/// (the default, no score floor) hold most of the gold, with weaker precision.
#[test]
fn sample_pair_sentence_links_are_renderings() {
    let (tp, pred, gold) = sample_sentence_check(0.5);
    eprintln!("sample pair, links scoring >= 0.5: {tp} true of {pred} predicted, {gold} gold");
    assert!(tp as f64 >= 0.9 * pred as f64, "precision {tp}/{pred}");
    let (tp, pred, gold) = sample_sentence_check(0.0);
    eprintln!("sample pair, all links: {tp} true of {pred} predicted, {gold} gold");
    assert!(tp as f64 >= 0.6 * pred as f64, "precision {tp}/{pred}");
    assert!(tp * 2 >= gold, "recall {tp}/{gold}");
}

/// A long translation that writes the same passages many times over (here one dev article, twenty
/// and forty times): each sentence has as many copies on the other side with the same words. The
/// pair is still read as a translation, and each sentence links to the copy at its own place: with
/// twenty copies every copy of a sentence gets the same votes (summed in the same order), and the
/// one nearest the diagonal is kept; with forty the words of a copy are held by too many sentences
/// to pair them all, and they vote near the diagonal only.
#[test]
fn a_passage_written_many_times_links_to_its_own_copy() {
    for copies in [20, 40] {
        passage_copies(copies);
    }
}

fn passage_copies(copies: usize) {
    let dir = root().join("corpus/align-dev/wmt20-enpl/a01/parallel");
    let read = |f: &str| std::fs::read_to_string(dir.join(f)).unwrap().trim_end().to_string();
    let (en1, pl1) = (read("en.txt"), read("pl.txt"));
    let repeat = |s: &str| vec![s; copies].join("\n\n");
    let opts = IngestOptions::default();
    let en = analyze("en", repeat(&en1).as_bytes(), &opts).unwrap();
    let pl = analyze("pl", repeat(&pl1).as_bytes(), &opts).unwrap();
    let a = align(&en, &pl, &AlignOptions::default());
    assert_eq!(a.mode, bialign::Mode::Translation, "strong share {}", a.strong_share);
    let copy_en = |i: usize| en.sentences[i].span.start / (en1.len() + 2);
    let copy_pl = |j: usize| pl.sentences[j].span.start / (pl1.len() + 2);
    let links: Vec<&Link> = a.sentences.iter().filter(|l| l.is_match()).collect();
    let own =
        links.iter().filter(|l| l.en.iter().all(|&i| l.pl.iter().all(|&j| copy_en(i) == copy_pl(j)))).count();
    assert!(
        links.len() * 10 >= en.sentences.len() * 9,
        "{} links for {} sentences",
        links.len(),
        en.sentences.len()
    );
    assert!(own * 100 >= links.len() * 98, "{copies} copies: {own} of {} links within one copy", links.len());
}
