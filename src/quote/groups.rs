//! Speakers the text does not name but describes: people by what they are (`one Reddit user`, `many
//! fans`, `internauci`, `mieszkańcy`) and institutions that issue statements (`policja informuje`,
//! `the ministry said`, `The Royal Academy of Music announced`). Such a subject is the speaker as
//! written (data/groups.txt).

use std::sync::OnceLock;

use super::fast::{lower_eq, with_lower, WordFilter};
use super::name_shape::nameish;
use super::token::{head, tokenize, Tok};
use crate::lexicon::fxhash::FxMap;
use crate::model::Span;

/// What a group noun names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Group {
    /// People described by what they are (users, fans, residents, internauci).
    People,
    /// An institution (police, ministry, prokuratura).
    Institution,
}

struct Table {
    /// Every form (lower case) → its group and its nominative.
    forms: FxMap<&'static str, (Group, &'static str)>,
    /// Pre-test for single words: every one-word form and every first word of a two-word form, in
    /// lower case and upper case (capitalised words share the filter key of their lower case).
    filter: WordFilter,
    /// First words of the two-word forms.
    two_heads: Vec<&'static str>,
}

fn table() -> &'static Table {
    static T: OnceLock<Table> = OnceLock::new();
    T.get_or_init(|| {
        let mut forms = FxMap::default();
        for line in crate::data::entries(include_str!("data/groups.txt")) {
            let mut cols = line.split('\t').map(str::trim);
            let (Some(kind), Some(nom)) = (cols.next(), cols.next()) else { continue };
            let g = if kind == "people" { Group::People } else { Group::Institution };
            forms.insert(nom, (g, nom));
            for f in cols.filter(|f| !f.is_empty()) {
                forms.insert(f, (g, nom));
            }
        }
        let mut two_heads = Vec::new();
        let mut heads: Vec<&'static str> = Vec::with_capacity(forms.len());
        for f in forms.keys() {
            let w = f.split(' ').next().unwrap_or(f);
            if w.len() < f.len() && !two_heads.contains(&w) {
                two_heads.push(w);
            }
            heads.push(w);
        }
        let filter = WordFilter::any_case(heads);
        Table { forms, filter, two_heads }
    })
}

/// False when `w` is certainly neither a group noun nor the first word of one.
#[inline]
fn may_be_group(w: &str) -> bool {
    table().filter.may_contain(w)
}

/// The group of a noun (any case, any listed form), one word or two joined by a space.
pub fn group_of(w: &str) -> Option<Group> {
    nominative(w).map(|(g, _)| g)
}

/// The group and the nominative (lower case) of a listed noun form: `policji` → policja.
pub fn nominative(w: &str) -> Option<(Group, &'static str)> {
    if w.is_empty() || w.len() > 32 || !w.contains(' ') && !may_be_group(w) {
        return None;
    }
    with_lower(w, |l| table().forms.get(l).copied())
}

