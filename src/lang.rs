//! Language detection with confidence, per document and per paragraph.
//!
//! (Foundation baseline: whatlang restricted to English and Polish. Issue 2 refines it.)

use serde::Serialize;

use crate::model::Document;

/// A language. English and Polish are handled; anything else is reported by its ISO 639-1 code.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Lang {
    En,
    Pl,
    /// Another language, by ISO 639-1 code ("de", "cs", …); "und" when unknown.
    Other(&'static str),
    #[default]
    Unknown,
}

impl Lang {
    pub fn code(&self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Pl => "pl",
            Lang::Other(c) => c,
            Lang::Unknown => "und",
        }
    }
    pub fn is_supported(&self) -> bool {
        matches!(self, Lang::En | Lang::Pl)
    }
    pub fn parse(s: &str) -> Option<Lang> {
        match s.to_ascii_lowercase().as_str() {
            "en" | "eng" | "english" => Some(Lang::En),
            "pl" | "pol" | "polish" => Some(Lang::Pl),
            _ => None,
        }
    }
}

impl std::fmt::Display for Lang {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.code())
    }
}

impl Serialize for Lang {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.code())
    }
}

/// A language guess with its confidence in [0, 1].
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Detection {
    pub lang: Lang,
    pub confidence: f32,
}

/// Detect the language of a piece of text.
pub fn detect(text: &str) -> Detection {
    let allow = vec![whatlang::Lang::Eng, whatlang::Lang::Pol];
    let det = whatlang::Detector::with_allowlist(allow);
    match det.detect(text) {
        Some(info) => Detection {
            lang: if info.lang() == whatlang::Lang::Pol { Lang::Pl } else { Lang::En },
            confidence: info.confidence() as f32,
        },
        None => Detection { lang: Lang::Unknown, confidence: 0.0 },
    }
}

/// Label the document and each of its paragraphs.
pub fn route(doc: &mut Document) {
    let d = detect(&doc.text);
    doc.lang = d.lang;
    doc.lang_confidence = d.confidence;
    for p in &mut doc.paragraphs {
        let pd = detect(p.span.text(&doc.text));
        if pd.lang.is_supported() {
            p.lang = pd.lang;
            p.confidence = pd.confidence;
        } else {
            p.lang = d.lang;
            p.confidence = d.confidence;
        }
    }
}

/// Given two analysed documents in any order, return (English, Polish, swapped).
/// Errors when a document is in another language or both are the same language.
pub fn order_pair(
    a: Document,
    b: Document,
) -> std::result::Result<(Document, Document, bool), crate::error::Error> {
    use crate::error::Error;
    for d in [&a, &b] {
        if !d.lang.is_supported() {
            return Err(Error::Language(format!(
                "{}: looks like {} (confidence {:.2}), not English or Polish",
                d.name,
                d.lang.code(),
                d.lang_confidence
            )));
        }
    }
    match (a.lang, b.lang) {
        (Lang::En, Lang::Pl) => Ok((a, b, false)),
        (Lang::Pl, Lang::En) => Ok((b, a, true)),
        (l, _) => Err(Error::Language(format!(
            "{} and {} are both {} ({}): give one English and one Polish article",
            a.name,
            b.name,
            if l == Lang::En { "English" } else { "Polish" },
            l.code()
        ))),
    }
}
