//! Attribution patterns shared by the English and Polish rules: name runs, the subject of an
//! attribution, the word lists of saying, and the [`Rules`] of one language, whose methods live in
//! `after` (attributions after a quotation) and `reported` (attributions before it and in
//! reported speech).

use std::sync::OnceLock;

use super::fast::{lower_eq, with_lower, WordFilter};
use crate::lexicon::fxhash::FxSet;

use crate::model::Span;

pub use super::name_shape::{is_acronym, nameish};
pub use super::token::{head, make_tok, tail, tokenize, tokens, tokens_rev, words, Tok};

mod according;
mod after;
mod before;
mod described;
pub(crate) use super::groups::is_age_adjective;
pub(crate) use described::{description_ending, partitive as partitive_at};
mod lists;
mod media;
mod reported;
mod source;
/// Nouns of a written document that speaks for whoever issued it ("the ministry's statement said",
/// "the statement read").
pub(crate) use lists::{is_document_en, is_document_pl};
use lists::{is_genre, speech_nouns};
pub use lists::{is_media_word, is_pronoun_in, pronouns_en, pronouns_pl, verbs_en, verbs_pl};

/// Lower-case particles allowed inside a name ("Ahmed al Khateeb", "Ursula von der Leyen").
const PARTICLES: &[&str] =
    &["al", "el", "van", "von", "der", "den", "de", "da", "di", "du", "la", "le", "bin", "ibn", "ben"];

/// The longest name run starting at token `i`, as a token range `i..j` (None if `i` is no name).
pub fn name_forward(toks: &[Tok], i: usize) -> Option<(usize, usize)> {
    if i >= toks.len()
        || !nameish(&toks[i])
        || !toks[i].lead.is_empty() && !toks[i].lead.chars().all(|c| "([-–—,".contains(c))
    {
        return None;
    }
    let mut j = i;
    while j < toks.len() {
        let t = &toks[j];
        let particle = PARTICLES.contains(&t.word) && j + 1 < toks.len() && toks[j + 1].is_cap();
        if j > i && (!t.lead.is_empty() || !(nameish(t) || particle)) {
            break;
        }
        j += 1;
        if !t.trail.is_empty() && !t.is_initial() {
            break;
        }
    }
    Some((i, j))
}

/// The end of an affiliation right after a name that ends at token `end` (exclusive): a preposition
/// of belonging ("of", "from", "at", "z", "ze"), an optional article, then up to five capitalised
/// words with the small words between them ("Peter Fox of the University of Leeds", "Piotra Lisa z
/// Uniwersytetu Warszawskiego"). It stops at the first punctuation, which it includes. `end` when no
/// affiliation follows.
pub fn affiliation_end(toks: &[Tok], end: usize) -> usize {
    const OPENS: &[&str] = &["of", "from", "at", "z", "ze"];
    const INSIDE: &[&str] = &["of", "and", "for", "the", "i", "w", "we", "na", "do", "dla"];
    let plain = |k: usize, list: &[&str]| {
        toks.get(k).is_some_and(|t| t.lead.is_empty() && list.iter().any(|w| lower_eq(t.word, w)))
    };
    if end == 0 || !toks[end - 1].trail.is_empty() || !plain(end, OPENS) || !toks[end].trail.is_empty() {
        return end;
    }
    let mut k = end + 1;
    if plain(k, &["the"]) && toks[k].trail.is_empty() {
        k += 1;
    }
    // (A Polish noun in the genitive before the name: "z firmy CCS Insight", "z fundacji Batorego".)
    if matches!(toks[end].word, "z" | "ze")
        && toks.get(k).is_some_and(|t| t.lead.is_empty() && t.trail.is_empty() && !t.is_cap())
        && toks.get(k + 1).is_some_and(Tok::is_cap)
        && crate::quote::groups::nominative(toks[k].word)
            .is_some_and(|(g, _)| g == crate::quote::groups::Group::Institution)
    {
        k += 1;
    }
    let (first, mut last_cap) = (k, None);
    while k < toks.len() && k < first + 7 {
        let t = &toks[k];
        if !t.lead.is_empty() || !(t.is_cap() || k > first && plain(k, INSIDE)) {
            break;
        }
        if t.is_cap() {
            last_cap = Some(k + 1);
        }
        k += 1;
        if !t.trail.is_empty() {
            break;
        }
    }
    // The affiliation ends with a capitalised word ("of the University of Leeds", not "of the").
    last_cap.unwrap_or(end)
}