/// The nominative of a Polish institution's name written in an oblique case, as after "według" or
/// "zdaniem": the institution noun and the adjectives that agree with it take the nominative, and the
/// words that complement it stay as written (`Ministerstwa Zdrowia` → Ministerstwo Zdrowia, `Narodowego
/// Banku Polskiego` → Narodowy Bank Polski, `Komendy Głównej Policji` → Komenda Główna Policji). The
/// noun is a listed institution form (data/groups.txt): capitalised among the first three words,
/// after adjectives only, or in small letters opening the phrase (`agencji Reutera` → agencja
/// Reutera). None when the name is no such phrase or already in the nominative.
pub fn institution_nominative(written: &str) -> Option<String> {
    let words: Vec<&str> = written.split_whitespace().collect();
    if words.len() < 2 {
        return None;
    }
    // (A noun in small letters opens the phrase, "agencji Reutera" → agencja Reutera, or follows
    // adjectives in small letters, "brytyjskiego biura meteorologicznego" → brytyjskie biuro
    // meteorologiczne.)
    let head = (0..words.len().min(3)).find(|&i| {
        (i == 0
            || words[i].starts_with(char::is_uppercase)
            || words[..i].iter().all(|w| genitive_adjective(w)))
            && nominative(words[i]).is_some_and(|(g, _)| g == Group::Institution)
    })?;
    let (_, nom) = nominative(words[head])?;
    if with_lower(words[head], |l| l == nom) {
        return None;
    }
    // (A few feminine nouns end in a consonant: "straż", "rada" aside.)
    let gender = if nom.ends_with('a') || nom.ends_with(['ż', 'ś']) || nom.ends_with("ść") {
        b'f'
    } else if nom.ends_with(['o', 'e']) || nom.ends_with("um") {
        b'n'
    } else {
        b'm'
    };
    let mut out: Vec<String> = Vec::with_capacity(words.len());
    let lower_head = !words[head].starts_with(char::is_uppercase);
    for w in &words[..head] {
        out.push(adjective_nominative(w, gender, lower_head)?);
    }
    if words[head].starts_with(char::is_uppercase) {
        let mut cap = String::with_capacity(nom.len());
        let mut chars = nom.chars();
        if let Some(c) = chars.next() {
            cap.extend(c.to_uppercase());
            cap.push_str(chars.as_str());
        }
        out.push(cap);
    } else {
        out.push(nom.to_string());
    }
    let mut agreeing = true;
    // (after a noun in small letters, adjectives in small letters: "straży pożarnej" → straż pożarna)
    let lower = !words[head].starts_with(char::is_uppercase);
    for w in &words[head + 1..] {
        match adjective_nominative(w, gender, lower).filter(|_| agreeing) {
            Some(a) => out.push(a),
            None => {
                agreeing = false;
                out.push((*w).to_string());
            }
        }
    }
    Some(out.join(" "))
}

/// An adjective in small letters in the genitive singular (-ego, -ej) or plural (-ych, -ich):
/// "brytyjskiego", "pożarnej", "okręgowych".
pub fn genitive_adjective(w: &str) -> bool {
    w.starts_with(char::is_lowercase)
        && ["ego", "ej", "ych", "ich"].iter().any(|e| w.ends_with(e))
        && w.chars().count() >= 5
}

/// The nominative of a capitalised adjective (or, with `lower`, one in small letters) in the genitive
/// (or dative, locative) of the gender `gender` (`m`, `f` or `n`): Głównego → Główny (Główne),
/// Polskiego → Polski, Głównej → Główna, Najwyższej → Najwyższa, pożarnej → pożarna. None for a word
/// that is no such form.
fn adjective_nominative(w: &str, gender: u8, lower: bool) -> Option<String> {
    if !lower && !w.starts_with(char::is_uppercase) {
        return None;
    }
    let velar = |stem: &str| stem.ends_with("ki") || stem.ends_with("gi");
    if gender == b'f' {
        // Polskiej → Polska, Ostatniej → Ostatnia, Głównej → Główna.
        let stem = w.strip_suffix("ej").filter(|s| s.chars().count() >= 3)?;
        let stem = if velar(stem) { &stem[..stem.len() - 1] } else { stem };
        return Some(format!("{stem}a"));
    }
    // Polskiego → Polski (Polskie), Ostatniego → Ostatni (Ostatnie), Głównego → Główny (Główne).
    let stem = w.strip_suffix("ego").filter(|s| s.chars().count() >= 3)?;
    Some(if gender == b'n' {
        format!("{stem}e")
    } else if stem.ends_with('i') {
        stem.to_string()
    } else {
        format!("{stem}y")
    })
}

