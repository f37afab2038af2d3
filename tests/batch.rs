//! `bialign batch`: input layouts, failed pairs, kill -9 and resume, TMX/TSV output, streaming,
//! ordering and untrusted ids. Runs the built binary on real dev-set articles.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use serde_json::{json, Value};

const VARIANTS: [&str; 4] = ["parallel", "deleted", "reordered", "comparable"];

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_bialign"))
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The text of one side of a dev-set article.
fn dev(article: usize, variant: &str, side: &str) -> String {
    let p = root().join(format!("corpus/align-dev/wmt20-enpl/a{article:02}/{variant}/{side}.txt"));
    std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

const GERMAN: &str = "Die Bundesregierung hat am Mittwoch neue Maßnahmen gegen die steigenden Energiepreise \
beschlossen. Nach Angaben des Wirtschaftsministeriums sollen vor allem Haushalte mit geringem Einkommen \
entlastet werden. Die Opposition kritisierte die Pläne als unzureichend und forderte eine schnellere \
Umsetzung. Der Bundestag wird sich in der kommenden Woche mit dem Gesetzentwurf befassen, der auch \
Änderungen bei der Stromsteuer vorsieht.\n";

fn write(path: &Path, text: impl AsRef<[u8]>) {
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, text).unwrap();
}

fn run(args: &[&str], dir: &Path) -> Output {
    bin().args(args).current_dir(dir).output().unwrap()
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn records(jsonl: &str) -> Vec<Value> {
    jsonl.lines().map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}"))).collect()
}

/// The doc ids in order of first appearance.
fn doc_order(recs: &[Value]) -> Vec<String> {
    let mut v: Vec<String> = Vec::new();
    for r in recs {
        let d = r["doc"].as_str().unwrap().to_string();
        if v.last() != Some(&d) {
            assert!(!v.contains(&d), "records of {d} are not contiguous");
            v.push(d);
        }
    }
    v
}

fn errors(recs: &[Value]) -> Vec<(String, String)> {
    recs.iter()
        .filter(|r| r.get("error").is_some())
        .map(|r| (r["doc"].as_str().unwrap().to_string(), r["error"].as_str().unwrap().to_string()))
        .collect()
}

/// Every sentence-link record of a pair that was aligned covers both articles' text.
fn assert_pair_records(recs: &[Value], doc: &str) {
    let mine: Vec<&Value> = recs.iter().filter(|r| r["doc"] == doc).collect();
    assert!(!mine.is_empty(), "no records for {doc}");
    for r in &mine {
        assert!(r.get("error").is_none(), "{doc} failed: {r}");
        assert!(r["kind"] == "sentence" || r["kind"] == "quote", "{r}");
    }
    let en: usize =
        mine.iter().filter(|r| r["kind"] == "sentence").map(|r| r["en"].as_array().unwrap().len()).sum();
    let pl: usize =
        mine.iter().filter(|r| r["kind"] == "sentence").map(|r| r["pl"].as_array().unwrap().len()).sum();
    assert!(en > 0 && pl > 0, "{doc}: sentence links must tile both documents");
}

fn pair_dir(dir: &Path, article: usize, variant: &str) {
    write(&dir.join("en.txt"), dev(article, variant, "en"));
    write(&dir.join("pl.txt"), dev(article, variant, "pl"));
}

fn html(text: &str) -> String {
    let body: String = text
        .split("\n\n")
        .filter(|p| !p.trim().is_empty())
        .map(|p| format!("<p>{}</p>\n", p.trim().replace('&', "&amp;").replace('<', "&lt;")))
        .collect();
    format!("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>News</title></head>\n<body>\n{body}</body></html>\n")
}

