//! Bilingual files as QA input: TMX (bialign's own `--format tmx` output too), XLIFF 1.2 and 2.x, and
//! bilingual TSV (`en<TAB>pl`). Each is read as the segment pairs it gives, not re-aligned: the English
//! segments become one document and the Polish ones another (one paragraph per segment, in file order)
//! and every segment pair becomes one link, so the segment-level checks run as on an aligned pair.
//! Checks that need whole articles (passages with no counterpart, quote drift) do not apply.
//!
//! Inline tags (XLIFF `<ph>`, `<pc>`, `<g>`, `<x/>`, `<sc>`/`<ec>`…, TMX `<ph>`, `<bpt>`/`<ept>`, `<it>`)
//! are left out of the text and kept per segment with the placeholders written in the text (`{0}`,
//! `%s`, `%1$d`, `{{name}}`), for the tag and placeholder check ([`super::Check::TagMismatch`]).

use std::path::Path;

use crate::align::{Alignment, Evidence, Link, Mode};
use crate::model::{Document, Span};

/// One segment pair of a bilingual file.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Segment {
    /// The English text.
    pub en: String,
    /// The Polish text.
    pub pl: String,
    /// Inline tags and placeholders of each side, in order (`ph#1`, `pc#2`, `{0}`).
    pub en_tags: Vec<String>,
    /// The same, Polish side.
    pub pl_tags: Vec<String>,
}

/// The bilingual formats `qa` reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// TMX 1.4.
    Tmx,
    /// XLIFF 1.2 or 2.0.
    Xliff,
    /// Tab-separated `en<TAB>pl` lines.
    Tsv,
}

impl Format {
    /// The format a file's extension names (`.tmx`, `.xlf`/`.xliff`, `.tsv`/`.tab`), if any.
    pub fn of_path(path: &Path) -> Option<Format> {
        let ext = path.extension()?.to_str()?.to_ascii_lowercase();
        match ext.as_str() {
            "tmx" => Some(Format::Tmx),
            "xlf" | "xliff" | "sdlxliff" | "mqxliff" => Some(Format::Xliff),
            "tsv" | "tab" => Some(Format::Tsv),
            _ => None,
        }
    }
}

/// Read the segment pairs of a file in `format`; an error says what is wrong (and where, for XML).
pub fn parse(text: &str, format: Format) -> Result<Vec<Segment>, String> {
    match format {
        Format::Tsv => parse_tsv(text),
        Format::Tmx => parse_tmx(text),
        Format::Xliff => parse_xliff(text),
    }
}

/// `en<TAB>pl` lines (more fields, such as bialign's score, are ignored), with bialign's escapes
/// (`\\`, `\t`, `\n`, `\r`). Blank lines are skipped.
pub fn parse_tsv(text: &str) -> Result<Vec<Segment>, String> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.strip_suffix('\r').unwrap_or(line);
        if line.trim().is_empty() {
            continue;
        }
        let mut f = line.split('\t');
        let (Some(en), Some(pl)) = (f.next(), f.next()) else {
            return Err(format!("line {}: not en<TAB>pl", i + 1));
        };
        let (en, pl) = (crate::text::unescape(en), crate::text::unescape(pl));
        out.push(Segment { en_tags: placeholders(&en), pl_tags: placeholders(&pl), en, pl });
    }
    Ok(out)
}

/// Placeholders written in text: `{0}`, `{name}`, `{{name}}`, `%s`, `%d`, `%1$s`, `%@`.
pub fn placeholders(s: &str) -> Vec<String> {
    let b = s.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'{' {
            let double = b.get(i + 1) == Some(&b'{');
            let start = i + if double { 2 } else { 1 };
            let mut j = start;
            while j < b.len() && (b[j].is_ascii_alphanumeric() || b[j] == b'_') {
                j += 1;
            }
            let close = if double { s.get(j..j + 2) == Some("}}") } else { b.get(j) == Some(&b'}') };
            if j > start && close {
                let end = j + if double { 2 } else { 1 };
                out.push(s[i..end].to_string());
                i = end;
                continue;
            }
        } else if b[i] == b'%' {
            let mut j = i + 1;
            while j < b.len() && (b[j].is_ascii_digit() || b[j] == b'$') {
                j += 1;
            }
            if j < b.len() && matches!(b[j], b's' | b'd' | b'i' | b'f' | b'u' | b'x' | b'@') {
                // "50%s" of a percentage followed by a word is not a placeholder: require a non-letter after.
                if !(b.get(j + 1).is_some_and(u8::is_ascii_alphabetic)
                    || (i > 0 && b[i - 1].is_ascii_digit()))
                {
                    out.push(s[i..=j].to_string());
                    i = j + 1;
                    continue;
                }
            }
        }
        i += 1;
    }
    out
}