/// Words that may open a description before its noun: articles, numerals and quantifiers.
const DETERMINERS: &[&str] = &[
    "a",
    "an",
    "the",
    "one",
    "two",
    "three",
    "some",
    "many",
    "several",
    "most",
    "other",
    "others",
    "few",
    "all",
    "local",
    "jeden",
    "jedna",
    "jedno",
    "jeden",
    "niektórzy",
    "niektóre",
    "wielu",
    "wiele",
    "inni",
    "inne",
    "część",
    "kilku",
    "kilka",
    "liczni",
    "pewien",
    "pewna",
    "sami",
    "ci",
    "ten",
    "ta",
];

/// Is `t` a determiner or quantifier that may open a description?
pub(crate) fn determiner(t: &Tok) -> bool {
    static F: OnceLock<WordFilter> = OnceLock::new();
    let f = F.get_or_init(|| WordFilter::new(DETERMINERS.iter().copied()));
    t.word.len() <= 12 && f.may_contain(t.word) && with_lower(t.word, |l| DETERMINERS.contains(&l))
}

/// A described speaker standing after a Polish verb of saying, within the clause: a group noun in
/// the nominative (the verb's subject; "powiedział komisji" tells the committee) among the four
/// tokens from `from` ("– poinformowała policja", "– napisała spółka w komunikacie", "– przekazała w
/// komunikacie prokuratura"), with the name words of an institution after it. Its tokens (from the
/// noun on).
pub fn after_verb(toks: &[Tok], from: usize) -> Option<(usize, usize)> {
    for k in from..toks.len().min(from + 4) {
        if k > from && !toks[k - 1].trail.is_empty() {
            return None;
        }
        let nom = nominative(toks[k].word).is_some_and(|(_, n)| with_lower(toks[k].word, |l| l == n));
        if nom && group_at(toks, k).is_some() {
            // With an age before the noun ("mówi 58-letni mieszkaniec"); other words before it are
            // no part of the description ("poinformowała w czwartek policja", "mówi dziś mieszkaniec").
            let aged = k > from && (from..k).all(|i| is_age_adjective(toks[i].word));
            return description(toks, if aged { from } else { k }, toks.len(), false).map(|(_, a, b)| (a, b));
        }
    }
    None
}

/// The group noun at token `i` (one word, or two with no punctuation between): its group and the index
/// just past it.
pub fn group_at(toks: &[Tok], i: usize) -> Option<(Group, usize)> {
    let t = toks.get(i)?;
    if !may_be_group(t.word) {
        return None;
    }
    if let Some(n) = toks.get(i + 1).filter(|n| t.trail.is_empty() && n.lead.is_empty()) {
        if with_lower(t.word, |l| table().two_heads.contains(&l)) {
            let two = format!("{} {}", t.word, n.word);
            if let Some(g) = group_of(&two) {
                return Some((g, i + 2));
            }
        }
    }
    group_of(t.word).map(|g| (g, i + 1))
}

/// A description that starts at token `from` and ends right before token `end`, or stops earlier: an
/// optional determiner, at most two qualifying words (`Reddit`, `local`, `angry`), and a group noun;
/// an institution keeps the name or genitive right after it (`Ministerstwo Zdrowia`, `Academy of
/// Sciences`, `policja z Mazowsza` stops at the preposition). With `whole`, the description must fill
/// `from..end`. Its group and token range.
pub fn description(toks: &[Tok], from: usize, end: usize, whole: bool) -> Option<(Group, usize, usize)> {
    let end = end.min(toks.len());
    let mut i = from;
    if i < end && determiner(&toks[i]) && toks[i].trail.is_empty() {
        i += 1;
    }
    for _ in 0..3 {
        if i >= end {
            return None;
        }
        if let Some((g, mut j)) = group_at(&toks[..end], i) {
            // A possessive owns the noun after it ("the nurses' representative", "the company's
            // chief"): no description of the speaker.
            if toks[j - 1].is_possessive() {
                return None;
            }
            if g == Group::Institution {
                // "Ministry of Health", "Academy of Sciences", "Ministerstwo Zdrowia", "Kancelaria Premiera".
                loop {
                    if j >= end || !toks[j - 1].trail.is_empty() {
                        break;
                    }
                    let t = &toks[j];
                    if nameish(t) && t.lead.is_empty() {
                        j += 1;
                    } else if t.word == "of" && j + 1 < end && toks[j + 1].is_cap() && t.trail.is_empty() {
                        j += 2;
                    } else {
                        break;
                    }
                }
            }
            if whole && j != end {
                return None;
            }
            return Some((g, from, j));
        }
        // A qualifier: a word with no punctuation after it (a capitalised one only before the noun:
        // "One Reddit user", "Polish fans").
        let t = &toks[i];
        if !t.trail.is_empty() || !t.lead.is_empty() && i > from || t.word.is_empty() {
            return None;
        }
        i += 1;
    }
    None
}

