//! Role nouns: a speaker named by the post they hold ("powiedział premier", "said the prime
//! minister", "szef rządu zaznaczył"), from data/roles.txt. Words of one group name the same post.

use std::sync::OnceLock;

use super::fast::{with_lower, WordFilter};
use super::token::Tok;
use crate::lexicon::fxhash::FxMap;

struct Table {
    /// Phrase (lower case, words joined by one space) → group.
    phrases: FxMap<&'static str, &'static str>,
    /// First word of a phrase → the most words any phrase starting with it has.
    heads: FxMap<&'static str, usize>,
    /// Pre-test for `heads` (any case: the filter's key is the same for both cases of an ASCII letter,
    /// and the upper-case forms are added for the others).
    head_filter: WordFilter,
}

fn table() -> &'static Table {
    static T: OnceLock<Table> = OnceLock::new();
    T.get_or_init(|| {
        let mut phrases = FxMap::default();
        let mut heads: FxMap<&'static str, usize> = FxMap::default();
        for line in crate::data::entries(include_str!("data/roles.txt")) {
            let Some((group, phrase)) = line.split_once('\t') else { continue };
            let phrase = phrase.trim();
            let Some(head) = phrase.split(' ').next() else { continue };
            phrases.insert(phrase, group.trim());
            let n = phrase.split(' ').count();
            let e = heads.entry(head).or_insert(0);
            *e = (*e).max(n);
        }
        let head_filter = WordFilter::any_case(heads.keys().copied());
        Table { phrases, heads, head_filter }
    })
}

/// A search key for the head words of a group's role phrases: the word without its first letter
/// (`first`, lower case, to be matched in any case before it), or a short word whole in one case
/// (`first` empty). `finder` searches for the rest of the word.
#[derive(Debug, Clone)]
pub struct SearchKey {
    pub first: String,
    pub finder: memchr::memmem::Finder<'static>,
}

/// The search keys of the head words of `group`'s role phrases (built once): a key whose text starts
/// with another key's (with the same first letter) is left out, the shorter one finds it too
/// (`rezydent` finds prezydent, prezydenta, prezydentka).
pub fn search_keys(group: &str) -> &'static [SearchKey] {
    static K: OnceLock<FxMap<&'static str, Vec<SearchKey>>> = OnceLock::new();
    let map = K.get_or_init(|| {
        let mut raw: FxMap<&'static str, Vec<(String, String)>> = FxMap::default();
        for (phrase, g) in &table().phrases {
            let head = phrase.split(' ').next().unwrap_or(phrase);
            let mut chars = head.chars();
            let first = chars.next().map(String::from).unwrap_or_default();
            let v = raw.entry(g).or_default();
            if head.chars().count() >= 4 {
                v.push((first, chars.collect()));
            } else {
                let cap: String = head
                    .chars()
                    .next()
                    .map_or(String::new(), |c| c.to_uppercase().chain(head.chars().skip(1)).collect());
                for w in [head.to_string(), head.to_uppercase(), cap] {
                    v.push((String::new(), w));
                }
            }
        }
        raw.into_iter()
            .map(|(g, mut v)| {
                v.sort_by(|a, b| a.1.len().cmp(&b.1.len()).then_with(|| a.cmp(b)));
                let mut kept: Vec<(String, String)> = Vec::new();
                for k in v {
                    if !kept.iter().any(|x| x.0 == k.0 && k.1.starts_with(&x.1)) {
                        kept.push(k);
                    }
                }
                let keys = kept
                    .into_iter()
                    .map(|(first, skip)| {
                        let finder = memchr::memmem::Finder::new(skip.as_bytes()).into_owned();
                        SearchKey { first, finder }
                    })
                    .collect();
                (g, keys)
            })
            .collect()
    });
    map.get(group).map_or(&[], Vec::as_slice)
}

/// Country keys and the words naming them (data/countries.txt): exact forms and stems.
struct Countries {
    forms: FxMap<&'static str, &'static str>,
    stems: Vec<(&'static str, &'static str)>,
    /// Pre-test for `forms`.
    filter: WordFilter,
    /// The stems starting with each byte: a range of `stems` (sorted by first byte, in list order
    /// otherwise).
    stem_ranges: [(u16, u16); 256],
}

