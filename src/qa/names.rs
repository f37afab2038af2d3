//! The name check on each pair of linked sentences: names (runs of capitalised words) one side gives
//! and the other side's linked sentences and their neighbours do not, by any spelling, translation,
//! rendering or abbreviation; and one name spelled two ways, reported once.

use super::spelling::{dictionary_word, edit_distance, en_spellings, near_spelling, shares_stem, title_case};
use super::*;

impl Cx<'_> {
    /// Names (capitalised words inside a sentence) on one side with no match on the other side's linked
    /// sentences or their neighbours (the two articles may split or attribute differently).
    pub(super) fn names(&self, l: &Link, e: &Side, p: &Side, out: &mut Vec<Finding>) {
        let severity = if self.comparable { Severity::Style } else { Severity::Warning };
        let first = out.len();
        for (from, to, fdoc, is_en) in [(e, p, self.en, true), (p, e, self.pl, false)] {
            let other = if is_en { around(&self.pl_words, &l.pl) } else { around(&self.en_words, &l.en) };
            let lang_from = if is_en { Lang::En } else { Lang::Pl };
            for (k, &(off, doc_start)) in from.pieces.iter().enumerate() {
                let end = from.pieces.get(k + 1).map_or(from.text.len(), |q| q.0 - 1);
                let piece = &from.text[off..end];
                // A headline in title case ("Minister Stresses Need to Revamp Iron Palace") capitalises
                // words that are no names.
                if is_en && title_case(piece) {
                    continue;
                }
                for name in names_in(piece, lang_from) {
                    let span = Span::new(doc_start + name.start, doc_start + name.end);
                    if self.name_accounted_for(&name, piece, span, is_en, other) {
                        continue;
                    }
                    let (en, pl, msg) = if is_en {
                        (vec![span], to.spans.clone(), "the English sentence is not in the Polish one")
                    } else {
                        (to.spans.clone(), vec![span], "the Polish sentence is not in the English one")
                    };
                    let (te, tp) = if is_en { (&from.text, &to.text) } else { (&to.text, &from.text) };
                    out.push(Finding {
                        check: Check::NameMismatch,
                        severity,
                        en,
                        pl,
                        message: format!(
                            "“{}” in {msg}.\nEN: {}\nPL: {}",
                            fdoc.slice(span),
                            clip(te, 160),
                            clip(tp, 160)
                        ),
                    });
                }
            }
        }
        self.merge_spellings(first, e, p, out);
    }

    /// Whether a name at `span` of a sentence `piece` of one side (English when `is_en`) needs no finding:
    /// it is no person's or place's own name to look for (a title of a work, an institution, a country or
    /// a post the other side names, an abbreviation), or the other side's sentences `other` give it.
    fn name_accounted_for(
        &self,
        name: &Name,
        piece: &str,
        span: Span,
        is_en: bool,
        other: &[SentWords],
    ) -> bool {
        let fdoc = if is_en { self.en } else { self.pl };
        // Titles of works are translated ("Sex and the City" / "Seks w wielkim mieście").
        if fdoc.quotes.iter().any(|q| q.kind == QuoteKind::Title && q.span.overlap(&span) > 0) {
            return true;
        }
        // Qualifiers before a name are dictionary words ("Prezydent", "Canada"); a name with a
        // dictionary word after them is an institution, an event or a title that translators
        // render ("Multiple Sclerosis Society", "Cape Verde", "Pucharze Sześciu Narodów",
        // "Belfast Giants"), beyond what a lexicon lists. The rest, a person's or a place's own
        // name, must be found on the other side: each word ("Mike Pence" is not "Mike Nowak"),
        // one of several allowed to be spelled the other language's way when another word of
        // the name is found ("Kim Jong-un" / "Kim Dzong-un").
        let words = lookup_words(name, is_en);
        // In Polish, the dictionary words of an institution's name are translations ("Instytut
        // Studiów Fiskalnych" / "Institute for Fiscal Studies"); its other words are names that
        // must be found ("Światowej Nowaka Zdrowia" is seen).
        let first_proper = words.iter().position(|w| !dictionary_word(w, is_en));
        let Some(first_proper) = first_proper else { return true };
        let proper = &words[first_proper..];
        let institution = proper.iter().any(|w| dictionary_word(w, is_en));
        if (is_en && institution) || equivalent_found(proper, other) {
            return true;
        }
        // An abbreviation ("D-Calif.)") or an English contraction ("We're") is no name to find.
        let after = &piece[name.end..];
        if after.starts_with('.') && !after[1..].starts_with([' ', '\n']) && !after[1..].is_empty() {
            return true;
        }
        if proper.iter().any(|w| w.contains(['\'', '’'])) {
            return true;
        }
        // Words the table of renderings covers (Yangon / Rangun, Cape Verde / Wyspy Zielonego
        // Przylądka).
        let folded: Vec<String> = words.iter().map(|w| norm::fold(w)).collect();
        let covered = super::renderings::covered(&folded, is_en, other);
        let missing: Vec<&&str> = proper
            .iter()
            .enumerate()
            .filter(|&(k, w)| !covered[first_proper + k] && !self.word_found(w, is_en, other))
            .filter(|(_, w)| {
                is_en || !institution || !(dictionary_word(w, false) || self.translated(w, other))
            })
            .map(|(_, w)| w)
            .collect();
        let some_found =
            words.iter().enumerate().any(|(k, w)| covered[k] || self.word_found(w, is_en, other));
        if missing.is_empty() || (missing.len() == 1 && some_found && spelled_near(missing[0], other)) {
            return true;
        }
        // A name one side gives in part and the other in full ("Flyers" / "Fife Flyers"): a word
        // of it is found here and the missing words are the other article's words elsewhere.
        abbreviated(name, other) || (some_found && missing.iter().all(|w| self.in_other_article(w, is_en)))
    }

    /// Whether the other side's sentences `other` give a word of a name: the same name (any Polish case),
    /// a translated one (Scotland / Szkocji, Queen / królowa, Scottish / szkocki, by the lexicon), one of
    /// the same stem (Saudi / saudyjska) or a transliterated one (California / Kalifornii, Paralympic /
    /// paraolimpijskiej, by the cognate measure).
    fn word_found(&self, w: &str, is_en: bool, other: &[SentWords]) -> bool {
        let (f, k) = (norm::fold(w), crate::lexicon::names::name_key(w));
        // A Polish word reaches its translations only as a known form: a prefix guess
        // makes a surname a common word (Zalewski → zalew, "flood").
        let spellings = if is_en {
            en_spellings(&w.to_lowercase())
        } else if dictionary_word(w, false) {
            vec![w.to_string()]
        } else {
            Vec::new()
        };
        let ids = ids_of(lexicon(self.opts), &spellings, is_en);
        other.iter().any(|o| {
            o.keys.contains(&f)
                || o.keys.contains(&k)
                || o.keys.iter().any(|o| shares_stem(&f, o))
                || ids.iter().any(|id| o.ids.contains(id))
                || o.caps.iter().chain(&o.long).any(|c| {
                    let (en_w, pl_w) = if is_en { (w, c.as_str()) } else { (c.as_str(), w) };
                    crate::lexicon::cognate::similarity(en_w, pl_w) >= 0.7
                })
        })
    }

    /// Whether a word of a Polish institution's name that the lexicon reaches only by a prefix
    /// (szpitalnych → hospital) or a number word (sześciu) is a translated word too.
    fn translated(&self, w: &str, other: &[SentWords]) -> bool {
        let ids = ids_of(lexicon(self.opts), &[w.to_string()], false);
        !norm::numbers(w, 0, Lang::Pl).is_empty()
            || other.iter().any(|o| ids.iter().any(|id| o.ids.contains(id)))
    }

    /// Whether the other article (Polish when `is_en`) has a word of the same name key anywhere.
    fn in_other_article(&self, w: &str, is_en: bool) -> bool {
        let all_other = if is_en { &self.pl_words } else { &self.en_words };
        let (f, k) = (norm::fold(w), crate::lexicon::names::name_key(w));
        all_other.iter().any(|o| o.keys.contains(&f) || o.keys.contains(&k))
    }

    /// A name the English side of a link gives that the Polish side lacks, and a name the Polish side
    /// gives that the English side lacks, spelled nearly alike (`Misamari` / `Mimsaari`): one name
    /// misspelled, reported once at both spans.
    fn merge_spellings(&self, first: usize, e: &Side, p: &Side, out: &mut Vec<Finding>) {
        let name_of = |f: &Finding, en: bool| -> Option<Span> {
            let v = if en { &f.en } else { &f.pl };
            (f.check == Check::NameMismatch && v.len() == 1).then(|| v[0])
        };
        let mut k = first;
        while k < out.len() {
            let Some(ps) = name_of(&out[k], false).filter(|_| out[k].en == e.spans) else {
                k += 1;
                continue;
            };
            let pn = norm::fold(self.pl.slice(ps));
            let partner = (first..out.len()).find(|&g| {
                g != k
                    && out[g].pl == p.spans
                    && name_of(&out[g], true)
                        .is_some_and(|es| near_spelling(&norm::fold(self.en.slice(es)), &pn))
            });
            let Some(g) = partner else {
                k += 1;
                continue;
            };
            let es = out[g].en[0];
            out[g].pl = vec![ps];
            out[g].message = format!(
                "“{}” in the English sentence is spelled “{}” in the Polish one.\nEN: {}\nPL: {}",
                self.en.slice(es),
                self.pl.slice(ps),
                clip(&e.text, 160),
                clip(&p.text, 160)
            );
            out.remove(k);
        }
    }
}

