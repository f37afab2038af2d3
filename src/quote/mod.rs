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

pub mod dash;
pub mod fast;
pub mod groups;
pub mod kind;
pub mod marks;
pub mod names;
pub mod repeat;
pub mod roles;
pub mod speaker;
pub mod speaker_en;
pub mod speaker_pl;

use crate::lang::Lang;
use crate::model::{Document, Quote, QuoteKind, Span, Speaker};
use marks::RawQuote;
use speaker::{Attribution, Rules, Who};

pub mod resolve;

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
    let written = span.text(text);
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
            .role(group, roles::country_in(text, span), span.start, book)
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
    let text = doc.text.as_str();
    let paras: Vec<(Span, Lang)> = if doc.paragraphs.is_empty() {
        if text.trim().is_empty() {
            return;
        }
        vec![(Span::new(0, text.len()), doc.lang)]
    } else {
        doc.paragraphs.iter().map(|p| (p.span, p.lang)).collect()
    };
    let mut marked: Vec<RawQuote> = Vec::with_capacity(32);
    let mut scanner = marks::Scanner::new(text);
    // Dash dialogue candidates of all paragraphs, in order.
    let mut dashes: Vec<RawQuote> = Vec::new();
    let polish = |plang: Lang| plang == Lang::Pl || (plang != Lang::En && doc.lang == Lang::Pl);
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
        let rules = if polish(*plang) { speaker_pl::rules() } else { speaker_en::rules() };
        orphan_close(text, *span, k, polish(*plang), rules, &mut marked, first);
        let d0 = dashes.len();
        if polish(*plang) {
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
    keep_dialogue_in_context(text, &paras, &talk, &mut dashes);
    let raw = merge_dialogue(text, marked, dashes);
    if raw.is_empty() {
        return;
    }
    let en = speaker_en::rules();
    let pl = speaker_pl::rules();
    let mut book = names::NameBook::new(text);
    let lang_of = |para: usize| {
        let plang = paras[para].1;
        if plang == Lang::Pl || (plang != Lang::En && doc.lang == Lang::Pl) {
            Lang::Pl
        } else {
            Lang::En
        }
    };
    // The attribution of every top-level quotation (by index in `raw`), and the one after its
    // closing mark alone.
    let (att_all, post_all, reported_all) =
        attributions(text, &raw, &paras, |p| if lang_of(p) == Lang::Pl { pl } else { en });
    // The people of the article, built when a speaker first needs them.
    let mut people: Option<resolve::People> = None;
    let named: Vec<(Span, bool)> = att_all
        .iter()
        .filter_map(|a| match a.map(|a| a.who) {
            Some(Who::Name { span, genitive }) => Some((span, genitive)),
            _ => None,
        })
        .collect();
    let quote_spans: Vec<Span> = raw.iter().filter(|q| q.depth == 0).map(|q| q.inner).collect();

    let mut quotes: Vec<Quote> = Vec::with_capacity(raw.len());
    // Dash dialogue with no attribution anywhere in its paragraph, by index in `quotes`.
    let mut bare_q: Vec<bool> = Vec::with_capacity(raw.len());
    // The quote (index in `quotes`) whose speaker was named last; its speaker's name is the name.
    let mut last_named: Option<usize> = None;
    let mut next_utterance = 0usize;
    let mut carry: Option<(usize, Option<Speaker>, usize)> = None; // continued from paragraph .2
                                                                   // Per-paragraph work lists, reused from paragraph to paragraph.
    let mut tops: Vec<usize> = Vec::with_capacity(16);
    let mut atts: Vec<Option<Attribution>> = Vec::with_capacity(16);
    let mut posts: Vec<Option<Attribution>> = Vec::with_capacity(16);
    let mut utt: Vec<usize> = Vec::with_capacity(16);
    let mut joined: Vec<bool> = Vec::with_capacity(16);
    let mut kinds: Vec<QuoteKind> = Vec::with_capacity(16);
    let mut i = 0;
    while i < raw.len() && !crate::deadline::current_expired() {
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
        tops.clear();
        tops.extend((i..j).filter(|&k| raw[k].depth == 0));
        atts.clear();
        posts.clear();
        atts.extend(tops.iter().map(|&k| att_all[k]));
        posts.extend(tops.iter().map(|&k| post_all[k]));
        // Utterances: a quote right after its predecessor's own attribution continues it.
        utt.clear();
        joined.clear();
        joined.resize(tops.len(), false);
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
                let gap_span = Span::new(gap_start, raw[k].open.start.max(gap_start));
                let gap = gap_span.text(text).trim();
                // Does a sentence end inside the gap (not counting its last token)? Asked last, as the
                // only costly test.
                let inner_stop = || {
                    let mut stops = 0usize;
                    let mut last_stops = false;
                    for t in speaker::tokens(text, gap_span) {
                        last_stops = t.ends_sentence();
                        stops += last_stops as usize;
                    }
                    stops > last_stops as usize
                };
                // A quote with its own, different named attribution starts a new utterance.
                // So does one attributed to a role or to someone unnamed ("…," an aide said), and one
                // standing in reported speech with its own subject ("…," X said, after Y claimed “…”).
                let name_of = |a: Option<Attribution>| match a.map(|a| a.who) {
                    Some(Who::Name { span, .. } | Who::Role { span, .. } | Who::Unnamed(span)) => {
                        Some(span.text(text))
                    }
                    _ => None,
                };
                let own = (name_of(posts[n]).is_some() && name_of(posts[n]) != name_of(posts[n - 1]))
                    || matches!(posts[n].map(|a| a.who), Some(Who::Unnamed(_)))
                    || reported_all[k] && name_of(atts[n]).is_some_and(|x| Some(x) != name_of(posts[n - 1]));
                let prev_post = posts[n - 1].is_some();
                if prev_post && !gap.is_empty() && gap.len() <= 240 && !own && !inner_stop() {
                    utt.push(utt[n - 1]);
                    joined[n] = true;
                    continue;
                }
            }
            utt.push(next_utterance);
            next_utterance += 1;
        }
        // Kinds and speakers.
        let para_first = quotes.len();
        // The quote (index in `quotes`) with this paragraph's last speaker.
        let mut last_in_para: Option<usize> = None;
        kinds.clear();
        for n in 0..tops.len() {
            let q = &raw[tops[n]];
            let before = tail(text, pspan.start, q.open.start);
            let reported = reported_all[tops[n]];
            let attributed = atts[n].is_some() && !reported || joined[n];
            // Dash dialogue is always someone's words.
            let dialogue = q.family == marks::Family::Dash;
            let mut kind = kind::classify(q.inner.text(text), before, attributed || dialogue, lang);
            // Words quoted in a sentence of reported speech are the speaker's, unless a cue or their
            // capitals make them a title or a name ("pisał w serwisie „X”").
            if reported && kind == QuoteKind::Scare && kind::reported_speech(q.inner.text(text), before) {
                kind = QuoteKind::Speech;
            }
            kinds.push(kind);
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
                        let mut toks = speaker::tokens(text, span.unwrap());
                        if toks.next().is_some_and(|t| book.is_inflected_pl(t.word)) {
                            // The name without its first word: from the second token to the last.
                            span = toks.next().map(|second| {
                                let last = toks.last().unwrap_or(second);
                                Span::new(second.span.start, last.span.end)
                            });
                        }
                    }
                    // One capitalised word that the text also writes in lower case is a common noun
                    // at a sentence start ("Rzecznik dodał:", "Officials said").
                    // A role written as a name at a sentence start or with a qualifier ("Premier dodał:",
                    // "Szef OpenAI:", "Prezydent USA zaskoczony:") names the person holding it.
                    let mut role = None;
                    if let Some(sp) = span {
                        if let Some(group) = roles::role_name(&speaker::tokenize(text, sp)) {
                            role = Some((group, sp));
                            span = None;
                        }
                    }
                    // People or an institution described by a noun ("Internauci piszą", "Policja
                    // informuje", "Kancelaria Premiera przekazała"): the speaker as written.
                    let group = span.filter(|&s| {
                        let toks = speaker::tokenize(text, s);
                        groups::description(&toks, 0, toks.len(), true).is_some()
                    });
                    if span
                        .is_some_and(|s| !s.text(text).contains(' ') && book.occurs_lowercase(s.text(text)))
                    {
                        span = None;
                    }
                    if let Some(g) = group {
                        who = Some(described(text, g));
                    } else if let Some(span) = span {
                        let name = book.canonical(span, lang, genitive);
                        last_named = Some(quotes.len());
                        who = Some(Speaker { name, span });
                    } else if let Some((group, sp)) = role {
                        let people = people.get_or_insert_with(|| {
                            resolve::People::new(text, lang, &named, &quote_spans, &mut book)
                        });
                        if let Some(name) =
                            people.role(group, roles::country_in(text, sp), sp.start, &mut book)
                        {
                            last_named = Some(quotes.len());
                            who = Some(Speaker { name, span: sp });
                        }
                    }
                }
                Some(Who::Role { span, group }) => {
                    let people = people.get_or_insert_with(|| {
                        resolve::People::new(text, lang, &named, &quote_spans, &mut book)
                    });
                    let country = roles::country_in(text, span);
                    if let Some(name) = people.role(group, country, q.open.start.min(span.start), &mut book) {
                        last_named = Some(quotes.len());
                        who = Some(Speaker { name, span });
                    }
                }
                Some(Who::Subject(clause)) => {
                    let people = people.get_or_insert_with(|| {
                        resolve::People::new(text, lang, &named, &quote_spans, &mut book)
                    });
                    // A description opening the sentence ("Many users described …"), else the first
                    // name standing in it as a subject, else this paragraph's or the last speaker.
                    if let Some(d) = clause.described {
                        who = Some(described(text, d));
                    } else {
                        let name = people.subject_of(&clause, lang == Lang::Pl, &mut book).or_else(|| {
                            let name_at = |i: usize| quotes[i].speaker.as_ref().map(|s| s.name.clone());
                            last_in_para.and_then(name_at).or_else(|| last_named.and_then(name_at))
                        });
                        if let Some(name) = name {
                            who = Some(Speaker { name, span: Span::new(clause.span.end, clause.span.end) });
                        }
                    }
                }
                Some(Who::Pronoun(span)) | Some(Who::Implicit(span)) => {
                    let name_at = |i: usize| quotes[i].speaker.as_ref().map(|s| s.name.clone());
                    let people = people.get_or_insert_with(|| {
                        resolve::People::new(text, lang, &named, &quote_spans, &mut book)
                    });
                    // "– … – czytamy (w komunikacie X)": the written source, named after the verb or
                    // in the sentence before.
                    if speaker::is_reading_verb(span.text(text)) {
                        let rules = if lang == Lang::Pl { pl } else { en };
                        let k = doc.sentences.partition_point(|s| s.span.start <= q.open.start);
                        let prev = k
                            .checked_sub(2)
                            .map(|k| doc.sentences[k].span)
                            .filter(|s| s.end > prev_para_start);
                        let source = rules
                            .source_after_reading(text, Span::new(span.start, pspan.end))
                            .or_else(|| prev.and_then(|s| rules.source_in(text, s)));
                        who = source.and_then(|w| source_speaker(text, w, lang, &mut book, people));
                    }
                    // The subject of the narration before (the first person mentioned as a subject in
                    // the nearest sentence before), else the person last mentioned in this paragraph
                    // before the quotation (in the nominative, for Polish: the subject a dropped
                    // pronoun stands for), else the paragraph's last speaker, the last named speaker, a
                    // mention in the paragraph before.
                    let at = q.open.start.min(span.start);
                    let gender = resolve::gender_of_word(span.text(text));
                    let name = people
                        .narrative_subject(&doc.sentences, at, prev_para_start, lang == Lang::Pl, gender)
                        .or_else(|| people.mentioned_before(at, pspan.start, lang == Lang::Pl))
                        .or_else(|| last_in_para.and_then(name_at))
                        .or_else(|| last_named.and_then(name_at))
                        .or_else(|| people.mentioned_before(at, prev_para_start, false))
                        .or_else(|| {
                            if lang == Lang::En {
                                book.last_mention_before(span.start, prev_para_start)
                            } else {
                                None
                            }
                        });
                    if let Some(name) = name.filter(|_| who.is_none()) {
                        who = Some(Speaker { name, span });
                    }
                }
                Some(Who::Unnamed(span)) if !span.is_empty() => {
                    who = Some(described(text, span));
                }
                Some(Who::Unnamed(_)) => {}
                None => {}
            }
            // "…," an official said: someone the text does not name, so not the last speaker.
            let unnamed = matches!(atts[n].map(|a| a.who), Some(Who::Unnamed(_)));
            if who.is_none() && !unnamed && kinds[n] == QuoteKind::Speech {
                // The utterance's speaker, else the last named speaker of this paragraph, else the one
                // named later in the paragraph's utterance.
                let same_utt = quotes[para_first..]
                    .last()
                    .filter(|x| x.utterance == utt[n])
                    .and_then(|x| x.speaker.clone());
                who = same_utt.or_else(|| {
                    if joined[n] {
                        None
                    } else {
                        last_in_para.and_then(|i| quotes[i].speaker.clone())
                    }
                });
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
                            who = Some(Speaker { name: book.canonical(span, lang, genitive), span });
                            break;
                        }
                    }
                }
            }
            if who.is_some() {
                last_in_para = Some(quotes.len());
            }
            let mut kind = kinds[n];
            if kind != QuoteKind::Speech && joined[n] {
                kind = QuoteKind::Speech;
            }
            bare_q.push(q.bare && atts[n].is_none());
            quotes.push(Quote {
                span: q.inner,
                kind,
                speaker: who,
                sentence: 0,
                utterance: utt[n],
                depth: 0,
                unbalanced: q.unbalanced,
            });
            if q.continues {
                carry = Some((utt[n], quotes[para_first..].last().and_then(|x| x.speaker.clone()), para));
            }
        }
        // Nested quotes: a kind, no speaker of their own.
        for q in &raw[i..j] {
            if q.depth == 0 {
                continue;
            }
            let before = tail(text, pspan.start, q.open.start);
            let kind = kind::classify(q.inner.text(text), before, false, lang);
            bare_q.push(false);
            quotes.push(Quote {
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
        i = j;
    }
    // Bare dialogue continues the last speaker (a speaker's words over several paragraphs). In an
    // interview, a question followed by more bare dialogue is the interviewer's: no speaker.
    let mut last: Option<Speaker> = None;
    let tops_idx: Vec<usize> = (0..quotes.len()).filter(|&k| quotes[k].depth == 0).collect();
    for (n, &k) in tops_idx.iter().enumerate() {
        if bare_q[k] && quotes[k].speaker.is_none() && quotes[k].kind == QuoteKind::Speech {
            let question = quotes[k].span.text(text).trim_end().ends_with('?');
            let more = tops_idx.get(n + 1).is_some_and(|&m| bare_q[m]);
            if !(question && more) {
                quotes[k].speaker = last.clone();
            }
        }
        if let Some(s) = &quotes[k].speaker {
            last = Some(s.clone());
        }
    }
    // A speech quote without a speaker takes the one its utterance names (a multi-paragraph quotation
    // attributed in its last paragraph).
    // first[u]: the first quote of utterance u with a speaker (utterances are numbered densely).
    let mut first: Vec<Option<usize>> = vec![None; next_utterance];
    for (k, q) in quotes.iter().enumerate() {
        if q.speaker.is_some() {
            if let Some(f) = first.get_mut(q.utterance) {
                f.get_or_insert(k);
            }
        }
    }
    for k in 0..quotes.len() {
        let q = &quotes[k];
        if q.speaker.is_none() && q.depth == 0 && q.kind == QuoteKind::Speech {
            let from = first.get(q.utterance).copied().flatten();
            quotes[k].speaker = from.and_then(|f| quotes[f].speaker.clone());
        }
    }
    quotes.sort_by_key(|q| (q.span.start, q.depth));
    // Sentence index of each quote's start.
    let sents = &doc.sentences;
    for q in &mut quotes {
        let k = sents.partition_point(|s| s.span.start <= q.span.start);
        q.sentence = k.saturating_sub(1);
    }
    repeated_words(text, doc, &paras, &mut quotes, &mut book, &mut people, &named, &quote_spans);
    doc.quotes = quotes;
}

/// A speech quotation with no speaker and three words or more (a headline's, a subheading's) takes the
/// speaker of another quotation that repeats its words, the nearest after it first; else, when a
/// sentence of narration in the next three paragraphs reports its words, the subject of that
/// sentence's verb of saying ([`repeat`]). At most 32 such quotations per document are looked at.
#[allow(clippy::too_many_arguments)]
fn repeated_words<'t>(
    text: &'t str,
    doc: &Document,
    paras: &[(Span, Lang)],
    quotes: &mut [Quote],
    book: &mut names::NameBook<'t>,
    people: &mut Option<resolve::People<'t>>,
    named: &[(Span, bool)],
    quote_spans: &[Span],
) {
    let open: Vec<usize> = (0..quotes.len())
        .filter(|&k| {
            quotes[k].depth == 0 && quotes[k].kind == QuoteKind::Speech && quotes[k].speaker.is_none()
        })
        .take(32)
        .collect();
    if open.is_empty() {
        return;
    }
    let spoken: Vec<usize> =
        (0..quotes.len()).filter(|&k| quotes[k].depth == 0 && quotes[k].speaker.is_some()).collect();
    let mut cache: Vec<Option<Vec<repeat::Word>>> = vec![None; quotes.len()];
    // The words of each sentence's narration (outside quotations), read once.
    let mut narrations: Vec<Option<Vec<repeat::Word>>> = vec![None; doc.sentences.len()];
    let mut sorted_spans: Vec<Span> = quote_spans.to_vec();
    sorted_spans.sort_by_key(|q| q.start);
    for k in open {
        let w = repeat::words(quotes[k].span.text(text), 64);
        if w.len() < repeat::MIN_WORDS {
            continue;
        }
        let later = spoken.iter().copied().filter(|&m| m > k);
        let earlier = spoken.iter().copied().filter(|&m| m < k).rev();
        let mut found = None;
        for m in later.chain(earlier) {
            let wm = cache[m].get_or_insert_with(|| repeat::words(quotes[m].span.text(text), 64));
            if repeat::repeats(&w, wm) {
                found = Some(m);
                break;
            }
        }
        if let Some(m) = found {
            quotes[k].speaker = quotes[m].speaker.clone();
            continue;
        }
        // A sentence of narration after it that reports the words.
        let sents = &doc.sentences;
        let Some(first) = sents.get(quotes[k].sentence) else { continue };
        let last_para = first.paragraph + 3;
        let from = quotes[k].sentence + 1;
        for (si, s) in sents[from..].iter().enumerate().take_while(|(_, s)| s.paragraph <= last_para).take(24)
        {
            let said = narrations[from + si].get_or_insert_with(|| {
                // The sentence's words outside quotations, each piece read where it stands.
                let mut said = Vec::new();
                let mut at = s.span.start;
                let k0 = sorted_spans.partition_point(|q| q.end <= s.span.start);
                for q in sorted_spans[k0..].iter().take_while(|q| q.start < s.span.end) {
                    if q.start > at {
                        repeat::push_words(&text[at..q.start], 96, &mut said);
                    }
                    at = at.max(q.end.min(s.span.end));
                }
                if at < s.span.end {
                    repeat::push_words(&text[at..s.span.end], 96, &mut said);
                }
                said
            });
            if !repeat::reports(&w, said) {
                continue;
            }
            let lang = paras.get(s.paragraph).map_or(doc.lang, |p| p.1);
            let (rules, lang) = if lang == Lang::Pl || (lang != Lang::En && doc.lang == Lang::Pl) {
                (speaker_pl::rules(), Lang::Pl)
            } else {
                (speaker_en::rules(), Lang::En)
            };
            if let Some(who) = rules.source_in(text, s.span) {
                let people =
                    people.get_or_insert_with(|| resolve::People::new(text, lang, named, quote_spans, book));
                quotes[k].speaker = source_speaker(text, who, lang, book, people);
            }
            break;
        }
    }
}

