//! Sentence splitting, per paragraph, with language rules.
//!
//! (Foundation baseline: splits after . ! ? followed by a space. Issue 3 replaces it.)

use crate::lang::Lang;
use crate::model::{Document, Sentence, Span};

/// Split the paragraph at `para` of `text` (language `lang`) into sentence spans (document offsets).
pub fn split_paragraph(text: &str, para: Span, lang: Lang) -> Vec<Span> {
    let _ = lang;
    let s = para.text(text);
    let mut out = Vec::new();
    let mut start = 0;
    let b = s.as_bytes();
    for i in 0..b.len() {
        if matches!(b[i], b'.' | b'!' | b'?') && i + 1 < b.len() && b[i + 1] == b' ' {
            out.push(Span::new(para.start + start, para.start + i + 1));
            start = i + 2;
        }
    }
    if start < s.len() {
        out.push(Span::new(para.start + start, para.end));
    }
    out
}

/// Split every paragraph of the document by its language.
pub fn segment(doc: &mut Document) {
    let mut sentences = Vec::new();
    for (i, p) in doc.paragraphs.iter().enumerate() {
        for span in split_paragraph(&doc.text, p.span, p.lang) {
            sentences.push(Sentence { span, paragraph: i });
        }
    }
    doc.sentences = sentences;
}