/// A lower-case title abbreviation with its period, part of a description ("prof.", "gen.", "dr."):
/// the titles of the sentence splitter's Polish list, which also holds the English ones.
fn is_title_abbrev(t: &Tok) -> bool {
    t.trail == "."
        && !t.is_cap()
        && crate::segment::rules_for(crate::lang::Lang::Pl).abbrev(t.word)
            == Some(crate::segment::Abbr::Title)
}

/// The name run ending at token `end` (inclusive), as `i..end+1`.
pub fn name_backward(toks: &[Tok], end: usize) -> Option<(usize, usize)> {
    if end >= toks.len() || !nameish(&toks[end]) {
        return None;
    }
    let mut i = end;
    while i > 0 {
        if !toks[i].lead.is_empty() {
            break;
        }
        let p = &toks[i - 1];
        let particle = PARTICLES.contains(&p.word);
        if !(nameish(p) || particle) || (!p.trail.is_empty() && !p.is_initial()) {
            break;
        }
        i -= 1;
    }
    while PARTICLES.contains(&toks[i].word) && i < end {
        i += 1;
    }
    Some((i, end + 1))
}

/// Who an attribution names.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Who {
    /// A name as written (tokens' span); `genitive` when it follows "według"/"zdaniem".
    Name { span: Span, genitive: bool },
    /// A personal pronoun: the last named speaker.
    Pronoun(Span),
    /// A verb with no subject (Polish drops pronouns: „…”, powiedziała): the last named speaker.
    Implicit(Span),
    /// A description with no name ("a spokesman said", "one Reddit user wrote", "policja informuje"):
    /// the speaker as written (the span; empty when the description is not known).
    Unnamed(Span),
    /// A role noun ("powiedział premier", "the prime minister said"): the person holding it.
    Role { span: Span, group: &'static str },
    /// The verb of the sentence the quotation stands in, with the subject before it in the sentence
    /// ("X accused Y of “…”", "Ocenił, że … „…”"): what stands before the verb, read once
    /// ([`SubjectClause`]).
    Subject(SubjectClause),
}

/// A name run standing as a subject in a clause: not after a preposition (possibly behind an
/// article), not ending in a possessive, leading role words and country words trimmed.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SubjectRun {
    /// From the first name word (titles and roles included, for the canonical name) to the last.
    pub span: Span,
    /// The last word (the surname).
    pub last: Span,
    /// Name words without the leading roles and titles.
    pub words: u8,
    /// The run opens the clause (a capitalised first word may be any word).
    pub at_start: bool,
    /// Every word holds a lower-case letter and none is an acronym: a person's name, not an
    /// organisation's.
    pub person_like: bool,
    /// The run is (part of) a group description ("Ministry of Health").
    pub group: bool,
}

/// What stands before the verb of a clause: its span, a description opening it ("Many users …"), and
/// the first name runs in subject position.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SubjectClause {
    pub span: Span,
    pub described: Option<Span>,
    pub runs: [Option<SubjectRun>; 3],
}

/// Articles and pronouns that may stand between a preposition and a name ("after the Alaska Summit").
const DETS: &[&str] =
    &["the", "a", "an", "this", "that", "their", "his", "her", "its", "ten", "ta", "tym", "tej", "tego"];

/// Prepositions after which a name is a time, a place or an object, not a subject.
const OBLIQUE_PREPS: &[&str] = &[
    "in", "on", "at", "to", "for", "with", "from", "of", "by", "via", "after", "before", "during", "about",
    "against", "between", "into", "over", "under", "without", "near", "towards", "toward", "like", "than",
    "w", "we", "na", "z", "ze", "do", "od", "o", "po", "u", "przy", "przez", "dla", "bez", "nad", "pod",
    "przed", "za", "między", "wobec", "podczas", "ku", "obok", "koło", "spod", "zza", "niż",
];

/// Does `w` lower-case to a preposition after which a name is no subject?
pub fn is_oblique_preposition(w: &str) -> bool {
    static F: OnceLock<WordFilter> = OnceLock::new();
    let f = F.get_or_init(|| WordFilter::new(OBLIQUE_PREPS.iter().copied()));
    w.len() <= 8 && f.may_contain(w) && with_lower(w, |l| OBLIQUE_PREPS.contains(&l))
}

/// Is `w` an article or pronoun that may stand between a preposition and a name?
pub fn is_det(w: &str) -> bool {
    w.len() <= 5 && DETS.iter().any(|d| lower_eq(w, d))
}