/// Inline elements of XLIFF and TMX: their content is not text (`ph`, `x`, `bx`, `ex`, `bpt`, `ept`,
/// `it`, `sc`, `ec`, `sub` holds codes) or is text wrapped in a tag (`g`, `pc`, `mrk`, `hi`).
const CODE_ELEMENTS: &[&str] = &["ph", "x", "bx", "ex", "bpt", "ept", "it", "sc", "ec", "ut"];
const WRAPPING_ELEMENTS: &[&str] = &["g", "pc", "mrk", "hi", "sm", "em"];

/// The text of an element with its inline tags taken out (each noted as `name#id`), then the
/// placeholders of the text.
fn inline_text(node: roxmltree::Node, tags: &mut Vec<String>) -> String {
    let mut out = String::new();
    fn walk(n: roxmltree::Node, out: &mut String, tags: &mut Vec<String>) {
        for c in n.children() {
            if c.is_text() {
                out.push_str(c.text().unwrap_or(""));
            } else if c.is_element() {
                let name = c.tag_name().name();
                let id =
                    c.attribute("id").or_else(|| c.attribute("i")).or_else(|| c.attribute("x")).unwrap_or("");
                if CODE_ELEMENTS.contains(&name) {
                    tags.push(format!("{name}#{id}"));
                } else if WRAPPING_ELEMENTS.contains(&name) {
                    if name != "mrk" && name != "sm" && name != "em" {
                        tags.push(format!("{name}#{id}"));
                    }
                    walk(c, out, tags);
                } else {
                    walk(c, out, tags);
                }
            }
        }
    }
    walk(node, &mut out, tags);
    tags.extend(placeholders(&out));
    out
}

fn xml(text: &str) -> Result<roxmltree::Document<'_>, String> {
    let opts = roxmltree::ParsingOptions { allow_dtd: true, ..Default::default() };
    roxmltree::Document::parse_with_options(text, opts).map_err(|e| format!("not well-formed XML: {e}"))
}

fn is_en(lang: &str) -> bool {
    lang.to_ascii_lowercase().starts_with("en")
}
fn is_pl(lang: &str) -> bool {
    lang.to_ascii_lowercase().starts_with("pl")
}

/// `<tu>`s with an English and a Polish `<tuv>` (`xml:lang` or `lang`); bialign's quote units
/// (`<prop type="x-kind">quote</prop>`) repeat text of its sentence units and are skipped.
pub fn parse_tmx(text: &str) -> Result<Vec<Segment>, String> {
    let doc = xml(text)?;
    if doc.root_element().tag_name().name() != "tmx" {
        return Err("not a TMX file (no <tmx> root element)".into());
    }
    const XML_NS: &str = "http://www.w3.org/XML/1998/namespace";
    let mut out = Vec::new();
    for tu in doc.descendants().filter(|n| n.has_tag_name("tu")) {
        let quote = tu.children().any(|p| {
            p.has_tag_name("prop") && p.attribute("type") == Some("x-kind") && p.text() == Some("quote")
        });
        if quote {
            continue;
        }
        let mut seg = Segment::default();
        let (mut has_en, mut has_pl) = (false, false);
        for tuv in tu.children().filter(|n| n.has_tag_name("tuv")) {
            let lang = tuv.attribute((XML_NS, "lang")).or_else(|| tuv.attribute("lang")).unwrap_or("");
            let Some(s) = tuv.children().find(|n| n.has_tag_name("seg")) else { continue };
            if is_en(lang) && !has_en {
                seg.en = inline_text(s, &mut seg.en_tags);
                has_en = true;
            } else if is_pl(lang) && !has_pl {
                seg.pl = inline_text(s, &mut seg.pl_tags);
                has_pl = true;
            }
        }
        if has_en || has_pl {
            out.push(seg);
        }
    }
    if out.is_empty() {
        return Err("no translation unit with an English or Polish <tuv>".into());
    }
    Ok(out)
}

