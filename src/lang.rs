//! Language detection with confidence, per document, paragraph or line.
//!
//! English and Polish are told apart by a word model: each word of the text is weighed by how
//! much more frequent it is in one language than in the other (Zipf frequencies of the 30,000/40,000
//! most frequent words, data in `src/lang/`), with extra evidence that the frequency lists miss:
//!
//! - Polish letters (ą ć ę ł ń ś ź ż, and ó) in an unknown word are near-certain Polish;
//! - a lowercase `i` is the Polish "and", a capital `I` inside a sentence the English pronoun;
//! - English clitics after an apostrophe (`'s`, `'t`, `'re`, …) versus Polish case endings added to
//!   foreign names (`Carrie'ego`);
//! - unknown words are weighed by their ending, with statistics drawn from the same word lists;
//! - words inside quotation marks count half, so an English song title in a Polish sentence does
//!   not flip it;
//! - when the evidence is weak (a few words), whatlang restricted to English and Polish decides,
//!   and in [`route`] the document's language is a prior for its paragraphs.
//!
//! The score is a sum of log10 likelihood ratios; its size gives the confidence.
//!
//! A text in another language is named as what it looks like: letters neither English nor Polish
//! use (Czech ř ě ů, Slovak ľ ĺ ŕ ô ä, German ß ü, …), another script, or too few known words send it
//! to whatlang unrestricted, whose answer is reported when it is not English or Polish.

use std::sync::OnceLock;

use crate::model::Document;

pub use crate::model::Lang;

/// A language guess with its confidence in [0, 1].
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Detection {
    /// The language found.
    pub lang: Lang,
    /// How sure, in [0, 1].
    pub confidence: f32,
}

impl Detection {
    const UNKNOWN: Detection = Detection { lang: Lang::Unknown, confidence: 0.0 };
}

// The table build runs in build.rs and in the tests; the crate itself only looks keys up.
#[cfg_attr(not(test), allow(dead_code))]
mod keys;
mod model;
mod scan;
mod words;

pub(crate) use model::zipf;
use model::*;
use scan::*;
use words::*;

/// Map a whatlang language to ours (ISO 639-1 where there is one).
fn from_whatlang(l: whatlang::Lang) -> Lang {
    use whatlang::Lang as W;
    let code = match l {
        W::Eng => return Lang::En,
        W::Pol => return Lang::Pl,
        W::Ces => "cs",
        W::Slk => "sk",
        W::Deu => "de",
        W::Rus => "ru",
        W::Ukr => "uk",
        W::Bel => "be",
        W::Fra => "fr",
        W::Spa => "es",
        W::Ita => "it",
        W::Por => "pt",
        W::Nld => "nl",
        W::Swe => "sv",
        W::Dan => "da",
        W::Nob => "nb",
        W::Fin => "fi",
        W::Hun => "hu",
        W::Ron => "ro",
        W::Hrv => "hr",
        W::Srp => "sr",
        W::Slv => "sl",
        W::Bul => "bg",
        W::Mkd => "mk",
        W::Lit => "lt",
        W::Lav => "lv",
        W::Est => "et",
        W::Tur => "tr",
        W::Ell => "el",
        W::Heb => "he",
        W::Ara => "ar",
        W::Cmn => "zh",
        W::Jpn => "ja",
        W::Kor => "ko",
        W::Hin => "hi",
        W::Lat => "la",
        W::Cat => "ca",
        W::Afr => "af",
        W::Epo => "eo",
        other => other.code(),
    };
    Lang::Other(code)
}

/// whatlang restricted to English and Polish (the baseline this module improves on).
pub fn detect_whatlang_restricted(text: &str) -> Detection {
    static DET: OnceLock<whatlang::Detector> = OnceLock::new();
    let det = DET
        .get_or_init(|| whatlang::Detector::with_allowlist(vec![whatlang::Lang::Eng, whatlang::Lang::Pol]));
    match det.detect(text) {
        Some(info) => Detection { lang: from_whatlang(info.lang()), confidence: info.confidence() as f32 },
        None => Detection::UNKNOWN,
    }
}

