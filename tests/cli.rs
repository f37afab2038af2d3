//! Integration tests that run the binary on the sample pair.

use std::process::Command;

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_bialign"))
}

const EN: &str = "corpus/carrie-diaries/en.txt";
const PL: &str = "corpus/carrie-diaries/pl.txt";

#[test]
fn align_jsonl_tiles_both_documents() {
    let out = bin().args(["align", EN, PL, "--format", "jsonl"]).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    let mut en_spans = Vec::new();
    for line in text.lines() {
        let v: serde_json::Value = serde_json::from_str(line).expect("every line is JSON");
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