/// An age written as an adjective: "34-year-old", "64-letni", "64-letniej".
pub fn is_age_adjective(w: &str) -> bool {
    let Some((num, rest)) = w.split_once('-') else { return false };
    (1..=3).contains(&num.len())
        && num.bytes().all(|b| b.is_ascii_digit())
        && (rest == "year-old" || rest.starts_with("letni"))
}

/// A Polish institution's name written out in the nominative from token `i` to the token before the
/// end returned: at most two capitalised adjectives, a capitalised institution noun in the nominative
/// (data/groups.txt), then the capitalised words that complement it, joined by "i" to another
/// capitalised word ("Komenda Powiatowa Państwowej Straży Pożarnej", "Ministerstwo Rolnictwa i Rozwoju
/// Wsi", "Wojewódzki Sąd Administracyjny"), and the place it serves after "w" or "we" ("w Lublinie",
/// "w Nowym Sączu"), which ends the name. A word followed by punctuation ends it too, and so does a
/// listed given name before a capitalised word (a person named after the institution). The noun must
/// have a capitalised word before or after it ("Sąd uznał" names no institution). None when no such
/// name starts at `i`.
pub fn institution_run(toks: &[Tok], i: usize) -> Option<(usize, usize)> {
    let joined = |k: usize| toks[k - 1].trail.is_empty() && toks[k].lead.is_empty();
    let cap = |k: usize| toks.get(k).is_some_and(|t| nameish(t) && t.lead.is_empty());
    let head = (i..(i + 3).min(toks.len())).find(|&h| {
        let t = &toks[h];
        t.is_cap()
            && nominative(t.word)
                .is_some_and(|(g, nom)| g == Group::Institution && with_lower(t.word, |l| l == nom))
    })?;
    if (i..head).any(|k| !toks[k].is_cap() || (k > i && !joined(k))) || head > i && !joined(head) {
        return None;
    }
    let person =
        |k: usize| super::resolve::is_listed_given_name_any_case(toks[k].word) && cap(k + 1) && joined(k + 1);
    let mut end = head + 1;
    while end < toks.len() && joined(end) {
        let w = toks[end].word;
        if cap(end) && !person(end) {
            end += 1;
        } else if w == "i" && cap(end + 1) && joined(end + 1) && !person(end + 1) {
            end += 2;
        } else if (w == "w" || w == "we") && cap(end + 1) && joined(end + 1) {
            // The place: its capitalised words, to the first punctuation.
            end += 2;
            while end < toks.len() && end < head + 12 && cap(end) && joined(end) {
                end += 1;
            }
            break;
        } else {
            break;
        }
    }
    (end - i >= 2).then_some((i, end))
}