fn countries() -> &'static Countries {
    static C: OnceLock<Countries> = OnceLock::new();
    C.get_or_init(|| {
        let mut forms = FxMap::default();
        let mut stems = Vec::new();
        for line in crate::data::entries(include_str!("data/countries.txt")) {
            let Some((key, list)) = line.split_once('\t') else { continue };
            for f in list.split_whitespace() {
                match f.strip_suffix('-') {
                    Some(stem) => stems.push((stem, key)),
                    None => {
                        forms.insert(f, key);
                    }
                }
            }
        }
        let filter = WordFilter::any_case(forms.keys().copied());
        // A stable sort: stems of one first byte keep their order in the list.
        stems.sort_by_key(|(s, _)| s.as_bytes()[0]);
        let mut stem_ranges = [(0u16, 0u16); 256];
        for (k, (s, _)) in stems.iter().enumerate() {
            let r = &mut stem_ranges[usize::from(s.as_bytes()[0])];
            if r.0 == r.1 {
                r.0 = k as u16;
            }
            r.1 = k as u16 + 1;
        }
        Countries { forms, stems, filter, stem_ranges }
    })
}

/// The country a qualifier word names (any case): `US`, `Russian`, `Rosji`, `amerykański` → its key.
pub fn country_of(w: &str) -> Option<&'static str> {
    if w.len() < 2 || w.len() > 40 {
        return None;
    }
    let c = countries();
    let b0 = w.as_bytes()[0];
    // Stems start with a lower-case ASCII letter; the word may be capitalised.
    let stems_of = |b: u8| {
        let (from, to) = c.stem_ranges[usize::from(b)];
        &c.stems[usize::from(from)..usize::from(to)]
    };
    let stem_possible = !stems_of(b0.to_ascii_lowercase()).is_empty();
    if !stem_possible && !c.filter.may_contain(w) {
        return None;
    }
    with_lower(w, |l| {
        c.forms
            .get(l)
            .copied()
            .or_else(|| stems_of(l.as_bytes()[0]).iter().find(|(s, _)| l.starts_with(s)).map(|&(_, k)| k))
    })
}

/// The group of a one-word role (any case): `premier`, `Prezydent`, `CEO`.
pub fn role_of(w: &str) -> Option<&'static str> {
    if w.is_empty() || w.len() > 24 {
        return None;
    }
    let t = table();
    with_lower(w, |l| t.phrases.get(l).copied())
}

/// Whether the Polish one-word role `w` is written in the genitive, so that a name in apposition
/// after it is too ("według radnego Piotra Gila", "według prezydenta Jana Lisa"): an adjectival form
/// in -ego or -ej, or a form in -a whose stem is the same role ("premiera", not "szefowa").
pub fn genitive_role(w: &str) -> bool {
    let Some(group) = role_of(w) else { return false };
    with_lower(w, |l| {
        l.ends_with("ego")
            || l.ends_with("ej")
            || l.strip_suffix('a').is_some_and(|stem| role_of(stem) == Some(group))
    })
}

/// The longest role phrase starting at token `i` of `toks`, with no punctuation inside it: its group
/// and the token index just past it.
pub fn role_at(toks: &[Tok], i: usize) -> Option<(&'static str, usize)> {
    let t = table();
    let head = toks.get(i)?;
    if !t.head_filter.may_contain(head.word) {
        return None;
    }
    let max = with_lower(head.word, |l| t.heads.get(l).copied())?;
    let mut phrase = String::with_capacity(48);
    with_lower(head.word, |l| phrase.push_str(l));
    let mut best = t.phrases.get(phrase.as_str()).map(|g| (*g, i + 1));
    // One adjective in the genitive may stand inside the phrase: "szef polskiego rządu" is "szef
    // rządu" (the adjective is read as a country, if it names one, by [`country_in`]).
    let mut skipped = 0;
    let mut k = 1;
    while k < max + skipped {
        let Some(n) = toks.get(i + k) else { break };
        if !toks[i + k - 1].trail.is_empty() || !n.lead.is_empty() {
            break;
        }
        if skipped == 0 && n.trail.is_empty() && crate::quote::groups::genitive_adjective(n.word) {
            let len = phrase.len();
            if let Some(m) = toks.get(i + k + 1).filter(|m| m.lead.is_empty()) {
                phrase.push(' ');
                with_lower(m.word, |l| phrase.push_str(l));
                if let Some(g) = t.phrases.get(phrase.as_str()) {
                    best = Some((*g, i + k + 2));
                    skipped = 1;
                    k += 2;
                    continue;
                }
            }
            phrase.truncate(len);
        }
        phrase.push(' ');
        with_lower(n.word, |l| phrase.push_str(l));
        if let Some(g) = t.phrases.get(phrase.as_str()) {
            best = Some((*g, i + k + 1));
        }
        k += 1;
    }
    best.map(|(g, e)| city_president(toks, i, g, e))
}

