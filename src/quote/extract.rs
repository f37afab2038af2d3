//! From found quotations to [`Quote`]s: utterances, kinds and speakers, paragraph by paragraph, then
//! the passes over the whole document (bare dialogue continuing its speaker, utterances sharing one,
//! repeated words).

use super::attribute::attributions;
use super::epithet;
use super::interview::Interview;
use super::marks::{self, RawQuote};
use super::scan::is_polish;
use super::speaker::{self, Attribution, Rules, Who};
use super::{kind, names, repeat, resolve, speaker_en, speaker_pl, tail};
use crate::lang::Lang;
use crate::lexicon::fxhash::FxMap;
use crate::model::{Document, Quote, QuoteKind, Span, Speaker};

mod narration;
mod speakers;
use speakers::person_span;

/// The utterance continued from the previous paragraph: its number, its speaker and the paragraph.
type Carry = (usize, Option<Speaker>, usize);

/// The state of one document's speaker resolution.
pub(super) struct Extraction<'t> {
    text: &'t str,
    doc: &'t Document,
    paras: &'t [(Span, Lang)],
    raw: &'t [RawQuote],
    /// The runs of bare dialogue that are interviews, as the scan found them.
    interviews: &'t [Interview],
    en: &'static Rules,
    pl: &'static Rules,
    /// The attribution of every top-level quotation (by index in `raw`), the one after its closing mark
    /// alone, and whether it stands in reported speech.
    att_all: Vec<Option<Attribution>>,
    post_all: Vec<Option<Attribution>>,
    reported_all: Vec<bool>,
    book: names::NameBook<'t>,
    /// The people of the article, built when a speaker first needs them.
    people: Option<resolve::People<'t>>,
    named: Vec<(Span, bool)>,
    /// Each name an attribution gives (its span, whether genitive) with the person's name in it.
    persons: FxMap<(usize, usize, bool), Option<Span>>,
    quote_spans: Vec<Span>,
    quotes: Vec<Quote>,
    /// Dash dialogue with no attribution anywhere in its paragraph, by index in `quotes`.
    bare_q: Vec<bool>,
    /// The quote (index in `quotes`) whose speaker was named last; its speaker's name is the name.
    last_named: Option<usize>,
    next_utterance: usize,
    carry: Option<Carry>,
}

/// One paragraph's work lists, reused from paragraph to paragraph.
#[derive(Default)]
struct Para {
    tops: Vec<usize>,
    atts: Vec<Option<Attribution>>,
    posts: Vec<Option<Attribution>>,
    utt: Vec<usize>,
    joined: Vec<bool>,
    kinds: Vec<QuoteKind>,
}

/// Where a paragraph stands and what it continues.
struct Place {
    pspan: Span,
    prev_para_start: usize,
    lang: Lang,
    carried: Option<Carry>,
}

impl<'t> Extraction<'t> {
    /// Resolution over the quotations `raw` (non-empty) found in the paragraphs `paras` of `doc`.
    pub(super) fn new(
        doc: &'t Document,
        paras: &'t [(Span, Lang)],
        raw: &'t [RawQuote],
        interviews: &'t [Interview],
    ) -> Self {
        let text = doc.text.as_str();
        let en = speaker_en::rules();
        let pl = speaker_pl::rules();
        let polish = |p: usize| is_polish(paras[p].1, doc.lang);
        let (att_all, post_all, reported_all) =
            attributions(text, raw, paras, |p| if polish(p) { pl } else { en });
        let mut book = names::NameBook::new(text);
        // The names the attributions give, each with the person's name alone in it.
        let persons: Vec<(Span, bool, Option<Span>)> = att_all
            .iter()
            .zip(raw)
            .filter_map(|(a, q)| match a.map(|a| a.who) {
                // A nationality noun ("powiedział Polak") is no one's name.
                Some(Who::Name { span, genitive }) if epithet::demonym_span(text, span).is_none() => {
                    let lang = if polish(q.paragraph) { Lang::Pl } else { Lang::En };
                    Some((span, genitive, person_span(text, &mut book, span, genitive, lang)))
                }
                _ => None,
            })
            .collect();
        let named: Vec<(Span, bool)> = persons.iter().filter_map(|&(_, g, p)| p.map(|p| (p, g))).collect();
        let persons: FxMap<(usize, usize, bool), Option<Span>> =
            persons.into_iter().map(|(s, g, p)| ((s.start, s.end, g), p)).collect();
        let quote_spans: Vec<Span> = raw.iter().filter(|q| q.depth == 0).map(|q| q.inner).collect();
        Extraction {
            text,
            doc,
            paras,
            raw,
            interviews,
            en,
            pl,
            att_all,
            post_all,
            reported_all,
            book,
            people: None,
            named,
            persons,
            quote_spans,
            quotes: Vec::with_capacity(raw.len()),
            bare_q: Vec::with_capacity(raw.len()),
            last_named: None,
            next_utterance: 0,
            carry: None,
        }
    }

