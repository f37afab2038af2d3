//! Finding the quotations of a document from their marks and dashes, before any speaker is known: marks
//! per paragraph ([`super::marks`]), dash dialogue ([`super::dash`]), quotations that lost their
//! opening mark, and the merge of the two kinds into one list sorted by start in each paragraph.

use super::interview::Interview;
use super::marks::{self, RawQuote};
use super::speaker::Rules;
use super::{dash, kind, speaker_en, speaker_pl, Options};
use crate::lang::Lang;
use crate::model::{Document, Span};

/// Is paragraph language `plang` Polish, in a document of language `doc_lang`? A paragraph of
/// undetermined language follows the document.
pub(super) fn is_polish(plang: Lang, doc_lang: Lang) -> bool {
    plang == Lang::Pl || (plang != Lang::En && doc_lang == Lang::Pl)
}

/// The quotations of every paragraph of `doc` (its paragraphs `paras`), in marks and in dash dialogue,
/// sorted by start in each paragraph; and the runs of dialogue that are interviews.
pub(super) fn find(
    doc: &Document,
    paras: &[(Span, Lang)],
    opts: &Options,
) -> (Vec<RawQuote>, Vec<Interview>) {
    let text = doc.text.as_str();
    let mut marked: Vec<RawQuote> = Vec::with_capacity(32);
    let mut scanner = marks::Scanner::new(text);
    // Dash dialogue candidates of all paragraphs, in order.
    let mut dashes: Vec<RawQuote> = Vec::new();
    let polish = |plang: Lang| is_polish(plang, doc.lang);
    // Per paragraph: 1 when it holds attributed dialogue or a quotation of some length, 2 when it holds
    // only bare dash dialogue (no attribution), 0 otherwise.
    let mut talk: Vec<u8> = vec![0; paras.len()];
    for (k, (span, plang)) in paras.iter().enumerate() {
        if crate::deadline::current_expired() {
            break;
        }
        let next = paras.get(k + 1).map(|(s, _)| s.text(text));
        let first = marked.len();
        scanner.paragraph(*span, k, next, opts.max_depth.max(1), &mut marked);
        end_unbalanced_at_sentence(text, &doc.sentences, &mut marked[first..]);
        // A line of four words or fewer opening with a dash in a Polish article is Polish dialogue,
        // whatever language so few words suggest ("– A parking?").
        let ptext = span.text(text).trim_start();
        let polish_para = polish(*plang)
            || (doc.lang == Lang::Pl && ptext.starts_with(dash::is_dash) && !kind::has_words(ptext, 5));
        let rules = if polish_para { speaker_pl::rules() } else { speaker_en::rules() };
        let closer = scanner.first_closer();
        // The previous paragraph's quotation in „…” or «…» goes on into this one, which closes it.
        let continued = marked[..first]
            .iter()
            .rev()
            .take_while(|q| q.paragraph + 1 == k)
            .any(|q| q.depth == 0 && q.continues && q.open.text(text).starts_with(['„', '«']));
        orphan_close(text, *span, (k, closer), (polish_para, continued), rules, &mut marked, first);
        let d0 = dashes.len();
        if polish_para {
            dash::scan(text, *span, k, &marked[first..], &mut dashes);
            if dashes.len() == d0 && marked.len() == first {
                if let Some(q) = dash::block_quote(text, *span, k, paras.get(k + 1).map(|p| p.0)) {
                    dashes.push(q);
                }
            }
        }
        let long = marked[first..].iter().any(|q| q.depth == 0 && kind::has_words(q.inner.text(text), 4));
        if long || dashes[d0..].iter().any(|q| !q.bare) {
            talk[k] = 1;
        } else if dashes.len() > d0 {
            talk[k] = 2;
        }
    }
    let interviews = keep_dialogue_in_context(text, paras, &talk, &mut dashes);
    (merge_dialogue(text, marked, dashes, opts.max_depth.max(1)), interviews)
}

