//! `qa --format xlsx`: the workbook read back with a real reader (calamine) holds one row per finding,
//! equal to the JSON Lines findings field for field, under a frozen header row with an autofilter.

use std::io::{Cursor, Read};
use std::path::Path;
use std::process::{Command, Output};

use calamine::{open_workbook_from_rs, Data, Reader, Xlsx};
use serde_json::Value;

const EN: &str = "corpus/carrie-diaries/en.txt";
const PL: &str = "corpus/carrie-diaries/pl.txt";

fn bialign(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_bialign")).args(args).output().unwrap()
}

fn ok(out: &Output) {
    assert!(out.status.success(), "bialign failed: {}", String::from_utf8_lossy(&out.stderr));
}

/// The findings sheet as rows of text cells (numbers as JSON writes them).
fn sheet_rows(bytes: &[u8]) -> Vec<Vec<String>> {
    let mut wb: Xlsx<_> = open_workbook_from_rs(Cursor::new(bytes.to_vec())).expect("a readable XLSX file");
    assert_eq!(wb.sheet_names(), ["findings"]);
    let range = wb.worksheet_range("findings").unwrap();
    range
        .rows()
        .map(|r| {
            r.iter()
                .map(|c| match c {
                    Data::Empty => String::new(),
                    Data::String(s) => s.clone(),
                    Data::Float(f) => serde_json::json!(f).to_string(),
                    Data::Int(i) => i.to_string(),
                    other => other.to_string(),
                })
                .collect()
        })
        .collect()
}

/// The XML of the workbook's one sheet.
fn sheet_xml(bytes: &[u8]) -> String {
    let mut zip = zip::ZipArchive::new(Cursor::new(bytes.to_vec())).unwrap();
    let mut xml = String::new();
    zip.by_name("xl/worksheets/sheet1.xml").unwrap().read_to_string(&mut xml).unwrap();
    xml
}

/// The row a JSON Lines finding should have: its fields in order after its number, spans as
/// `start-end` and their texts joined by ` | `.
fn expected_row(n: usize, v: &Value) -> (Vec<String>, Vec<String>) {
    let (mut head, mut row) = (vec!["id".to_string()], vec![format!("F{n}")]);
    for (k, x) in v.as_object().unwrap() {
        match x {
            Value::Array(spans) => {
                let span = |s: &Value| format!("{}-{}", s["start"], s["end"]);
                head.push(format!("{k}_span"));
                row.push(spans.iter().map(span).collect::<Vec<_>>().join(","));
                head.push(format!("{k}_text"));
                row.push(spans.iter().map(|s| s["text"].as_str().unwrap()).collect::<Vec<_>>().join(" | "));
            }
            Value::String(s) => {
                head.push(k.clone());
                row.push(s.clone());
            }
            other => panic!("unexpected field {k}: {other}"),
        }
    }
    (head, row)
}

fn check_against_jsonl(xlsx: &[u8], jsonl: &[u8]) -> usize {
    let findings: Vec<Value> =
        String::from_utf8_lossy(jsonl).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    let rows = sheet_rows(xlsx);
    assert_eq!(rows.len(), findings.len() + 1, "a header row and one row per finding");
    for (n, f) in findings.iter().enumerate() {
        let (head, row) = expected_row(n + 1, f);
        assert_eq!(rows[0], head, "the header names the JSON Lines fields");
        assert_eq!(rows[n + 1], row, "finding {}", n + 1);
    }
    findings.len()
}

#[test]
fn xlsx_findings_of_the_sample_pair_equal_the_jsonl_findings() {
    let tmp = tempfile::tempdir().unwrap();
    let path = tmp.path().join("findings.xlsx");
    let p = path.to_str().unwrap();
    ok(&bialign(&["qa", EN, PL, "--format", "xlsx", "-o", p]));
    let jsonl = bialign(&["qa", EN, PL, "--format", "jsonl"]);
    ok(&jsonl);
    let xlsx = std::fs::read(&path).unwrap();
    let n = check_against_jsonl(&xlsx, &jsonl.stdout);
    assert!(n >= 2, "the sample pair has findings");
    // The header is bold, frozen, and filtered over every row.
    let xml = sheet_xml(&xlsx);
    assert!(xml.contains("ySplit=\"1\"") && xml.contains("state=\"frozen\""), "frozen header: {xml:.400}");
    assert!(xml.contains(&format!("<autoFilter ref=\"A1:I{}\"", n + 1)), "autofilter over all rows");
    // Standard output redirected to a pipe gets the same workbook.
    let piped = bialign(&["qa", EN, PL, "--format", "xlsx"]);
    ok(&piped);
    assert!(piped.stdout.starts_with(b"PK\x03\x04"), "a zip file");
    assert_eq!(sheet_rows(&piped.stdout), sheet_rows(&xlsx));
}

#[test]
fn xlsx_findings_of_a_bilingual_file_equal_the_jsonl_findings() {
    let tmp = tempfile::tempdir().unwrap();
    let tsv = tmp.path().join("pairs.tsv");
    std::fs::write(
        &tsv,
        "The council spent 40 million dollars on the new bridge.\tRada wydała 14 milionów dolarów na nowy most.\n\
         Mayor John Smith opened it on Tuesday.\tBurmistrz otworzył go we wtorek.\n\
         It has =SUM(A1:A9) \"quotes\" & <tags>.\tMa =SUM(A1:A9) „cudzysłowy” & <tagi>.\n",
    )
    .unwrap();
    let out = tmp.path().join("f.xlsx");
    let (t, o) = (tsv.to_str().unwrap(), out.to_str().unwrap());
    ok(&bialign(&["qa", t, "--format", "xlsx", "-o", o]));
    let jsonl = bialign(&["qa", t, "--format", "jsonl"]);
    ok(&jsonl);
    let n = check_against_jsonl(&std::fs::read(&out).unwrap(), &jsonl.stdout);
    assert!(n >= 1, "the changed number is a finding");
}

#[test]
fn xlsx_output_errors_are_one_line() {
    let tmp = tempfile::tempdir().unwrap();
    let missing = tmp.path().join("no/such/dir/f.xlsx");
    let out = bialign(&["qa", EN, PL, "--format", "xlsx", "-o", missing.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.starts_with("bialign: ") && !err.contains("panicked"), "{err}");
    assert!(!Path::new(&missing).exists());
}

#[test]
fn xlsx_is_refused_on_a_terminal() {
    // A terminal for standard output: util-linux `script` runs the command on a pseudo-terminal.
    let Some(script) = ["/usr/bin/script", "/bin/script"].into_iter().find(|p| Path::new(p).is_file()) else {
        eprintln!("terminal check SKIPPED: util-linux `script` not found");
        return;
    };
    let cmd = format!("'{}' qa {EN} {PL} --format xlsx", env!("CARGO_BIN_EXE_bialign"));
    let out = Command::new(script).args(["-qec", &cmd, "/dev/null"]).output().unwrap();
    let shown = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(2), "{shown}");
    assert!(shown.contains("refusing to write XLSX (a binary file) to a terminal"), "{shown}");
    assert!(!shown.contains("PK\u{3}\u{4}"), "no workbook bytes on the terminal");
    assert_eq!(shown.trim().lines().count(), 1, "one line: {shown}");
}