/// The clause `toks` (the words before a verb): a description opening it and its first three name
/// runs in subject position.
pub fn subject_clause(toks: &[Tok]) -> SubjectClause {
    let span = match (toks.first(), toks.last()) {
        (Some(a), Some(b)) => Span::new(a.span.start, b.span.end),
        _ => Span::new(0, 0),
    };
    // A description opening the clause, or opening it after a phrase with no name set off by a
    // comma ("In a statement, the company said"; not the apposition of "Amari Lee, a student at …,
    // said").
    let described = super::groups::description(toks, 0, toks.len(), false)
        .or_else(|| {
            let c = toks.iter().take(6).position(|t| t.trail.starts_with(','))?;
            if toks[1..=c].iter().any(Tok::is_cap) {
                return None;
            }
            super::groups::description(toks, c + 1, toks.len(), false)
        })
        .or_else(|| description_ending(toks))
        .map(|(_, a, b)| Span::new(toks[a].span.start, toks[b - 1].span.end))
        // A full name set off by commas after the opening phrase names the one it describes ("A
        // ministry spokeswoman, Joanna Kret, said …, adding:").
        .filter(|_| apposition_name(toks).is_none());
    let mut runs = [None; 3];
    let mut n = 0;
    // The words before a full name in apposition describe it ("The Conservative shadow minister,
    // Ann Lis, called …"): the runs start at the name.
    let mut i = apposition_name(toks).unwrap_or(0);
    while i < toks.len() && n < runs.len() {
        let t = &toks[i];
        let Some((mut a, mut b)) = name_forward(toks, i) else {
            i += 1;
            continue;
        };
        let next = b.max(i + 1);
        i = next;
        let mut k = a;
        while k > 0 && k + 2 > a && toks[k - 1].trail.is_empty() && is_det(toks[k - 1].word) {
            k -= 1;
        }
        let oblique = k > 0 && toks[k - 1].trail.is_empty() && is_oblique_preposition(toks[k - 1].word);
        if oblique || !t.lead.is_empty() && !t.lead.chars().all(|c| c == '(') {
            continue;
        }
        // A possessive ends the run: "Tusk's claims"; an owner qualifies the name after it
        // ("Coldplay's Chris Martin").
        if let Some(p) = (a..b).find(|&p| toks[p].ends_in_s_possessive()) {
            if p + 1 >= b {
                continue;
            }
            a = p + 1;
        }
        // Leading role words and titles are left to canonical(): "Premier Donald Tusk".
        let mut start = a;
        while let Some((_, e)) = super::roles::role_at(&toks[..b], start) {
            start = e;
        }
        if start >= b {
            continue;
        }
        while b - start > 1 && super::roles::country_of(toks[b - 1].word).is_some() {
            b -= 1;
        }
        let run = &toks[start..b];
        let last = run[run.len() - 1];
        runs[n] = Some(SubjectRun {
            span: Span::new(toks[a].span.start, last.span.end),
            last: last.span,
            words: run.len().min(255) as u8,
            at_start: a == 0,
            person_like: run.iter().all(|t| t.word.chars().any(char::is_lowercase))
                && !run.iter().any(|t| is_acronym(t.word))
                && super::roles::country_of(last.word).is_none(),
            group: super::groups::description(toks, a, b, false).is_some(),
        });
        n += 1;
    }
    SubjectClause { span, described, runs }
}

/// The full name ending the run `r` of `toks` after words that qualify it (an institution, a
/// medium: "Banku Pekao Joanny Siwińskiej", "Uniwersytetu Warszawskiego Jan Lis"): its last two
/// words, when the run has three or more and the second to last is a given name in any case.
pub fn full_name_ending(toks: &[Tok], r: (usize, usize)) -> Option<(usize, usize)> {
    (r.1 >= r.0 + 3 && super::names::given_name_any_case(toks[r.1 - 2].word)).then(|| (r.1 - 2, r.1))
}

/// Where the full name starts when the clause `toks` opens with a phrase of at most five words ending
/// in a comma, then a full name (two words or more) ending in a comma: "A ministry spokeswoman,
/// Joanna Kret, said".
fn apposition_name(toks: &[Tok]) -> Option<usize> {
    let c = toks.iter().take(5).position(|t| t.trail.starts_with(','))?;
    name_forward(toks, c + 1)
        .is_some_and(|(a, b)| a == c + 1 && b - a >= 2 && toks[b - 1].trail.starts_with(','))
        .then_some(c + 1)
}

