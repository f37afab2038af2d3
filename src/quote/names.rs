//! Speaker names: the canonical form of a name as written. Polish inflected forms go back to the
//! nominative when another mention in the text (or, after "według"/"zdaniem", a suffix rule) shows it;
//! a lone surname becomes the full name introduced earlier ("Amy B. Harris" … "Harris").

mod mentions;
mod polish;
#[cfg(test)]
mod tests;

use std::sync::OnceLock;

use super::speaker::{tokenize, Tok};
use crate::lang::Lang;
use crate::lexicon::fxhash::{FxMap, FxSet};
use crate::model::Span;
use polish::{first_name_like, first_name_nominative, foreign_surname, polish_surname};
pub(crate) use polish::{pl_genitive_guess, pl_instrumental_guess};

/// Titles and offices that open a name run ("Prime Minister", "Premier", "Mr").
const TITLES: &str = include_str!("data/titles.txt");

fn titles() -> &'static (FxSet<&'static str>, super::fast::WordFilter) {
    static S: OnceLock<(FxSet<&'static str>, super::fast::WordFilter)> = OnceLock::new();
    S.get_or_init(|| {
        let set: FxSet<&'static str> = crate::data::entries(TITLES).collect();
        let filter = super::fast::WordFilter::new(set.iter().copied());
        (set, filter)
    })
}

/// A title or office that opens a name run without being part of the name ("Minister", "Premier",
/// "Dr").
pub(super) fn is_title_word(w: &str) -> bool {
    let w = w.trim_end_matches('.');
    if w.len() > 16 {
        return false;
    }
    let (set, filter) = titles();
    // An ASCII word has the filter key of its lower case (letters equal modulo 32), which is the only
    // entry it can match: most words are turned away before lower-casing.
    if w.is_ascii() && !filter.may_contain(w) {
        return false;
    }
    super::fast::with_lower(w, |l| set.contains(l))
}

/// The titles of `titles.txt` that name no office: forms of address and degrees ("Mr", "Dr", "pan").
const COURTESY_TITLES: &str = include_str!("data/courtesy_titles.txt");

fn courtesy_titles() -> &'static FxSet<&'static str> {
    static S: OnceLock<FxSet<&'static str>> = OnceLock::new();
    S.get_or_init(|| crate::data::entries(COURTESY_TITLES).collect())
}

/// A title that names an office or a rank of its own ("poseł", "Senator", "Colonel"), not a form of
/// address or a degree ("Mr", "Dr", "pani").
pub(super) fn is_office_title(w: &str) -> bool {
    is_title_word(w) && !super::fast::with_lower(w.trim_end_matches('.'), |l| courtesy_titles().contains(l))
}

/// How many words open the name run `words` without being part of the name: everything up to the
/// last title before the final word ("NATO Secretary General", "Civic Coalition MP", "Health
/// Minister"; "John Major" and "CNN Business" stay whole).
fn leading_titles(words: &[String]) -> usize {
    let mut lead =
        words[..words.len().saturating_sub(1)].iter().rposition(|w| is_title_word(w)).map_or(0, |k| k + 1);
    // After an office, an acronym before a full name is the office's institution ("Szef MSZ Radosław
    // Sikorski", "prezes NBP Adam Glapiński").
    while lead > 0 && words.len() - lead >= 3 && super::name_shape::is_acronym(&words[lead]) {
        lead += 1;
    }
    lead
}

/// What the document tells about the names in it, looked up on demand: each distinct question is
/// answered once by a search of the text and cached, and at most [`MAX_SEARCHES`] searches are made per
/// document, so the cost stays linear in the text however many quotations it holds.
#[derive(Debug)]
pub struct NameBook<'t> {
    text: &'t str,
    occurs: FxMap<String, bool>,
    full: FxMap<String, Vec<String>>,
    /// Answers of [`NameBook::canonical`] by (name as written, Polish, genitive): every question a
    /// canonical form depends on is cached above, so asking again gives the same answer.
    /// Indexed by name as written, then by `2 * polish + genitive`.
    canon: FxMap<&'t str, [Option<String>; 4]>,
    searches: usize,
}

