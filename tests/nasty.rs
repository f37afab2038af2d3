//! Nasty inputs through the real binary: every one gives a result (exit 0; 1 for a batch with failed
//! pairs) or one clear error line (exit 2), never a panic, and within a bounded time — a run still
//! going after `HANG` is killed and fails the test. The bound is deliberately generous (debug build,
//! shared machine); speed targets are measured on the release binary:
//! `cargo build --release && BIALIGN_BIN=target/release/bialign cargo test --test nasty -- --nocapture
//! --test-threads=1` runs the suite against it and prints each case's time.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

/// A run taking longer than this is a hang.
const HANG: Duration = Duration::from_secs(120);

struct Run {
    code: i32,
    stdout: Vec<u8>,
    stderr: String,
}

/// Run the binary with `args` in `dir`, feeding `stdin`; kill it after [`HANG`].
fn run(name: &str, args: &[&str], dir: &Path, stdin: &[u8]) -> Run {
    let t = Instant::now();
    // BIALIGN_BIN: run another build of the binary (the release one, for timings).
    let bin = std::env::var_os("BIALIGN_BIN")
        .map(|p| std::fs::canonicalize(&p).unwrap_or_else(|e| panic!("BIALIGN_BIN {p:?}: {e}")))
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_BIN_EXE_bialign")));
    let mut child = Command::new(bin)
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start bialign");
    let mut sin = child.stdin.take().unwrap();
    let input = stdin.to_vec();
    let feeder = std::thread::spawn(move || {
        let _ = sin.write_all(&input); // the binary may exit without reading it all
    });
    let mut out = child.stdout.take().unwrap();
    let mut err = child.stderr.take().unwrap();
    let out_t = std::thread::spawn(move || {
        let mut v = Vec::new();
        std::io::Read::read_to_end(&mut out, &mut v).map(|_| v).unwrap_or_default()
    });
    let err_t = std::thread::spawn(move || {
        let mut v = Vec::new();
        std::io::Read::read_to_end(&mut err, &mut v).map(|_| v).unwrap_or_default()
    });
    let status = loop {
        if let Some(s) = child.try_wait().expect("wait for bialign") {
            break s;
        }
        if t.elapsed() > HANG {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{name}: bialign {args:?} still running after {HANG:?}: a hang");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    feeder.join().unwrap();
    let r = Run {
        code: status.code().unwrap_or(-1),
        stdout: out_t.join().unwrap(),
        stderr: String::from_utf8_lossy(&err_t.join().unwrap()).into_owned(),
    };
    eprintln!("{name}: bialign {} -> exit {} in {:.2?}", args.join(" "), r.code, t.elapsed());
    assert!(!r.stderr.contains("panicked"), "{name}: panic: {}", r.stderr);
    r
}

/// A result (exit 0; output present unless `may_be_empty`) or one clear error line (exit 2).
fn answered(name: &str, r: &Run, may_be_empty: bool) {
    match r.code {
        0 => assert!(may_be_empty || !r.stdout.is_empty(), "{name}: exit 0 with no output"),
        2 => {
            let lines: Vec<&str> = r.stderr.lines().filter(|l| !l.trim().is_empty()).collect();
            assert_eq!(lines.len(), 1, "{name}: the error is not one line: {:?}", r.stderr);
            assert!(lines[0].len() < 500, "{name}: the error line is not short: {}", lines[0]);
        }
        c => panic!("{name}: exit status {c}, stderr: {}", r.stderr),
    }
}

fn jsonl_lines(name: &str, bytes: &[u8]) -> Vec<Value> {
    let s = std::str::from_utf8(bytes).unwrap_or_else(|_| panic!("{name}: output is not UTF-8"));
    s.lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{name}: bad JSON line ({e}): {l}")))
        .collect()
}

fn sample(side: &str) -> String {
    std::fs::read_to_string(format!("{}/corpus/carrie-diaries/{side}.txt", env!("CARGO_MANIFEST_DIR")))
        .unwrap()
}

/// Write `content` as `name` in a fresh folder and return (folder, file path).
fn file(dir: &Path, name: &str, content: &[u8]) -> PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, content).unwrap();
    p
}