/// Is the text in another language than English or Polish? Returns that language when so.
fn other_language(text: &str, ev: &Evidence) -> Option<Detection> {
    let suspicious = ev.non_latin > ev.latin
        || (ev.words >= 3 && ev.foreign_letters >= 2 && ev.foreign_letters > 2 * ev.polish_letters)
        || (ev.words >= 6 && ev.known * 2 < ev.words);
    if !suspicious {
        return None;
    }
    let info = whatlang::detect(whatlang_sample(text))?;
    let lang = from_whatlang(info.lang());
    if lang.is_supported() {
        return None;
    }
    // A Polish-looking text with some foreign letters: whatlang must be sure to overrule.
    let needed = if ev.non_latin > ev.latin { 0.0 } else { 0.2 };
    (info.confidence() >= needed).then_some(Detection { lang, confidence: info.confidence() as f32 })
}

/// Most bytes of a text whatlang reads: its trigram profile of a long text is settled well before
/// this, and reading a whole book-length file would cost more than every other step of routing.
const WHATLANG_BYTES: usize = 16 * 1024;

/// The part of `text` whatlang reads: all of it up to [`WHATLANG_BYTES`], else its start up to the
/// last whitespace within them (a word is not cut).
fn whatlang_sample(text: &str) -> &str {
    if text.len() <= WHATLANG_BYTES {
        return text;
    }
    let head = &text.as_bytes()[..WHATLANG_BYTES];
    let end = head.iter().rposition(u8::is_ascii_whitespace).unwrap_or(0);
    // Whitespace is ASCII, so `end` is a character boundary; a text with none in its head (no
    // spaces at all) is cut at the last character boundary instead.
    let mut end = if end > 0 { end } else { WHATLANG_BYTES };
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    &text[..end]
}

/// Turn a score (log10 odds of Polish over English) into a detection.
fn decide(score: f32) -> Detection {
    // Words are not independent evidence: halve the log-odds before turning them into a probability.
    let p = 1.0 / (1.0 + 10f32.powf(-score.abs() / 2.0));
    Detection { lang: if score >= 0.0 { Lang::Pl } else { Lang::En }, confidence: p }
}

/// Weak evidence: let whatlang's trigrams add their say.
const WEAK: f32 = 1.0;

fn detect_inner(text: &str, prior: Option<Lang>) -> Detection {
    let ev = evidence(text, &mut |_| {});
    detect_from(text, prior, ev)
}

/// The detection of `text` whose words say `ev`.
fn detect_from(text: &str, prior: Option<Lang>, ev: Evidence) -> Detection {
    if ev.words == 0 {
        return Detection::UNKNOWN;
    }
    if let Some(other) = other_language(text, &ev) {
        return other;
    }
    let mut score = ev.score;
    if score.abs() < WEAK {
        let w = detect_whatlang_restricted(whatlang_sample(text));
        let sign = match w.lang {
            Lang::Pl => 1.0,
            Lang::En => -1.0,
            _ => 0.0,
        };
        score += sign * (0.3 + w.confidence);
    }
    match prior {
        Some(Lang::Pl) => score += PRIOR,
        Some(Lang::En) => score -= PRIOR,
        _ => {}
    }
    decide(score)
}

/// How much the document's language counts for one of its paragraphs (log10 odds).
const PRIOR: f32 = 1.0;

/// Detect the language of a piece of text (a document, a paragraph, a line, a few words).
pub fn detect(text: &str) -> Detection {
    detect_inner(text, None)
}

