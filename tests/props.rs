//! Cross-stage property tests: the whole pipeline (ingest → lang → segment → quote → align → JSON
//! Lines) on generated news-like soup, raw bytes and HTML. Whatever the input:
//! - offsets are on UTF-8 character boundaries and inside the text;
//! - sentences cover every non-whitespace byte of each paragraph;
//! - sentence links tile both documents, quote links point at extracted quotes;
//! - align(A, B) and align(B, A) mirror each other;
//! - every JSON line parses.
//!
//! The invariants live in tests/common/invariants.rs, shared with the fuzz targets in fuzz/.
//! Case counts keep the suite well under a minute in a debug build.

#[path = "common/invariants.rs"]
mod invariants;

use std::sync::OnceLock;

use bialign::IngestOptions;
use bialign::{AlignOptions, Document, Lang};
use invariants::{check_alignment, check_document, check_jsonl};
use proptest::prelude::*;

fn align_opts() -> &'static AlignOptions {
    static OPTS: OnceLock<AlignOptions> = OnceLock::new();
    OPTS.get_or_init(AlignOptions::default)
}

/// News-like text in either language, with the characters the stages react to: sentence ends,
/// abbreviations, every family of quotation marks, dash attributions, NBSP, zero-width and bidi
/// controls, CR line ends, inflected names and numbers.
fn news_soup() -> impl Strategy<Value = String> {
    let pieces = prop::sample::select(vec![
        "The",
        "minister",
        "said",
        "on",
        "Monday",
        "that",
        "budget",
        "Sebastian",
        "Sebastiana",
        "Harris",
        "mówi",
        "powiedział",
        "premier",
        "w",
        "poniedziałek",
        "że",
        "budżet",
        "Żółć",
        "2021",
        "3,5",
        "10 tys.",
        "1.",
        "Dr.",
        "Mr.",
        "U.S.",
        "e.g.",
        "św.",
        "prof.",
        "itd.",
        "ul.",
        "J. R.",
        ".",
        "..",
        "...",
        "…",
        "?",
        "!",
        "?!",
        ",",
        ";",
        ":",
        " - mówi Harris.",
        " – dodał.",
        " — ",
        "„",
        "”",
        "“",
        "‘",
        "’",
        "\"",
        "'",
        "«",
        "»",
        "‚",
        "(",
        ")",
        " ",
        " ",
        " ",
        " ",
        "\u{a0}",
        "\u{200b}",
        "\u{200d}",
        "\u{202e}",
        "\u{2067}",
        "\u{feff}",
        "\n",
        "\n\n",
        "\r",
        "\r\n",
        "\t",
        "😀",
        "e\u{301}",
        "<",
        ">",
        "&amp;",
    ]);
    prop::collection::vec(pieces, 0..80).prop_map(|v| v.join(""))
}

/// Analyse `text`; the only acceptable error for text under the size limit is "empty input".
fn analyze_text(name: &str, text: &[u8], html: Option<bool>) -> Option<Document> {
    match bialign::analyze(name, text, &IngestOptions { html, ..Default::default() }) {
        Ok(d) => Some(d),
        Err(bialign::Error::Empty { .. }) => None,
        Err(e) => panic!("{name}: unexpected error {e}"),
    }
}

/// Align `en` with `pl` (forced to English and Polish) and check every contract.
fn check_pair(mut en: Document, mut pl: Document) {
    check_document(&en);
    check_document(&pl);
    en.lang = Lang::En;
    pl.lang = Lang::Pl;
    let ab = bialign::align(&en, &pl, align_opts());
    check_alignment(&ab, &en, &pl);
    let mut out = Vec::new();
    bialign::output::jsonl::write_alignment(&mut out, Some("p/../q"), &ab, &en, &pl, Default::default(), 0.0)
        .unwrap();
    check_jsonl(&out);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    /// Generated text through every stage: documents and alignments keep the contract.
    #[test]
    fn soup_pair_keeps_every_contract(a in news_soup(), b in news_soup()) {
        if let (Some(en), Some(pl)) = (analyze_text("a", a.as_bytes(), Some(false)), analyze_text("b", b.as_bytes(), Some(false))) {
            check_pair(en, pl);
        }
    }

    /// Arbitrary bytes (any encoding, any garbage) give an error or a well-formed document.
    #[test]
    fn raw_bytes_give_an_error_or_a_well_formed_document(bytes in prop::collection::vec(any::<u8>(), 0..600)) {
        match bialign::analyze("bytes", &bytes, &IngestOptions::default()) {
            Ok(d) => check_document(&d),
            Err(e) => prop_assert!(!e.to_string().contains('\n'), "error message is not one line: {}", e),
        }
    }

    /// The same soup wrapped in (possibly broken) HTML: the extracted text keeps the contract too.
    #[test]
    fn html_soup_keeps_the_contract(
        a in news_soup(),
        b in news_soup(),
        tags in prop::collection::vec(prop::sample::select(vec!["<p>", "</p>", "<div>", "</div>", "<br>", "<script>", "</script>", "<b>", "<!--", "-->"]), 0..12),
    ) {
        let html = format!("<html><body>{}{}{}</body></html>", tags.concat(), a, tags.iter().rev().cloned().collect::<String>());
        if let (Some(en), Some(pl)) = (analyze_text("a.html", html.as_bytes(), Some(true)), analyze_text("b", b.as_bytes(), Some(false))) {
            check_pair(en, pl);
        }
    }
}

/// The sample pair itself: the real articles keep the contract, in both argument orders.
#[test]
fn sample_pair_keeps_every_contract() {
    let en = std::fs::read("corpus/carrie-diaries/en.txt").unwrap();
    let pl = std::fs::read("corpus/carrie-diaries/pl.txt").unwrap();
    let en = analyze_text("en.txt", &en, None).unwrap();
    let pl = analyze_text("pl.txt", &pl, None).unwrap();
    assert_eq!((en.lang, pl.lang), (Lang::En, Lang::Pl));
    assert!(!en.quotes.is_empty() && !pl.quotes.is_empty());
    check_pair(en, pl);
}