#[test]
fn pair_folders_are_found_recursively_in_name_order() {
    let t = tempfile::tempdir().unwrap();
    let d = t.path().join("pairs");
    pair_dir(&d.join("beta"), 1, "deleted");
    pair_dir(&d.join("alpha"), 0, "parallel");
    pair_dir(&d.join("group/gamma"), 2, "comparable");
    write(&d.join("README.md"), "not a pair\n");
    let o = run(&["batch", "pairs"], t.path());
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let recs = records(&stdout(&o));
    assert_eq!(doc_order(&recs), ["alpha", "beta", "group/gamma"]);
    for id in ["alpha", "beta", "group/gamma"] {
        assert_pair_records(&recs, id);
    }
    // Not a terminal: no progress bar, only the summary on stderr.
    let err = stderr(&o);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.starts_with("bialign batch: 3 pairs done, 0 failed, 0 swapped"), "{err}");
    assert!(err.contains("MB/s"), "{err}");
}

#[test]
fn a_single_pair_folder_is_one_pair_named_after_it() {
    let o = run(&["batch", "corpus/carrie-diaries"], &root());
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let recs = records(&stdout(&o));
    assert_eq!(doc_order(&recs), ["carrie-diaries"]);
    assert_pair_records(&recs, "carrie-diaries");
}

#[test]
fn side_by_side_files_including_html() {
    let t = tempfile::tempdir().unwrap();
    let d = t.path().join("sbs");
    write(&d.join("one.en.txt"), dev(3, "parallel", "en"));
    write(&d.join("one.pl.txt"), dev(3, "parallel", "pl"));
    write(&d.join("two.en.html"), html(&dev(4, "deleted", "en")));
    write(&d.join("two.pl.html"), html(&dev(4, "deleted", "pl")));
    let o = run(&["batch", "sbs"], t.path());
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let recs = records(&stdout(&o));
    assert_eq!(doc_order(&recs), ["one", "two"]);
    assert_pair_records(&recs, "one");
    assert_pair_records(&recs, "two");
}

#[test]
fn en_and_pl_folders() {
    let t = tempfile::tempdir().unwrap();
    let d = t.path().join("split");
    write(&d.join("en/x.txt"), dev(5, "reordered", "en"));
    write(&d.join("pl/x.txt"), dev(5, "reordered", "pl"));
    write(&d.join("en/y.html"), html(&dev(6, "parallel", "en")));
    write(&d.join("pl/y.html"), html(&dev(6, "parallel", "pl")));
    let o = run(&["batch", "split"], t.path());
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let recs = records(&stdout(&o));
    assert_eq!(doc_order(&recs), ["x", "y"]);
    assert_pair_records(&recs, "x");
    assert_pair_records(&recs, "y");
}

#[test]
fn manifest_paths_are_relative_to_the_manifest_and_inputs_chain_in_order() {
    let t = tempfile::tempdir().unwrap();
    pair_dir(&t.path().join("data/p1"), 7, "parallel");
    pair_dir(&t.path().join("data/p2"), 8, "comparable");
    let abs_en = t.path().join("data/p2/en.txt");
    write(
        &t.path().join("lists/m.tsv"),
        format!(
            "id\ten_path\tpl_path\n# a comment\n\nfirst\t../data/p1/en.txt\t../data/p1/pl.txt\nsecond\t{}\t../data/p2/pl.txt\n",
            abs_en.display()
        ),
    );
    write(
        &t.path().join("r.jsonl"),
        format!("{}\n", json!({"id": "third", "en": dev(9, "deleted", "en"), "pl": dev(9, "deleted", "pl")})),
    );
    // Run from another folder: manifest paths do not depend on the working directory.
    let o = run(&["batch", "../lists/m.tsv", "../r.jsonl"], &t.path().join("data"));
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let recs = records(&stdout(&o));
    assert_eq!(doc_order(&recs), ["first", "second", "third"]);
    for id in ["first", "second", "third"] {
        assert_pair_records(&recs, id);
    }
}

