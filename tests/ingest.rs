//! Integration tests for ingest and language routing: run the binary on real files in tests/data/
//! (see tests/data/README.md for where each comes from).

use std::process::{Command, Output};

fn bialign(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_bialign")).args(args).output().expect("run bialign")
}

fn stdout(out: &Output) -> String {
    assert!(out.status.success(), "failed: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout.clone()).expect("UTF-8 output")
}

const PL: &str = "corpus/carrie-diaries/pl.txt";
const EN: &str = "corpus/carrie-diaries/en.txt";

#[test]
fn legacy_and_utf16_copies_ingest_identically_to_the_utf8_original() {
    let original = stdout(&bialign(&["ingest", PL]));
    assert!(original.contains("Pamiętników"));
    for f in [
        "tests/data/carrie-pl.windows-1250.txt",
        "tests/data/carrie-pl.iso-8859-2.txt",
        "tests/data/carrie-pl.utf-16le.txt",
        "tests/data/carrie-pl.utf-16be.txt",
        "tests/data/carrie-pl.utf-8-bom.txt",
    ] {
        assert_eq!(stdout(&bialign(&["ingest", f])), original, "{f}");
        // Paragraph spans index the decoded text, so they agree with the original's too.
        assert_eq!(
            stdout(&bialign(&["ingest", "--paragraphs", f])),
            stdout(&bialign(&["ingest", "--paragraphs", PL])),
            "{f}"
        );
    }
}

#[test]
fn forced_encoding_overrides_detection() {
    let original = stdout(&bialign(&["ingest", PL]));
    let forced =
        stdout(&bialign(&["ingest", "--encoding", "iso-8859-2", "tests/data/carrie-pl.iso-8859-2.txt"]));
    assert_eq!(forced, original);
    // Read with the wrong one of the two, ą and ś come out as other characters.
    let wrong = stdout(&bialign(&["ingest", "--encoding", "cp1250", "tests/data/carrie-pl.iso-8859-2.txt"]));
    assert_ne!(wrong, original);
    assert!(wrong.contains('±') || wrong.contains('¶'), "{wrong}");
}

#[test]
fn html_page_gives_article_text_without_noise() {
    let text = stdout(&bialign(&["ingest", "tests/data/news-page.html"]));
    let expected = std::fs::read_to_string("tests/data/news-page.expected.txt").unwrap();
    assert_eq!(text, expected);
    for noise in
        ["Tracking", "analytics", "font-family", "Sport", "Related", "rights reserved", "Search", "marker"]
    {
        assert!(!text.contains(noise), "{noise} leaked into: {text}");
    }
}

#[test]
fn html_is_recognised_by_content_without_extension() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("page.txt");
    std::fs::copy("tests/data/news-page.html", &p).unwrap();
    let text = stdout(&bialign(&["ingest", p.to_str().unwrap()]));
    assert!(text.starts_with("Storm floods coastal towns"), "{text}");
    assert!(!text.contains("<p>"));
}

/// (start, end, text) of each paragraph printed by `ingest --paragraphs`.
fn paragraphs(file: &str) -> Vec<(usize, usize, String)> {
    stdout(&bialign(&["ingest", "--paragraphs", file]))
        .lines()
        .map(|l| {
            let (span, text) = l.split_once("] ").unwrap();
            let (s, e) = span.trim_start_matches('[').split_once("..").unwrap();
            (s.parse().unwrap(), e.parse().unwrap(), text.to_string())
        })
        .collect()
}

#[test]
fn crlf_and_cr_files_keep_byte_offsets_and_paragraphs() {
    let lf = paragraphs(EN);
    for f in ["tests/data/carrie-en.crlf.txt", "tests/data/carrie-en.cr.txt"] {
        let bytes = std::fs::read(f).unwrap();
        let ps = paragraphs(f);
        assert_eq!(ps.len(), lf.len(), "{f}");
        for ((s, e, t), (_, _, t_lf)) in ps.iter().zip(&lf) {
            assert_eq!(t, t_lf);
            // Offsets index the input file's bytes exactly: line ends are not rewritten.
            assert_eq!(&bytes[*s..*e], t.as_bytes(), "{f}");
        }
    }
}

#[test]
fn utf8_offsets_index_input_bytes() {
    let bytes = std::fs::read(PL).unwrap();
    for (s, e, t) in paragraphs(PL) {
        assert_eq!(&bytes[s..e], t.as_bytes());
    }
}