/// Searches of the text per document; questions beyond them get the answer "not found".
pub const MAX_SEARCHES: usize = 256;

/// Does `c` occur at byte `i` of `text` followed by no word character?
pub(super) fn word_at(text: &str, i: usize, c: &str) -> bool {
    text.as_bytes()[i..].starts_with(c.as_bytes()) && !is_word_char(text[i + c.len()..].chars().next())
}

pub(super) fn is_word_char(c: Option<char>) -> bool {
    c.is_some_and(char::is_alphanumeric)
}

impl<'t> NameBook<'t> {
    /// A name book over `text`.
    pub fn new(text: &'t str) -> NameBook<'t> {
        NameBook {
            text,
            occurs: FxMap::default(),
            full: FxMap::default(),
            canon: FxMap::default(),
            searches: 0,
        }
    }

    /// The text the book reads.
    pub fn text(&self) -> &'t str {
        self.text
    }

    fn budget(&mut self) -> bool {
        self.searches += 1;
        self.searches <= MAX_SEARCHES
    }

    /// Does `w` occur in the text as a whole word?
    pub fn word_occurs(&mut self, w: &str) -> bool {
        if w.is_empty() {
            return false;
        }
        if let Some(&b) = self.occurs.get(w) {
            return b;
        }
        let found = self.budget()
            && memchr::memmem::find_iter(self.text.as_bytes(), w.as_bytes()).any(|i| {
                !is_word_char(self.text[..i].chars().next_back())
                    && !is_word_char(self.text[i + w.len()..].chars().next())
            });
        self.occurs.insert(w.to_string(), found);
        found
    }

    /// Is the Polish word `w` an inflected form of another word of the text (Liverpoolu → Liverpool)?
    pub fn is_inflected_pl(&mut self, w: &str) -> bool {
        self.known_pl_candidate(w).is_some()
    }

    /// Does the word also occur in lower case in the text (a common noun: "Rzecznik dodał")?
    pub fn occurs_lowercase(&mut self, w: &str) -> bool {
        super::fast::with_lower(w, |l| l != w && self.word_occurs(l))
    }

    /// The canonical form of the name written at `span`: Polish words in the nominative where another
    /// mention (or, in the genitive, a suffix rule) shows it; a lone surname as the one full name the
    /// text gives for it.
    pub fn canonical(&mut self, span: Span, lang: Lang, genitive: bool) -> String {
        let written = span.text(self.text);
        let slot = 2 * usize::from(lang == Lang::Pl) + usize::from(genitive);
        if let Some(c) = self.canon.get(written).and_then(|v| v[slot].as_ref()) {
            return c.clone();
        }
        let c = self.canonical_uncached(span, lang, genitive);
        self.canon.entry(written).or_default()[slot] = Some(c.clone());
        c
    }