/// A Polish president of a city before the holder's full name ("prezydent Krakowa Anna Lis",
/// "prezydentka Brzozowic Ewa Dobosz") is its mayor: the role word alone, followed with no
/// punctuation by a capitalised word that is neither a country ("prezydent Francji Jan Roy"), an
/// acronym ("prezydent USA") nor a listed given name ("prezydent Andrzej Duda"), then by a listed
/// given name. A surname right after the role is no city ("prezydent Nawrocki ocenił"). The city
/// is then part of the role phrase, which ends before the name. Any other role keeps its `group` and
/// its `end`.
fn city_president(toks: &[Tok], i: usize, group: &'static str, end: usize) -> (&'static str, usize) {
    const POLISH: &[&str] = &["prezydent", "prezydentka", "wiceprezydent", "wiceprezydentka"];
    let polish = with_lower(toks[i].word, |l| POLISH.contains(&l));
    if group != "president" || end != i + 1 || !toks[i].trail.is_empty() || !polish {
        return (group, end);
    }
    let city = toks.get(end).is_some_and(|n| {
        n.lead.is_empty()
            && n.is_cap()
            && country_of(n.word).is_none()
            && !super::name_shape::is_acronym(n.word)
            && !crate::quote::resolve::is_listed_given_name_any_case(n.word)
            && n.trail.is_empty()
    }) && toks.get(end + 1).is_some_and(|g| {
        g.lead.is_empty() && g.is_cap() && crate::quote::resolve::is_listed_given_name_any_case(g.word)
    });
    if city {
        ("mayor", end + 1)
    } else {
        (group, end)
    }
}

/// The country a role phrase as written names (`the US president`, `prezydent Rosji`), if any.
pub fn country_in(text: &str, span: crate::model::Span) -> Option<&'static str> {
    super::token::words(text, span).find_map(|t| country_of(t.word))
}

/// Is the name run `toks` a role with at most acronym qualifiers (`Szef OpenAI`, `Prezydent USA`,
/// `Premier`) rather than a person's name? Its group, if so.
pub fn role_name(toks: &[Tok]) -> Option<&'static str> {
    let (group, end) = role_at(toks, 0)?;
    toks[end..].iter().all(|t| super::name_shape::is_acronym(t.word)).then_some(group)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Span;
    use crate::quote::speaker::tokenize;

    /// [`country_of`] with its stems read in list order, one by one (as written in the list).
    fn country_of_plain(w: &str) -> Option<&'static str> {
        if w.len() < 2 || w.len() > 40 {
            return None;
        }
        let mut stems = Vec::new();
        for line in crate::data::entries(include_str!("data/countries.txt")) {
            let Some((key, list)) = line.split_once('\t') else { continue };
            stems.extend(list.split_whitespace().filter_map(|f| Some((f.strip_suffix('-')?, key))));
        }
        let c = countries();
        let stem_possible =
            stems.iter().any(|(s, _)| s.as_bytes()[0] == w.as_bytes()[0].to_ascii_lowercase());
        if !stem_possible && !c.filter.may_contain(w) {
            return None;
        }
        let l = w.to_lowercase();
        c.forms.get(l.as_str()).copied().or_else(|| {
            let b0 = l.as_bytes()[0];
            stems.iter().find(|(s, _)| s.as_bytes()[0] == b0 && l.starts_with(s)).map(|&(_, k)| k)
        })
    }

    #[test]
    fn country_lookup_matches_the_list() {
        let mut words: Vec<String> = Vec::new();
        for line in crate::data::entries(include_str!("data/countries.txt")) {
            let Some((_, list)) = line.split_once('\t') else { continue };
            for f in list.split_whitespace() {
                let f = f.trim_end_matches('-');
                let mut cap = f.chars();
                let first: String = cap.next().map(|c| c.to_uppercase().collect()).unwrap_or_default();
                words.extend([f.to_string(), f.to_uppercase(), format!("{first}{}", cap.as_str())]);
                words.extend([format!("{f}iego"), format!("{f}a"), f.chars().skip(1).collect()]);
            }
        }
        words.extend(["", "x", "Premier", "rosyjskiego", "Amerykańska", "Świat", "ŁÓDŹ"].map(String::from));
        for w in &words {
            assert_eq!(country_of(w), country_of_plain(w), "{w:?}");
        }
    }

    #[test]
    fn roles_and_their_groups() {
        assert_eq!(role_of("premier"), Some("premier"));
        assert_eq!(role_of("Prezydent"), Some("president"));
        assert_eq!(role_of("Kowalski"), None);
        let t = "szef rządu dodał, a the Prime Minister said";
        let toks = tokenize(t, Span::new(0, t.len()));
        assert_eq!(role_at(&toks, 0), Some(("premier", 2)));
        assert_eq!(role_at(&toks, 5), Some(("premier", 7)));
        assert_eq!(role_at(&toks, 2), None);
    }
}
