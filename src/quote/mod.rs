//! Quotations, their kinds and speakers, in English and Polish.
//!
//! Runs after segmentation. Quotation spans are found per paragraph from the marks alone
//! ([`marks`]), never from sentence boundaries: a quotation may hold several sentences, and sentences
//! are used only for each quote's [`Quote::sentence`] index. Then, per top-level quotation:
//!
//! 1. the attribution right after the closing mark or right before the opening mark
//!    ([`speaker_en`], [`speaker_pl`]: "…," Harris says / „…” – mówi Harris / Harris adds: “…”);
//! 2. a quotation that follows its predecessor's attribution in the same sentence or the next
//!    ("…," Butler says. "…") joins its utterance and speaker; so does a quotation continued in the next
//!    paragraph;
//! 3. the kind ([`kind`]): attributed quotations are speech; otherwise cues, title case and length;
//! 4. pronouns, subject-less Polish verbs and unattributed speech later in a paragraph take the last
//!    named speaker; names become canonical ([`names`]: full name, Polish nominative).
//!
//! Nested quotations get a kind but no speaker of their own.

pub mod kind;
pub mod marks;
pub mod names;
pub mod speaker;
pub mod speaker_en;
pub mod speaker_pl;

use crate::lang::Lang;
use crate::model::{Document, Quote, QuoteKind, Span, Speaker};
use marks::RawQuote;
use speaker::{Attribution, Rules, Who};

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
    let text = doc.text.as_str();
    let paras: Vec<(Span, Lang)> = if doc.paragraphs.is_empty() {
        if text.trim().is_empty() {
            return;
        }
        vec![(Span::new(0, text.len()), doc.lang)]
    } else {
        doc.paragraphs.iter().map(|p| (p.span, p.lang)).collect()
    };
    let mut raw: Vec<RawQuote> = Vec::new();
    for (k, (span, _)) in paras.iter().enumerate() {
        let next = paras.get(k + 1).map(|(s, _)| s.text(text));
        marks::scan_paragraph(text, *span, k, next, opts.max_depth.max(1), &mut raw);
    }
    if raw.is_empty() {
        return;
    }
    let en = speaker_en::rules();
    let pl = speaker_pl::rules();
    let book = names::NameBook::new(text);

    let mut quotes: Vec<Quote> = Vec::with_capacity(raw.len());
    let mut last_named: Option<(String, usize)> = None; // (name, paragraph)
    let mut next_utterance = 0usize;
    let mut carry: Option<(usize, Option<Speaker>, usize)> = None; // continued from paragraph .2
    let mut i = 0;
    while i < raw.len() {
        // All quotes of paragraph p: raw[i..j]
        let para = raw[i].paragraph;
        let mut j = i;
        while j < raw.len() && raw[j].paragraph == para {
            j += 1;
        }
        let carried = carry.take().filter(|c| c.2 + 1 == para);
        let (pspan, plang) = paras[para];
        let prev_para_start = paras[para.saturating_sub(1)].0.start;
        let lang = if plang == Lang::Pl || (plang != Lang::En && doc.lang == Lang::Pl) {
            Lang::Pl
        } else {
            Lang::En
        };
        let rules: &Rules = if lang == Lang::Pl { &pl } else { &en };
        let tops: Vec<usize> = (i..j).filter(|&k| raw[k].depth == 0).collect();
        // Attribution of each top-level quote.
        let mut atts: Vec<Option<Attribution>> = Vec::with_capacity(tops.len());
        let mut posts: Vec<Option<Attribution>> = Vec::with_capacity(tops.len());
        for (n, &k) in tops.iter().enumerate() {
            let q = &raw[k];
            let after_end = tops.get(n + 1).map_or(pspan.end, |&m| raw[m].open.start);
            let before_start = if n == 0 {
                pspan.start
            } else {
                raw[tops[n - 1]].close.map_or(raw[tops[n - 1]].inner.end, |c| c.end)
            };
            let punct = q.inner.text(text).trim_end().ends_with([',', '.', '?', '!', '…']);
            let post = q.close.and_then(|c| rules.after(text, Span::new(c.end, after_end.max(c.end)), punct));
            let a =
                post.or_else(|| rules.before(text, Span::new(before_start, q.open.start.max(before_start))));
            posts.push(post);
            atts.push(a);
        }
        // Utterances: a quote right after its predecessor's own attribution continues it.
        let mut utt: Vec<usize> = Vec::with_capacity(tops.len());
        let mut joined = vec![false; tops.len()];
        for n in 0..tops.len() {
            let k = tops[n];
            if n == 0 {
                if let Some((u, _, _)) = carried.as_ref().filter(|_| raw[k].open.start >= pspan.start) {
                    let u = *u;
                    utt.push(u);
                    joined[n] = true;
                    continue;
                }
            } else {
                let prev = &raw[tops[n - 1]];
                let gap_start = prev.close.map_or(prev.inner.end, |c| c.end);
                let gap = text.get(gap_start..raw[k].open.start).unwrap_or("").trim();
                let inner_stops = gap
                    .trim_end_matches(['.', ',', ':', ';', '!', '?', ' '])
                    .match_indices(['.', '!', '?', ';'])
                    .filter(|(x, _)| gap[x + 1..].starts_with(' '))
                    .count();
                // A quote with its own, different named attribution starts a new utterance.
                let name_of = |a: Option<Attribution>| match a.map(|a| a.who) {
                    Some(Who::Name { span, .. }) => Some(span.text(text)),
                    _ => None,
                };
                let own = name_of(posts[n]).is_some() && name_of(posts[n]) != name_of(posts[n - 1]);
                let prev_post = posts[n - 1].is_some();
                if prev_post && !gap.is_empty() && inner_stops == 0 && !own {
                    utt.push(utt[n - 1]);
                    joined[n] = true;
                    continue;
                }
            }
            utt.push(next_utterance);
            next_utterance += 1;
        }
        // Kinds and speakers.
        let mut para_quotes: Vec<Quote> = Vec::new();
        let mut last_in_para: Option<Speaker> = None;
        let mut kinds: Vec<QuoteKind> = Vec::with_capacity(tops.len());
        for n in 0..tops.len() {
            let q = &raw[tops[n]];
            let before = text.get(pspan.start..q.open.start).unwrap_or("");
            let attributed = atts[n].is_some() || joined[n];
            kinds.push(kind::classify(q.inner.text(text), before, attributed));
        }
        for n in 0..tops.len() {
            let q = &raw[tops[n]];
            let mut who: Option<Speaker> = None;
            match atts[n].map(|a| a.who) {
                Some(Who::Name { span, genitive }) => {
                    // After a Polish verb the subject is nominative: an inflected first word belongs to a
                    // description ("powiedział menadżer Liverpoolu", "rzecznik Kremla Dmitrij Pieskow").
                    let mut span = Some(span);
                    if lang == Lang::Pl && !genitive {
                        let toks = speaker::tokenize(text, span.unwrap());
                        if toks.first().is_some_and(|t| book.is_inflected_pl(t.word)) {
                            span =
                                toks.get(1).map(|t| Span::new(t.span.start, toks[toks.len() - 1].span.end));
                        }
                    }
                    // One capitalised word that the text also writes in lower case is a common noun
                    // at a sentence start ("Rzecznik dodał:", "Officials said").
                    if span
                        .is_some_and(|s| !s.text(text).contains(' ') && book.occurs_lowercase(s.text(text)))
                    {
                        span = None;
                    }
                    if let Some(span) = span {
                        let name = book.canonical(text, span, lang, genitive);
                        last_named = Some((name.clone(), para));
                        who = Some(Speaker { name, span });
                    }
                }
                Some(Who::Pronoun(span)) | Some(Who::Implicit(span)) => {
                    let from_para = last_in_para.as_ref().map(|s| s.name.clone());
                    let name =
                        from_para.or_else(|| last_named.as_ref().map(|(n, _)| n.clone())).or_else(|| {
                            book.last_mention_before(span.start, prev_para_start).map(str::to_string)
                        });
                    if let Some(name) = name {
                        who = Some(Speaker { name, span });
                    }
                }
                Some(Who::Unnamed) => {}
                None => {}
            }
            if who.is_none() && kinds[n] == QuoteKind::Speech {
                // The utterance's speaker, else the last named speaker of this paragraph, else the one
                // named later in the paragraph's utterance.
                let same_utt =
                    para_quotes.iter().rev().find(|x| x.utterance == utt[n]).and_then(|x| x.speaker.clone());
                who = same_utt.or_else(|| if joined[n] { None } else { last_in_para.clone() });
                if who.is_none() && n == 0 {
                    if let (Some((_, Some(s), _)), true) = (carried.as_ref(), joined[n]) {
                        who = Some(s.clone());
                    }
                }
                if who.is_none() {
                    // The quote opens the paragraph and the attribution follows a later piece of it.
                    for m in n + 1..tops.len() {
                        if utt[m] != utt[n] {
                            break;
                        }
                        if let Some(Who::Name { span, genitive }) = atts[m].map(|a| a.who) {
                            who = Some(Speaker { name: book.canonical(text, span, lang, genitive), span });
                            break;
                        }
                    }
                }
            }
            if who.is_some() {
                last_in_para = who.clone();
            }
            let mut kind = kinds[n];
            if kind != QuoteKind::Speech && joined[n] {
                kind = QuoteKind::Speech;
            }
            para_quotes.push(Quote {
                span: q.inner,
                kind,
                speaker: who,
                sentence: 0,
                utterance: utt[n],
                depth: 0,
                unbalanced: q.unbalanced,
            });
            if q.continues {
                carry = Some((utt[n], para_quotes.last().and_then(|x| x.speaker.clone()), para));
            }
        }
        // Nested quotes: a kind, no speaker of their own.
        for q in &raw[i..j] {
            if q.depth == 0 {
                continue;
            }
            let before = text.get(pspan.start..q.open.start).unwrap_or("");
            let kind = kind::classify(q.inner.text(text), before, false);
            para_quotes.push(Quote {
                span: q.inner,
                kind,
                speaker: None,
                sentence: 0,
                utterance: next_utterance,
                depth: q.depth,
                unbalanced: q.unbalanced,
            });
            next_utterance += 1;
        }
        quotes.extend(para_quotes);
        i = j;
    }
    quotes.sort_by_key(|q| (q.span.start, q.depth));
    // Sentence index of each quote's start.
    let sents = &doc.sentences;
    for q in &mut quotes {
        let k = sents.partition_point(|s| s.span.start <= q.span.start);
        q.sentence = k.saturating_sub(1);
    }
    doc.quotes = quotes;
}