    fn canonical_uncached(&mut self, span: Span, lang: Lang, genitive: bool) -> String {
        let text = self.text;
        let toks: Vec<Tok> = tokenize(text, span);
        let mut words: Vec<String> = toks
            .iter()
            .map(|t| {
                let mut w = String::with_capacity(t.word.len() + 1);
                w.push_str(t.word);
                if t.is_initial() {
                    w.push('.');
                }
                w
            })
            .collect();
        if words.is_empty() {
            return span.text(text).to_string();
        }
        // Leave out the titles that open the run ("NATO Secretary General Jens Stoltenberg" → "Jens
        // Stoltenberg", "Minister Kowalczyk" → "Kowalczyk"), keeping a name word.
        let mut lead = leading_titles(&words);
        // A role noun opening the run at a sentence start ("Ekonomista Piotr Bujak ocenił"), before a
        // full name that opens with a given name, is no part of the name.
        if let Some((_, end)) = crate::quote::roles::role_at(&toks, lead) {
            if words.len() >= end + 2
                && crate::quote::resolve::is_given_name(&words[end])
                && toks[end].is_cap()
            {
                lead = end;
            }
        }
        // After a title, a body named in the genitive before a full name opening with a given name
        // ("Posłanka Lewicy Anna Maria Wrona", "prezes Orlenu Jan Lis") qualifies the title.
        if lead > 0 {
            let given = |k: usize| words.get(k).is_some_and(|w| crate::quote::resolve::is_given_name(w));
            if let Some(k) = (lead + 1..=lead + 2).find(|&k| given(k) && k + 1 < words.len()) {
                if !(lead..k).any(given) {
                    lead = k;
                }
            }
        }
        // An owner in the possessive qualifies the name after it ("Coldplay's Chris Martin").
        if let Some(k) = words[..words.len() - 1].iter().rposition(|w| w.ends_with("'s") || w.ends_with("’s"))
        {
            lead = lead.max(k + 1);
        }
        words.drain(..lead);
        let mut toks = &toks[lead..];
        // Letters after a name for an honour, a rank at the bar or a seat ("Rebecca Lane KC", "Tom
        // Hart MP", "Ann Roe OBE") are no part of it.
        const POST_NOMINALS: &[&str] =
            &["KC", "QC", "MP", "MEP", "MSP", "MS", "OBE", "MBE", "CBE", "KBE", "DBE", "PhD"];
        while words.len() > 1 && words.last().is_some_and(|w| POST_NOMINALS.contains(&w.as_str())) {
            words.pop();
            toks = &toks[..toks.len() - 1];
        }
        if lang == Lang::Pl {
            self.polish_nominatives(&mut words, toks, genitive);
        }
        // In Polish, a surname behind capitalised common words (a medium's name run into it: "w
        // rozmowie z Canal+ Sport Świątek"), where the text names one person of that surname in full
        // elsewhere, by a first name: that person.
        let common = |w: &String| {
            let mut ids = Vec::new();
            let lower = crate::lexicon::tokens::fold(w);
            !crate::quote::resolve::is_given_name(w)
                && crate::lexicon::Lexicon::embedded().pl_lookup(
                    &lower,
                    crate::lexicon::Fallbacks::NONE,
                    &mut ids,
                ) == crate::lexicon::Reach::Form
        };
        if let Some((last, firsts)) = words.split_last().filter(|(_, f)| lang == Lang::Pl && !f.is_empty()) {
            if firsts.iter().all(common) {
                let me = words.join(" ");
                let others: Vec<String> =
                    self.full_names(last, lang).iter().filter(|f| **f != me).cloned().collect();
                if let [other] = others.as_slice() {
                    if other.split(' ').next().is_some_and(crate::quote::resolve::is_given_name) {
                        return other.clone();
                    }
                }
            }
        }
        if words.len() == 1 {
            let full = self.full_names(&words[0], lang);
            if full.len() == 1 {
                let full = full[0].clone();
                // The full name may be written in the genitive ("w reżyserii Anny Lis"): a first
                // name in -y, -ii, -ki or -gi that is no given name as written takes its nominative
                // guess when that is one (Anny → Anna, Marii → Maria, Olgi → Olga; Matsi stays), unless
                // it is a common word opening a sentence ("Mieszkańcy Borowca").
                if let Some((first, rest)) = full.split_once(' ').filter(|_| lang == Lang::Pl) {
                    use crate::quote::resolve::is_given_name;
                    let guess = pl_genitive_guess(first).filter(|g| {
                        (first.ends_with('y') || ["ii", "ki", "gi"].iter().any(|e| first.ends_with(e)))
                            && !is_given_name(first)
                            && is_given_name(g)
                            && !common(&first.to_string())
                    });
                    if let Some(g) = guess {
                        return format!("{g} {rest}");
                    }
                }
                return full;
            }
        }
        words.join(" ")
    }