/// XLIFF 2.x (`<unit><segment><source/><target/>`, `srcLang`/`trgLang`) or 1.2 (`<trans-unit>`,
/// `source-language`/`target-language`), English to Polish or Polish to English.
pub fn parse_xliff(text: &str) -> Result<Vec<Segment>, String> {
    let doc = xml(text)?;
    let root = doc.root_element();
    if root.tag_name().name() != "xliff" {
        return Err("not an XLIFF file (no <xliff> root element)".into());
    }
    let file = root.descendants().find(|n| n.has_tag_name("file"));
    let src = root
        .attribute("srcLang")
        .or_else(|| file.and_then(|f| f.attribute("source-language")))
        .unwrap_or("en");
    let trg = root
        .attribute("trgLang")
        .or_else(|| file.and_then(|f| f.attribute("target-language")))
        .unwrap_or("pl");
    let swap = if is_en(src) && is_pl(trg) {
        false
    } else if is_pl(src) && is_en(trg) {
        true
    } else {
        return Err(format!("languages {src} → {trg}: qa checks English and Polish"));
    };
    let mut out = Vec::new();
    let units = root.descendants().filter(|n| n.has_tag_name("segment") || n.has_tag_name("trans-unit"));
    for u in units {
        let mut seg = Segment::default();
        let (mut s_tags, mut t_tags) = (Vec::new(), Vec::new());
        let source = u.children().find(|n| n.has_tag_name("source")).map(|n| inline_text(n, &mut s_tags));
        let target = u.children().find(|n| n.has_tag_name("target")).map(|n| inline_text(n, &mut t_tags));
        let Some(source) = source else { continue };
        let target = target.unwrap_or_default();
        if swap {
            (seg.en, seg.pl, seg.en_tags, seg.pl_tags) = (target, source, t_tags, s_tags);
        } else {
            (seg.en, seg.pl, seg.en_tags, seg.pl_tags) = (source, target, s_tags, t_tags);
        }
        out.push(seg);
    }
    if out.is_empty() {
        return Err("no <segment> or <trans-unit> with a <source>".into());
    }
    Ok(out)
}

/// The documents, the alignment and the segment spans (English, Polish) [`documents`] builds.
pub type SegmentDocuments = (Document, Document, Alignment, Vec<(Span, Span)>);

/// The two documents of a file's segments (one paragraph per segment, blank lines between; line
/// breaks inside a segment become spaces) and the alignment that links each segment pair; with the
/// spans of each segment in each document.
pub fn documents(name: &str, segs: &[Segment]) -> crate::error::Result<SegmentDocuments> {
    let join = |side: &dyn Fn(&Segment) -> &str| -> (String, Vec<Span>) {
        let mut text = String::new();
        let mut spans = Vec::new();
        for s in segs {
            if !text.is_empty() {
                text.push_str("\n\n");
            }
            let clean: String = side(s).split_whitespace().collect::<Vec<_>>().join(" ");
            let start = text.len();
            text.push_str(&clean);
            spans.push(Span::new(start, text.len()));
        }
        (text, spans)
    };
    let (en_text, en_spans) = join(&|s| &s.en);
    let (pl_text, pl_spans) = join(&|s| &s.pl);
    let opts = crate::ingest::IngestOptions { html: Some(false), ..Default::default() };
    let mut en = crate::analyze(&format!("{name} (en)"), en_text.as_bytes(), &opts)?;
    let mut pl = crate::analyze(&format!("{name} (pl)"), pl_text.as_bytes(), &opts)?;
    en.lang = crate::lang::Lang::En;
    pl.lang = crate::lang::Lang::Pl;
    let in_span = |doc: &Document, sp: Span| -> Vec<usize> {
        (0..doc.sentences.len()).filter(|&i| sp.overlap(&doc.sentences[i].span) > 0).collect()
    };
    let sentences = en_spans
        .iter()
        .zip(&pl_spans)
        .map(|(&e, &p)| Link {
            en: in_span(&en, e),
            pl: in_span(&pl, p),
            score: 1.0,
            evidence: Evidence::default(),
        })
        .filter(|l| !l.en.is_empty() || !l.pl.is_empty())
        .collect();
    let a = Alignment { sentences, mode: Mode::Translation, strong_share: 1.0, ..Alignment::default() };
    Ok((en, pl, a, en_spans.into_iter().zip(pl_spans).collect()))
}

