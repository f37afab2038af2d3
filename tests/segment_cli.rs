//! `bialign split` on the sample pair: JSONL spans equal the gold sentences, with their text, in
//! the bytes serde_json prints;
//! `--lang auto` routes each paragraph to its language's rules; text output is one sentence a line.

use std::process::Command;

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_bialign"))
}

fn corpus(file: &str) -> String {
    format!("{}/corpus/carrie-diaries/{file}", env!("CARGO_MANIFEST_DIR"))
}

fn gold(lang: &str) -> Vec<(u64, u64)> {
    let g: serde_json::Value =
        serde_json::from_str(include_str!("../corpus/carrie-diaries/gold-sentences.json")).unwrap();
    g[lang]["sentences"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| (s["start"].as_u64().unwrap(), s["end"].as_u64().unwrap()))
        .collect()
}

#[test]
fn split_jsonl_matches_gold_with_forced_and_auto_language() {
    for lang in ["en", "pl"] {
        let path = corpus(&format!("{lang}.txt"));
        let bytes = std::fs::read(&path).unwrap();
        for arg in [lang, "auto"] {
            let out = bin().args(["split", &path, "--lang", arg, "--format", "jsonl"]).output().unwrap();
            assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
            let stdout = String::from_utf8(out.stdout).unwrap();
            let rows: Vec<serde_json::Value> =
                stdout.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
            // The bytes are serde_json's printing of {"start", "end", "text"}, key order included.
            for (line, r) in stdout.lines().zip(&rows) {
                assert_eq!(line, r.to_string());
                assert_eq!(r.as_object().unwrap().keys().collect::<Vec<_>>(), ["start", "end", "text"]);
            }
            let spans: Vec<(u64, u64)> =
                rows.iter().map(|r| (r["start"].as_u64().unwrap(), r["end"].as_u64().unwrap())).collect();
            assert_eq!(spans, gold(lang), "{lang}.txt --lang {arg}");
            for r in &rows {
                let (s, e) = (r["start"].as_u64().unwrap() as usize, r["end"].as_u64().unwrap() as usize);
                assert_eq!(r["text"].as_str().unwrap().as_bytes(), &bytes[s..e]);
            }
        }
    }
}

#[test]
fn split_text_prints_one_sentence_a_line() {
    let out = bin().args(["split", &corpus("pl.txt"), "--lang", "pl"]).output().unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), gold("pl").len());
    assert_eq!(lines[3], "Ten związek chcę badać tak długo jak będę mogła\".");
}