/// A quotation that lost its opening mark: a closing mark in the paragraph `span` (number `paragraph`,
/// its first `"`, `”` or `»` at document offset `closer`, as the mark scanner noted it) before any
/// other quotation, right after a word, and followed by an attribution (`Potrzebowaliśmy więcej
/// czasu” - dodała.`). The quotation runs from the paragraph's start to the mark; it is flagged
/// unbalanced. When the quotation of the paragraph before is `continued` into this one (one pair of
/// marks over paragraphs), no attribution is needed and it is balanced.
fn orphan_close(
    text: &str,
    span: Span,
    (paragraph, closer): (usize, Option<usize>),
    (polish, continued): (bool, bool),
    rules: &Rules,
    raw: &mut Vec<RawQuote>,
    first: usize,
) {
    let s = span.text(text);
    let limit = raw[first..].iter().map(|q| q.open.start).min().unwrap_or(span.end) - span.start;
    let Some(i) = closer.map(|k| k - span.start).filter(|&i| i < limit) else { return };
    let c = s[i..].chars().next().unwrap_or(' ');
    let before = s[..i].chars().next_back();
    if !before.is_some_and(|b| b.is_alphanumeric() || matches!(b, '.' | ',' | '!' | '?' | '…')) {
        return;
    }
    let start = s.len() - s.trim_start().len();
    if !kind::has_words(&s[start..i], 2) {
        return;
    }
    let after = Span::new(span.start + i + c.len_utf8(), span.end);
    let rest = after.text(text).trim_start();
    let attributed = continued
        || if polish && rest.starts_with([',', '-', '–', '—']) {
            let skip = rest.chars().next().map_or(1, char::len_utf8);
            let from = span.end - rest.len() + skip;
            dash::attribution_at(text, from, span.end)
        } else {
            false
        }
        || rules.after(text, after, true).is_some();
    if !attributed {
        return;
    }
    raw.push(RawQuote {
        inner: Span::new(span.start + start, span.start + i),
        open: Span::new(span.start + start, span.start + start),
        close: Some(Span::new(span.start + i, span.start + i + c.len_utf8())),
        family: marks::Family::Double,
        depth: 0,
        unbalanced: !continued,
        continues: false,
        paragraph,
        bare: false,
    });
    raw[first..].sort_by_key(|q| (q.inner.start, q.depth));
}

/// Bare dash dialogue (no attribution in its paragraph) is kept where dialogue goes on around it: in a
/// paragraph with attributed dialogue, or next to one (a speaker's words running over several
/// paragraphs, an interview), or after a paragraph ending in a colon. A bare paragraph kept this way
/// counts as dialogue for its neighbours. Alone, its words must look like a sentence: three words or
/// more, ending in final punctuation.
fn keep_dialogue_in_context(
    text: &str,
    paras: &[(Span, Lang)],
    talk: &[u8],
    dashes: &mut Vec<RawQuote>,
) -> Vec<Interview> {
    let n = paras.len();
    let mut kept: Vec<bool> = talk.iter().map(|&t| t == 1).collect();
    let sentence_like = |q: &RawQuote| {
        let t = q.inner.text(text).trim_end();
        kind::has_words(t, 3) && t.ends_with(['.', '!', '?', '…', '”', '"', '»'])
    };
    let bare_ok = |p: usize| dashes.iter().filter(|q| q.paragraph == p).all(sentence_like);
    let colon_before = |p: usize| p > 0 && paras[p - 1].0.text(text).trim_end().ends_with(':');
    // An interview: after a lead naming its sides ("Z Joanną Nowicką rozmawia Piotr Lis."), or before
    // the interviewer's signature ("Rozmawiała: Anna Kowalska"), every bare paragraph of the run is the
    // conversation, short questions included.
    let bare: Vec<bool> = talk.iter().map(|&t| t == 2).collect();
    let interviews = super::interview::interviews(text, paras, &bare);
    let mut interview = vec![false; n];
    for iv in &interviews {
        interview[iv.first..=iv.last].fill(true);
    }
    for p in 0..n {
        kept[p] |= interview[p];
    }
    // Forward, then backward: a run of bare paragraphs next to dialogue is kept whole.
    for p in 0..n {
        if talk[p] == 2 && ((p > 0 && kept[p - 1]) || colon_before(p)) && bare_ok(p) {
            kept[p] = true;
        }
    }
    for p in (0..n).rev() {
        if talk[p] == 2 && p + 1 < n && kept[p + 1] && bare_ok(p) {
            kept[p] = true;
        }
    }
    dashes.retain(|q| {
        kept[q.paragraph] && (talk[q.paragraph] == 1 || !q.bare || interview[q.paragraph] || sentence_like(q))
    });
    interviews
}