/// Feed a nasty document to every single-document stage and, against the other sample article, to
/// the aligner; each answers or fails in one line.
fn every_stage(name: &str, bytes: &[u8], ext: &str) {
    let dir = tempfile::tempdir().unwrap();
    let nasty = file(dir.path(), &format!("nasty.{ext}"), bytes);
    let n = nasty.to_str().unwrap();
    file(dir.path(), "en.txt", sample("en").as_bytes());
    file(dir.path(), "pl.txt", sample("pl").as_bytes());
    for args in [
        vec!["ingest", n],
        vec!["detect", n, "--by", "paragraph"],
        vec!["split", n, "--format", "jsonl"],
        vec!["split", n, "--lang", "pl", "--format", "jsonl"],
        vec!["quotes", n, "--format", "jsonl"],
    ] {
        let r = run(name, &args, dir.path(), b"");
        // A text may hold no quotation at all: an empty quote list is an answer.
        answered(name, &r, args[0] == "quotes");
        if r.code == 0 && args.contains(&"jsonl") {
            jsonl_lines(name, &r.stdout);
        }
    }
    for other in ["en.txt", "pl.txt"] {
        let r = run(name, &["align", n, other, "--format", "jsonl"], dir.path(), b"");
        answered(name, &r, false);
        if r.code == 0 {
            jsonl_lines(name, &r.stdout);
        }
    }
}

#[test]
fn invalid_utf8() {
    let mut b = b"The minister said \xff\xfe on Monday. Caf\xe9 cr\xe8me \xc3\x28 \xe2\x28\xa1.\n".repeat(50);
    b.extend_from_slice(sample("en").as_bytes());
    every_stage("invalid-utf8", &b, "txt");
}

#[test]
fn utf16_with_lone_surrogates() {
    let mut units: Vec<u16> = "Zażółć gęślą jaźń. Premier powiedział: „Nie”. ".encode_utf16().collect();
    units.extend([0xD800, 0x0041, 0xDC00, 0xDBFF, 0x002E, 0x0020]);
    units.extend("To koniec artykułu.".encode_utf16());
    for (bom, le) in [([0xFF, 0xFE], true), ([0xFE, 0xFF], false)] {
        let mut b = bom.to_vec();
        for u in units.iter().cycle().take(units.len() * 40) {
            b.extend(if le { u.to_le_bytes() } else { u.to_be_bytes() });
        }
        every_stage(if le { "utf16le-lone-surrogates" } else { "utf16be-lone-surrogates" }, &b, "txt");
    }
}

#[test]
fn five_megabyte_line_without_punctuation() {
    let words = ["the", "minister", "budget", "Warsaw", "premier", "ustawa", "Sebastian", "w", "that"];
    let mut s = String::with_capacity(5_300_000);
    let mut k = 0usize;
    while s.len() < 5_000_000 {
        s.push_str(words[k % words.len()]);
        s.push(' ');
        k = k.wrapping_mul(31).wrapping_add(7) % 1009;
    }
    every_stage("5mb-line", s.as_bytes(), "txt");
}

#[test]
fn deeply_nested_quotes_and_nothing_but_quote_marks() {
    let nested = format!("{}deep{}", "“„«‘\"".repeat(4000), "\"’»””".repeat(4000));
    every_stage("nested-quotes", nested.as_bytes(), "txt");
    let marks = "“”„«»‘’‚\"'`´‹›「」".repeat(30_000);
    every_stage("only-quote-marks", marks.as_bytes(), "txt");
}

#[test]
fn nothing_but_punctuation() {
    every_stage("only-punctuation", ".!?…,;:-–—()[]{}/\\*&%$#@".repeat(40_000).as_bytes(), "txt");
    every_stage("dots", ". ".repeat(200_000).as_bytes(), "txt");
}

#[test]
fn bidi_and_zero_width_characters() {
    let mut s = String::new();
    for (i, c) in sample("en").chars().enumerate() {
        s.push(c);
        s.push(
            ['\u{200b}', '\u{200c}', '\u{200d}', '\u{2060}', '\u{feff}', '\u{202e}', '\u{2067}', '\u{2069}']
                [i % 8],
        );
    }
    every_stage("bidi-zero-width", s.as_bytes(), "txt");
}

#[test]
fn nbsp_everywhere() {
    every_stage("nbsp-en", sample("en").replace(' ', "\u{a0}").as_bytes(), "txt");
    let pl = sample("pl").replace(' ', "\u{a0}\u{a0}").replace('\n', "\u{a0}\n\u{a0}");
    every_stage("nbsp-pl", pl.as_bytes(), "txt");
}