/// An attribution found next to a quotation.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Attribution {
    pub who: Who,
}

/// A verb of reading, or an impersonal verb of writing, that points to a written source: "– … –
/// czytamy (w komunikacie)", "– … – napisano w komunikacie".
pub fn is_reading_verb(w: &str) -> bool {
    ["czytamy", "czytam", "przeczytamy", "przeczytać", "czytasz", "napisano", "podano", "poinformowano"]
        .iter()
        .any(|r| lower_eq(w, r))
}

/// A word after which a verb-of-saying form is a noun: an article or a possessive ("the claims", "a
/// warning", "Tusk's claims").
fn noun_context(prev: &Tok) -> bool {
    let w = prev.word;
    // The words are ASCII, and no other character lower-cases into them.
    prev.trail.is_empty()
        && (["the", "a", "an", "his", "her", "their", "its", "our"].iter().any(|a| w.eq_ignore_ascii_case(a))
            || prev.ends_in_s_possessive())
}

fn span_of(toks: &[Tok], (i, j): (usize, usize)) -> Span {
    Span::new(toks[i].span.start, toks[j - 1].span.end)
}

/// "z"/"ze" and a word in small letters in the instrumental ("z premierem", "ze szefową", "z
/// ministrami"), with nothing between them and the next word. A noun of manner says how the words
/// were said, and the subject may follow it ("powiedziała z uśmiechem Anna Lis").
fn comitative(prep: &Tok, noun: &Tok) -> bool {
    let plain = |t: &Tok| t.lead.is_empty() && t.trail.is_empty();
    plain(prep)
        && plain(noun)
        && matches!(prep.word, "z" | "ze")
        && noun.word.starts_with(char::is_lowercase)
        && ["em", "ą", "ami", "ymi", "imi"].iter().any(|e| noun.word.ends_with(e))
        && !lists::is_manner_pl(noun.word)
}

/// Grammar of one language's attributions.
pub struct Rules {
    /// The language of the rules.
    pub lang: crate::lang::Lang,
    pub verbs: &'static FxSet<&'static str>,
    /// Pre-test for `verbs`.
    verb_filter: WordFilter,
    /// Words introducing a source in the genitive or after "to": ("according", "to"), ("według", "").
    pub according: &'static [(&'static str, &'static str)],
    /// How many lower-case words may stand before a name in a description ("executive producer").
    pub max_descriptors: usize,
    /// Prepositions: a capitalised word right after one is no speaker.
    pub prepositions: &'static [&'static str],
    /// Personal pronouns that stand for the last named speaker.
    pub pronouns: &'static [&'static str],
    /// Searchers for the `according` words without their first letter (any case of it), built once.
    according_finders: Vec<memchr::memmem::Finder<'static>>,
}