/// Findings of the tag and placeholder check: a segment whose sides do not hold the same inline tags
/// and placeholders (each as often).
pub fn tag_findings(segs: &[Segment], spans: &[(Span, Span)]) -> Vec<super::Finding> {
    let mut out = Vec::new();
    for (s, &(se, sp)) in segs.iter().zip(spans) {
        let (mut a, mut b) = (s.en_tags.clone(), s.pl_tags.clone());
        a.sort();
        b.sort();
        if a == b {
            continue;
        }
        let only = |x: &[String], y: &[String]| -> Vec<String> {
            let mut y = y.to_vec();
            x.iter()
                .filter(|t| match y.iter().position(|u| u == *t) {
                    Some(k) => {
                        y.remove(k);
                        false
                    }
                    None => true,
                })
                .cloned()
                .collect()
        };
        let (en_only, pl_only) = (only(&a, &b), only(&b, &a));
        let list = |v: &[String]| if v.is_empty() { "nothing".to_string() } else { v.join(", ") };
        out.push(super::Finding {
            check: super::Check::TagMismatch,
            severity: super::Severity::Error,
            en: if se.is_empty() { vec![] } else { vec![se] },
            pl: if sp.is_empty() { vec![] } else { vec![sp] },
            message: format!(
                "The segment's tags and placeholders differ: only the English has {}, only the Polish {}.\nEN: {}\nPL: {}",
                list(&en_only),
                list(&pl_only),
                super::clip(&s.en, 160),
                super::clip(&s.pl, 160)
            ),
        });
    }
    out
}

/// Run the QA over a bilingual file's segments: the segment-level checks of [`super::check`] (the
/// whole-article ones left out) and the tag and placeholder check. Returns the documents and alignment
/// built from the segments (for the report) and the findings.
pub fn check_segments(
    name: &str,
    segs: &[Segment],
    opts: &super::QaOptions,
) -> crate::error::Result<(Document, Document, Alignment, Vec<super::Finding>)> {
    let (en, pl, a, spans) = documents(name, segs)?;
    let mut opts = opts.clone();
    opts.mode = super::Mode::Translation;
    opts.disabled.extend(WHOLE_ARTICLE_CHECKS);
    let mut findings = super::check(&en, &pl, &a, &opts);
    if !opts.disabled.contains(&super::Check::TagMismatch) {
        findings.extend(tag_findings(segs, &spans));
    }
    let findings = super::finish(findings, &en, &pl, &opts);
    Ok((en, pl, a, findings))
}

/// Read the bilingual file `path` (TMX, XLIFF or TSV, told by its name) and run [`check_segments`]
/// on its segment pairs. Errors name the file.
pub fn check_file(
    path: &Path,
    ingest: &crate::ingest::IngestOptions,
    opts: &super::QaOptions,
) -> crate::error::Result<(Document, Document, Alignment, Vec<super::Finding>)> {
    let bad = |msg: String| crate::Error::Usage(format!("{}: {msg}", path.display()));
    let Some(format) = Format::of_path(path) else {
        return Err(bad(
            "qa reads two articles, or one bilingual file named .tmx, .xlf, .xliff or .tsv".into()
        ));
    };
    let (name, bytes) = crate::ingest::read_input(path, ingest)?;
    let text_opts = crate::ingest::IngestOptions { html: Some(false), ..ingest.clone() };
    let doc = crate::ingest::ingest_bytes(&name, &bytes, &text_opts)?;
    let segs = parse(&doc.text, format).map_err(bad)?;
    check_segments(&path.display().to_string(), &segs, opts).map_err(|e| bad(e.to_string()))
}

