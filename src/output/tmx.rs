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

#[cfg(test)]
mod writer_tests {
    use super::*;
    use crate::output::tsv::tests::{doc, link};

    #[test]
    fn writes_well_formed_units_with_props_and_langs() {
        let en = doc(&["A <b> & \"c\"\u{7}.", "Unmatched."]);
        let pl = doc(&["Ż <b> & „c”."]);
        let a = Alignment {
            sentences: vec![link(&[0], &[0], 0.75), link(&[1], &[], 0.0)],
            quotes: vec![],
            ..Default::default()
        };
        let mut out = Vec::new();
        write_header(&mut out).unwrap();
        write_alignment(&mut out, Some("id<&>\"'"), &a, &en, &pl, Only::Both, 0.0).unwrap();
        write_footer(&mut out).unwrap();
        let s = String::from_utf8(out).unwrap();
        let xml = roxmltree::Document::parse(&s).unwrap();
        let tus: Vec<_> = xml.descendants().filter(|n| n.has_tag_name("tu")).collect();
        assert_eq!(tus.len(), 1);
        let props: Vec<(&str, &str)> = tus[0]
            .children()
            .filter(|n| n.has_tag_name("prop"))
            .map(|n| (n.attribute("type").unwrap(), n.text().unwrap()))
            .collect();
        assert_eq!(props, vec![("x-doc", "id<&>\"'"), ("x-score", "0.750")]);
        let xml_ns = "http://www.w3.org/XML/1998/namespace";
        let tuvs: Vec<(&str, &str)> = tus[0]
            .children()
            .filter(|n| n.has_tag_name("tuv"))
            .map(|n| {
                (n.attribute((xml_ns, "lang")).unwrap(), n.first_element_child().unwrap().text().unwrap())
            })
            .collect();
        assert_eq!(tuvs, vec![("en", "A <b> & \"c\"."), ("pl", "Ż <b> & „c”.")]);
        // Valid against the DTD of the TMX subset we write, when xmllint is installed.
        if std::process::Command::new("xmllint").arg("--version").output().is_ok() {
            let dir = tempfile::tempdir().unwrap();
            let f = dir.path().join("t.tmx");
            std::fs::write(&f, &s).unwrap();
            let dtd = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/tmx14-bialign.dtd");
            let o = std::process::Command::new("xmllint")
                .args(["--noout", "--dtdvalid", dtd])
                .arg(&f)
                .output()
                .unwrap();
            assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        }
    }
}
