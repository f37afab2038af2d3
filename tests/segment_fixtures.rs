//! The splitter against the hand-written fixtures of tests/data/segment/{en,pl}.txt: every case's
//! sentences must match exactly. The files hold one case per paragraph (the format is described
//! at the top of each file) and tag cases with the failure class they cover; every class of
//! `CLASSES` must have cases in both languages.

use bialign::{segment, Lang};

/// The classes of splitting problems each fixture file must cover.
const CLASSES: &[&str] = &[
    "abbreviation-end",
    "abbreviation-inside",
    "no-space",
    "inline-list",
    "ellipsis",
    "measurement",
    "footnote",
    "quote-opening",
];

struct Case {
    line: usize,
    class: String,
    input: String,
    expected: Vec<String>,
}

/// Parse a fixture file: `input`, `---`, expected sentences, `===`; `#` lines between cases.
fn parse(name: &str, src: &str) -> Vec<Case> {
    let mut cases = Vec::new();
    let mut class = String::new();
    let mut lines = src.lines().enumerate().peekable();
    while let Some((i, line)) = lines.next() {
        if let Some(c) = line.strip_prefix("# class:") {
            class = c.trim().to_string();
            continue;
        }
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        assert!(!class.is_empty(), "{name}:{}: case before any `# class:` line", i + 1);
        let sep = lines.next().map(|(_, l)| l);
        assert_eq!(sep, Some("---"), "{name}:{}: the input must be one line followed by `---`", i + 1);
        let mut expected = Vec::new();
        loop {
            match lines.next() {
                Some((_, "===")) => break,
                Some((_, l)) => expected.push(l.to_string()),
                None => panic!("{name}:{}: case not closed by `===`", i + 1),
            }
        }
        assert!(!expected.is_empty(), "{name}:{}: no expected sentences", i + 1);
        cases.push(Case { line: i + 1, class: class.clone(), input: line.to_string(), expected });
    }
    cases
}

fn check(name: &str, src: &str, lang: Lang) {
    let cases = parse(name, src);
    for c in CLASSES {
        assert!(cases.iter().any(|k| k.class == *c), "{name}: no case of class {c}");
    }
    let mut failures = Vec::new();
    for c in &cases {
        let got: Vec<&str> =
            segment::split_str(&c.input, lang).into_iter().map(|s| &c.input[s.start..s.end]).collect();
        if got != c.expected {
            failures.push(format!(
                "{name}:{} [{}]\n  input    {:?}\n  expected {:?}\n  got      {:?}",
                c.line, c.class, c.input, c.expected, got
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} cases fail:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
}

#[test]
fn english_fixtures() {
    check("tests/data/segment/en.txt", include_str!("data/segment/en.txt"), Lang::En);
}

#[test]
fn polish_fixtures() {
    check("tests/data/segment/pl.txt", include_str!("data/segment/pl.txt"), Lang::Pl);
}