#[test]
fn corrupt_pairs_become_error_records_and_the_rest_is_written() {
    let t = tempfile::tempdir().unwrap();
    let d = t.path().join("c");
    pair_dir(&d.join("a-good"), 10, "parallel");
    let mut binary: Vec<u8> = (0..4096u32).map(|i| (i * 7 % 256) as u8).collect();
    binary.extend_from_slice(&[0, 0, 0xff, 0xfe, 0x00, 0x9f]);
    write(&d.join("b-binary/en.txt"), &binary);
    write(&d.join("b-binary/pl.txt"), dev(11, "parallel", "pl"));
    write(&d.join("c-german/en.txt"), GERMAN.repeat(3));
    write(&d.join("c-german/pl.txt"), dev(11, "parallel", "pl"));
    write(&d.join("d-missing/en.txt"), dev(12, "parallel", "en"));
    pair_dir(&d.join("e-good"), 13, "comparable");
    write(&d.join("f-both-english/en.txt"), dev(14, "parallel", "en"));
    write(&d.join("f-both-english/pl.txt"), dev(15, "parallel", "en"));
    write(
        &t.path().join("bad.jsonl"),
        "{\"id\":\"r1\",\"en\":\"x\"}\n{\"id\": 7, \"en\": \"a\", \"pl\": \"b\"}\nnot json\n",
    );

    let o = run(&["batch", "c", "bad.jsonl"], t.path());
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let recs = records(&stdout(&o));
    assert_eq!(
        doc_order(&recs),
        [
            "a-good",
            "b-binary",
            "c-german",
            "d-missing",
            "e-good",
            "f-both-english",
            "bad.jsonl:1",
            "bad.jsonl:2",
            "bad.jsonl:3"
        ]
    );
    assert_pair_records(&recs, "a-good");
    assert_pair_records(&recs, "e-good");
    let errs = errors(&recs);
    // A German side is an error as soon as the detector tells German (the foundation detector only
    // knows English and Polish and calls it English).
    let detected = stdout(&run(&["detect", "c/c-german/en.txt", "--format", "jsonl"], t.path()));
    let german_known = detected.contains("\"lang\":\"de\"");
    assert_eq!(errs.len(), if german_known { 7 } else { 6 }, "{errs:?}");
    // One record per failed pair, each naming the problem.
    let err_of = |id: &str| errs.iter().find(|(d, _)| d == id).unwrap().1.clone();
    assert!(err_of("b-binary").contains("en.txt"), "{}", err_of("b-binary"));
    if german_known {
        assert!(err_of("c-german").contains("de"), "{}", err_of("c-german"));
    }
    assert!(err_of("d-missing").contains("no Polish side"), "{}", err_of("d-missing"));
    assert!(err_of("f-both-english").contains("both English"), "{}", err_of("f-both-english"));
    assert!(
        err_of("bad.jsonl:1").contains("bad.jsonl:1")
            && err_of("bad.jsonl:1").contains("missing field \"pl\"")
    );
    assert!(err_of("bad.jsonl:2").contains("\"id\" must be a string"));
    assert!(err_of("bad.jsonl:3").contains("not valid JSON"));
    // An error record is {doc, error, kind}, plus the stage, the input line or the byte offset when known.
    let kinds = ["io", "decode", "record", "limit", "language", "timeout", "panic"];
    for r in recs.iter().filter(|r| r.get("error").is_some()) {
        let o = r.as_object().unwrap();
        assert!(
            o.keys().all(|k| ["doc", "error", "kind", "stage", "line", "offset"].contains(&k.as_str())),
            "{r}"
        );
        assert!(kinds.contains(&o["kind"].as_str().unwrap_or("")), "{r}");
    }
    let kind_of = |id: &str| {
        recs.iter().find(|r| r["doc"] == id && r.get("error").is_some()).unwrap()["kind"].as_str().unwrap()
    };
    assert_eq!(kind_of("b-binary"), "decode");
    assert_eq!(kind_of("f-both-english"), "language");
    assert_eq!(kind_of("bad.jsonl:3"), "record");
    let err = stderr(&o);
    let summary = if german_known { "2 pairs done, 7 failed" } else { "3 pairs done, 6 failed" };
    assert!(err.contains(summary), "{err}");

    // TSV: errors go to stderr, the rows stay three fields, same exit status.
    let o = run(&["batch", "c", "--format", "tsv"], t.path());
    assert_eq!(o.status.code(), Some(1));
    for row in stdout(&o).lines() {
        assert_eq!(row.split('\t').count(), 3, "{row}");
        assert!(row.rsplit('\t').next().unwrap().parse::<f32>().is_ok(), "{row}");
    }
    let err = stderr(&o);
    for id in ["b-binary", "d-missing", "f-both-english"] {
        assert!(err.contains(id), "{id} missing from stderr: {err}");
    }
}