/// Label the document and each of its paragraphs.
///
/// The document's language comes from its whole text; a paragraph keeps its own language when its
/// words say so clearly (an English paragraph in a Polish article), and follows the document when
/// they do not. A paragraph with no letters takes the document's language.
///
/// One pass over the text gathers the evidence of the document and, at the same time, of each
/// paragraph (each word is looked up once and counted for both): the memory it takes is one
/// `Evidence` per paragraph, nothing per word. The result is the same as detecting each
/// paragraph's text on its own: a paragraph that a word runs across the edge of, or that is out of
/// text order, is detected on its own after the pass.
pub fn route(doc: &mut Document) {
    let paragraphs = &doc.paragraphs;
    let text = &doc.text;
    // Paragraphs in text order, not overlapping: the pass meets them one after the other.
    let ordered = paragraphs.iter().all(|p| p.span.start <= p.span.end)
        && paragraphs.windows(2).all(|w| w[0].span.end <= w[1].span.start);
    let mut evs: Vec<Option<Evidence>> = paragraphs
        .iter()
        .map(|p| (ordered && clean_edges(text, p.span.start, p.span.end)).then(Evidence::default))
        .collect();
    // The paragraph the pass is in (or the next one) and its scan.
    let (mut k, mut scan) = (0, Scan::new());
    let mut on_step = |step: Step| {
        let pos = step.pos();
        while k < paragraphs.len() && paragraphs[k].span.end <= pos {
            if let Some(ev) = &mut evs[k] {
                *ev = std::mem::replace(&mut scan, Scan::new()).finish();
            }
            k += 1;
        }
        if k < paragraphs.len() && evs[k].is_some() && paragraphs[k].span.start <= pos {
            match step {
                Step::Word { info, letters, .. } => scan.word(info, &letters),
                Step::Mark { c, .. } => scan.mark(c),
            }
        }
    };
    let ev = evidence(text, &mut on_step);
    for (j, slot) in evs.iter_mut().enumerate().skip(k) {
        if let Some(ev) = slot {
            *ev =
                if j == k { std::mem::replace(&mut scan, Scan::new()).finish() } else { Evidence::default() };
        }
    }
    let d = detect_from(text, None, ev);
    doc.lang = d.lang;
    doc.lang_confidence = d.confidence;
    let prior = if d.lang.is_supported() { Some(d.lang) } else { None };
    for (p, ev) in doc.paragraphs.iter_mut().zip(evs) {
        let text = p.span.text(&doc.text);
        let pd = match ev {
            Some(ev) => detect_from(text, prior, ev),
            None => detect_inner(text, prior),
        };
        if pd.lang == Lang::Unknown || (!pd.lang.is_supported() && d.lang.is_supported()) {
            p.lang = d.lang;
            p.confidence = d.confidence;
        } else {
            p.lang = pd.lang;
            p.confidence = pd.confidence;
        }
    }
}