/// The attribution of every top-level quotation of `raw` (by index; None for nested ones): after its
/// closing mark or dash, else in the clause before its opening; and the one after its closing alone.
#[allow(clippy::type_complexity)]
fn attributions<'r>(
    text: &str,
    raw: &[RawQuote],
    paras: &[(Span, Lang)],
    rules_of: impl Fn(usize) -> &'r Rules,
) -> (Vec<Option<Attribution>>, Vec<Option<Attribution>>, Vec<bool>) {
    let mut att = vec![None; raw.len()];
    let mut post = vec![None; raw.len()];
    let mut reported = vec![false; raw.len()];
    let mut i = 0;
    while i < raw.len() {
        let para = raw[i].paragraph;
        let mut j = i;
        while j < raw.len() && raw[j].paragraph == para {
            j += 1;
        }
        let pspan = paras[para].0;
        let rules = rules_of(para);
        let polish = std::ptr::eq(rules, speaker_pl::rules());
        let tops: Vec<usize> = (i..j).filter(|&k| raw[k].depth == 0).collect();
        for (n, &k) in tops.iter().enumerate() {
            let q = &raw[k];
            let mut after_end = tops.get(n + 1).map_or(pspan.end, |&m| raw[m].open.start);
            // A block quotation's attribution stands in the next paragraph ("— odparł …").
            if let Some(c) = q.close.filter(|c| c.start >= pspan.end) {
                after_end = paras.get(para + 1).map_or(c.end, |p| p.0.end);
            }
            let before_start = if n == 0 {
                pspan.start
            } else {
                raw[tops[n - 1]].close.map_or(raw[tops[n - 1]].inner.end, |c| c.end)
            };
            let dialogue = q.family == marks::Family::Dash;
            // A closing dash signals an attribution as final punctuation does.
            let punct = dialogue || q.inner.text(text).trim_end().ends_with([',', '.', '?', '!', '…']);
            let p = q.close.and_then(|c| {
                let region = Span::new(c.end, after_end.max(c.end));
                let a = rules.after(text, region, punct);
                // A quotation in marks followed by a dash takes the attributions of dialogue in Polish
                // („…” - zwrócił się X).
                let dashed = polish
                    && region.text(text).trim_start().starts_with(dash::is_dash)
                    && q.inner
                        .text(text)
                        .trim_end()
                        .ends_with(|c: char| c.is_alphanumeric() || ".,!?…".contains(c));
                if (dialogue || dashed)
                    && !matches!(a.map(|a| a.who), Some(Who::Name { .. } | Who::Role { .. }))
                {
                    rules.after_dialogue(text, region).or(a)
                } else {
                    a
                }
            });
            // A quotation ending a sentence ("…." / "…?") followed by a capitalised pronoun: the pronoun
            // opens the next sentence ("“….” He mentioned that …"), it attributes nothing here.
            let ends_sentence = q.inner.text(text).trim_end().ends_with(['.', '!', '?', '…']);
            let p = p.filter(|a| {
                !(ends_sentence
                    && matches!(a.who, Who::Pronoun(sp) if sp.text(text).starts_with(char::is_uppercase)))
            });
            let region = Span::new(before_start, q.open.start.max(before_start));
            // "… “in the coming weeks,” according to X": a source after a quotation inside a sentence
            // whose own verb of saying has a subject reports the words, it does not say them.
            let source_only = matches!(p.map(|a| a.who), Some(Who::Name { genitive: true, .. }));
            let mut a = if source_only { None } else { p };
            let b = rules.before(text, region);
            // A verb with no subject after the quotation ("„…” - rzucił") and a name introducing it
            // ("X, który skomentował: „…”"): the name.
            if matches!(a.map(|x| x.who), Some(Who::Implicit(_)))
                && matches!(b.map(|x| x.who), Some(Who::Name { .. }))
            {
                a = b;
            }
            a = a.or(b);
            if a.is_none() && q.family != marks::Family::Dash {
                a = rules.reported(text, region);
                reported[k] = a.is_some();
            }
            let a = a.or(p);
            post[k] = p;
            att[k] = a;
        }
        i = j;
    }
    (att, post, reported)
}