#[test]
fn cr_only_line_ends() {
    every_stage("cr-only", sample("pl").replace('\n', "\r").as_bytes(), "txt");
}

#[test]
fn html_with_ten_thousand_nested_elements() {
    let body = format!(
        "<html><body>{}<p>{}</p>{}</body></html>",
        "<div><span>".repeat(5000),
        sample("en"),
        "</span></div>".repeat(5000)
    );
    every_stage("html-10k-nested", body.as_bytes(), "html");
    every_stage("html-10k-unclosed", "<div><p><b>Text. ".repeat(10_000).as_bytes(), "html");
}

#[test]
fn jsonl_with_wrong_types_and_huge_ids() {
    let dir = tempfile::tempdir().unwrap();
    let (en, pl) = (sample("en"), sample("pl"));
    let huge = "9".repeat(200_000);
    let mut input = String::new();
    input += &format!("{}\n", serde_json::json!({"id": "good", "en": en, "pl": pl}));
    input += &format!("{}\n", serde_json::json!({"id": 17, "en": en, "pl": pl}));
    input += &format!("{}\n", serde_json::json!({"id": "arr", "en": [1, 2], "pl": null}));
    input += &format!("{}\n", serde_json::json!({"id": {"x": 1}, "en": true, "pl": 3.5}));
    input += &format!("{{\"id\": {huge}, \"en\": \"x\", \"pl\": \"y\"}}\n");
    input += &format!("{}\n", serde_json::json!({"id": huge, "en": en, "pl": pl}));
    input += "{\"id\": 1e999, \"en\": \"a\"}\n{not json at all\n[1,2,3]\n\"string\"\nnull\n\n";
    input += &format!("{}\n", serde_json::json!({"id": "last", "en": pl, "pl": en}));
    let r = run("jsonl-wrong-types", &["batch", "-", "-q", "-j", "2"], dir.path(), input.as_bytes());
    assert_eq!(r.code, 1, "batch with failed pairs exits 1: {}", r.stderr);
    let recs = jsonl_lines("jsonl-wrong-types", &r.stdout);
    let docs: Vec<&str> = recs.iter().filter_map(|v| v["doc"].as_str()).collect();
    assert_eq!(docs.first(), Some(&"good"), "the first good pair is aligned first");
    assert_eq!(docs.last(), Some(&"last"), "the last good pair is aligned, in order, after the broken ones");
    let errors = recs.iter().filter(|v| v.get("error").is_some()).count();
    assert!(errors >= 5, "each broken record is an error record, found {errors}");
    // An id is repeated on every record of its pair: a huge one is refused, not multiplied.
    assert!(recs.iter().all(|v| v["doc"].as_str().is_some_and(|d| d.len() <= 1024)), "a huge id is written");
    assert!(
        recs.iter().any(|v| v["error"].as_str().is_some_and(|e| e.contains("id of 200000 bytes"))),
        "the huge string id is an error record"
    );
}

#[test]
fn ids_with_dot_dot_never_write_outside_the_output_folder() {
    let dir = tempfile::tempdir().unwrap();
    let work = dir.path().join("work");
    let out = work.join("out");
    std::fs::create_dir_all(&out).unwrap();
    let (en, pl) = (sample("en"), sample("pl"));
    let mut input = String::new();
    for id in ["../escape", "../../escape2", "/tmp/abs-escape", "a/../../b", "..", "con", "x\u{0}y", "\n"] {
        input += &format!("{}\n", serde_json::json!({"id": id, "en": en, "pl": pl}));
    }
    let jsonl = file(&work, "in.jsonl", input.as_bytes());
    for format in ["jsonl", "tsv", "tmx"] {
        let target = format!("out/result.{format}");
        let r = run(
            "dot-dot-ids",
            &["batch", jsonl.to_str().unwrap(), "-o", &target, "--format", format, "-q"],
            &work,
            b"",
        );
        assert_eq!(r.code, 0, "{}", r.stderr);
    }
    let mut in_out: Vec<String> = std::fs::read_dir(&out)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    in_out.sort();
    assert_eq!(in_out, ["result.jsonl", "result.tmx", "result.tsv"], "only the named outputs are written");
    let mut in_work: Vec<String> = std::fs::read_dir(&work)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    in_work.sort();
    assert_eq!(in_work, ["in.jsonl", "out"], "nothing is written beside the output folder");
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1, "nothing is written above it");
    assert!(!Path::new("/tmp/abs-escape").exists());
    let recs = jsonl_lines("dot-dot-ids", &std::fs::read(out.join("result.jsonl")).unwrap());
    assert!(recs.iter().any(|v| v["doc"] == "../escape"), "ids are kept verbatim as data");
}

