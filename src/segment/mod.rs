//! Sentence splitting, per paragraph, with language rules.
//!
//! A hand-written scanner walks the paragraph once. Every run of final marks (`.`, `!`, `?`,
//! `…`, `..`, `?!`) followed by whitespace is a candidate boundary; closing quotes and brackets
//! right after the marks (`.”`, `?’ ”`, the Polish `”.`) and reference markers (`.[1]`,
//! `. [2][3]`, `.[citation needed]`, `.¹`) belong to the sentence they close. Each candidate is decided from the word before
//! the marks (abbreviation, initial, number, acronym, URL) and what follows (case of the next
//! word and whether it can continue the phrase, an opening quote, a dash or a capitalised name
//! plus a reporting verb after a quotation), with the word lists of the paragraph's language
//! and the decisions only that language needs (the `Language` trait of `en.rs` and `pl.rs`; data files
//! in `src/segment/data/`). A final mark glued to a capitalised word (`over.The`, `?Yes`) is a
//! candidate too (after a word, a number, a score or a unit after a number: `2:1.Fans`,
//! `2023 r.Sąd`), and inline list markers (`1) … 2) …`, `(a) … (b) …`, `a. … b. …`) open items. Lookups happen
//! only at candidates and every scan is bounded, so the splitter runs in linear time.
//!
//! Conventions (those of `corpus/carrie-diaries/gold-sentences.json`):
//! - sentences inside a multi-sentence quotation are sentences;
//! - a quotation closing with `!`, `?`, `,` or `…` and followed by its reporting clause
//!   (`…,” Harris says`, `"…" - mówi Harris`, `„…!”, uspokajał`) is not split there;
//! - an ellipsis opening a sentence (`… It’s`, `.. This`, `(...) That`) belongs to the sentence
//!   it opens;
//! - the items of an inline list are sentences when they start with a capital letter
//!   (`1) The council votes 2) The mayor signs`); lower-case items inside a running sentence
//!   (`choose: a) keep the mayor, or b) call an election`) are not;
//! - a paragraph without final punctuation (a headline) is one sentence;
//! - spans are trimmed of whitespace (`char::is_whitespace`, which includes NBSP and the other
//!   Unicode spaces), ordered, non-overlapping, and cover every non-whitespace byte.

pub(crate) mod en;
pub(crate) mod pl;

use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};
use std::ops::{Deref, DerefMut};

mod chars;
mod context;
mod decide;
mod rules;
mod scanner;

use chars::*;
use rules::*;
use scanner::*;

pub use rules::{rules_for, Abbr, Rules};

use crate::lang::Lang;
use crate::model::{Document, Sentence, Span};

/// Split the paragraph at `para` of `text` (language `lang`) into sentence spans (document offsets).
///
/// A span out of range or off character boundaries is clamped to the nearest valid range inside it.
/// Languages other than English and Polish use the English rules.
pub fn split_paragraph(text: &str, para: Span, lang: Lang) -> Vec<Span> {
    let mut start = para.start.min(text.len());
    let mut end = para.end.min(text.len());
    while start < text.len() && !text.is_char_boundary(start) {
        start += 1;
    }
    while end > start && !text.is_char_boundary(end) {
        end -= 1;
    }
    if start >= end {
        return Vec::new();
    }
    // most paragraphs have at most four sentences: one allocation, made up front
    let mut out = Vec::with_capacity(4);
    split_into(&text[start..end], rules_for(lang), |a, b| out.push(Span::new(start + a, start + b)));
    out
}

/// Split a whole string as one paragraph; spans are offsets into `s`.
pub fn split_str(s: &str, lang: Lang) -> Vec<Span> {
    split_paragraph(s, Span::new(0, s.len()), lang)
}

/// Split every paragraph of the document by its language.
pub fn segment(doc: &mut Document) {
    let mut sentences = Vec::with_capacity(doc.paragraphs.len() * 2);
    for (i, p) in doc.paragraphs.iter().enumerate() {
        if crate::deadline::current_expired() {
            break;
        }
        let rules = rules_for(p.lang);
        let (start, end) = (p.span.start, p.span.end);
        if start >= end || doc.text.get(start..end).is_none() {
            sentences.extend(
                split_paragraph(&doc.text, p.span, p.lang)
                    .into_iter()
                    .map(|span| Sentence { span, paragraph: i }),
            );
            continue;
        }
        split_into(&doc.text[start..end], rules, |a, b| {
            sentences.push(Sentence { span: Span::new(start + a, start + b), paragraph: i })
        });
    }
    doc.sentences = sentences;
}

#[cfg(test)]
mod tests;