#[test]
fn swapped_sides_are_fixed_and_noted() {
    let t = tempfile::tempdir().unwrap();
    let en = dev(16, "parallel", "en");
    let pl = dev(16, "parallel", "pl");
    write(&t.path().join("s/sw/en.txt"), &pl);
    write(&t.path().join("s/sw/pl.txt"), &en);
    let o = run(&["batch", "s"], t.path());
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let recs = records(&stdout(&o));
    assert_pair_records(&recs, "sw");
    for r in &recs {
        assert!(r["note"].as_str().unwrap().contains("swapped"), "{r}");
        for s in r["en"].as_array().unwrap() {
            assert!(en.contains(s["text"].as_str().unwrap()), "an en span holds Polish text: {s}");
        }
    }
    let err = stderr(&o);
    assert!(err.contains("sw: the en and pl sides were swapped") && err.contains("1 swapped"), "{err}");
}

/// The first `n` paragraphs of a text.
fn head(text: &str, n: usize) -> String {
    text.split("\n\n").take(n).collect::<Vec<_>>().join("\n\n") + "\n"
}

/// A JSON Lines corpus of `n` pairs cut from the dev set (the first paragraphs of each article, so
/// that a debug build gets through hundreds of pairs in seconds).
fn corpus_jsonl(n: usize) -> String {
    let mut s = String::new();
    for i in 0..n {
        let (a, v) = (i % 30, VARIANTS[(i / 30) % 4]);
        let paras = 2 + i % 3;
        let rec = json!({"id": format!("p{i:04}"), "en": head(&dev(a, v, "en"), paras), "pl": head(&dev(a, v, "pl"), paras)});
        s.push_str(&rec.to_string());
        s.push('\n');
    }
    s
}

fn journal_lines(p: &Path) -> usize {
    std::fs::read_to_string(p).map(|s| s.lines().count()).unwrap_or(0)
}

fn kill_and_resume(format: &str) {
    let t = tempfile::tempdir().unwrap();
    write(&t.path().join("in.jsonl"), corpus_jsonl(300));
    let o = run(&["batch", "in.jsonl", "-o", "clean.out", "--jobs", "1", "--format", format], t.path());
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let clean = std::fs::read(t.path().join("clean.out")).unwrap();
    assert!(!t.path().join("clean.out.bialign-journal").exists());

    let journal = t.path().join("out.bialign-journal");
    let part = t.path().join("out.bialign-part");
    // Kill a fresh run, then kill the resumed run too, at different points.
    for (i, at) in [40, 120].into_iter().enumerate() {
        let mut args = vec!["batch", "in.jsonl", "-o", "out", "--jobs", "1", "--format", format];
        if i > 0 {
            args.push("--resume");
        }
        let mut child = bin().args(&args).current_dir(t.path()).stderr(Stdio::null()).spawn().unwrap();
        let start = Instant::now();
        while journal_lines(&journal) < at {
            assert!(start.elapsed() < Duration::from_secs(120), "the run made no progress");
            std::thread::sleep(Duration::from_millis(2));
        }
        child.kill().unwrap(); // SIGKILL
        child.wait().unwrap();
        assert!(!t.path().join("out").exists(), "the run finished before it was killed");
        assert!(part.exists());
    }
    let done_before = journal_lines(&journal) - 1;
    assert!(done_before < 300);
    // Torn writes at the instant of the kill: half a record and half a journal line.
    std::fs::OpenOptions::new()
        .append(true)
        .open(&part)
        .unwrap()
        .write_all(b"{\"doc\":\"p9999\",\"ki")
        .unwrap();
    std::fs::OpenOptions::new().append(true).open(&journal).unwrap().write_all(b"123456\tok\t3").unwrap();

    let o = run(&["batch", "in.jsonl", "-o", "out", "--jobs", "1", "--format", format, "--resume"], t.path());
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let err = stderr(&o);
    assert!(err.contains(&format!("({done_before} from the interrupted run)")), "{err}");
    assert!(err.contains("300 pairs done"), "{err}");
    let resumed = std::fs::read(t.path().join("out")).unwrap();
    assert!(resumed == clean, "resumed output differs from a clean run");
    assert!(!journal.exists() && !part.exists());
}