/// The quotations of every paragraph, in marks and in dash dialogue, sorted by start in each paragraph:
/// a quotation in marks inside dialogue is nested one level deeper; dialogue that holds nothing but one
/// quotation in marks (`– „Tak” – powiedział.`) is that quotation.
fn merge_dialogue(
    text: &str,
    marked: Vec<RawQuote>,
    dashes: Vec<RawQuote>,
    max_depth: usize,
) -> Vec<RawQuote> {
    if dashes.is_empty() {
        return marked;
    }
    let mut out: Vec<RawQuote> = Vec::with_capacity(marked.len() + dashes.len());
    let mut m = marked.into_iter().peekable();
    let mut d = dashes.into_iter().peekable();
    while m.peek().is_some() || d.peek().is_some() {
        let para = match (m.peek(), d.peek()) {
            (Some(a), Some(b)) => a.paragraph.min(b.paragraph),
            (Some(a), None) => a.paragraph,
            (None, Some(b)) => b.paragraph,
            (None, None) => break,
        };
        let first = out.len();
        while m.peek().is_some_and(|q| q.paragraph == para) {
            out.extend(m.next());
        }
        let marks_end = out.len();
        while let Some(q) = d.next_if(|q| q.paragraph == para) {
            let inner = q.inner;
            let only_marks = out[first..marks_end].iter().any(|x| {
                x.depth == 0
                    && x.open.start <= inner.start
                    && x.close.map_or(x.inner.end, |c| c.end) + 1 >= inner.end
                    && text
                        .get(x.close.map_or(x.inner.end, |c| c.end)..inner.end)
                        .is_some_and(|t| t.chars().all(|c| matches!(c, '.' | ',' | ' ')))
            });
            if only_marks {
                continue;
            }
            for x in &mut out[first..marks_end] {
                if x.open.start >= inner.start && x.inner.end <= inner.end {
                    x.depth = x.depth.saturating_add(1);
                }
            }
            out.push(q);
        }
        out[first..].sort_by_key(|q| (q.inner.start, q.depth));
    }
    // A quotation in marks inside dialogue went one level down: the depth limit holds for it too.
    out.retain(|q| (q.depth as usize) < max_depth);
    out
}

/// Best effort for a quotation whose closing mark is missing (a typing slip, as in „prąd … ekologiczny,
/// czego według „Which?” …): instead of running to the paragraph end and swallowing the paragraph's
/// later quotations as nested ones, it ends with the sentence it opens in. Quotations after that point
/// that were nested in it move up one level. A quotation that continues into the next paragraph is left
/// alone, and so is one whose sentence runs to the paragraph end. The quotation stays flagged unbalanced.
/// `quotes` are one paragraph's quotations, sorted by start; the order is kept.
fn end_unbalanced_at_sentence(text: &str, sentences: &[crate::model::Sentence], quotes: &mut [RawQuote]) {
    for u in 0..quotes.len() {
        let q = &quotes[u];
        if !q.unbalanced || q.continues || q.close.is_some() {
            continue;
        }
        let k = sentences.partition_point(|s| s.span.start <= q.open.start);
        let Some(sent) = k.checked_sub(1).map(|k| sentences[k].span) else { continue };
        let mut end = sent.start + text[sent.start..sent.end.min(text.len())].trim_end().len();
        if end >= q.inner.end || end <= q.inner.start {
            continue;
        }
        // A nested quotation straddling the sentence end keeps the end after its closing mark.
        for n in &quotes[u + 1..] {
            if n.depth > q.depth && n.inner.start < end && n.inner.end > end {
                end = n.close.map_or(n.inner.end, |c| c.end).max(end);
            }
        }
        let (old_end, depth) = (q.inner.end, q.depth);
        quotes[u].inner.end = end.min(old_end);
        for n in &mut quotes[u + 1..] {
            if n.depth > depth && n.open.start >= end && n.inner.end <= old_end {
                n.depth -= 1;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::marks::Scanner;
    use crate::model::Span;

    /// The first ", ” or » of `s`: a search of the text itself.
    fn first_closer_searched(s: &str) -> Option<usize> {
        let b = s.as_bytes();
        memchr::memchr3_iter(b'"', 0xE2, 0xC2, b).find(|&k| {
            b[k] == b'"' || b[k..].starts_with("”".as_bytes()) || b[k..].starts_with("»".as_bytes())
        })
    }

    #[test]
    fn the_scanner_notes_the_first_closing_mark_a_search_finds() {
        const PIECES: &[&str] = &[
            "a", "Word", " ", "  ", ",", ".", "\"", "'", "’", "‘", "“", "”", "„", "‚", "«", "»", "–", "—",
            "…", "\u{a0}", "£", "é", "ż", "it's", "it’s", "x\"y", "\n", "′", "″", "‹", "›", "❝", "a”b",
        ];
        let mut next = crate::quote::test_rng(0x2545_f491_4f6c_dd1du64);
        for _ in 0..3000 {
            // A few paragraphs, separated by blank lines, scanned in order.
            let mut text = String::new();
            let mut paras = Vec::new();
            for p in 0..(next() % 4 + 1) {
                if p > 0 {
                    text.push_str("\n\n");
                }
                let start = text.len();
                for _ in 0..(next() % 20) {
                    text.push_str(PIECES[(next() % PIECES.len() as u64) as usize]);
                }
                paras.push(Span::new(start, text.len()));
            }
            let mut scanner = Scanner::new(&text);
            let mut out = Vec::new();
            for (k, &p) in paras.iter().enumerate() {
                let depth = (next() % 3 + 1) as usize;
                scanner.paragraph(p, k, None, depth, &mut out);
                let want = first_closer_searched(p.text(&text)).map(|i| p.start + i);
                assert_eq!(scanner.first_closer(), want, "{text:?} paragraph {k}");
            }
        }
    }
}