/// The other side's linked sentences and their neighbours (the articles may split or attribute
/// differently).
fn around<'w>(words: &'w [SentWords], idx: &[usize]) -> &'w [SentWords] {
    let lo = idx.iter().min().copied().unwrap_or(0).saturating_sub(1);
    let hi = (idx.iter().max().copied().unwrap_or(0) + 2).min(words.len());
    words.get(lo..hi).unwrap_or(&[])
}

/// The words of a name to look for on the other side, of three letters or more: "Trump's" is Trump; a
/// Polish case ending after an apostrophe ("Pence’a") is cut.
fn lookup_words(name: &Name, is_en: bool) -> Vec<&str> {
    name.words
        .iter()
        .map(|w| {
            if is_en {
                w.trim_end_matches("'s").trim_end_matches("’s")
            } else {
                w.split(['\'', '’']).next().unwrap_or(w)
            }
        })
        .filter(|w| w.chars().count() >= 3)
        .collect()
}

/// Whether a capitalised word of the other side's sentences is spelled within two edits of `w`.
fn spelled_near(w: &str, other: &[SentWords]) -> bool {
    let f = norm::fold(w);
    other.iter().any(|o| o.caps.iter().any(|c| edit_distance(&f, &norm::fold(c)) <= 2))
}

/// Whether the other side abbreviates a name: its initials are the letters of an abbreviation there
/// ("Los Angeles" / "L.A.", "Uniwersytet Nowojorski" / "NYU").
fn abbreviated(name: &Name, other: &[SentWords]) -> bool {
    let initials: Vec<char> =
        name.words.iter().filter_map(|w| w.chars().next()).flat_map(char::to_uppercase).collect();
    initials.len() >= 2
        && other.iter().any(|o| {
            o.acronyms
                .iter()
                .any(|a| a.chars().count() <= initials.len() + 1 && initials.iter().all(|c| a.contains(*c)))
        })
}