/// A bad input: exit status 2 and exactly one stderr line naming the file and the reason.
fn assert_bad(args: &[&str], file: &str, reason: &str) {
    let out = bialign(args);
    assert_eq!(out.status.code(), Some(2), "{args:?}");
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains(file) && err.contains(reason), "{args:?}: {err}");
    assert!(!err.contains("panicked"));
}

#[test]
fn every_bad_input_is_one_clear_line_and_exit_2() {
    assert_bad(&["ingest", "tests/data/no-such-file.txt"], "tests/data/no-such-file.txt", "no such file");
    assert_bad(&["ingest", "tests/data"], "tests/data", "is a directory");
    assert_bad(&["ingest", "tests/data/empty.txt"], "tests/data/empty.txt", "empty input");
    assert_bad(&["ingest", "tests/data/blank.txt"], "tests/data/blank.txt", "empty input");
    assert_bad(&["ingest", "tests/data/binary.bin"], "tests/data/binary.bin", "binary data");
    assert_bad(&["ingest", "--max-input-bytes", "1000", PL], PL, "over the limit of 1000 bytes");
    assert_bad(&["detect", "tests/data/binary.bin"], "tests/data/binary.bin", "binary data");
    assert_bad(&["align", "tests/data/empty.txt", EN], "tests/data/empty.txt", "empty input");
    let out = bialign(&["ingest", "--encoding", "klingon", PL]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("unknown encoding 'klingon'"));
}

#[test]
fn undecodable_utf16_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("broken.txt");
    // UTF-16LE BOM, then a lone high surrogate and an odd trailing byte.
    std::fs::write(&p, [0xFF, 0xFE, b'a', 0, 0x00, 0xD8, b'b']).unwrap();
    let name = p.to_str().unwrap();
    assert_bad(&["ingest", name], name, "not valid UTF-16LE");
}

#[test]
fn neighbouring_languages_are_detected_and_refused_by_align() {
    for (file, code, name) in [
        ("tests/data/czech.txt", "cs", "Czech"),
        ("tests/data/slovak.txt", "sk", "Slovak"),
        ("tests/data/german.txt", "de", "German"),
    ] {
        let out = stdout(&bialign(&["detect", file, "--format", "jsonl"]));
        let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
        assert_eq!(v["lang"], code, "{file}: {out}");
        assert_bad(&["align", EN, file], file, name);
    }
}

#[test]
fn english_paragraph_in_polish_article_is_routed_to_english() {
    let f = "tests/data/polish-with-english-paragraph.txt";
    let doc = stdout(&bialign(&["detect", f, "--format", "jsonl"]));
    assert!(doc.contains("\"lang\":\"pl\""), "{doc}");
    let out = stdout(&bialign(&["detect", f, "--by", "paragraph", "--format", "jsonl"]));
    let text = std::fs::read_to_string(f).unwrap();
    let mut langs = Vec::new();
    for line in out.lines() {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        let (s, e) = (v["start"].as_u64().unwrap() as usize, v["end"].as_u64().unwrap() as usize);
        langs.push((v["lang"].as_str().unwrap().to_string(), text[s..e].to_string()));
    }
    assert_eq!(langs.len(), 5);
    for (lang, para) in &langs {
        // The paragraph quoting an English title ("The Education Act") stays Polish.
        let want = if para.starts_with("The government") { "en" } else { "pl" };
        assert_eq!(lang, want, "{para}");
    }
}

#[test]
fn detect_by_line_labels_each_line() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("list.txt");
    std::fs::write(&p, "Minister said\r\nw Warszawie\r\n\rkot i pies\nthe prime minister\n").unwrap();
    let out = stdout(&bialign(&["detect", p.to_str().unwrap(), "--by", "line", "--format", "jsonl"]));
    let langs: Vec<String> = out
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap()["lang"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(langs, ["en", "pl", "und", "pl", "en"]);
}

#[test]
fn align_names_the_language_of_each_file() {
    let text = stdout(&bialign(&["align", PL, EN]));
    assert!(text.contains("English: corpus/carrie-diaries/en.txt"), "{text}");
    let out = bialign(&["align", PL, "tests/data/carrie-pl.windows-1250.txt"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("both Polish"));
}