#[test]
fn kill_9_then_resume_gives_the_output_of_one_clean_run_jsonl() {
    kill_and_resume("jsonl");
}

#[test]
fn kill_9_then_resume_gives_the_output_of_one_clean_run_tmx() {
    kill_and_resume("tmx");
}

#[test]
fn resume_refuses_other_settings() {
    let t = tempfile::tempdir().unwrap();
    write(&t.path().join("in.jsonl"), corpus_jsonl(2));
    write(
        &t.path().join("out.bialign-journal"),
        "bialign-journal 2\tformat=jsonl only=both min-score=0\t0\n",
    );
    write(&t.path().join("out.bialign-part"), "");
    let o = run(&["batch", "in.jsonl", "-o", "out", "--format", "tsv", "--resume"], t.path());
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("other settings"), "{}", stderr(&o));
    // A missing INPUT is bad usage: exit 2 before anything is written.
    let o = run(&["batch", "in.jsonl", "no-such-folder", "-o", "other"], t.path());
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("no-such-folder: no such file"), "{}", stderr(&o));
    assert!(!t.path().join("other.bialign-part").exists());
    // Without --resume a fresh run replaces the leftovers.
    let o = run(&["batch", "in.jsonl", "-o", "out", "--format", "tsv"], t.path());
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(!t.path().join("out.bialign-journal").exists());
}

#[test]
fn tmx_is_valid_xml_with_the_tmx_header_langs_and_props() {
    let t = tempfile::tempdir().unwrap();
    pair_dir(&t.path().join("p/a&b <1>"), 17, "parallel");
    pair_dir(&t.path().join("p/c"), 18, "deleted");
    let o = run(&["batch", "p", "--format", "tmx", "-o", "out.tmx"], t.path());
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = std::fs::read_to_string(t.path().join("out.tmx")).unwrap();
    let xml = roxmltree::Document::parse(&text).unwrap();
    let tmx = xml.root_element();
    assert_eq!(tmx.tag_name().name(), "tmx");
    assert_eq!(tmx.attribute("version"), Some("1.4"));
    let header = tmx.children().find(|n| n.has_tag_name("header")).unwrap();
    for (k, v) in [
        ("srclang", "en"),
        ("adminlang", "en"),
        ("creationtool", "bialign"),
        ("creationtoolversion", env!("CARGO_PKG_VERSION")),
        ("segtype", "sentence"),
        ("datatype", "plaintext"),
        ("o-tmf", "bialign"),
    ] {
        assert_eq!(header.attribute(k), Some(v), "header {k}");
    }
    let body = tmx.children().find(|n| n.has_tag_name("body")).unwrap();
    let xml_ns = "http://www.w3.org/XML/1998/namespace";
    for tu in body.children().filter(|n| n.is_element()) {
        assert!(tu.has_tag_name("tu"));
        let props: Vec<_> = tu.children().filter(|n| n.has_tag_name("prop")).collect();
        let doc = props.iter().find(|p| p.attribute("type") == Some("x-doc")).unwrap().text().unwrap();
        assert!(doc == "a&b <1>" || doc == "c", "{doc}");
        let score: f32 = props
            .iter()
            .find(|p| p.attribute("type") == Some("x-score"))
            .unwrap()
            .text()
            .unwrap()
            .parse()
            .unwrap();
        assert!((0.0..=1.0).contains(&score));
        let langs: Vec<_> = tu
            .children()
            .filter(|n| n.has_tag_name("tuv"))
            .map(|n| n.attribute((xml_ns, "lang")).unwrap())
            .collect();
        assert_eq!(langs, ["en", "pl"]);
    }
    if Command::new("xmllint").arg("--version").output().is_ok() {
        let dtd = root().join("tests/data/tmx14-bialign.dtd");
        let o = Command::new("xmllint")
            .args(["--noout", "--dtdvalid"])
            .arg(&dtd)
            .arg(t.path().join("out.tmx"))
            .output()
            .unwrap();
        assert!(o.status.success(), "{}", stderr(&o));
    }
}

