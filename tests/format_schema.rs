//! Every JSON Lines record the commands write validates against the published schema
//! (docs/records.schema.json, described in docs/FORMAT.md): `align` in both modes, `qa`, `quotes`,
//! `split`, `detect`, `pair` (pairs, unpaired documents, candidates, emitted batch records), and
//! `batch --qa` with a swapped pair (its `note`) and a failing pair (its error record). Each kind of record must appear, so the check cannot pass on empty output.

use std::collections::BTreeSet;
use std::path::Path;
use std::process::Command;

const EN: &str = "corpus/carrie-diaries/en.txt";
const PL: &str = "corpus/carrie-diaries/pl.txt";

fn run(args: &[&str], dir: &Path) -> String {
    let o = Command::new(env!("CARGO_BIN_EXE_bialign")).args(args).current_dir(dir).output().unwrap();
    assert!(o.status.code().is_some_and(|c| c <= 1), "{args:?}: {}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8(o.stdout).expect("UTF-8 output")
}

/// The name of the `$defs` entry a record matches, after checking it validates.
fn kind_of(r: &serde_json::Value) -> &'static str {
    if r.get("unpaired").is_some() {
        "unpaired"
    } else if r.get("candidates").is_some() {
        "candidates"
    } else if r["en"].is_string() && r.get("score").is_some() {
        "doc_pair"
    } else if r["en"].is_string() {
        "batch_input"
    } else if r.get("error").is_some() {
        "error"
    } else if r.get("check").is_some() {
        "finding"
    } else if r.get("file").is_some() {
        "detection"
    } else if r.get("utterance").is_some() {
        "quotation"
    } else if r.get("kind").is_some() {
        "link"
    } else {
        "sentence_span"
    }
}

#[test]
fn every_record_validates_against_the_schema() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let schema: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(root.join("docs/records.schema.json")).unwrap())
            .unwrap();
    let validator = jsonschema::validator_for(&schema).expect("the schema compiles");

    let t = tempfile::tempdir().unwrap();
    let put = |rel: &str, text: &str| {
        let p = t.path().join(rel);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, text).unwrap();
    };
    let en = std::fs::read_to_string(root.join(EN)).unwrap();
    let pl = std::fs::read_to_string(root.join(PL)).unwrap();
    put("in/ok/en.txt", &en);
    put("in/ok/pl.txt", &pl);
    put("in/sw/en.txt", &pl);
    put("in/sw/pl.txt", &en);
    put("in/twice/en.txt", &en);
    put("in/twice/pl.txt", &en);
    let batch_dir = t.path().join("in");

    let outputs = [
        run(&["align", EN, PL, "--format", "jsonl"], root),
        run(&["align", EN, PL, "--format", "jsonl", "--mode", "translation"], root),
        run(&["qa", EN, PL, "--format", "jsonl"], root),
        run(&["quotes", EN, "--format", "jsonl"], root),
        run(&["quotes", PL, "--format", "jsonl"], root),
        run(&["split", PL, "--format", "jsonl"], root),
        run(&["detect", EN, PL, "--format", "jsonl"], root),
        run(&["detect", PL, "--by", "paragraph", "--format", "jsonl"], root),
        run(&["batch", "--qa", batch_dir.to_str().unwrap()], root),
        run(&["pair", "tests/data/pair/en", "tests/data/pair/pl", "--unpaired", "--candidates", "2"], root),
        run(&["pair", "tests/data/pair/en", "tests/data/pair/pl", "--emit-records"], root),
    ];
    let mut seen = BTreeSet::new();
    let mut notes = 0;
    for (k, out) in outputs.iter().enumerate() {
        for (n, line) in out.lines().enumerate() {
            let r: serde_json::Value = serde_json::from_str(line).unwrap_or_else(|e| panic!("{k}:{n}: {e}"));
            let errors: Vec<String> =
                validator.iter_errors(&r).map(|e| format!("{e} at {}", e.instance_path)).collect();
            assert!(errors.is_empty(), "output {k}, line {}: {line}\n{}", n + 1, errors.join("\n"));
            seen.insert(kind_of(&r));
            notes += usize::from(r.get("note").is_some());
        }
    }
    let all: BTreeSet<&str> = [
        "link",
        "finding",
        "error",
        "quotation",
        "sentence_span",
        "detection",
        "doc_pair",
        "unpaired",
        "candidates",
        "batch_input",
    ]
    .into();
    assert_eq!(seen, all, "every kind of record is written and checked");
    assert!(notes > 0, "the swapped pair's records carry a note");
}
