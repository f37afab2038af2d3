//! The data model shared by all stages.

use serde::{Deserialize, Serialize};

/// A byte range into [`Document::text`], end-exclusive. Always on UTF-8 character boundaries.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, Default)]
pub struct Span {
    /// First byte of the range.
    pub start: usize,
    /// One past the last byte.
    pub end: usize,
}

impl Span {
    /// The range `start..end`.
    pub fn new(start: usize, end: usize) -> Self {
        Span { start, end }
    }
    /// Its length in bytes (0 when `end <= start`).
    pub fn len(&self) -> usize {
        self.end.saturating_sub(self.start)
    }
    /// Does it cover no byte?
    pub fn is_empty(&self) -> bool {
        self.end <= self.start
    }
    /// The text this span covers (empty if the span is out of range or not on boundaries).
    pub fn text<'a>(&self, text: &'a str) -> &'a str {
        text.get(self.start..self.end).unwrap_or("")
    }
    /// Does it cover all of `other`?
    pub fn contains(&self, other: &Span) -> bool {
        self.start <= other.start && other.end <= self.end
    }
    /// How many bytes it shares with `other`.
    pub fn overlap(&self, other: &Span) -> usize {
        self.end.min(other.end).saturating_sub(self.start.max(other.start))
    }
}

/// A paragraph of the document, with its detected language.
#[derive(Debug, Clone, PartialEq)]
pub struct Paragraph {
    /// Where it stands in the text.
    pub span: Span,
    /// Its detected language.
    pub lang: Lang,
    /// Confidence of `lang` in [0, 1].
    pub confidence: f32,
}

/// A sentence: a span inside one paragraph.
#[derive(Debug, Clone, PartialEq)]
pub struct Sentence {
    /// Where it stands in the text (trimmed of whitespace).
    pub span: Span,
    /// Index into [`Document::paragraphs`].
    pub paragraph: usize,
}

/// What a quotation is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum QuoteKind {
    /// Someone's words.
    Speech,
    /// The name of a work, event, tour, show, song, book…
    Title,
    /// A word or phrase set off without being anyone's speech.
    Scare,
}

impl QuoteKind {
    /// The kind's name in the output formats: `speech`, `title` or `scare`.
    pub fn as_str(&self) -> &'static str {
        match self {
            QuoteKind::Speech => "speech",
            QuoteKind::Title => "title",
            QuoteKind::Scare => "scare",
        }
    }
}

/// Who says a quotation.
#[derive(Debug, Clone, PartialEq)]
pub struct Speaker {
    /// Canonical form: nominative where it can be inferred, the full name where one was introduced.
    pub name: String,
    /// The mention as written in the text (may be a pronoun resolved to `name`).
    pub span: Span,
}

/// A quotation: the text inside the marks.
#[derive(Debug, Clone, PartialEq)]
pub struct Quote {
    /// The text inside the quotation marks (marks excluded).
    pub span: Span,
    /// What the quotation is.
    pub kind: QuoteKind,
    /// Who says it, for speech whose speaker is found.
    pub speaker: Option<Speaker>,
    /// Index of the sentence holding the start of the quote.
    pub sentence: usize,
    /// Quotes split by their attribution share an utterance id ("…,” Butler says. “…”).
    pub utterance: usize,
    /// Nesting depth: 0 for a top-level quote.
    pub depth: u8,
    /// The marks were unbalanced: the span is a best effort.
    pub unbalanced: bool,
}

/// A decoded article and everything the stages found in it.
#[derive(Debug, Clone, Default)]
pub struct Document {
    /// File name or record id, for messages.
    pub name: String,
    /// The decoded article text. For plain UTF-8 input this is the input bytes exactly.
    pub text: String,
    /// The encoding the bytes were decoded from.
    pub encoding: &'static str,
    /// Invalid UTF-8 bytes of the input replaced one for one by U+001A (see `ingest::decode`).
    pub replaced_bytes: usize,
    /// The document's main language.
    pub lang: Lang,
    /// Confidence of `lang` in [0, 1].
    pub lang_confidence: f32,
    /// Paragraphs in text order, each with its language.
    pub paragraphs: Vec<Paragraph>,
    /// Sentences in text order.
    pub sentences: Vec<Sentence>,
    /// Quotations sorted by start (nested ones after the quotation holding them).
    pub quotes: Vec<Quote>,
}

impl Document {
    /// The text of `span` (empty when out of range).
    pub fn slice(&self, span: Span) -> &str {
        span.text(&self.text)
    }
}

/// A language. English and Polish are handled; anything else is reported by its ISO 639-1 code.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Lang {
    /// English.
    En,
    /// Polish.
    Pl,
    /// Another language, by ISO 639-1 code ("de", "cs", …); "und" when unknown.
    Other(&'static str),
    /// Not determined (too little text, or no letters).
    #[default]
    Unknown,
}

impl Lang {
    /// The ISO 639-1 code (`en`, `pl`, …), `und` when unknown.
    pub fn code(&self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Pl => "pl",
            Lang::Other(c) => c,
            Lang::Unknown => "und",
        }
    }
    /// English or Polish: a language the later stages have rules for.
    pub fn is_supported(&self) -> bool {
        matches!(self, Lang::En | Lang::Pl)
    }
    /// The language's English name ("English", "Czech", …), or its code when not known.
    pub fn name(&self) -> &'static str {
        match self {
            Lang::En => "English",
            Lang::Pl => "Polish",
            Lang::Unknown => "unknown",
            Lang::Other(c) => match *c {
                "cs" => "Czech",
                "sk" => "Slovak",
                "de" => "German",
                "ru" => "Russian",
                "uk" => "Ukrainian",
                "be" => "Belarusian",
                "fr" => "French",
                "es" => "Spanish",
                "it" => "Italian",
                "pt" => "Portuguese",
                "nl" => "Dutch",
                "sv" => "Swedish",
                "da" => "Danish",
                "nb" => "Norwegian",
                "fi" => "Finnish",
                "hu" => "Hungarian",
                "ro" => "Romanian",
                "hr" => "Croatian",
                "sr" => "Serbian",
                "sl" => "Slovenian",
                "bg" => "Bulgarian",
                "lt" => "Lithuanian",
                "lv" => "Latvian",
                "et" => "Estonian",
                "tr" => "Turkish",
                "el" => "Greek",
                "he" => "Hebrew",
                "ar" => "Arabic",
                "zh" => "Chinese",
                "ja" => "Japanese",
                "ko" => "Korean",
                "hi" => "Hindi",
                other => other,
            },
        }
    }
    /// A language given by the user: `en`/`eng`/`english` or `pl`/`pol`/`polish`, any case.
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