impl Rules {
    /// The rules of one language.
    pub fn new(
        lang: crate::lang::Lang,
        verbs: &'static FxSet<&'static str>,
        according: &'static [(&'static str, &'static str)],
        max_descriptors: usize,
        prepositions: &'static [&'static str],
        pronouns: &'static [&'static str],
    ) -> Rules {
        let according_finders =
            according.iter().map(|(a, _)| memchr::memmem::Finder::new(&a.as_bytes()[1..])).collect();
        let verb_filter = WordFilter::new(verbs.iter().copied());
        Rules {
            lang,
            verbs,
            verb_filter,
            according,
            max_descriptors,
            prepositions,
            pronouns,
            according_finders,
        }
    }

    pub(crate) fn is_verb(&self, t: &Tok) -> bool {
        // The lists are lower case and a verb here is never capitalised: no case folding needed.
        t.lead.is_empty()
            && self.verb_filter.may_contain(t.word)
            && !t.is_cap()
            && self.verbs.contains(t.word)
    }

    /// A personal pronoun of this language: "On" opening an English sentence is the preposition
    /// ("On Monday, officials said"), not the Polish "he".
    fn pronoun(&self, t: &Tok) -> bool {
        is_pronoun_in(self.pronouns, t)
    }

    /// Is `w` (in any case) the first word of an "according" phrase?
    fn is_according_word(&self, w: &str) -> bool {
        let Some(&w0) = w.as_bytes().first() else { return false };
        self.according
            .iter()
            .any(|&(a, _)| (w0 >= 0x80 || w0.to_ascii_lowercase() == a.as_bytes()[0]) && lower_eq(w, a))
    }

    fn according_at(&self, toks: &[Tok], i: usize) -> Option<usize> {
        let w = toks.get(i)?.word;
        // The words are ASCII-initial and no non-ASCII letter lower-cases to one of their first letters:
        // an ASCII first byte must match in either case, else the word is not a candidate.
        let w0 = *w.as_bytes().first()?;
        for &(a, b) in self.according {
            if w0 < 0x80 && w0.to_ascii_lowercase() != a.as_bytes()[0] {
                continue;
            }
            if lower_eq(w, a) {
                if b.is_empty() {
                    return Some(i + 1);
                }
                if toks.get(i + 1).is_some_and(|t| lower_eq(t.word, b)) {
                    return Some(i + 2);
                }
            }
        }
        None
    }

    /// A word that may describe a speaker before the name: lower case, not a verb, with no punctuation
    /// after it but a title's period ("rzecznik", "prof.").
    fn is_descriptor(&self, t: &Tok) -> bool {
        !t.word.is_empty() && !t.is_cap() && (t.trail.is_empty() || is_title_abbrev(t)) && !self.is_verb(t)
    }

    /// Skip lower-case description words (and at most `max_descriptors` of them) to a name.
    fn described_name(&self, toks: &[Tok], mut i: usize) -> Option<(usize, usize)> {
        let start = i;
        // A role phrase holding a capitalised word is no name ("prezydent Krakowa Anna Lis": the
        // city's president, see [`super::roles::role_at`]).
        if let Some((_, e)) = super::roles::role_at(toks, i)
            .filter(|&(_, e)| e > i + 1 && toks[i..e].iter().all(|t| t.trail.is_empty()))
        {
            i = e;
        }
        // A group noun before one capitalised word is the group, the word its place or body
        // ("relacjonowała mieszkanka Kłodzka"), not a person named by it; a full name after it is
        // ("said resident John Smith").
        if let Some((super::groups::Group::People, e)) = super::groups::group_at(toks, i) {
            if toks[e - 1].trail.is_empty() && name_forward(toks, e).is_some_and(|r| r.1 - r.0 == 1) {
                return None;
            }
        }
        while i < toks.len() && i - start <= self.max_descriptors {
            if let Some(r) = name_forward(toks, i) {
                // One capitalised word after a description holding a group noun of people is their
                // place or body, as above ("mówi 58-letni mieszkaniec osiedla Zatorze").
                if r.1 - r.0 == 1
                    && (start..i).any(|k| {
                        matches!(super::groups::group_at(toks, k), Some((super::groups::Group::People, _)))
                    })
                {
                    return None;
                }
                // A name right after a noun in the instrumental after "z" is that noun's complement
                // ("dodał na konferencji z premierem Polski", "po rozmowie z szefową KE"), not the subject.
                if i >= start + 2 && comitative(&toks[i - 2], &toks[i - 1]) {
                    return None;
                }
                // An owner in the possessive qualifies the description after it: the speaker is the
                // full name after that description ("said Zelensky’s chief of staff Andriy Yermak").
                let owner = &toks[r.1 - 1];
                if owner.is_possessive() {
                    let mut k = r.1;
                    while k < toks.len() && k - r.1 < 5 && !toks[k].is_cap() {
                        k += 1;
                        if !toks[k - 1].trail.is_empty() {
                            break;
                        }
                    }
                    let set_off = toks[k - 1].trail.is_empty() || toks[k - 1].trail == ",";
                    let named = (k > r.1 && k < toks.len() && set_off)
                        .then(|| name_forward(toks, k))
                        .flatten()
                        .filter(|n| n.0 == k && n.1 - n.0 >= 2);
                    if named.is_some() {
                        return named;
                    }
                }
                // A name after a description that follows this one: this one qualifies the description
                // or is told the words ("said EU foreign policy chief Josep Borrell", "said White House
                // spokeswoman Jen Psaki", "powiedział PAP mecenas Piotr Zieliński").
                if let Some(later) = self.later_name(toks, r.1) {
                    return Some(later);
                }
                // After a preposition the first capitalised word is a place or a medium, not the
                // speaker ("napisał na Twitterze Schiff", "said on CNN Smith").
                let after_prep =
                    i > start && with_lower(toks[i - 1].word, |w| self.prepositions.contains(&w));
                if after_prep {
                    // After "z" a run opening in the instrumental is whom the words were told ("w
                    // rozmowie z Radiem Zet", "w rozmowie z Janem Lisem"), all of it.
                    if matches!(toks[i - 1].word, "z" | "ze")
                        && ["em", "ą"].iter().any(|e| toks[r.0].word.ends_with(e))
                    {
                        return None;
                    }
                    // A role after the medium names the speaker ("zapewnił w Polsat News minister
                    // obrony"): no name here.
                    if toks[r.1 - 1].trail.is_empty()
                        && toks.get(r.1).is_some_and(|t| !t.is_cap())
                        && crate::quote::roles::role_at(toks, r.1).is_some()
                    {
                        return None;
                    }
                    // An institution is an affiliation ("tłumaczy politolog z Uniwersytetu
                    // Warszawskiego"), unless a full name ends the run.
                    if super::groups::group_of(toks[r.0].word) == Some(super::groups::Group::Institution) {
                        return full_name_ending(toks, r);
                    }
                    // A medium named by acronyms or a medium's words alone ("w rozmowie z RMF FM",
                    // "w rozmowie z Polsatem Sport"), or an acronym and one word ("w rozmowie z BBC
                    // Wales"), leaves no name.
                    let medium =
                        toks[r.0 + 1..r.1].iter().all(|t| is_acronym(t.word) || is_media_word(t.word))
                            || r.1 - r.0 == 2 && is_acronym(toks[r.0].word);
                    // A Polish place may open with adjectives in the locative ("w Nowym Jorku", "w
                    // Białym Domu", "w Zielonej Górze"): the name, if any, starts after its noun.
                    let adjectives = toks[r.0..r.1 - 1]
                        .iter()
                        .take_while(|t| {
                            t.trail.is_empty() && ["ym", "im", "ej"].iter().any(|e| t.word.ends_with(e))
                        })
                        .count();
                    let name = r.0 + adjectives + 1;
                    return (r.1 > name && toks[r.0].trail.is_empty() && !medium).then_some((name, r.1));
                }
                // After an office, an acronym opening a person's full name is the office's
                // institution ("prezes GUS Marek Wrona", "szef MSZ Jan Nowak"). With one word after
                // it the pair may be the institution itself ("rzecznik CNN Business") or initials
                // that are the name ("JD Vance"), so it stays.
                let run = &toks[r.0..r.1];
                if i > start
                    && run.len() >= 3
                    && is_acronym(run[0].word)
                    && run[0].trail.is_empty()
                    && run[1..].iter().all(|t| t.word.chars().any(char::is_lowercase) || t.is_initial())
                {
                    return Some((r.0 + 1, r.1));
                }
                return Some(self.name_after_seat(toks, r).unwrap_or(r));
            }
            // A capitalised title ("said Ms Kowalska", "said Dr Lee") describes the name after it.
            let title = toks[i].is_cap()
                && (toks[i].trail.is_empty() || toks[i].trail == ".")
                && crate::quote::names::is_title_word(toks[i].word);
            if !self.is_descriptor(&toks[i]) && !title {
                return None;
            }
            i += 1;
        }
        None
    }

    /// Is the word (in any case) a verb of saying?
    fn is_verb_cap(&self, t: &Tok) -> bool {
        // An ASCII word has the filter key of its lower-case form: case moves no byte by other than 32.
        if t.word.is_ascii() && !self.verb_filter.may_contain(t.word) {
            return false;
        }
        with_lower(t.word, |l| self.verbs.contains(l))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The filter in front of [`Rules::is_verb_cap`] turns no verb away, in any case.
    #[test]
    fn capitalised_verb_test_matches_the_list() {
        for rules in [crate::quote::speaker_en::rules(), crate::quote::speaker_pl::rules()] {
            let mut words: Vec<String> = Vec::new();
            for v in rules.verbs.iter() {
                let mut cap = v.chars();
                let first: String = cap.next().map(|c| c.to_uppercase().collect()).unwrap_or_default();
                words.extend([v.to_string(), v.to_uppercase(), format!("{first}{}", cap.as_str())]);
                words.extend([format!("{v}s"), format!("X{v}"), v.chars().take(v.len() / 2).collect()]);
            }
            words.extend(
                ["", "A", "Said", "SAID", "Powiedział", "Mówi", "Tusk", "Dodał", "ΣΑΣ"].map(String::from),
            );
            for w in &words {
                let t = make_tok(w, 0);
                let plain = with_lower(t.word, |l| rules.verbs.contains(l));
                assert_eq!(rules.is_verb_cap(&t), plain, "{w:?}");
            }
        }
    }
}
