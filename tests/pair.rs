//! `bialign pair`: pairing a small collection (separate and mixed), one-to-one against `--many`,
//! `--unpaired`, `--emit-records` piped into `batch -`, `--align`, dates, and bad input lines. The
//! articles are the invented stories of tests/data/pair (see its README).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use serde_json::{json, Value};

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_bialign"))
}

fn data(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/pair").join(rel)
}

fn text(rel: &str) -> String {
    std::fs::read_to_string(data(rel)).unwrap()
}

fn run(args: &[&str]) -> Output {
    bin().args(args).output().unwrap()
}

fn records(o: &Output) -> Vec<Value> {
    String::from_utf8_lossy(&o.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect()
}

/// The (en, pl) ids of the pair records.
fn pairs(recs: &[Value]) -> Vec<(String, String)> {
    let mut v: Vec<(String, String)> = recs
        .iter()
        .filter(|r| r["en"].is_string() && r["pl"].is_string() && r.get("score").is_some())
        .map(|r| (r["en"].as_str().unwrap().to_string(), r["pl"].as_str().unwrap().to_string()))
        .collect();
    v.sort();
    v
}

fn expected() -> Vec<(String, String)> {
    [("comet.txt", "kometa.txt"), ("flood.txt", "powodz.txt"), ("striker.txt", "napastnik.txt")]
        .iter()
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .collect()
}

fn path(p: &Path) -> &str {
    p.to_str().unwrap()
}

#[test]
fn pairs_the_stories_of_two_folders_with_evidence() {
    let o = run(&["pair", path(&data("en")), path(&data("pl"))]);
    assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
    let recs = records(&o);
    assert_eq!(pairs(&recs), expected());
    let flood = recs.iter().find(|r| r["en"] == "flood.txt").unwrap();
    let names: Vec<&str> =
        flood["evidence"]["names"].as_array().unwrap().iter().map(|v| v.as_str().unwrap()).collect();
    assert!(names.contains(&"Brzeska") && names.contains(&"Wilk"), "{names:?}");
    let numbers = flood["evidence"]["numbers"].as_array().unwrap();
    assert!(numbers.contains(&json!("240")) && numbers.contains(&json!("12000000")), "{numbers:?}");
    assert!(!flood["evidence"]["lexicon"].as_array().unwrap().is_empty());
    assert!(flood["evidence"]["quotes"].as_array().unwrap().contains(&json!("Brzeska")));
    let score = flood["score"].as_f64().unwrap();
    assert!((0.1..=1.0).contains(&score), "{score}");
}

/// One JSON Lines file holding both languages, in no order, read with language detection.
fn mixed_jsonl(dir: &Path) -> PathBuf {
    let mut lines = Vec::new();
    for (id, rel) in [
        ("d1", "pl/kometa.txt"),
        ("d2", "en/flood.txt"),
        ("d3", "pl/rozklad.txt"),
        ("d4", "en/striker.txt"),
        ("d5", "pl/powodz.txt"),
        ("d6", "en/festival.txt"),
        ("d7", "en/comet.txt"),
        ("d8", "pl/napastnik.txt"),
    ] {
        lines.push(json!({"id": id, "text": text(rel)}).to_string());
    }
    let p = dir.join("mixed.jsonl");
    std::fs::write(&p, lines.join("\n") + "\n").unwrap();
    p
}

#[test]
fn mixed_collection_is_sorted_by_language_and_paired() {
    let t = tempfile::tempdir().unwrap();
    let p = mixed_jsonl(t.path());
    let o = run(&["pair", "--mixed", path(&p), "--unpaired"]);
    assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
    let recs = records(&o);
    let want: Vec<(String, String)> = [("d2", "d5"), ("d4", "d8"), ("d7", "d1")]
        .iter()
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .collect();
    assert_eq!(pairs(&recs), want);
    let unpaired: Vec<(&str, &str)> = recs
        .iter()
        .filter(|r| r.get("unpaired").is_some())
        .map(|r| (r["unpaired"].as_str().unwrap(), r["id"].as_str().unwrap()))
        .collect();
    assert_eq!(unpaired, [("en", "d6"), ("pl", "d3")]);
    // Without --mixed one input is not enough.
    let o = run(&["pair", path(&p)]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn one_to_one_by_default_several_with_many() {
    let t = tempfile::tempdir().unwrap();
    let pl = t.path().join("pl");
    std::fs::create_dir(&pl).unwrap();
    for f in ["powodz.txt", "napastnik.txt", "kometa.txt", "rozklad.txt"] {
        std::fs::write(pl.join(f), text(&format!("pl/{f}"))).unwrap();
    }
    std::fs::write(pl.join("powodz-2.txt"), text("extra/powodz-2.txt")).unwrap();
    let one = pairs(&records(&run(&["pair", path(&data("en")), path(&pl)])));
    assert_eq!(one.iter().filter(|p| p.0 == "flood.txt").count(), 1, "{one:?}");
    assert_eq!(one.len(), 3);
    let many = pairs(&records(&run(&["pair", path(&data("en")), path(&pl), "--many"])));
    let flood: Vec<&str> = many.iter().filter(|p| p.0 == "flood.txt").map(|p| p.1.as_str()).collect();
    assert_eq!(flood, ["powodz-2.txt", "powodz.txt"], "{many:?}");
    assert_eq!(many.len(), 4, "{many:?}");
    // A high enough cut leaves nothing.
    let none = pairs(&records(&run(&["pair", path(&data("en")), path(&pl), "--min-score", "0.99"])));
    assert!(none.is_empty());
}

#[test]
fn unpaired_documents_are_listed_with_their_best_candidate() {
    let o = run(&["pair", path(&data("en")), path(&data("pl")), "--unpaired"]);
    let recs = records(&o);
    let un: Vec<&Value> = recs.iter().filter(|r| r.get("unpaired").is_some()).collect();
    assert_eq!(un.len(), 2, "{recs:?}");
    assert_eq!((un[0]["unpaired"].as_str(), un[0]["id"].as_str()), (Some("en"), Some("festival.txt")));
    assert_eq!((un[1]["unpaired"].as_str(), un[1]["id"].as_str()), (Some("pl"), Some("rozklad.txt")));
    for u in un {
        if let Some(b) = u.get("best") {
            assert!(b["score"].as_f64().unwrap() < 0.1);
        }
    }
    // Without the flag they are not written.
    let recs = records(&run(&["pair", path(&data("en")), path(&data("pl"))]));
    assert!(recs.iter().all(|r| r.get("unpaired").is_none()));
}

#[test]
fn emitted_records_feed_batch() {
    let t = tempfile::tempdir().unwrap();
    let p = mixed_jsonl(t.path());
    // Standard input as the collection: it is read once and copied aside for the texts.
    let mut child = bin()
        .args(["pair", "--mixed", "-", "--emit-records", "-q"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(&std::fs::read(&p).unwrap()).unwrap();
    let o = child.wait_with_output().unwrap();
    assert_eq!(o.status.code(), Some(0));
    let recs = records(&o);
    assert_eq!(recs.len(), 3);
    let flood = recs.iter().find(|r| r["id"] == "d2|d5").expect("the flood pair");
    assert_eq!(flood["en"].as_str().unwrap(), text("en/flood.txt"));
    assert_eq!(flood["pl"].as_str().unwrap(), text("pl/powodz.txt"));

    let mut batch =
        bin().args(["batch", "-", "-q"]).stdin(Stdio::piped()).stdout(Stdio::piped()).spawn().unwrap();
    batch.stdin.take().unwrap().write_all(&o.stdout).unwrap();
    let b = batch.wait_with_output().unwrap();
    assert_eq!(b.status.code(), Some(0), "{}", String::from_utf8_lossy(&b.stderr));
    let links = records(&b);
    let docs: std::collections::BTreeSet<&str> = links.iter().map(|r| r["doc"].as_str().unwrap()).collect();
    assert_eq!(docs, ["d2|d5", "d4|d8", "d7|d1"].into());
    assert!(links.iter().all(|r| r.get("error").is_none()));
    assert!(
        links.iter().filter(|r| r["kind"] == "sentence" && !r["pl"].as_array().unwrap().is_empty()).count()
            >= 9
    );

    // pair --align does the same in one command.
    let a = run(&["pair", path(&data("en")), path(&data("pl")), "--align", "-q"]);
    assert_eq!(a.status.code(), Some(0), "{}", String::from_utf8_lossy(&a.stderr));
    let docs: std::collections::BTreeSet<String> =
        records(&a).iter().map(|r| r["doc"].as_str().unwrap().to_string()).collect();
    assert_eq!(docs.len(), 3);
    assert!(docs.contains("flood.txt|powodz.txt"));
}

#[test]
fn one_bad_line_is_one_error_and_the_rest_is_paired() {
    let t = tempfile::tempdir().unwrap();
    let en = t.path().join("en.jsonl");
    let pl = t.path().join("pl.jsonl");
    let mut e = Vec::new();
    for (id, rel) in [("flood", "en/flood.txt"), ("striker", "en/striker.txt")] {
        e.push(json!({"id": id, "text": text(rel)}).to_string());
    }
    e.insert(1, "{\"id\": \"broken\", \"text\": \"unterminated".to_string());
    e.push(json!({"id": "comet", "text": text("en/comet.txt")}).to_string());
    std::fs::write(&en, e.join("\n") + "\n").unwrap();
    let mut p = Vec::new();
    for (id, rel) in
        [("powodz", "pl/powodz.txt"), ("napastnik", "pl/napastnik.txt"), ("kometa", "pl/kometa.txt")]
    {
        p.push(json!({"id": id, "text": text(rel)}).to_string());
    }
    p.push(json!({"id": "no-text"}).to_string());
    std::fs::write(&pl, p.join("\n") + "\n").unwrap();
    let o = run(&["pair", path(&en), path(&pl), "-q"]);
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 2, "{err}");
    assert!(
        lines[0].contains("en.jsonl") && lines[0].contains('2') && lines[0].contains("not valid JSON"),
        "{err}"
    );
    assert!(
        lines[1].contains("pl.jsonl") && lines[1].contains('4') && lines[1].contains("\"text\""),
        "{err}"
    );
    assert!(!err.contains("panick"));
    let want: Vec<(String, String)> = [("comet", "kometa"), ("flood", "powodz"), ("striker", "napastnik")]
        .iter()
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .collect();
    assert_eq!(pairs(&records(&o)), want);

    // A file that is not JSON Lines, and a missing input: one line each, status 2.
    let o = run(&["pair", path(&data("README.md")), path(&pl)]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(String::from_utf8_lossy(&o.stderr).lines().count(), 1);
    let o = run(&["pair", path(&t.path().join("missing")), path(&pl)]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("missing"));
}

#[test]
fn dates_far_apart_do_not_pair() {
    let t = tempfile::tempdir().unwrap();
    let en = t.path().join("en.jsonl");
    let pl = t.path().join("pl.jsonl");
    std::fs::write(
        &en,
        json!({"id": "e", "text": text("en/flood.txt"), "date": "2025-05-06"}).to_string() + "\n",
    )
    .unwrap();
    let write_pl = |date: &str| {
        std::fs::write(
            &pl,
            json!({"id": "p", "text": text("pl/powodz.txt"), "date": date}).to_string() + "\n",
        )
        .unwrap()
    };
    write_pl("2025-05-07T09:30:00Z");
    assert_eq!(pairs(&records(&run(&["pair", path(&en), path(&pl)]))).len(), 1);
    write_pl("2025-06-20");
    assert!(pairs(&records(&run(&["pair", path(&en), path(&pl)]))).is_empty());
    assert_eq!(pairs(&records(&run(&["pair", path(&en), path(&pl), "--date-window", "0"]))).len(), 1);
    assert_eq!(pairs(&records(&run(&["pair", path(&en), path(&pl), "--date-window", "60"]))).len(), 1);
}

#[test]
fn library_pairs_texts_in_memory() {
    use bialign::pair::{pair_texts, Method, PairOptions};
    let en = [("flood", text("en/flood.txt")), ("comet", text("en/comet.txt"))];
    let pl = [("kometa", text("pl/kometa.txt")), ("powodz", text("pl/powodz.txt"))];
    let en: Vec<(&str, &str)> = en.iter().map(|(a, b)| (*a, b.as_str())).collect();
    let pl: Vec<(&str, &str)> = pl.iter().map(|(a, b)| (*a, b.as_str())).collect();
    for method in [Method::Evidence, Method::TfIdf] {
        let p = pair_texts(&en, &pl, &PairOptions { method, ..Default::default() });
        let got: Vec<(usize, usize)> = p.pairs.iter().map(|x| (x.en, x.pl)).collect();
        assert_eq!(got, [(0, 1), (1, 0)], "{method:?}");
        assert!(p.paired.iter().all(|s| s.iter().all(|&b| b)));
    }
}

#[test]
fn a_margin_under_one_is_a_usage_error() {
    let o = run(&["pair", path(&data("en")), path(&data("pl")), "--margin", "0.5"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("margin"));
    // 0 turns it off.
    let o = run(&["pair", path(&data("en")), path(&data("pl")), "--margin", "0"]);
    assert_eq!(o.status.code(), Some(0));
}