/// The Polish institution's name written out ([`institution_run`]) that holds `span` on its line:
/// `span` is part of it ("Rozwoju Wsi" in "Ministerstwo Rolnictwa i Rozwoju Wsi poinformowało") or
/// opens it ("Prokuratura Okręgowa" before "w Lublinie"). Not after one of `prepositions`. Its span.
pub fn institution_around(text: &str, span: Span, prepositions: &[&str]) -> Option<Span> {
    let line_start = text[..span.start].rfind('\n').map_or(0, |i| i + 1);
    let mut from = span.start.saturating_sub(120).max(line_start);
    while !text.is_char_boundary(from) {
        from += 1;
    }
    // (Most names stand near no institution noun: the six words before the span and the first three of
    // it are looked up first, as the noun opens the name after two adjectives at most.)
    let head_noun = |t: &Tok| t.is_cap() && nominative(t.word).is_some_and(|(g, _)| g == Group::Institution);
    if !super::token::tokens_rev(text, Span::new(from, span.start)).take(6).any(|t| head_noun(&t))
        && !super::token::tokens(text, span).take(3).any(|t| head_noun(&t))
    {
        return None;
    }
    let line_end = text[span.end..].find('\n').map_or(text.len(), |i| span.end + i);
    let to = head(text, Span::new(span.end, line_end), 100).end;
    let toks = tokenize(text, Span::new(from, to));
    // (The first token may be cut when the window does not start the line.)
    let first = usize::from(from > line_start);
    let s = toks.iter().position(|t| t.span.start >= span.start)?;
    let e = toks.iter().rposition(|t| t.span.end <= span.end)?;
    let after_preposition = |a: usize| {
        a > 0 && toks[a - 1].trail.is_empty() && prepositions.iter().any(|p| lower_eq(toks[a - 1].word, p))
    };
    (first..=s).find_map(|a| {
        let (a, b) = institution_run(&toks, a)?;
        (b > e && !after_preposition(a)).then(|| Span::new(toks[a].span.start, toks[b - 1].span.end))
    })
}

/// Polish nouns that refer back to an institution named before (data/institution_refs.txt): each noun
/// and the nouns opening the names it may stand for, itself first.
fn refers() -> &'static FxMap<&'static str, Vec<&'static str>> {
    static M: OnceLock<FxMap<&'static str, Vec<&'static str>>> = OnceLock::new();
    M.get_or_init(|| {
        let rows = crate::data::entries(include_str!("data/institution_refs.txt"));
        rows.filter_map(|line| {
            let noun = line.split('\t').next()?;
            Some((noun, line.split('\t').collect()))
        })
        .collect()
    })
}