/// Checks that need whole articles, not given segment pairs.
pub const WHOLE_ARTICLE_CHECKS: [super::Check; 3] =
    [super::Check::OmittedPassage, super::Check::AddedPassage, super::Check::QuoteDrift];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_three_formats_give_the_same_segments() {
        let tsv = "He paid {0} for 3 tickets.\tZapłacił {0} za 4 bilety.\t0.9\nShe said \\\"yes\\\".\tPowiedziała „tak”.\n";
        let tmx = r#"<?xml version="1.0"?><tmx version="1.4"><header srclang="en"/><body>
            <tu><tuv xml:lang="en"><seg>He paid {0} for 3 tickets.</seg></tuv><tuv xml:lang="pl-PL"><seg>Zapłacił {0} za 4 bilety.</seg></tuv></tu>
            <tu><prop type="x-kind">quote</prop><tuv xml:lang="en"><seg>yes</seg></tuv><tuv xml:lang="pl"><seg>tak</seg></tuv></tu>
            <tu><tuv xml:lang="en"><seg>She said \"yes\".</seg></tuv><tuv xml:lang="pl"><seg>Powiedziała „tak”.</seg></tuv></tu>
            </body></tmx>"#;
        let xlf = r#"<xliff version="2.0" xmlns="urn:oasis:names:tc:xliff:document:2.0" srcLang="en" trgLang="pl"><file id="f">
            <unit id="1"><segment><source>He paid {0} for 3 tickets.</source><target>Zapłacił {0} za 4 bilety.</target></segment></unit>
            <unit id="2"><segment><source>She said \"yes\".</source><target>Powiedziała „tak”.</target></segment></unit>
            </file></xliff>"#;
        let a = parse_tsv(tsv).unwrap();
        let b = parse_tmx(tmx).unwrap();
        let c = parse_xliff(xlf).unwrap();
        assert_eq!(a.len(), 2);
        assert_eq!(a, b);
        assert_eq!(a, c);
        assert_eq!(a[0].en_tags, vec!["{0}"]);
    }

    #[test]
    fn inline_tags_and_placeholders_are_compared() {
        let xlf = r#"<xliff version="2.0" srcLang="en" trgLang="pl"><file id="f"><unit id="1"><segment>
            <source>Click <pc id="1">Save</pc> to keep %s files<ph id="2"/>.</source>
            <target>Kliknij <pc id="1">Zapisz</pc>, aby zachować pliki.</target></segment></unit></file></xliff>"#;
        let s = parse_xliff(xlf).unwrap();
        assert_eq!(s[0].en, "Click Save to keep %s files.");
        assert_eq!(s[0].en_tags, vec!["pc#1", "ph#2", "%s"]);
        let spans = vec![(Span::new(0, 5), Span::new(0, 5))];
        let f = tag_findings(&s, &spans);
        assert_eq!(f.len(), 1);
        assert!(f[0].message.contains("only the English has %s, ph#2"), "{}", f[0].message);
        assert_eq!(
            placeholders("50%s of {name}, {{count}}, %1$d, 100% sure"),
            vec!["{name}", "{{count}}", "%1$d"]
        );
    }

    #[test]
    fn bad_files_name_the_problem() {
        assert!(parse_tmx("<tmx><body><tu>").unwrap_err().contains("not well-formed"));
        assert!(parse_tmx("<html/>").unwrap_err().contains("not a TMX"));
        assert!(parse_xliff("<xliff srcLang=\"de\" trgLang=\"fr\"><file/></xliff>")
            .unwrap_err()
            .contains("de"));
        assert!(parse_tsv("only one field\n").unwrap_err().starts_with("line 1"));
    }
}