/// About `n` sentences of real news: the dev articles, repeated.
fn big_article(side: &str, n: usize) -> String {
    let root = format!("{}/corpus/align-dev/wmt20-enpl", env!("CARGO_MANIFEST_DIR"));
    let mut arts: Vec<PathBuf> = std::fs::read_dir(&root).unwrap().map(|e| e.unwrap().path()).collect();
    arts.sort();
    let texts: Vec<String> = arts
        .iter()
        .filter_map(|a| std::fs::read_to_string(a.join("parallel").join(format!("{side}.txt"))).ok())
        .collect();
    assert!(!texts.is_empty(), "dev articles found under {root}");
    let mut s = String::new();
    let mut count = 0;
    let mut k = 0;
    while count < n {
        let t = &texts[k % texts.len()];
        count += t.matches(['.', '?', '!']).count();
        s.push_str(t);
        s.push_str("\n\n");
        k += 1;
    }
    s
}

/// Over 20,000 sentences a side (21,400 sentence ends: the splitter finds ~20,200) with the release
/// binary (`--release` or `BIALIGN_BIN`); the unoptimised debug binary, several times slower, gets a
/// 5,000-sentence pair so that plain `cargo test` stays quick.
#[test]
fn twenty_thousand_sentence_articles() {
    let release = !cfg!(debug_assertions) || std::env::var_os("BIALIGN_BIN").is_some();
    let n = if release { 21_400 } else { 5_000 };
    let dir = tempfile::tempdir().unwrap();
    let en = file(dir.path(), "en.txt", big_article("en", n).as_bytes());
    let pl = file(dir.path(), "pl.txt", big_article("pl", n).as_bytes());
    let r = run(
        "20k-sentences",
        &["align", en.to_str().unwrap(), pl.to_str().unwrap(), "--format", "jsonl"],
        dir.path(),
        b"",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    let recs = jsonl_lines("20k-sentences", &r.stdout);
    let en_sents: usize =
        recs.iter().filter(|v| v["kind"] == "sentence").map(|v| v["en"].as_array().map_or(0, Vec::len)).sum();
    assert!(en_sents >= n * 9 / 10, "every English sentence is in a link: {en_sents}");
}

#[test]
fn a_pair_over_the_time_budget_becomes_an_error_record() {
    let dir = tempfile::tempdir().unwrap();
    let (en, pl) = (sample("en"), sample("pl"));
    let mut input = String::new();
    for id in ["one", "two"] {
        input += &format!("{}\n", serde_json::json!({"id": id, "en": en, "pl": pl}));
    }
    // A budget of one microsecond: no pair can make it.
    let r = run(
        "pair-timeout",
        &["batch", "-", "-q", "--pair-timeout", "0.000001"],
        dir.path(),
        input.as_bytes(),
    );
    assert_eq!(r.code, 1, "{}", r.stderr);
    let recs = jsonl_lines("pair-timeout", &r.stdout);
    assert_eq!(recs.len(), 2, "one error record per pair: {recs:?}");
    for v in &recs {
        assert!(v["error"].as_str().is_some_and(|e| e.contains("--pair-timeout")), "{v}");
    }
    // Zero switches the budget off: the pairs are aligned.
    let r = run("pair-timeout-off", &["batch", "-", "-q", "--pair-timeout=0"], dir.path(), input.as_bytes());
    assert_eq!(r.code, 0, "--pair-timeout 0: {}", r.stderr);
    assert!(jsonl_lines("pair-timeout-off", &r.stdout).iter().all(|v| v.get("error").is_none()));
    // Nonsense is bad usage, not a silent "no budget".
    for t in ["-5", "NaN", "inf"] {
        let arg = format!("--pair-timeout={t}");
        let r = run("pair-timeout-bad", &["batch", "-", "-q", &arg], dir.path(), input.as_bytes());
        assert_eq!(r.code, 2, "--pair-timeout {t}: {}", r.stderr);
        assert!(r.stderr.contains("--pair-timeout"), "{}", r.stderr);
    }
}