/// The institution a Polish institution noun standing alone at `noun` refers back to ("Resort
/// zapewnia" after "Ministerstwo Rozwoju odniosło się …", "spółka podkreśla" after "Spółka Metalex
/// przekazała"): the last name written out ([`institution_run`]) in the 3,000 bytes before `noun`
/// that opens with the same noun or with one data/institution_refs.txt lists for it. Its span.
pub fn institution_named_before(text: &str, noun: Span) -> Option<Span> {
    let toks = tokenize(text, noun);
    let [t] = toks.as_slice() else { return None };
    let (group, nom) = nominative(t.word)?;
    if group != Group::Institution || !with_lower(t.word, |l| l == nom) {
        return None;
    }
    let own = [nom];
    let heads = refers().get(nom).map_or(&own[..], Vec::as_slice);
    let mut from = noun.start.saturating_sub(3000);
    while !text.is_char_boundary(from) {
        from += 1;
    }
    let before = tokenize(text, Span::new(from, noun.start));
    // (The first token may be cut when the window does not start the text.)
    let first = usize::from(from > 0);
    let (a, b) = (first..before.len()).rev().find_map(|k| {
        let w = before[k].word;
        if !before[k].is_cap() || !heads.iter().any(|h| with_lower(w, |l| l == *h)) {
            return None;
        }
        // (at most two adjectives before the noun: "Miejski Zakład Komunikacji")
        (k.saturating_sub(2).max(first)..=k).find_map(|a| institution_run(&before, a).filter(|&(_, b)| b > k))
    })?;
    Some(Span::new(before[a].span.start, before[b - 1].span.end))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The span of the token range `a..b`.
    fn span_of(toks: &[Tok], a: usize, b: usize) -> Span {
        Span::new(toks[a].span.start, toks[b - 1].span.end)
    }

    #[test]
    fn an_institution_in_an_oblique_case_gets_its_nominative() {
        for (written, want) in [
            ("Ministerstwa Spraw Zagranicznych", Some("Ministerstwo Spraw Zagranicznych")),
            ("Głównego Inspektoratu Sanitarnego", Some("Główny Inspektorat Sanitarny")),
            ("Kancelarii Prezesa Rady Ministrów", Some("Kancelaria Prezesa Rady Ministrów")),
            ("Sądu Najwyższego", Some("Sąd Najwyższy")),
            ("Polskiej Akademii Nauk", Some("Polska Akademia Nauk")),
            ("Ostatniej Komisji Wyborczej", Some("Ostatnia Komisja Wyborcza")),
            // A noun in small letters opening the phrase keeps its case.
            ("agencji Reutera", Some("agencja Reutera")),
            ("ministerstwa zdrowia", Some("ministerstwo zdrowia")),
            // Already the nominative, or no institution: nothing to do.
            ("Ministerstwo Zdrowia", None),
            ("Jana Kowalskiego", None),
            ("rzecznika policji", None),
            ("Ministerstwa", None),
        ] {
            assert_eq!(institution_nominative(written).as_deref(), want, "{written}");
        }
    }

    fn desc(t: &str) -> Option<(Group, String)> {
        let toks = tokenize(t, Span::new(0, t.len()));
        description(&toks, 0, toks.len(), false)
            .map(|(g, a, b)| (g, span_of(&toks, a, b).text(t).to_string()))
    }

    #[test]
    fn institution_names_run_to_their_place() {
        let run = |t: &str| {
            let toks = tokenize(t, Span::new(0, t.len()));
            institution_run(&toks, 0).map(|(a, b)| span_of(&toks, a, b).text(t).to_string())
        };
        for (t, want) in [
            ("Sąd Okręgowy w Nowym Sączu uznał", Some("Sąd Okręgowy w Nowym Sączu")),
            ("Wojewódzki Sąd Administracyjny orzekł", Some("Wojewódzki Sąd Administracyjny")),
            ("Ministerstwo Rolnictwa i Rozwoju Wsi, jak", Some("Ministerstwo Rolnictwa i Rozwoju Wsi")),
            ("Biblioteka w Sanoku napisała", Some("Biblioteka w Sanoku")),
            // A person named after the institution is no part of it; a bare noun is no name.
            ("Komenda Policji Anna Lis", Some("Komenda Policji")),
            ("Sąd uznał", None),
            ("Rząd Donalda Tuska", None),
            // Not in the nominative, or no institution noun.
            ("Sądu Okręgowego w Krakowie", None),
            ("Jan Kowalski w Krakowie", None),
        ] {
            assert_eq!(run(t).as_deref(), want, "{t}");
        }
    }

    #[test]
    fn descriptions() {
        assert_eq!(desc("One Reddit user wrote"), Some((Group::People, "One Reddit user".into())));
        assert_eq!(desc("Many angry fans said"), Some((Group::People, "Many angry fans".into())));
        assert_eq!(desc("Internauci piszą"), Some((Group::People, "Internauci".into())));
        assert_eq!(
            desc("The Ministry of Health said"),
            Some((Group::Institution, "The Ministry of Health".into()))
        );
        assert_eq!(
            desc("Ministerstwo Zdrowia podało"),
            Some((Group::Institution, "Ministerstwo Zdrowia".into()))
        );
        assert_eq!(desc("policja z Mazowsza"), Some((Group::Institution, "policja".into())));
        assert_eq!(desc("The backlash spilled over"), None);
        assert_eq!(desc("Harris said"), None);
    }
}
