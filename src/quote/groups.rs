//! Speakers the text does not name but describes: people by what they are (`one Reddit user`, `many
//! fans`, `internauci`, `mieszkańcy`) and institutions that issue statements (`policja informuje`,
//! `the ministry said`, `The Royal Academy of Music announced`). Such a subject is the speaker as
//! written (data/groups.txt).

use std::sync::OnceLock;

use super::fast::{with_lower, WordFilter};
use super::name_shape::nameish;
use super::token::Tok;
use crate::lexicon::fxhash::FxMap;

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
fn determiner(t: &Tok) -> bool {
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
            let aged = k > from && (from..k).all(|i| crate::quote::speaker::is_age_adjective(toks[i].word));
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The span of the token range `a..b`.
    fn span_of(toks: &[Tok], a: usize, b: usize) -> Span {
        Span::new(toks[a].span.start, toks[b - 1].span.end)
    }
    use crate::model::Span;
    use crate::quote::speaker::tokenize;

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