#[test]
fn stdin_filter_streams_one_record_at_a_time_and_each_output_depends_on_its_record_alone() {
    // With threads, and on the one thread of --jobs 1 (as Spark's tasks run it).
    for jobs in ["2", "1"] {
        stdin_filter_streams(jobs);
    }
}

fn stdin_filter_streams(jobs: &str) {
    let t = tempfile::tempdir().unwrap();
    let r1 =
        json!({"id": "r1", "en": dev(19, "parallel", "en"), "pl": dev(19, "parallel", "pl")}).to_string();
    let r2 =
        json!({"id": "r2", "en": dev(20, "comparable", "en"), "pl": dev(20, "comparable", "pl")}).to_string();
    let mut child = bin()
        .args(["batch", "-", "--jobs", jobs])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    let out = child.stdout.take().unwrap();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(out).lines() {
            if tx.send(line.unwrap()).is_err() {
                break;
            }
        }
    });
    writeln!(input, "{r1}").unwrap();
    input.flush().unwrap();
    // The first record's output arrives while standard input is still open.
    let first = rx
        .recv_timeout(Duration::from_secs(60))
        .unwrap_or_else(|_| panic!("--jobs {jobs}: no output before the input ended"));
    assert!(first.contains("\"doc\":\"r1\""), "{first}");
    writeln!(input, "{r2}").unwrap();
    drop(input);
    let mut lines = vec![first];
    lines.extend(rx.iter());
    assert!(child.wait().unwrap().success());
    let streamed = lines.join("\n") + "\n";

    // The same records from a file give the same bytes; each record alone gives its own lines.
    write(&t.path().join("both.jsonl"), format!("{r1}\n{r2}\n"));
    write(&t.path().join("two.jsonl"), format!("{r2}\n"));
    assert_eq!(stdout(&run(&["batch", "both.jsonl"], t.path())), streamed);
    let alone = stdout(&run(&["batch", "two.jsonl"], t.path()));
    assert!(streamed.ends_with(&alone) && !alone.is_empty());
}

#[test]
fn output_order_is_input_order_with_two_jobs() {
    let t = tempfile::tempdir().unwrap();
    let mut s = String::new();
    let mut ids = Vec::new();
    for i in 0..24 {
        // Big and small pairs alternate, so workers finish out of order.
        let (en, pl) = if i % 2 == 0 {
            (dev(i, "parallel", "en").repeat(6), dev(i, "parallel", "pl").repeat(6))
        } else {
            (
                dev(i, "deleted", "en").lines().take(3).collect::<Vec<_>>().join("\n"),
                dev(i, "deleted", "pl").lines().take(3).collect::<Vec<_>>().join("\n"),
            )
        };
        let id = format!("z{}", 24 - i);
        s.push_str(&json!({"id": id, "en": en, "pl": pl}).to_string());
        s.push('\n');
        ids.push(id);
    }
    write(&t.path().join("in.jsonl"), s);
    let two = run(&["batch", "in.jsonl", "--jobs", "2"], t.path());
    let one = run(&["batch", "in.jsonl", "--jobs", "1"], t.path());
    assert_eq!(two.status.code(), Some(0), "{}", stderr(&two));
    let recs = records(&stdout(&two));
    assert_eq!(doc_order(&recs), ids);
    assert!(two.stdout == one.stdout, "--jobs 2 and --jobs 1 differ");
}

