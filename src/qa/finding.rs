//! The report types: a [`Finding`], the [`Check`] that makes it and its [`Severity`], each named in
//! kebab-case or lowercase in all outputs.

use serde::Serialize;

use crate::model::Span;

/// How bad a finding is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// Very likely a translation error: a changed number, a misattributed quote, a dropped passage.
    Error,
    /// Worth a look: may be a legitimate liberty of the translator.
    Warning,
    /// Typography and conventions.
    Style,
}

impl Severity {
    /// The name in all outputs.
    pub fn as_str(&self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Style => "style",
        }
    }
    /// Every severity, most severe first.
    pub const ALL: [Severity; 3] = [Severity::Error, Severity::Warning, Severity::Style];
}

/// The checks, named in kebab-case in all outputs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Check {
    /// A number on one side is missing or different on the other.
    NumberMismatch,
    /// A name on one side is missing on the other.
    NameMismatch,
    /// An English quotation with no Polish counterpart.
    QuoteOmitted,
    /// A Polish quotation with no English counterpart.
    QuoteAdded,
    /// Paired quotations attributed to different people.
    SpeakerMismatch,
    /// Paired quotations whose content differs.
    QuoteDrift,
    /// English quotation marks in Polish text.
    QuoteMarks,
    /// A Polish segment that is English.
    Untranslated,
    /// A linked pair of unusual length ratio.
    LengthRatio,
    /// Final punctuation that differs.
    PunctuationMismatch,
    /// Brackets that do not correspond.
    BracketMismatch,
    /// English sentences the Polish side leaves out.
    OmittedPassage,
    /// Polish sentences with no English source.
    AddedPassage,
    /// Inline tags or placeholders that differ (bilingual files).
    TagMismatch,
    /// A glossary term whose Polish side has none of its renderings
    /// ([`QaOptions::glossary`](super::QaOptions::glossary)).
    Glossary,
    /// A forbidden Polish term ([`QaOptions::forbidden`](super::QaOptions::forbidden)).
    ForbiddenTerm,
    /// A word written twice in a row in the Polish text.
    RepeatedWord,
    /// Two or more spaces in a row in the Polish text.
    DoubleSpace,
    /// One source translated two ways, or one translation given to two sources.
    Inconsistent,
}

impl Check {
    /// Every check.
    pub const ALL: [Check; 19] = [
        Check::NumberMismatch,
        Check::NameMismatch,
        Check::QuoteOmitted,
        Check::QuoteAdded,
        Check::SpeakerMismatch,
        Check::QuoteDrift,
        Check::QuoteMarks,
        Check::Untranslated,
        Check::LengthRatio,
        Check::PunctuationMismatch,
        Check::BracketMismatch,
        Check::OmittedPassage,
        Check::AddedPassage,
        Check::TagMismatch,
        Check::Glossary,
        Check::ForbiddenTerm,
        Check::RepeatedWord,
        Check::DoubleSpace,
        Check::Inconsistent,
    ];
    /// The name in all outputs.
    pub fn as_str(&self) -> &'static str {
        match self {
            Check::NumberMismatch => "number-mismatch",
            Check::NameMismatch => "name-mismatch",
            Check::QuoteOmitted => "quote-omitted",
            Check::QuoteAdded => "quote-added",
            Check::SpeakerMismatch => "speaker-mismatch",
            Check::QuoteDrift => "quote-drift",
            Check::QuoteMarks => "quote-marks",
            Check::Untranslated => "untranslated",
            Check::LengthRatio => "length-ratio",
            Check::PunctuationMismatch => "punctuation-mismatch",
            Check::BracketMismatch => "bracket-mismatch",
            Check::OmittedPassage => "omitted-passage",
            Check::AddedPassage => "added-passage",
            Check::TagMismatch => "tag-mismatch",
            Check::Glossary => "glossary",
            Check::ForbiddenTerm => "forbidden-term",
            Check::RepeatedWord => "repeated-word",
            Check::DoubleSpace => "double-space",
            Check::Inconsistent => "inconsistency",
        }
    }
    /// Parse a kebab-case check name.
    pub fn parse(s: &str) -> Option<Check> {
        Check::ALL.into_iter().find(|c| c.as_str() == s)
    }
}

impl Serialize for Check {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

/// One QA finding.
#[derive(Debug, Clone, PartialEq)]
pub struct Finding {
    /// The check that found it.
    pub check: Check,
    /// How serious it is.
    pub severity: Severity,
    /// Spans in the English document (may be empty).
    pub en: Vec<Span>,
    /// Spans in the Polish document (may be empty).
    pub pl: Vec<Span>,
    /// What is wrong, for a person: names both texts where it helps.
    pub message: String,
}