    /// The nominative of each word of a Polish name run (`words`, read from `toks`, with `genitive`
    /// when the run stands in the genitive): a surname found in that form elsewhere in the text, a
    /// foreign name without its Polish ending, a woman's accusative, a genitive guessed by rule; then
    /// the first names, in the surname's case.
    fn polish_nominatives(&mut self, words: &mut [String], toks: &[Tok], genitive: bool) {
        let mut surname: Option<(String, String)> = None;
        let n = words.len();
        for (i, (w, t)) in words.iter_mut().zip(toks).enumerate() {
            if t.is_initial() {
                continue;
            }
            // A foreign name with a Polish ending after an apostrophe is never the nominative:
            // Osbourne'a → Osbourne, Lee'ego → Lee.
            if let Some(i) = w.find(['\'', '’']) {
                let tail = &w[i..].trim_start_matches(['\'', '’']);
                if i > 0 && (1..=4).contains(&tail.chars().count()) && tail.chars().all(char::is_lowercase) {
                    w.truncate(i);
                    continue;
                }
            }
            let known = self.known_pl_candidate(w);
            if let Some(k) = known {
                surname = Some((std::mem::replace(w, k.clone()), k));
            } else if let Some(stem) = w.strip_suffix('ę').filter(|s| s.chars().count() >= 2) {
                // No Polish name ends in -ę in the nominative: a woman's name in the accusative
                // ("pokonała Carlę Ruiz", "Lecha Wałęsę") ends in -a.
                *w = format!("{stem}a");
            } else if let Some(stem) = w.strip_suffix('ą').filter(|s| s.chars().count() >= 2) {
                // Nor in -ą: a woman's name in the accusative or the instrumental ("Martę
                // Domachowską", "z Anną Nowacką") ends in -a.
                *w = format!("{stem}a");
            } else if genitive {
                if w.contains('-') {
                    // Each part of a double name: Kidawy-Błońskiej → Kidawa-Błońska.
                    let parts: Vec<String> =
                        w.split('-').map(|p| pl_genitive_guess(p).unwrap_or_else(|| p.to_string())).collect();
                    *w = parts.join("-");
                } else if let Some(g) = pl_genitive_guess(w) {
                    // A given name in -y that is one as written keeps its form unless the guess is
                    // one too: "Penny Woods" stays, "Marty Nowak" is Marta Nowak.
                    let given = crate::quote::resolve::is_listed_given_name;
                    if i + 1 == n || !w.ends_with('y') || !given(w) || given(&g) {
                        *w = g;
                    }
                }
            }
        }
        // The surname's case, shown by its nominative elsewhere in the text, is the case of the
        // first names before it ("Donalda Trumpa" with "Trump" written elsewhere: Donald Trump).
        if let (Some((written, nominative)), false) = (surname, genitive) {
            let n = words.len();
            if words[n - 1] == nominative {
                for (w, t) in words[..n - 1].iter_mut().zip(toks) {
                    if t.is_initial() || *w != t.word {
                        continue;
                    }
                    if let Some(f) = first_name_like(w, &written, &nominative) {
                        *w = f;
                    }
                }
            }
        }
        // A man's first name declined in -a after a consonant (Marka, Jacka, Pawła, Lorenza) is
        // read against the given-name list: Marek, Jacek, Paweł, Lorenzo.
        if let Some((last, firsts)) = words.split_last_mut() {
            // Whether the surname takes a Polish first name, read only for a declined one.
            let mut polish: Option<bool> = None;
            for (w, t) in firsts.iter_mut().zip(toks) {
                let Some(stem) = t.word.strip_suffix('a').filter(|stem| *w == *stem && !t.is_initial())
                else {
                    continue;
                };
                let polish = *polish.get_or_insert_with(|| polish_surname(last) || !foreign_surname(last));
                if let Some(f) = first_name_nominative(stem, polish) {
                    *w = f;
                }
            }
        }
    }
}

pub(super) fn join(toks: &[Tok]) -> String {
    let mut s = String::with_capacity(toks.iter().map(|t| t.word.len() + 2).sum::<usize>() + 24);
    for t in toks {
        if !s.is_empty() {
            s.push(' ');
        }
        s.push_str(t.word);
        if t.is_initial() {
            s.push('.');
        }
    }
    s
}

/// Whether `w` is a given name in the nominative or, in Polish, in the genitive a name takes after
/// "według" (Joanny → Joanna, Jana → Jan).
pub(crate) fn given_name_any_case(w: &str) -> bool {
    crate::quote::resolve::is_given_name(w)
        || pl_genitive_guess(w).is_some_and(|g| crate::quote::resolve::is_given_name(&g))
}