    /// The quotations with their kinds and speakers, sorted by start.
    pub(super) fn run(mut self) -> Vec<Quote> {
        let mut work = Para::default();
        let mut i = 0;
        while i < self.raw.len() && !crate::deadline::current_expired() {
            // All quotes of paragraph `para`: raw[i..j].
            let para = self.raw[i].paragraph;
            let mut j = i;
            while j < self.raw.len() && self.raw[j].paragraph == para {
                j += 1;
            }
            self.paragraph(i, j, &mut work);
            i = j;
        }
        self.continue_bare_dialogue();
        self.utterance_speakers();
        let mut quotes = std::mem::take(&mut self.quotes);
        quotes.sort_by_key(|q| (q.span.start, q.depth));
        // Sentence index of each quote's start.
        let sents = &self.doc.sentences;
        for q in &mut quotes {
            let k = sents.partition_point(|s| s.span.start <= q.span.start);
            q.sentence = k.saturating_sub(1);
        }
        repeat::assign(
            self.text,
            self.doc,
            self.paras,
            &mut quotes,
            &mut self.book,
            &mut self.people,
            &self.named,
            &self.quote_spans,
        );
        // Only words said have a speaker: a title or a scare quote has none, whatever attribution
        // stands near it ("napisał w artykule dziennika „The New York Times”").
        for q in quotes.iter_mut().filter(|q| q.kind != QuoteKind::Speech) {
            q.speaker = None;
        }
        quotes
    }

    /// The people of the article (built on first use, in language `lang`) and the name book.
    fn people(&mut self, lang: Lang) -> (&mut resolve::People<'t>, &mut names::NameBook<'t>) {
        let Extraction { people, book, text, named, quote_spans, .. } = self;
        let p = people.get_or_insert_with(|| resolve::People::new(text, lang, named, quote_spans, book));
        (p, book)
    }

    /// The speaker of the quote at index `i` of `quotes`, by name.
    fn name_at(&self, i: usize) -> Option<String> {
        self.quotes[i].speaker.as_ref().map(|s| s.name.clone())
    }

    /// The quotations `raw[i..j]` of one paragraph.
    fn paragraph(&mut self, i: usize, j: usize, w: &mut Para) {
        let (raw, text) = (self.raw, self.text);
        let para = raw[i].paragraph;
        let (pspan, plang) = self.paras[para];
        let place = Place {
            pspan,
            prev_para_start: self.paras[para.saturating_sub(1)].0.start,
            lang: if is_polish(plang, self.doc.lang) { Lang::Pl } else { Lang::En },
            carried: self.carry.take().filter(|c| c.2 + 1 == para),
        };
        w.tops.clear();
        w.tops.extend((i..j).filter(|&k| raw[k].depth == 0));
        w.atts.clear();
        w.posts.clear();
        w.atts.extend(w.tops.iter().map(|&k| self.att_all[k]));
        w.posts.extend(w.tops.iter().map(|&k| self.post_all[k]));
        self.utterances(w, &place);
        self.kinds(w, &place);
        let para_first = self.quotes.len();
        // The quote (index in `quotes`) with this paragraph's last speaker.
        let mut last_in_para: Option<usize> = None;
        for n in 0..w.tops.len() {
            let q = &raw[w.tops[n]];
            let mut who = self.attributed_speaker(q, w.atts[n].map(|a| a.who), &place, last_in_para);
            // "…," an official said: someone the text does not name, so not the last speaker.
            let unnamed = matches!(w.atts[n].map(|a| a.who), Some(Who::Unnamed(_)));
            if who.is_none() && !unnamed && w.kinds[n] == QuoteKind::Speech {
                who = self.utterance_speaker(w, n, para_first, last_in_para, &place);
            }
            if who.is_some() {
                last_in_para = Some(self.quotes.len());
            }
            let mut kind = w.kinds[n];
            if kind != QuoteKind::Speech && w.joined[n] {
                kind = QuoteKind::Speech;
            }
            self.bare_q.push(q.bare && w.atts[n].is_none());
            self.quotes.push(Quote {
                span: q.inner,
                kind,
                speaker: who,
                sentence: 0,
                utterance: w.utt[n],
                depth: 0,
                unbalanced: q.unbalanced,
            });
            if q.continues {
                let speaker = self.quotes[para_first..].last().and_then(|x| x.speaker.clone());
                self.carry = Some((w.utt[n], speaker, para));
            }
        }
        // Nested quotes: a kind, no speaker of their own.
        for q in &raw[i..j] {
            if q.depth == 0 {
                continue;
            }
            let before = tail(text, pspan.start, q.open.start);
            let kind = kind::classify(q.inner.text(text), before, false, place.lang);
            self.bare_q.push(false);
            self.quotes.push(Quote {
                span: q.inner,
                kind,
                speaker: None,
                sentence: 0,
                utterance: self.next_utterance,
                depth: q.depth,
                unbalanced: q.unbalanced,
            });
            self.next_utterance += 1;
        }
    }