fn all_files(dir: &Path) -> Vec<PathBuf> {
    let mut v = Vec::new();
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            v.extend(all_files(&p));
        } else {
            v.push(p);
        }
    }
    v.sort();
    v
}

#[test]
fn hostile_ids_never_write_outside_the_output() {
    let t = tempfile::tempdir().unwrap();
    let work = t.path().join("work");
    let hostile = ["../../../escape", "/tmp/bialign-abs-escape", "a/../../b", "..", "x\u{0}y"];
    let mut s = String::new();
    for (i, id) in hostile.iter().enumerate() {
        s.push_str(
            &json!({"id": id, "en": dev(21 + i, "parallel", "en"), "pl": dev(21 + i, "parallel", "pl")})
                .to_string(),
        );
        s.push('\n');
    }
    write(&work.join("in/r.jsonl"), s);
    pair_dir(&work.join("in/p"), 26, "parallel");
    write(&work.join("in/m.tsv"), "../../evil\tp/en.txt\tp/pl.txt\n");
    std::fs::create_dir_all(work.join("out")).unwrap();
    let before = all_files(t.path());
    for format in ["jsonl", "tsv", "tmx"] {
        let o = run(
            &["batch", "in/r.jsonl", "in/m.tsv", "-o", &format!("out/result.{format}"), "--format", format],
            &work,
        );
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    }
    let mut after = all_files(t.path());
    after.retain(|p| !before.contains(p));
    let expected: Vec<PathBuf> =
        ["jsonl", "tmx", "tsv"].iter().map(|f| work.join(format!("out/result.{f}"))).collect();
    assert_eq!(after, expected);
    assert!(!Path::new("/tmp/bialign-abs-escape").exists());
    let recs = records(&std::fs::read_to_string(work.join("out/result.jsonl")).unwrap());
    let mut order = hostile.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    order.push("../../evil".into());
    assert_eq!(doc_order(&recs), order);
}

#[test]
fn a_pair_over_the_size_limit_fails_alone() {
    let t = tempfile::tempdir().unwrap();
    let small = json!({"id": "small", "en": dev(27, "deleted", "en").lines().take(4).collect::<Vec<_>>().join("\n"),
        "pl": dev(27, "deleted", "pl").lines().take(4).collect::<Vec<_>>().join("\n")});
    let big = json!({"id": "big", "en": dev(28, "parallel", "en").repeat(40), "pl": dev(28, "parallel", "pl").repeat(40)});
    write(&t.path().join("in.jsonl"), format!("{big}\n{small}\n"));
    write(&t.path().join("dir/big/en.txt"), dev(28, "parallel", "en").repeat(40));
    write(&t.path().join("dir/big/pl.txt"), dev(28, "parallel", "pl"));
    let o = run(&["batch", "in.jsonl", "dir", "--max-input-bytes", "20000"], t.path());
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let recs = records(&stdout(&o));
    assert_eq!(doc_order(&recs), ["in.jsonl:1", "small", "big"]);
    assert_pair_records(&recs, "small");
    let errs = errors(&recs);
    assert_eq!(errs.len(), 2, "{errs:?}");
    assert!(errs.iter().all(|(_, e)| e.contains("over the limit")), "{errs:?}");
}