/// A run of capitalised words inside a sentence: a likely name.
pub(super) struct Name {
    pub(super) start: usize,
    pub(super) end: usize,
    pub(super) words: Vec<String>,
}

/// Capitalised words that are not names, or are spelled differently in the other language (days and
/// months are capitalised in English only). Function words come from the lexicon's stopword lists.
pub(super) const NOT_NAMES_EN: &[&str] = &[
    "Mr",
    "Mrs",
    "Ms",
    "Dr",
    "Sir",
    "Monday",
    "Tuesday",
    "Wednesday",
    "Thursday",
    "Friday",
    "Saturday",
    "Sunday",
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
    "Jan",
    "Feb",
    "Mar",
    "Apr",
    "Jun",
    "Jul",
    "Aug",
    "Sep",
    "Sept",
    "Oct",
    "Nov",
    "Dec",
];
pub(super) const NOT_NAMES_PL: &[&str] = &["Pan", "Pani", "Panie", "Pana", "Panu", "Państwo"];

/// Names of a sentence: runs of capitalised words, not at the start of the sentence, not function words.
pub(super) fn names_in(text: &str, lang: Lang) -> Vec<Name> {
    use crate::lexicon::tokens::{is_stopword_en, is_stopword_pl};
    let stop = if lang == Lang::En { NOT_NAMES_EN } else { NOT_NAMES_PL };
    let words = norm::words_of(text);
    let mut out: Vec<Name> = Vec::new();
    let mut last_end: Option<usize> = None;
    for (k, &(s, e)) in words.iter().enumerate() {
        let w = &text[s..e];
        // "Trump's" is Trump; "I've", "I'll" are not names.
        let w = w.trim_end_matches("'s").trim_end_matches("’s");
        let w = if w.starts_with("I'") || w.starts_with("I’") { "I" } else { w };
        let e = s + w.len();
        let cap = w.starts_with(char::is_uppercase);
        let all_caps = w.trim_end_matches('s').chars().filter(|c| c.is_alphabetic()).all(char::is_uppercase);
        let before = text[..s].trim_end();
        // The first word of a sentence, a quotation or a clause after a colon is capitalised anyway.
        let sentence_start =
            k == 0 || before.ends_with(['.', '!', '?', ':', '"', '“', '„', '‘', '‚', '«', '»', '(', '[']);
        let lower = w.to_lowercase();
        let function_word = if lang == Lang::En { is_stopword_en(&lower) } else { is_stopword_pl(&lower) };
        if !cap
            || all_caps
            || sentence_start
            || function_word
            || stop.contains(&w)
            || w.chars().any(|c| c.is_ascii_digit())
        {
            last_end = None;
            continue;
        }
        match (last_end, out.last_mut()) {
            (Some(le), Some(n)) if le == n.end && text[le..s].trim().is_empty() => {
                n.end = e;
                n.words.push(w.to_string());
            }
            _ => out.push(Name { start: s, end: e, words: vec![w.to_string()] }),
        }
        last_end = Some(e);
    }
    out
}

/// Whether a name is a country (each of its words naming it, or its adjective) or a post (the whole
/// name) that the other side names too, by the quote stage's lists (`quote::roles`: UK / Wielkiej
/// Brytanii / brytyjski, Prime Minister / premier).
fn equivalent_found(words: &[&str], other: &[SentWords]) -> bool {
    use crate::quote::roles::{country_of, role_of};
    let countries: Vec<Option<&str>> = words.iter().map(|w| country_of(w)).collect();
    let country = countries.first().copied().flatten().filter(|c| countries.iter().all(|x| *x == Some(c)));
    let role = role_of(&words.join(" "));
    other.iter().any(|o| {
        country.is_some_and(|c| o.countries.contains(c)) || role.is_some_and(|r| o.roles.contains(r))
    })
}