/// Label the document only (its paragraphs keep the language they have): what `detect` needs for
/// a whole file. The document's language is the one [`route`] gives it.
pub fn route_document(doc: &mut Document) {
    let d = detect_inner(&doc.text, None);
    doc.lang = d.lang;
    doc.lang_confidence = d.confidence;
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
                "{}: looks like {} ({}, confidence {:.2}), not English or Polish",
                d.name,
                d.lang.name(),
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn whatlang_reads_the_start_of_a_long_text_up_to_a_space() {
        let short = "Krótki tekst.";
        assert_eq!(whatlang_sample(short), short);
        let long = "Zażółć gęślą jaźń, powiedział. ".repeat(2000);
        let s = whatlang_sample(&long);
        assert!(s.len() <= WHATLANG_BYTES && s.len() > WHATLANG_BYTES - 40, "{}", s.len());
        assert!(long.starts_with(s) && long[s.len()..].starts_with(' '));
        // No whitespace at all: cut at a character boundary (two-byte letters around the limit).
        let dense = format!("a{}", "ąę".repeat(WHATLANG_BYTES));
        let s = whatlang_sample(&dense);
        assert!(s.len() <= WHATLANG_BYTES && s.len() >= WHATLANG_BYTES - 3 && dense.starts_with(s));
        // A long English text with a few foreign letters (which send it to whatlang) is still English.
        let en = "Señor José Müller told reporters on Monday that the talks would go on. ".repeat(600);
        assert!(en.len() > 2 * WHATLANG_BYTES);
        assert_eq!(detect(&en).lang, Lang::En);
        let cs = CS.repeat(200);
        assert!(cs.len() > 2 * WHATLANG_BYTES);
        assert_eq!(detect(&cs).lang.code(), "cs");
    }

    const CS: &str = "Vláda v pondělí schválila návrh zákona o státním rozpočtu na příští rok. Ministr financí \
        řekl, že schodek bude nižší, než se původně očekávalo, a že růst ekonomiky se v druhé polovině roku zrychlí.";
    const SK: &str = "Vláda v pondelok schválila návrh zákona o štátnom rozpočte na budúci rok. Minister financií \
        povedal, že schodok bude nižší, ako sa pôvodne očakávalo, a že rast ekonomiky sa v druhom polroku zrýchli.";
    const DE: &str = "Die Bundesregierung hat am Montag den Entwurf des Haushaltsgesetzes für das kommende Jahr \
        beschlossen. Der Finanzminister sagte, das Defizit werde geringer ausfallen als ursprünglich erwartet.";
    const RU: &str =
        "Правительство в понедельник одобрило проект закона о государственном бюджете на следующий год.";
    const PL: &str =
        "Rząd w poniedziałek przyjął projekt ustawy budżetowej na przyszły rok. Minister finansów \
        powiedział, że deficyt będzie niższy, niż pierwotnie oczekiwano.";
    const EN: &str =
        "The government on Monday approved the draft budget law for next year. The finance minister \
        said the deficit would be lower than originally expected.";

    #[test]
    fn english_and_polish_with_confidence() {
        let e = detect(EN);
        let p = detect(PL);
        assert_eq!((e.lang, p.lang), (Lang::En, Lang::Pl));
        assert!(e.confidence > 0.95 && e.confidence <= 1.0, "{e:?}");
        assert!(p.confidence > 0.95 && p.confidence <= 1.0, "{p:?}");
    }

    #[test]
    fn neighbours_are_named_not_taken_for_polish() {
        assert_eq!(detect(CS).lang, Lang::Other("cs"));
        assert_eq!(detect(SK).lang, Lang::Other("sk"));
        assert_eq!(detect(DE).lang, Lang::Other("de"));
        assert_eq!(detect(RU).lang, Lang::Other("ru"));
        assert_eq!(Lang::Other("cs").name(), "Czech");
    }

    #[test]
    fn short_texts() {
        assert_eq!(detect("w Warszawie").lang, Lang::Pl);
        assert_eq!(detect("kot i pies").lang, Lang::Pl);
        assert_eq!(detect("What I said").lang, Lang::En);
        assert_eq!(detect("Prime Minister said").lang, Lang::En);
        assert_eq!(detect("premier powiedział wczoraj").lang, Lang::Pl);
        assert_eq!(detect("1234 — 56").lang, Lang::Unknown);
        assert_eq!(detect("").lang, Lang::Unknown);
    }

    #[test]
    fn english_title_inside_polish_sentence_stays_polish() {
        let t = "Madonna zaśpiewała „Like a Virgin” na koncercie.";
        assert_eq!(detect(t).lang, Lang::Pl);
        let t = "Serial \"The Carrie Diaries\" wraca w poniedziałek";
        assert_eq!(detect(t).lang, Lang::Pl);
    }

    /// What [`route`] must give: the document detected as a whole, each paragraph detected on its
    /// own with the document's language as its prior.
    fn route_reference(doc: &Document) -> (Detection, Vec<(Lang, u32)>) {
        let d = detect(&doc.text);
        let prior = if d.lang.is_supported() { Some(d.lang) } else { None };
        let paragraphs = doc
            .paragraphs
            .iter()
            .map(|p| {
                let pd = detect_inner(p.span.text(&doc.text), prior);
                let keep = pd.lang != Lang::Unknown && (pd.lang.is_supported() || !d.lang.is_supported());
                if keep {
                    (pd.lang, pd.confidence.to_bits())
                } else {
                    (d.lang, d.confidence.to_bits())
                }
            })
            .collect();
        (d, paragraphs)
    }

    fn routed(doc: &mut Document) -> (Detection, Vec<(Lang, u32)>) {
        route(doc);
        let d = Detection { lang: doc.lang, confidence: doc.lang_confidence };
        (d, doc.paragraphs.iter().map(|p| (p.lang, p.confidence.to_bits())).collect())
    }

    /// The one-pass routing gives every paragraph exactly what detecting its text on its own gives:
    /// documents of mixed paragraphs (quotations left open across paragraphs, apostrophes, a lone
    /// `i`, other languages), and paragraph spans that a word crosses, that overlap or that are out of
    /// order or empty.
    #[test]
    fn route_in_one_pass_equals_detecting_each_paragraph() {
        let parts = [
            PL,
            EN,
            CS,
            DE,
            RU,
            "„Cytat, który się nie kończy",
            "\"An English quote left open",
            "and it goes on here.” Then the rest of it",
            "OK",
            "i",
            "I said it",
            "Carrie'ego nie było, don’t ask",
            "żółw",
            "1234 — 56",
            "Prime Minister said",
        ];
        let mut seed = 12345u64;
        let mut next = |n: usize| {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (seed >> 33) as usize % n
        };
        for _ in 0..300 {
            let count = 1 + next(7);
            let mut text = String::new();
            for k in 0..count {
                if k > 0 {
                    text.push_str(["\n\n", "\n", " \n\n  "][next(3)]);
                }
                text.push_str(parts[next(parts.len())]);
            }
            let mut doc = crate::ingest::ingest_bytes("x", text.as_bytes(), &Default::default()).unwrap();
            let expected = route_reference(&doc);
            let got = routed(&mut doc);
            assert_eq!(
                (got.0.lang, got.0.confidence.to_bits()),
                (expected.0.lang, expected.0.confidence.to_bits())
            );
            assert_eq!(got.1, expected.1, "{text:?}");
        }
        // Spans laid by hand over one text: clean, cut through words, overlapping, out of order, empty.
        let text = format!("{PL}\n\n{EN}\n\n„Zdanie bez końca\n\nA to już dalej.” {CS}");
        let pl_end = PL.len();
        let en_start = pl_end + 2;
        let spans = [
            vec![(0, pl_end), (en_start, en_start + EN.len()), (en_start + EN.len() + 2, text.len())],
            vec![(0, 10), (10, pl_end), (en_start + 3, en_start + 40), (en_start + 40, text.len())],
            vec![(en_start, text.len()), (0, pl_end)],
            vec![(0, pl_end), (5, 50), (pl_end, pl_end), (en_start, en_start)],
            vec![(30, 20), (en_start, text.len())],
        ];
        for layout in spans {
            let mut doc = crate::ingest::ingest_bytes("x", text.as_bytes(), &Default::default()).unwrap();
            doc.paragraphs = layout
                .iter()
                .map(|&(a, z)| crate::model::Paragraph {
                    span: crate::model::Span { start: a, end: z },
                    lang: Lang::Unknown,
                    confidence: 0.0,
                })
                .collect();
            let expected = route_reference(&doc);
            assert_eq!(routed(&mut doc).1, expected.1, "{layout:?}");
        }
    }

    #[test]
    fn polish_article_routes_its_english_paragraph() {
        let text = format!("{PL}\n\n{EN}\n\nTo wszystko.\n\nOK\n");
        let mut doc = crate::ingest::ingest_bytes("x", text.as_bytes(), &Default::default()).unwrap();
        route(&mut doc);
        let langs: Vec<Lang> = doc.paragraphs.iter().map(|p| p.lang).collect();
        assert_eq!(doc.lang, Lang::Pl);
        // "OK" alone says nothing: it follows the document.
        assert_eq!(langs, [Lang::Pl, Lang::En, Lang::Pl, Lang::Pl]);
    }
}
