//! Polish inflected forms of a name: the nominatives a form may have (Harrisa → Harris,
//! Kowalskiego → Kowalski, Lee'ego → Lee), the one another mention in the text shows, and the
//! genitive's most likely nominative when no mention shows one (według Harrisa, zdaniem Kowalskiej).

use super::{is_word_char, word_at, NameBook};

/// Candidate nominatives of an inflected Polish name form, most specific rule first, each as the length
/// of the prefix of `w` it keeps and the ending it adds.
pub(super) fn pl_candidate_parts(w: &str) -> impl Iterator<Item = (usize, &'static str)> + '_ {
    // English names inflected with an apostrophe: Lee'ego, Charlie'mu.
    let apostrophe = w.find(['\'', '’']).filter(|&i| i > 0).map(|i| (i, ""));
    let last = w.as_bytes().last().copied();
    apostrophe.into_iter().chain(PL_RULES.iter().filter_map(move |&(suf, rep)| {
        // The last byte first: most endings fail there.
        if suf.as_bytes().last().copied() != last {
            return None;
        }
        let stem = w.strip_suffix(suf)?;
        // Endings that leave the bare stem need a consonant before them (Harrisa → Harris, but
        // Kasia is no form of "Kasi").
        let bare_ok = !rep.is_empty() || stem.chars().last().is_some_and(|c| !"aeiouyąęó".contains(c));
        (stem.chars().count() >= 2 && bare_ok).then_some((stem.len(), rep))
    }))
}

/// Candidate nominatives of an inflected Polish name form, most specific rule first.
#[cfg(test)]
pub(super) fn pl_candidates(w: &str) -> Vec<String> {
    pl_candidate_parts(w).map(|(k, rep)| format!("{}{rep}", &w[..k])).collect()
}

/// Is `target` one of the candidate nominatives of `w` (`pl_candidates`, built by the tests)? The same
/// test, without building the candidates.
pub(super) fn is_pl_candidate(w: &str, target: &str) -> bool {
    if let Some(i) = w.find(['\'', '’']) {
        if i > 0 && &w[..i] == target {
            return true;
        }
    }
    PL_RULES.iter().any(|(suf, rep)| {
        w.strip_suffix(suf).is_some_and(|stem| {
            target.len() == stem.len() + rep.len()
                && target.starts_with(stem)
                && target.ends_with(rep)
                && (!rep.is_empty() || stem.chars().last().is_some_and(|c| !"aeiouyąęó".contains(c)))
                && stem.chars().count() >= 2
        })
    })
}

/// Polish case endings and the nominative ending that replaces each, most specific first.
const PL_RULES: &[(&str, &str)] = &[
    ("skiego", "ski"),
    ("ckiego", "cki"),
    ("dzkiego", "dzki"),
    ("skiemu", "ski"),
    ("ckiemu", "cki"),
    ("skim", "ski"),
    ("ckim", "cki"),
    ("skiej", "ska"),
    ("ckiej", "cka"),
    ("ską", "ska"),
    ("cką", "cka"),
    ("iego", "i"),
    ("ego", "y"),
    ("owi", ""),
    // The instrumental after k and g: Nowakiem → Nowak, Bergiem → Berg.
    ("kiem", "k"),
    ("giem", "g"),
    ("em", ""),
    ("ie", ""),
    ("rze", "r"),
    ("a", ""),
    ("u", ""),
    ("y", "a"),
    ("i", "a"),
    ("ą", "a"),
    ("ę", "a"),
    ("ie", "a"),
    ("ii", "ia"),
    // A mobile e, dropped in every case but the nominative (Jacka → Jacek, Pawła → Paweł): only where
    // the document also writes the nominative.
    ("ka", "ek"),
    ("ła", "eł"),
    // A soft consonant written with i before a vowel (Kmiecia → Kmieć, Kusia → Kuś, Koniem → Koń):
    // only where the document also writes the nominative.
    ("cia", "ć"),
    ("sia", "ś"),
    ("zia", "ź"),
    ("nia", "ń"),
    ("ciem", "ć"),
    ("siem", "ś"),
    ("niem", "ń"),
    ("ciowi", "ć"),
    ("siowi", "ś"),
    ("niowi", "ń"),
];

/// The nominative an instrumental form most likely has, with no other mention to go by (z Joanną
/// Nowicką, z Markiem Lisem): a given name by the first-name list, a surname by its ending.
pub(crate) fn pl_instrumental_guess(w: &str) -> String {
    // A given name of the list: the stem with the mobile e (Markiem → Marek, Pawłem → Paweł; before
    // the bare stem, which may be a foreign name: Mark), else the bare stem (Adamem → Adam). Names in
    // -a go by the endings below (Joanną → Joanna).
    let given = |c: &str| crate::quote::resolve::is_given_name(c) && c.chars().count() >= 3;
    for suf in ["iem", "em"] {
        if let Some(stem) = w.strip_suffix(suf) {
            if let Some(last) = stem.chars().last() {
                let with_e = format!("{}e{last}", &stem[..stem.len() - last.len_utf8()]);
                if given(&with_e) {
                    return with_e;
                }
            }
            if given(stem) {
                return stem.to_string();
            }
        }
    }
    // Surnames and names in -a by their endings, most specific first.
    const RULES: &[(&str, &str)] = &[
        ("skim", "ski"),
        ("ckim", "cki"),
        ("dzkim", "dzki"),
        ("ską", "ska"),
        ("cką", "cka"),
        ("dzką", "dzka"),
        ("ym", "y"),
        ("ą", "a"),
        ("kiem", "k"),
        ("giem", "g"),
        ("em", ""),
    ];
    for (suf, rep) in RULES {
        if let Some(stem) = w.strip_suffix(suf) {
            if stem.chars().count() >= 2 {
                if *rep == "k" && mobile_e_before_k(stem) {
                    return format!("{stem}ek");
                }
                return format!("{stem}{rep}");
            }
        }
    }
    w.to_string()
}

/// Whether a name stem before a final k lost an e in its inflected forms: a k after one of these
/// consonants does not end a Polish nominative (Gackiem, Gacka → Gacek; Siudkiem → Siudek;
/// Michałkiem → Michałek), while Wilk, Kozak or a foreign Clark keep theirs.
fn mobile_e_before_k(stem: &str) -> bool {
    stem.chars().count() >= 2 && stem.ends_with(['c', 'd', 't', 'ł', 'b', 'p'])
}

/// The nominative a genitive form most likely has, with no other mention to go by (według Harrisa,
/// zdaniem Kowalskiego, według Kowalskiej).
pub(crate) fn pl_genitive_guess(w: &str) -> Option<String> {
    for (suf, rep) in [
        ("skiego", "ski"),
        ("ckiego", "cki"),
        ("dzkiego", "dzki"),
        ("skiej", "ska"),
        ("ckiej", "cka"),
        ("dzkiej", "dzka"),
        // Antoniego → Antoni, Jerzego → Jerzy
        ("iego", "i"),
        ("ego", "y"),
        // Marii → Maria
        ("ii", "ia"),
        // Kasi → Kasia, Zosi → Zosia
        ("si", "sia"),
        ("ci", "cia"),
        ("ni", "nia"),
        ("zi", "zia"),
        // Olgi → Olga, Moniki → Monika, Angeli → Angela
        ("gi", "ga"),
        ("ki", "ka"),
        ("li", "la"),
    ] {
        if let Some(stem) = w.strip_suffix(suf) {
            if stem.chars().count() >= 2 {
                // A foreign name in -e takes -ego too (Rutte → Ruttego, Goethe → Goethego): a stem
                // Polish spelling would not end in (a doubled consonant, th, tz, sch) keeps its -e.
                if suf == "ego" && foreign_stem(stem) {
                    return Some(format!("{stem}e"));
                }
                return Some(format!("{stem}{rep}"));
            }
        }
    }
    let consonant_stem = |suffix: char| {
        let stem = w.strip_suffix(suffix)?;
        let last = stem.chars().last()?;
        (!"aeiouyąęó".contains(last) && stem.chars().count() >= 2).then_some(stem)
    };
    // Harrisa → Harris, Butlera → Butler: a consonant before the ending.
    if let Some(stem) = consonant_stem('a') {
        // Gacka → Gacek; but a given name without the e stays (Jacka → Jack: the text's nominative,
        // when it has one, settles Jacek).
        let given = crate::quote::resolve::is_given_name(stem);
        if let Some(before_k) = stem.strip_suffix('k').filter(|b| !given && mobile_e_before_k(b)) {
            return Some(format!("{before_k}ek"));
        }
        return Some(stem.to_string());
    }
    // A foreign name in a vowel and y (Polish spells that sound with j): Carneya → Carney, Murraya →
    // Murray.
    if let Some(stem) =
        w.strip_suffix("ya").filter(|s| s.ends_with(['a', 'e', 'o', 'u']) && s.chars().count() >= 3)
    {
        return Some(format!("{stem}y"));
    }
    // Feminine and masculine names in -a: Beaty → Beata, Dudy → Duda.
    consonant_stem('y').map(|stem| format!("{stem}a"))
}

/// Whether a name's stem ends as Polish spelling never does: a doubled consonant (Rutt-), or th, tz,
/// sch (Goeth-, Nietzsch-).
fn foreign_stem(stem: &str) -> bool {
    let b = stem.as_bytes();
    let last = b.last().copied().unwrap_or(b'a');
    let doubled =
        b.len() >= 2 && last.is_ascii_alphabetic() && last == b[b.len() - 2] && !b"aeiouy".contains(&last);
    doubled || stem.ends_with("th") || stem.ends_with("tz") || stem.ends_with("sch")
}

/// The nominative of a man's first name whose declined form ended in -a after a consonant (Marka,
/// Jacka, Pawła, Leszka, Lorenza), given the stem that form leaves (`stem`: Mark, Jack, Pawł, Leszk,
/// Lorenz). The given-name list (data/first_names.txt) chooses among the stem itself, the stem with
/// the fleeting e of Polish names before a final k or ł (Marek, Jacek, Paweł, Leszek) and the stem
/// with -o (Lorenzo, Marco). Where the stem and the fleeting-e form are both names (Mark and Marek,
/// Jack and Jacek) the surname decides (`polish`): the Polish name, unless the surname is spelt as
/// Polish never is ([`foreign_surname`]: Marka Zuckerberga → Mark); a surname of neither shape
/// (Jacka Sasina) takes the Polish name, which is the common one in Polish news. None when the list
/// knows no candidate.
pub(super) fn first_name_nominative(stem: &str, polish: bool) -> Option<String> {
    use crate::quote::resolve::is_listed_male_name as listed;
    let fleeting = stem
        .char_indices()
        .last()
        .filter(|&(i, c)| {
            (c == 'k' || c == 'ł') && stem[..i].chars().last().is_some_and(|p| !"aeiouyąęó".contains(p))
        })
        .map(|(i, c)| format!("{}e{c}", &stem[..i]));
    let plain = listed(stem);
    match fleeting {
        Some(f) if listed(&f) && (!plain || polish) => return Some(f),
        _ => {}
    }
    if plain {
        return Some(stem.to_string());
    }
    let o = format!("{stem}o");
    listed(&o).then_some(o)
}

/// Whether a surname (in the nominative) is spelt as Polish words never are, so the person is
/// foreign: two letters or fewer (Ma, Li), q, v or x, a digraph of other languages (ck, th, sh, ph, gh,
/// pf, ee, oo, ea, ou, ay, ey, oy), a doubled consonant (Rutte, Hamill), an h before a consonant not
/// in Polish ch (Wahlberg), or the ending -son (Nicholson).
pub(super) fn foreign_surname(s: &str) -> bool {
    let b: Vec<u8> = s.bytes().map(|x| x.to_ascii_lowercase()).collect();
    let consonant = |x: u8| x.is_ascii_lowercase() && !b"aeiouy".contains(&x);
    let digraph = |x: u8, y: u8| {
        matches!(
            (x, y),
            (b'c', b'k')
                | (b't' | b's' | b'p' | b'g', b'h')
                | (b'p', b'f')
                | (b'e', b'e' | b'a' | b'y')
                | (b'o', b'o' | b'u' | b'y')
                | (b'a', b'y')
        )
    };
    s.chars().filter(|c| c.is_alphabetic()).count() <= 2
        || b.iter().any(|x| matches!(x, b'q' | b'v' | b'x'))
        || b.windows(2).any(|w| digraph(w[0], w[1]) || w[0] == w[1] && consonant(w[0]))
        || b.windows(3).any(|w| w[1] == b'h' && w[0] != b'c' && consonant(w[2]))
        || b.ends_with(b"son")
}

/// Whether a surname (in the nominative) is Polish by its shape: a Polish letter, or an ending of
/// Polish surnames (-ski, -cki, -dzki and their feminines, -wicz, -czyk, -ak, -ek, -uk).
pub(super) fn polish_surname(s: &str) -> bool {
    s.chars().any(|c| "ąćęłńóśźżĄĆĘŁŃÓŚŹŻ".contains(c))
        || ["ski", "cki", "dzki", "ska", "cka", "dzka", "wicz", "czyk", "ak", "ek", "uk"]
            .iter()
            .any(|e| s.ends_with(e))
}

/// A first name written in the same case as its surname, in the nominative. The surname as written
/// (`written`) and its nominative show the case: the genitive of "Donalda Trumpa" (Trump), "Anny
/// Kowalskiej" (Kowalska), or the -em and -owi of "Tomaszem Nowakiem" and "Donaldowi Trumpowi". A
/// first name with no such ending stays as written (Joe Bidena: Joe). None where the nominative cannot
/// be told: before -kiem and -giem it may have a fleeting e (Markiem: Marek) or not (Frankiem: Frank).
pub(super) fn first_name_like(first: &str, written: &str, nominative: &str) -> Option<String> {
    let keep = || Some(first.to_string());
    if written == nominative {
        return keep();
    }
    // A genitive (or accusative) in -a, the guess or a form the nominative explains (Kmiecia of
    // Kmieć, Gacka of Gacek).
    if pl_genitive_guess(written).as_deref() == Some(nominative)
        || written.ends_with('a') && !nominative.ends_with('a') && is_pl_candidate(written, nominative)
    {
        return pl_genitive_guess(first).or_else(keep);
    }
    let Some(ending) = written.strip_prefix(nominative).filter(|e| matches!(*e, "em" | "iem" | "owi")) else {
        return keep();
    };
    if ending != "owi" && first.ends_with("iem") {
        return None;
    }
    let ending = if ending == "owi" { "owi" } else { "em" };
    match first.strip_suffix(ending) {
        Some(stem)
            if stem.chars().count() >= 3 && stem.chars().last().is_some_and(|c| !"aeiouyąęó".contains(c)) =>
        {
            Some(stem.to_string())
        }
        _ => keep(),
    }
}

impl NameBook<'_> {
    /// The first of the candidate nominatives of `w` ([`pl_candidates`], other than `w`) that occurs in
    /// the text as a whole word. The same answer, cache entries and search budget as asking
    /// [`NameBook::word_occurs`] of each candidate in turn, but every candidate not cached yet is
    /// answered from one search of the text for the shortest of their stems (a prefix of them all).
    pub(super) fn known_pl_candidate(&mut self, w: &str) -> Option<String> {
        let mut parts = [(0usize, ""); PL_RULES.len() + 1];
        let mut n = 0;
        for p in pl_candidate_parts(w) {
            parts[n] = p;
            n += 1;
        }
        let shortest = parts[..n].iter().map(|&(k, _)| k).min()?;
        let text = self.text;
        // Every occurrence of the shortest stem, overlapping ones too (a superset of every candidate's
        // occurrences); searched on the first candidate that needs it.
        let mut starts: Option<Vec<usize>> = None;
        let mut c = String::with_capacity(w.len() + 4);
        for &(k, rep) in &parts[..n] {
            c.clear();
            c.push_str(&w[..k]);
            c.push_str(rep);
            if c == w || c.is_empty() {
                continue;
            }
            let found = match self.occurs.get(c.as_str()) {
                Some(&b) => b,
                None => {
                    let b = self.budget() && {
                        let starts = starts.get_or_insert_with(|| {
                            let stem = memchr::memmem::Finder::new(&w.as_bytes()[..shortest]);
                            let mut out = Vec::new();
                            let mut from = 0;
                            while let Some(j) = stem.find(&text.as_bytes()[from..]) {
                                out.push(from + j);
                                from += j + 1;
                            }
                            out
                        });
                        // The candidate's occurrences as `memmem::find_iter` reports them (leftmost first,
                        // not overlapping), each tested for a whole word as word_occurs does.
                        let mut free_from = 0;
                        starts.iter().any(|&i| {
                            if i < free_from || !text.as_bytes()[i..].starts_with(c.as_bytes()) {
                                return false;
                            }
                            free_from = i + c.len();
                            !is_word_char(text[..i].chars().next_back()) && word_at(text, i, &c)
                        })
                    };
                    self.occurs.insert(c.clone(), b);
                    b
                }
            };
            if found {
                return Some(c);
            }
        }
        None
    }
}