    /// Utterances: a quote right after its predecessor's own attribution continues it; so does the
    /// first quote of a paragraph that the previous paragraph's quotation continues into.
    fn utterances(&mut self, w: &mut Para, place: &Place) {
        let (raw, text) = (self.raw, self.text);
        w.utt.clear();
        w.joined.clear();
        w.joined.resize(w.tops.len(), false);
        for n in 0..w.tops.len() {
            let k = w.tops[n];
            if n == 0 {
                if let Some((u, _, _)) =
                    place.carried.as_ref().filter(|_| raw[k].open.start >= place.pspan.start)
                {
                    w.utt.push(*u);
                    w.joined[n] = true;
                    continue;
                }
            } else {
                let prev = &raw[w.tops[n - 1]];
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
                let (posts, atts) = (&w.posts, &w.atts);
                let own = (name_of(posts[n]).is_some() && name_of(posts[n]) != name_of(posts[n - 1]))
                    || matches!(posts[n].map(|a| a.who), Some(Who::Unnamed(_)))
                    || self.reported_all[k]
                        && name_of(atts[n]).is_some_and(|x| Some(x) != name_of(posts[n - 1]));
                let prev_post = posts[n - 1].is_some();
                if prev_post && !gap.is_empty() && gap.len() <= 240 && !own && !inner_stop() {
                    w.utt.push(w.utt[n - 1]);
                    w.joined[n] = true;
                    continue;
                }
            }
            w.utt.push(self.next_utterance);
            self.next_utterance += 1;
        }
    }

    /// The kind of each top-level quotation of the paragraph.
    fn kinds(&self, w: &mut Para, place: &Place) {
        let (raw, text) = (self.raw, self.text);
        w.kinds.clear();
        for n in 0..w.tops.len() {
            let q = &raw[w.tops[n]];
            let before = tail(text, place.pspan.start, q.open.start);
            let reported = self.reported_all[w.tops[n]];
            let attributed = w.atts[n].is_some() && !reported || w.joined[n];
            // Dash dialogue is always someone's words.
            let dialogue = q.family == marks::Family::Dash;
            let mut kind = kind::classify(q.inner.text(text), before, attributed || dialogue, place.lang);
            // Words quoted in a sentence of reported speech are the speaker's, unless a cue or their
            // capitals make them a title or a name ("pisał w serwisie „X”").
            if reported && kind == QuoteKind::Scare && kind::reported_speech(q.inner.text(text), before) {
                kind = QuoteKind::Speech;
            }
            w.kinds.push(kind);
        }
    }

    /// Bare dialogue continues the last speaker (a speaker's words over several paragraphs). In an
    /// interview, a question followed by more bare dialogue is the interviewer's: no speaker.
    fn continue_bare_dialogue(&mut self) {
        let interview = self.interview_speakers();
        let (quotes, bare_q) = (&mut self.quotes, &self.bare_q);
        // The quote (index) whose speaker is the last one so far.
        let mut last: Option<usize> = None;
        let len = quotes.len();
        let mut top = (0..len).find(|&k| quotes[k].depth == 0);
        while let Some(k) = top {
            top = (k + 1..len).find(|&m| quotes[m].depth == 0);
            if bare_q[k]
                && !interview[k]
                && quotes[k].speaker.is_none()
                && quotes[k].kind == QuoteKind::Speech
            {
                let question = quotes[k].span.text(self.text).trim_end().ends_with('?');
                let more = top.is_some_and(|m| bare_q[m]);
                if !(question && more) {
                    quotes[k].speaker = last.and_then(|l| quotes[l].speaker.clone());
                }
            }
            if quotes[k].speaker.is_some() {
                last = Some(k);
            }
        }
    }

    /// Bare dialogue of an interview ([`super::interview`]): a question is the interviewer's, the rest
    /// the interviewee's. A side neither the lead nor the signature names keeps no speaker. Returns
    /// which quotes are an interview's.
    fn interview_speakers(&mut self) -> Vec<bool> {
        let mut interview = vec![false; self.quotes.len()];
        if self.interviews.is_empty() {
            return interview;
        }
        let paras = self.paras;
        let para_of = |start: usize| paras.partition_point(|p| p.0.end <= start);
        let (text, interviews) = (self.text, self.interviews);
        for ((q, &bare), flag) in self.quotes.iter_mut().zip(&self.bare_q).zip(interview.iter_mut()) {
            if q.depth != 0 || !bare || q.kind != QuoteKind::Speech {
                continue;
            }
            let p = para_of(q.span.start);
            let Some(iv) = interviews.iter().find(|iv| (iv.first..=iv.last).contains(&p)) else {
                continue;
            };
            *flag = true;
            if q.speaker.is_none() {
                let question = q.span.text(text).trim_end().ends_with('?');
                let who = if question { &iv.interviewer } else { &iv.interviewee };
                q.speaker = who.clone().map(|(name, span)| Speaker { name, span });
            }
        }
        interview
    }

    /// A speech quote without a speaker takes the one its utterance names (a multi-paragraph quotation
    /// attributed in its last paragraph).
    fn utterance_speakers(&mut self) {
        let quotes = &mut self.quotes;
        // first[u]: the first quote of utterance u with a speaker (utterances are numbered densely).
        let mut first: Vec<Option<usize>> = vec![None; self.next_utterance];
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
    }
}