#[test]
fn only_and_min_score_filter_the_records() {
    let t = tempfile::tempdir().unwrap();
    pair_dir(&t.path().join("p/a"), 29, "parallel");
    let kinds = |args: &[&str]| -> Vec<String> {
        let mut a = vec!["batch", "p"];
        a.extend_from_slice(args);
        let o = run(&a, t.path());
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        records(&stdout(&o)).iter().map(|r| r["kind"].as_str().unwrap().to_string()).collect()
    };
    let all = kinds(&[]);
    assert!(all.iter().any(|k| k == "sentence"));
    let sentences = kinds(&["--only", "sentences"]);
    assert!(sentences.iter().all(|k| k == "sentence"));
    assert_eq!(sentences.len(), all.iter().filter(|k| *k == "sentence").count());
    assert!(kinds(&["--only", "quotes", "-o", "-"]).iter().all(|k| k == "quote"));
    // Above every possible score only unmatched units remain.
    let o = run(&["batch", "p", "--min-score", "1.01"], t.path());
    for r in records(&stdout(&o)) {
        assert!(r["en"].as_array().unwrap().is_empty() || r["pl"].as_array().unwrap().is_empty(), "{r}");
    }
}

#[test]
fn qa_findings_follow_each_pairs_links() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_bialign"))
        .args(["batch", "corpus/carrie-diaries", "--qa", "--quiet"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    let records: Vec<serde_json::Value> = text.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    let findings: Vec<_> = records.iter().filter(|r| r.get("check").is_some()).collect();
    assert!(!findings.is_empty(), "the retold sample has one-sided quotes to report");
    for f in &findings {
        assert_eq!(f["doc"], "carrie-diaries");
        assert!(["error", "warning", "style"].contains(&f["severity"].as_str().unwrap()));
    }
    assert!(findings.iter().any(|f| f["check"] == "quote-omitted"), "{findings:?}");
    // Links come first, then the findings of the same pair.
    let first_finding = records.iter().position(|r| r.get("check").is_some()).unwrap();
    assert!(records[first_finding..].iter().all(|r| r.get("check").is_some()));

    let bad = std::process::Command::new(env!("CARGO_BIN_EXE_bialign"))
        .args(["batch", "corpus/carrie-diaries", "--qa", "--format", "tsv"])
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(2));
}

#[test]
fn byte_ranges_of_a_file_on_stdin_give_the_whole_output_in_pieces() {
    // How each task of a distributed job reads its share of one corpus file: line-aligned ranges,
    // concatenated, give the output of the whole file (errors named "<stdin>:LINE" within a range).
    let t = tempfile::tempdir().unwrap();
    let data = corpus_jsonl(12);
    write(&t.path().join("in.jsonl"), &data);
    let whole_run = bin()
        .args(["batch", "-", "--jobs", "1"])
        .stdin(std::fs::File::open(t.path().join("in.jsonl")).unwrap())
        .output()
        .unwrap();
    assert!(whole_run.status.success(), "{}", stderr(&whole_run));
    let whole = stdout(&whole_run);
    let cuts: Vec<usize> = [0, data.len() / 3, data.len() * 2 / 3]
        .iter()
        .map(|&c| if c == 0 { 0 } else { c + data[c..].find('\n').unwrap() + 1 })
        .chain([data.len()])
        .collect();
    let mut pieces = String::new();
    for w in cuts.windows(2) {
        let o = bin()
            .args(["batch", "-", "--jobs", "1", "--byte-range", &format!("{}:{}", w[0], w[1] - w[0])])
            .stdin(std::fs::File::open(t.path().join("in.jsonl")).unwrap())
            .output()
            .unwrap();
        assert!(o.status.success(), "{}", stderr(&o));
        assert!(!stdout(&o).is_empty());
        pieces.push_str(&stdout(&o));
    }
    assert_eq!(pieces, whole);

    // A range needs standard input redirected from a file, and nothing else as INPUT: bad usage.
    let mut child = bin()
        .args(["batch", "-", "--byte-range", "0:100"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(data.as_bytes()).ok();
    let o = child.wait_with_output().unwrap();
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("not a regular file"), "{}", stderr(&o));
    let o = run(&["batch", "in.jsonl", "--byte-range", "0:100"], t.path());
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(o.stdout.is_empty());
}
