//! TMX 1.4b (Translation Memory eXchange), the format CAT tools import.
//!
//! A file is [`write_header`], then any number of [`write_alignment`] calls (one per article pair),
//! then [`write_footer`]. Each link with text on both sides becomes one `<tu>` holding
//! `<prop type="x-doc">` (the pair's id), `<prop type="x-score">` (the link's score), for quotes
//! `<prop type="x-kind">quote</prop>` and `segtype="phrase"`, and two `<tuv>`s with `xml:lang` "en"
//! and "pl". Text is XML-escaped and characters XML 1.0 forbids (control characters other than tab
//! and line breaks, U+FFFE, U+FFFF) are dropped, so the file is always well-formed.

use std::io::Write;

use crate::align::Alignment;
use crate::model::Document;
use crate::output::jsonl::Only;
use crate::output::tsv::{bitext_links, side_text};

/// Is `c` allowed in an XML 1.0 document?
pub fn is_xml_char(c: char) -> bool {
    matches!(c, '\t' | '\n' | '\r' | '\u{20}'..='\u{D7FF}' | '\u{E000}'..='\u{FFFD}' | '\u{10000}'..)
}

/// Append `s` XML-escaped (for text and attribute values), dropping characters XML forbids.
pub fn escape(s: &str, out: &mut String) {
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c if is_xml_char(c) => out.push(c),
            _ => {}
        }
    }
}

/// The XML declaration, `<tmx version="1.4">`, the header and `<body>`.
pub fn write_header<W: Write>(out: &mut W) -> std::io::Result<()> {
    write!(
        out,
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<tmx version=\"1.4\">\n  <header creationtool=\"bialign\" \
creationtoolversion=\"{}\" datatype=\"plaintext\" segtype=\"sentence\" adminlang=\"en\" srclang=\"en\" \
o-tmf=\"bialign\"/>\n  <body>\n",
        env!("CARGO_PKG_VERSION")
    )
}

/// Close `<body>` and `<tmx>`.
pub fn write_footer<W: Write>(out: &mut W) -> std::io::Result<()> {
    out.write_all(b"  </body>\n</tmx>\n")
}

/// Write the translation units of one pair. `Only::Both` writes sentence links, like TSV.
pub fn write_alignment<W: Write>(
    out: &mut W,
    doc_id: Option<&str>,
    a: &Alignment,
    en: &Document,
    pl: &Document,
    only: Only,
    min_score: f32,
) -> std::io::Result<()> {
    let (quote, links) = bitext_links(a, only, min_score);
    let mut s = String::new();
    for l in links {
        s.clear();
        s.push_str(if quote { "    <tu segtype=\"phrase\">\n" } else { "    <tu>\n" });
        if let Some(id) = doc_id {
            s.push_str("      <prop type=\"x-doc\">");
            escape(id, &mut s);
            s.push_str("</prop>\n");
        }
        s.push_str(&format!("      <prop type=\"x-score\">{:.3}</prop>\n", l.score));
        if quote {
            s.push_str("      <prop type=\"x-kind\">quote</prop>\n");
        }
        for (lang, doc, idx) in [("en", en, &l.en), ("pl", pl, &l.pl)] {
            s.push_str(&format!("      <tuv xml:lang=\"{lang}\"><seg>"));
            escape(&side_text(doc, idx, quote), &mut s);
            s.push_str("</seg></tuv>\n");
        }
        s.push_str("    </tu>\n");
        out.write_all(s.as_bytes())?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_markup_and_drops_illegal_characters() {
        let mut s = String::new();
        escape("a<b>&\"c'\u{1}\u{0}\u{b}\u{fffe}\tż\n", &mut s);
        assert_eq!(s, "a&lt;b&gt;&amp;&quot;c&apos;\tż\n");
    }
}