/// A quotation that lost its opening mark: a closing mark in the paragraph `span` before any other
/// quotation, right after a word, and followed by an attribution (`Potrzebowaliśmy więcej czasu” -
/// dodała.`). The quotation runs from the paragraph's start to the mark; it is flagged unbalanced.
fn orphan_close(
    text: &str,
    span: Span,
    paragraph: usize,
    polish: bool,
    rules: &Rules,
    raw: &mut Vec<RawQuote>,
    first: usize,
) {
    let s = span.text(text);
    let limit = raw[first..].iter().map(|q| q.open.start).min().unwrap_or(span.end) - span.start;
    // The first ” (E2 80 9D), » (C2 BB) or ": a search for their first bytes.
    let b = &s.as_bytes()[..limit];
    let Some(i) = memchr::memchr3_iter(b'"', 0xE2, 0xC2, b)
        .find(|&k| b[k] == b'"' || b[k..].starts_with("”".as_bytes()) || b[k..].starts_with("»".as_bytes()))
    else {
        return;
    };
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
    let attributed = if polish && rest.starts_with([',', '-', '–', '—']) {
        let skip = rest.chars().next().map_or(1, char::len_utf8);
        let from = span.end - rest.len() + skip;
        dash::attribution_at(text, from, span.end)
    } else {
        false
    } || rules.after(text, after, true).is_some();
    if !attributed {
        return;
    }
    raw.push(RawQuote {
        inner: Span::new(span.start + start, span.start + i),
        open: Span::new(span.start + start, span.start + start),
        close: Some(Span::new(span.start + i, span.start + i + c.len_utf8())),
        family: marks::Family::Double,
        depth: 0,
        unbalanced: true,
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
fn keep_dialogue_in_context(text: &str, paras: &[(Span, Lang)], talk: &[u8], dashes: &mut Vec<RawQuote>) {
    let n = paras.len();
    let mut kept: Vec<bool> = talk.iter().map(|&t| t == 1).collect();
    let sentence_like = |q: &RawQuote| {
        let t = q.inner.text(text).trim_end();
        kind::has_words(t, 3) && t.ends_with(['.', '!', '?', '…', '”', '"', '»'])
    };
    let bare_ok = |p: usize| dashes.iter().filter(|q| q.paragraph == p).all(sentence_like);
    let colon_before = |p: usize| p > 0 && paras[p - 1].0.text(text).trim_end().ends_with(':');
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
    dashes.retain(|q| kept[q.paragraph] && (talk[q.paragraph] == 1 || !q.bare || sentence_like(q)));
}

/// The quotations of every paragraph, in marks and in dash dialogue, sorted by start in each paragraph:
/// a quotation in marks inside dialogue is nested one level deeper; dialogue that holds nothing but one
/// quotation in marks (`– „Tak” – powiedział.`) is that quotation.
fn merge_dialogue(text: &str, marked: Vec<RawQuote>, dashes: Vec<RawQuote>) -> Vec<RawQuote> {
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
mod tests;
