//! Quotations, their kinds and speakers, in English and Polish.
//!
//! Runs after segmentation. Quotation spans are found per paragraph from the marks alone
//! (`marks.rs`), never from sentence boundaries: a quotation may hold several sentences, and sentences
//! are used only for each quote's [`Quote::sentence`](crate::model::Quote::sentence) index. Then, per top-level quotation:
//!
//! 1. the attribution right after the closing mark or right before the opening mark
//!    (`speaker_en.rs`, `speaker_pl.rs`: "…," Harris says / „…” – mówi Harris / Harris adds: “…”);
//! 2. a quotation that follows its predecessor's attribution in the same sentence or the next
//!    ("…," Butler says. "…") joins its utterance and speaker; so does a quotation continued in the next
//!    paragraph;
//! 3. the kind (`kind.rs`): attributed quotations are speech; otherwise cues, title case and length;
//! 4. pronouns, subject-less Polish verbs and unattributed speech later in a paragraph take the last
//!    named speaker; names become canonical (`names.rs`: full name, Polish nominative).
//!
//! Nested quotations get a kind but no speaker of their own.

pub(crate) mod dash;
pub(crate) mod epithet;
pub(crate) mod fast;
pub(crate) mod groups;
mod interview;
pub(crate) mod kind;
pub(crate) mod marks;
pub(crate) mod name_shape;
pub(crate) mod names;
pub(crate) mod repeat;
pub(crate) mod roles;
pub(crate) mod speaker;
pub(crate) mod speaker_en;
pub(crate) mod speaker_pl;
pub(crate) mod token;

use crate::lang::Lang;
use crate::model::{Document, Span, Speaker};
use speaker::Who;

pub(crate) mod resolve;

mod attribute;
mod extract;
mod scan;

/// At most the last 80 bytes of `text[start..end]` (on a character boundary): the context a kind cue is
/// looked for in, bounded so that the work per quotation stays constant.
fn tail(text: &str, start: usize, end: usize) -> &str {
    let mut from = end.saturating_sub(80).max(start);
    while from < end && !text.is_char_boundary(from) {
        from += 1;
    }
    text.get(from..end).unwrap_or("")
}

/// A speaker the text describes rather than names ("one Reddit user", "policja"): the description as
/// written, its spaces collapsed.
fn described(text: &str, span: Span) -> Speaker {
    // A written statement opening the clause is where the words stand, not who speaks ("W
    // komunikacie Komenda Policji przekazała:"): the description starts after it.
    let toks = speaker::tokenize(text, span);
    let span = match toks.as_slice() {
        [p, d, rest, ..]
            if p.trail.is_empty()
                && d.trail.is_empty()
                && speaker::is_oblique_preposition(p.word)
                && speaker::is_document_pl(d.word) =>
        {
            Span::new(rest.span.start, span.end)
        }
        _ => span,
    };
    let written = span.text(text);
    // A document speaks for its owner: "the ministry's statement said" is the ministry.
    if let Some((owner, noun)) =
        written.rsplit_once(['\'', '’']).and_then(|(o, rest)| Some((o, rest.strip_prefix('s')?)))
    {
        let noun = noun.trim();
        if !owner.trim().is_empty() && speaker::is_document_en(noun) {
            return Speaker { name: owner.split_whitespace().collect::<Vec<_>>().join(" "), span };
        }
    }
    if let Some(name) = groups::institution_nominative(written) {
        return Speaker { name, span };
    }
    let name = match groups::nominative(written) {
        // One noun in an oblique case ("w komunikacie policji"): its nominative.
        Some((_, nom)) if !written.contains(char::is_whitespace) && !written.eq_ignore_ascii_case(nom) => {
            nom.to_string()
        }
        _ => written.split_whitespace().collect::<Vec<_>>().join(" "),
    };
    Speaker { name, span }
}

/// The speaker a source names (`Who::Name`, a group description or a role), if it resolves.
fn source_speaker(
    text: &str,
    who: Who,
    lang: Lang,
    book: &mut names::NameBook,
    people: &mut resolve::People,
) -> Option<Speaker> {
    match who {
        Who::Name { span, genitive } => Some(Speaker { name: book.canonical(span, lang, genitive), span }),
        Who::Unnamed(span) if !span.is_empty() => Some(described(text, span)),
        Who::Role { span, group } => people
            .role(group, roles::country_in(text, span), None, span.start, book)
            .map(|name| Speaker { name, span }),
        _ => None,
    }
}

/// Extraction settings.
#[derive(Debug, Clone)]
pub struct Options {
    /// Deepest nesting followed; marks opening beyond it are ignored (keeps adversarial input linear).
    pub max_depth: usize,
}

impl Default for Options {
    fn default() -> Self {
        Options { max_depth: 16 }
    }
}

/// Find the quotations of the document (needs paragraphs and sentences) with default options.
pub fn extract(doc: &mut Document) {
    extract_with(doc, &Options::default());
}

/// Find the quotations of the document with the given options; fills `doc.quotes`, sorted by start.
pub fn extract_with(doc: &mut Document, opts: &Options) {
    doc.quotes.clear();
    let paras: Vec<(Span, Lang)> = if doc.paragraphs.is_empty() {
        if doc.text.trim().is_empty() {
            return;
        }
        vec![(Span::new(0, doc.text.len()), doc.lang)]
    } else {
        doc.paragraphs.iter().map(|p| (p.span, p.lang)).collect()
    };
    let (raw, interviews) = scan::find(doc, &paras, opts);
    if raw.is_empty() {
        return;
    }
    let quotes = extract::Extraction::new(doc, &paras, &raw, &interviews).run();
    doc.quotes = quotes;
}

#[cfg(test)]
mod tests;

/// A xorshift64 generator for the quote module's randomised tests (a fixed seed, so a failure
/// repeats).
#[cfg(test)]
pub(crate) fn test_rng(seed: u64) -> impl FnMut() -> u64 {
    let mut state = seed;
    move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    }
}
