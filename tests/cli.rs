//! Integration tests that run the binary on the sample pair.

use std::process::Command;

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_bialign"))
}

const EN: &str = "corpus/carrie-diaries/en.txt";
const PL: &str = "corpus/carrie-diaries/pl.txt";

#[test]
fn align_jsonl_as_a_translation_tiles_both_documents() {
    let out = bin().args(["align", EN, PL, "--format", "jsonl", "--mode", "translation"]).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    let mut en_spans = Vec::new();
    for line in text.lines() {
        let v: serde_json::Value = serde_json::from_str(line).expect("every line is JSON");
        assert_eq!(v["mode"], "translation");
        if v["kind"] == "sentence" {
            for s in v["en"].as_array().unwrap() {
                en_spans.push((s["start"].as_u64().unwrap(), s["end"].as_u64().unwrap()));
            }
        }
    }
    en_spans.sort();
    assert!(en_spans.windows(2).all(|w| w[0].1 <= w[1].0), "sentence spans overlap");
    assert!(en_spans.len() > 20);
}

/// The sample pair is a retelling: its mode is estimated as comparable and reported on every
/// record and in the text header; a Polish sentence may render parts of several English ones.
#[test]
fn align_reports_the_estimated_mode() {
    let out = bin().args(["align", EN, PL, "--format", "jsonl"]).output().unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.lines().all(|l| l.contains("\"mode\":\"comparable\"")), "{text}");
    let out = bin().args(["align", EN, PL]).output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("Mode:    comparable (estimated:"), "{text}");
    let out = bin().args(["align", EN, PL, "--mode", "translation"]).output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("Mode:    translation (as asked)"), "{text}");
}

#[test]
fn align_takes_files_in_either_order() {
    let out = bin().args(["align", PL, EN]).output().unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("Polish first"), "the swap is reported: {text}");
}

#[test]
fn missing_file_is_one_clear_error() {
    let out = bin().args(["align", EN, "no/such/file.txt"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("no/such/file.txt") && err.contains("no such file"), "{err}");
}

#[test]
fn same_language_twice_is_refused() {
    let out = bin().args(["align", EN, EN]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("both English"), "{err}");
}

/// Output to a named pipe (or a device such as /dev/null) is written to it, not to a temporary file
/// renamed over it: that would replace the pipe (or, as root, the device) with a regular file.
#[cfg(unix)]
fn output_to_fifo_is_written_through(args: &[&str]) {
    use std::os::unix::fs::FileTypeExt;
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("out.fifo");
    assert!(Command::new("mkfifo").arg(&fifo).status().unwrap().success());
    let mut cmd = bin();
    cmd.args(args).arg("-o").arg(&fifo);
    let mut child = cmd.spawn().unwrap();
    let (tx, rx) = std::sync::mpsc::channel();
    let path = fifo.clone();
    // If the pipe were replaced, this open would wait forever: the thread is then left behind and
    // the receive below times out instead of hanging the test.
    std::thread::spawn(move || {
        let _ = tx.send(std::fs::read(&path));
    });
    let status = child.wait().unwrap();
    let got = rx.recv_timeout(std::time::Duration::from_secs(30)).expect("nothing came through the pipe");
    assert!(status.code().unwrap_or(9) <= 1, "{status:?}");
    assert!(std::fs::metadata(&fifo).unwrap().file_type().is_fifo(), "the pipe was replaced");
    let mut plain = bin();
    plain.args(args);
    let want = plain.output().unwrap().stdout;
    assert!(!want.is_empty());
    assert_eq!(got.unwrap(), want);
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1, "no temporary or journal files");
}

#[cfg(unix)]
#[test]
fn align_output_to_a_named_pipe_goes_through_it() {
    output_to_fifo_is_written_through(&[
        "align",
        "corpus/carrie-diaries/en.txt",
        "corpus/carrie-diaries/pl.txt",
        "--format",
        "jsonl",
    ]);
}

#[cfg(unix)]
#[test]
fn batch_output_to_a_named_pipe_goes_through_it() {
    output_to_fifo_is_written_through(&["batch", "corpus/carrie-diaries", "--quiet"]);
}

/// `align` writes the same TSV and TMX rows as `batch` does for the same pair, TMX that parses, and
/// with `--format html` the report of `qa --html` (the same bytes but for the random script nonce).
#[test]
fn align_writes_tsv_tmx_and_html_like_batch_and_qa() {
    let dir = tempfile::tempdir().unwrap();
    let root = std::env::current_dir().unwrap();
    let manifest = dir.path().join("pairs.tsv");
    std::fs::write(&manifest, format!("sample\t{}\t{}\n", root.join(EN).display(), root.join(PL).display()))
        .unwrap();
    let run = |args: &[&str]| {
        let out = bin().args(args).output().unwrap();
        assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8(out.stdout).unwrap()
    };
    let m = manifest.to_str().unwrap();
    for only in ["sentences", "quotes"] {
        let tsv = run(&["align", EN, PL, "--format", "tsv", "--only", only]);
        assert_eq!(tsv, run(&["batch", m, "--format", "tsv", "--only", only, "--quiet"]), "TSV of {only}");
        assert!(tsv.lines().count() >= 5, "{tsv}");
        assert!(tsv.lines().all(|l| l.split('\t').count() == 3), "{tsv}");
        let tmx = run(&["align", EN, PL, "--format", "tmx", "--only", only]);
        let xml = roxmltree::Document::parse(&tmx).expect("well-formed TMX");
        let units = xml.descendants().filter(|n| n.has_tag_name("tu")).count();
        assert_eq!(units, tsv.lines().count(), "one TMX unit per TSV row");
        // batch adds the record id as a property to each unit; otherwise the documents are the same.
        let batch_tmx = run(&["batch", m, "--format", "tmx", "--only", only, "--quiet"]);
        assert_eq!(tmx, batch_tmx.replace("      <prop type=\"x-doc\">sample</prop>\n", ""));
    }
    let html = dir.path().join("align.html");
    let qa_html = dir.path().join("qa.html");
    run(&["align", EN, PL, "--format", "html", "-o", html.to_str().unwrap()]);
    run(&["qa", EN, PL, "--html", qa_html.to_str().unwrap()]);
    // The script nonce is random per report: drop the hex digits after each "nonce-" / nonce=".
    let strip_nonce = |p: &std::path::Path| {
        let s = std::fs::read_to_string(p).unwrap();
        let mut out = String::new();
        let mut rest = s.as_str();
        while let Some(i) = rest.find("nonce") {
            out.push_str(&rest[..i + 5]);
            rest = rest[i + 5..]
                .trim_start_matches(['-', '=', '"'])
                .trim_start_matches(|c: char| c.is_ascii_hexdigit());
        }
        out.push_str(rest);
        out
    };
    let a = strip_nonce(&html);
    assert!(a.starts_with("<!DOCTYPE html>") && a.len() > 10_000, "{}", &a[..a.len().min(200)]);
    assert_eq!(a, strip_nonce(&qa_html));
}
