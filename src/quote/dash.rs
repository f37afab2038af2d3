//! Polish dash dialogue: quotations set off by dashes instead of marks, the usual way Polish news
//! quotes speech (`– Rozmowy potrwają do piątku – powiedział Kowalski.`).
//!
//! The grammar, per paragraph:
//!
//! - An **opening dash** (`-`, `–`, `—`) stands at the start of the paragraph or of a sentence (after
//!   `.`, `!`, `?`, `…` or `:` and a space, not after a title abbreviation such as `prof.`), and is
//!   followed by a space and a capital letter, a digit or a quotation mark. A dash after a word, in a
//!   parenthesis (`(– red.)`), between numbers (`2017–2018`) or glued inside a word (`Dęblin-Życzyn`)
//!   opens nothing.
//! - The quotation runs to the **closing dash**: the first dash after it that is followed by an
//!   attribution, a verb of saying or a past-tense verb (`– powiedział premier`, `– rozpoczął
//!   wystąpienie`), possibly after its subject (`– Tusk dodał`). Dashes inside the quotation that are
//!   not followed by one (`… w ważnych turniejach – trzeba po prostu …`) stay in it.
//! - After the attribution the quotation may **resume**: a new opening dash after the attribution's
//!   sentence (`– Nie wiem – odpowiedziała. – Zobaczymy jutro.`), or a dash inside it
//!   (`– Polska – powiedział premier – jest gotowa.`).
//! - With **no closing dash**, a verb of saying with its subject at the end of the quotation's last
//!   sentence is the attribution (`– Potwierdziły się obawy oznajmił premier.`); otherwise the
//!   quotation runs to the next opening dash or to the paragraph's end (`bare`: no attribution in
//!   its paragraph; the caller keeps it only where dialogue is going on around it).
//! - Line-start dashes of a list (two or more lines of one paragraph opening with a dash) are no
//!   dialogue.
//!
//! Dashes inside quotation marks are never dialogue dashes; quotations in marks inside a dialogue
//! quotation become nested in it. One pass over the paragraph's dashes, each looked at once, with a
//! bounded look-ahead for the attribution: linear in the paragraph length.

use super::marks::{Family, RawQuote};
use super::speaker::{is_pronoun_in, pronouns_pl, verbs_pl, words, Tok};
use crate::model::Span;

/// Is `c` a dash that can set off dialogue?
pub fn is_dash(c: char) -> bool {
    matches!(c, '-' | '–' | '—' | '‒' | '―')
}

/// Forms of "być" and "mieć" and other past-tense words that follow a dash in narrative far more
/// often than they attribute speech.
const NOT_ATTRIBUTION: &[&str] = &[
    "był", "była", "było", "byli", "były", "miał", "miała", "miało", "mieli", "miały", "mógł", "mogła",
    "mogło", "mogli", "mogły", "musiał", "musiała", "musieli", "chciał", "chciała", "chcieli", "stał",
    "stała", "stało", "dał", "dała", "dało", "szedł",
];

/// A lower-case past-tense verb of the third person (`rozpoczął`, `oskarżała`, `dodali`): the shape of
/// a Polish attribution verb not in the list.
fn past_tense_shape(w: &str) -> bool {
    let n = w.chars().count();
    n >= 4
        && (w.ends_with('ł') || w.ends_with("ła") || w.ends_with("li") || w.ends_with("ły") || w.ends_with("ło"))
        && w.chars().all(|c| c.is_lowercase())
        && !NOT_ATTRIBUTION.contains(&w)
        // -li / -ły endings also end adjectives and nouns (mali, biały, stali): require a vowel + ł/l
        // before the ending, as in verb forms (dodali, mówiły, wzięli).
        && (w.ends_with('ł') || w.ends_with("ła") || w.ends_with("ło") || {
            let stem: Vec<char> = w.chars().collect();
            stem.len() >= 4 && "aeiouyąę".contains(stem[stem.len() - 3])
        })
}

/// Is `t` a verb that attributes a quotation after a dash?
pub fn attribution_verb(t: &Tok) -> bool {
    let w = t.word;
    !w.is_empty() && !t.is_cap() && (verbs_pl().contains(w) || past_tense_shape(w))
}

/// Role and office words that may stand before the verb as its subject (`– … – premier dodał`).
pub fn is_role_word(w: &str) -> bool {
    super::roles::role_of(w).is_some()
}

/// Does an attribution start at `from` (just after a dash)? `– powiedział X`, `– dodał.`, `– Tusk
/// dodał`, `– premier Donald Tusk zaznaczył`, `– jak podkreślił`, `– on dodał`. The look-ahead is at
/// most six words.
pub fn attribution_at(text: &str, from: usize, end: usize) -> bool {
    let mut after_role = false;
    for (prefix, t) in words(text, Span::new(from, end)).take(6).enumerate() {
        if !t.lead.is_empty() && !t.lead.chars().all(|c| c == '(') {
            return false;
        }
        if attribution_verb(&t) && (prefix == 0 || !t.is_cap()) {
            return true;
        }
        // What may stand before the verb: a name, a role, a pronoun, the qualifier of a role, "jak".
        let ok = t.is_cap()
            || is_role_word(t.word)
            || is_pronoun_in(pronouns_pl(), &t)
            || (prefix == 0 && super::fast::lower_eq(t.word, "jak"))
            || (after_role && !t.is_cap());
        if !ok || (!t.trail.is_empty() && !t.is_initial()) {
            return false;
        }
        after_role = after_role || is_role_word(t.word);
    }
    false
}

/// The character before byte `i` of `s`, skipping whitespace, and whether there was any.
fn prev_non_space(s: &str, i: usize) -> (Option<char>, bool) {
    let before = &s[..i];
    let trimmed = before.trim_end();
    (trimmed.chars().next_back(), trimmed.len() < before.len())
}

/// Does a sentence end right before byte `i` of the paragraph text `s` (`i` after the whitespace)?
/// Final punctuation, possibly behind closing marks or brackets, not after a title abbreviation.
fn sentence_ends_before(s: &str, i: usize) -> bool {
    let t = s[..i].trim_end();
    let core = t.trim_end_matches(['”', '"', '»', '\'', '’', ')', ']']);
    let Some(c) = core.chars().next_back() else { return true };
    if matches!(c, '!' | '?' | '…' | ':') {
        return true;
    }
    if c != '.' {
        return false;
    }
    // The word before the period: a title abbreviation (prof., kard., gen.) ends no sentence.
    let word_start = core[..core.len() - 1]
        .rfind(|c: char| c.is_whitespace() || c == '(')
        .map_or(0, |k| k + core[k..].chars().next().map_or(1, char::len_utf8));
    let word = &core[word_start..core.len() - 1];
    !(word.chars().next().is_some_and(char::is_lowercase)
        && crate::segment::rules_for(crate::lang::Lang::Pl).abbrev(word) == Some(crate::segment::Abbr::Title))
}

/// What follows a dash: the first non-space character after it.
fn next_non_space(s: &str, i: usize) -> Option<char> {
    s[i..].trim_start().chars().next()
}

/// Can the dash at byte `i` (length `len`) of the paragraph `s` open dialogue?
fn opens(s: &str, i: usize, len: usize, c: char) -> bool {
    let (prev, spaced) = prev_non_space(s, i);
    let after = &s[i + len..];
    let space_after = after.starts_with(char::is_whitespace);
    // A hyphen needs a space after it; an en or em dash may touch the first word at a paragraph start.
    if c == '-' && !space_after || after.starts_with(['\n', '\r']) {
        return false;
    }
    if prev.is_some() && !spaced {
        return false;
    }
    if !(prev.is_none() || sentence_ends_before(s, i)) {
        return false;
    }
    next_non_space(s, i + len).is_some_and(|n| {
        n.is_uppercase() || n.is_ascii_digit() || matches!(n, '„' | '"' | '“' | '«' | '»' | '…')
    })
}

/// Is the dash at byte `i` of `s` a dash between spaces or glued to the end of a word (`wiele– opowiadał`),
/// as a closing dash is, rather than a hyphen inside a word or a number range?
fn free_dash(s: &str, i: usize, len: usize) -> bool {
    let before = s[..i].chars().next_back();
    let after = s[i + len..].chars().next();
    let space_before = before.is_none_or(char::is_whitespace);
    let space_after = after.is_none_or(char::is_whitespace);
    space_after || space_before && !after.is_some_and(|a| a.is_ascii_digit())
}

/// The dashes of `s` as (byte offset, length, char), in order.
fn dashes(s: &str) -> Vec<(usize, usize, char)> {
    let b = s.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while let Some(k) = memchr::memchr2(b'-', 0xE2, &b[i..]) {
        let at = i + k;
        if b[at] == b'-' {
            out.push((at, 1, '-'));
            i = at + 1;
        } else {
            let c = s[at..].chars().next().unwrap_or(' ');
            if is_dash(c) {
                out.push((at, c.len_utf8(), c));
            }
            i = at + c.len_utf8().max(1);
        }
    }
    out
}

/// Words after which a verb belongs to a clause of the quotation itself (`co powiedział premier`,
/// `że dodał`), not to an attribution.
const CLAUSE_WORDS: &[&str] = &[
    "co", "że", "iż", "jak", "który", "która", "które", "którzy", "gdy", "kiedy", "czy", "bo", "ale", "a",
    "i", "to", "tak", "nie", "się", "jeśli", "gdyby", "aby", "żeby", "by", "coś", "ktoś", "już", "też",
];

/// The last sentence of `s[from..to]` ends with an attribution verb and its subject
/// (`przypuszczenia oznajmił premier.`): the offset of the verb, if so.
fn trailing_attribution(text: &str, from: usize, to: usize) -> Option<usize> {
    let region = Span::new(from, to);
    let toks: Vec<Tok> = words(text, region).collect();
    let n = toks.len();
    if n < 3 || !toks[n - 1].trail.starts_with('.') {
        return None;
    }
    // The verb: at most four words from the end, with only a subject (names, a role, their
    // qualifiers) after it and a plain word before it.
    for v in (n.saturating_sub(5).max(1)..n - 1).rev() {
        let t = &toks[v];
        if !verbs_pl().contains(t.word) || !t.lead.is_empty() || !t.trail.is_empty() {
            continue;
        }
        let prev = &toks[v - 1];
        let plain = prev.trail.is_empty()
            && !CLAUSE_WORDS.iter().any(|w| super::fast::lower_eq(prev.word, w))
            && !is_pronoun_in(pronouns_pl(), prev);
        let subject = toks[v + 1..].iter().enumerate().all(|(k, s)| {
            (k + v + 1 == n - 1 || s.trail.is_empty() || s.is_initial())
                && (s.is_cap() || is_role_word(s.word) || k > 0)
        });
        if plain && subject && v >= 2 {
            return Some(t.span.start);
        }
    }
    None
}

/// Find the dash dialogue of the paragraph `para` (index `paragraph`). `marks` are the paragraph's
/// quotations in marks; dashes inside them are ignored, and those inside a dialogue quotation are made
/// one level deeper by the caller.
pub fn scan(text: &str, para: Span, paragraph: usize, marks: &[RawQuote], out: &mut Vec<RawQuote>) {
    let s = para.text(text);
    // Every dash is '-' or starts with the byte 0xE2 (– — ‒ ―).
    if memchr::memchr2(b'-', 0xE2, s.as_bytes()).is_none() {
        return;
    }
    let base = para.start;
    let inside_marks =
        |abs: usize| marks.iter().any(|q| q.open.start < abs && abs < q.close.map_or(q.inner.end, |c| c.end));
    let all = dashes(s);
    // A list: two or more lines of the paragraph open with a dash.
    let line_starts = all
        .iter()
        .filter(|&&(i, _, _)| {
            let before = s[..i].trim_end_matches([' ', '\t', '\u{a0}']);
            before.is_empty() || before.ends_with(['\n', '\r'])
        })
        .count();
    if line_starts >= 2 {
        return;
    }
    let end = s.trim_end().len();
    let mut k = 0;
    while k < all.len() {
        let (i, len, c) = all[k];
        k += 1;
        if inside_marks(base + i) || !opens(s, i, len, c) {
            continue;
        }
        // An opening dash: the quotation starts after it.
        let mut start = i + len;
        start += s[start..].len() - s[start..].trim_start().len();
        let mut open = Span::new(base + i, base + i + len);
        loop {
            // The closing dash, or the next opening dash, or the paragraph's end.
            let mut close: Option<(usize, usize)> = None;
            let mut next_open: Option<usize> = None;
            while k < all.len() {
                let (j, jl, jc) = all[k];
                if j < start || inside_marks(base + j) || !free_dash(s, j, jl) {
                    k += 1;
                    continue;
                }
                if attribution_at(text, base + j + jl, base + end) {
                    close = Some((j, jl));
                    k += 1;
                    break;
                }
                if opens(s, j, jl, jc) {
                    next_open = Some(k);
                    break;
                }
                k += 1;
            }
            let stop = match (close, next_open) {
                (Some((j, _)), _) => j,
                (None, Some(n)) => all[n].0,
                (None, None) => end,
            };
            let inner_end = start + s[start..stop].trim_end().len();
            let (close_span, bare, inner_end) = match close {
                Some((j, jl)) => (Some(Span::new(base + j, base + j + jl)), false, inner_end),
                None => match trailing_attribution(text, base + start, base + inner_end) {
                    Some(v) => {
                        let cut = start + s[start..v - base].trim_end().len();
                        (Some(Span::new(v, v)), false, cut)
                    }
                    None => (None, true, inner_end),
                },
            };
            if inner_end > start {
                out.push(RawQuote {
                    inner: Span::new(base + start, base + inner_end),
                    open,
                    close: close_span,
                    family: Family::Dash,
                    depth: 0,
                    unbalanced: false,
                    continues: false,
                    paragraph,
                    bare,
                });
            }
            let Some((j, jl)) = close else { break };
            // After the attribution: a dash inside its sentence resumes the quotation at once
            // (`– Polska – powiedział premier – jest gotowa.`); a new opening dash after it is taken by
            // the outer loop.
            let after = j + jl;
            let sentence_end = s[after..end].find(['.', '!', '?', '…']).map_or(end, |e| after + e);
            let resumed = all[k..].iter().position(|&(d, dl, _)| {
                d < sentence_end && !inside_marks(base + d) && free_dash(s, d, dl) && d + dl < end
            });
            match resumed {
                Some(r) => {
                    let (d, dl, _) = all[k + r];
                    k += r + 1;
                    open = Span::new(base + d, base + d + dl);
                    start = d + dl;
                    start += s[start..].len() - s[start..].trim_start().len();
                }
                None => break,
            }
        }
    }
}

/// A block quotation: a paragraph standing alone, with no marks or dashes of its own, whose
/// attribution opens the next paragraph (`Następnym razem w Moskwie` ⏎ `— odparł nagle Putin.`). The
/// quotation is the whole paragraph; its closing dash is the one opening the next paragraph.
pub fn block_quote(text: &str, para: Span, paragraph: usize, next: Option<Span>) -> Option<RawQuote> {
    let next = next?;
    let n = next.text(text);
    let lead = n.len() - n.trim_start().len();
    let c = n[lead..].chars().next().filter(|&c| is_dash(c))?;
    let from = next.start + lead + c.len_utf8();
    if !attribution_at(text, from, next.end) {
        return None;
    }
    // The attribution starts with a lower-case word (`— odparł`), as a dialogue's closing dash does.
    if !next_non_space(text, from).is_some_and(char::is_lowercase) {
        return None;
    }
    let s = para.text(text);
    let start = s.len() - s.trim_start().len();
    let end = s.trim_end().len();
    if end <= start || !super::kind::has_words(&s[start..end], 2) {
        return None;
    }
    Some(RawQuote {
        inner: Span::new(para.start + start, para.start + end),
        open: Span::new(para.start + start, para.start + start),
        close: Some(Span::new(next.start + lead, from)),
        family: Family::Dash,
        depth: 0,
        unbalanced: false,
        continues: false,
        paragraph,
        bare: false,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn quotes(s: &str) -> Vec<(&str, bool)> {
        let mut out = Vec::new();
        scan(s, Span::new(0, s.len()), 0, &[], &mut out);
        out.iter().map(|q| (q.inner.text(s), q.bare)).collect()
    }

    #[test]
    fn the_three_dashes_open_and_close_dialogue() {
        for d in ["-", "–", "—"] {
            let t = format!("{d} Rozmowy potrwają co najmniej do piątku {d} powiedział Kowalski.");
            assert_eq!(quotes(&t), vec![("Rozmowy potrwają co najmniej do piątku", false)], "{d}");
        }
    }

    #[test]
    fn resumption_after_the_attribution() {
        assert_eq!(
            quotes("– Nie wiem – odpowiedziała. – Zobaczymy jutro."),
            vec![("Nie wiem", false), ("Zobaczymy jutro.", true)]
        );
        assert_eq!(
            quotes("– Polska – powiedział premier – jest gotowa na wszystko."),
            vec![("Polska", false), ("jest gotowa na wszystko.", true)]
        );
    }

    #[test]
    fn dialogue_after_narration_in_the_paragraph() {
        assert_eq!(
            quotes("Minister zabrał głos w piątek. – Mamy rezerwy na zimę – zaznaczył. Potem wyszedł."),
            vec![("Mamy rezerwy na zimę", false)]
        );
    }

    #[test]
    fn inner_dashes_stay_in_the_quotation() {
        assert_eq!(
            quotes("– Przegraliśmy wtedy – trzeba to przyznać – ale wrócimy silniejsi– opowiadał trener."),
            vec![("Przegraliśmy wtedy – trzeba to przyznać – ale wrócimy silniejsi", false)]
        );
    }

    #[test]
    fn attribution_verb_without_closing_dash() {
        assert_eq!(
            quotes("– Sprawdziły się nasze obawy oznajmił minister."),
            vec![("Sprawdziły się nasze obawy", false)]
        );
        // A verb inside the quoted sentence itself is no attribution.
        assert_eq!(
            quotes("– Nie wiem, co powiedział premier."),
            vec![("Nie wiem, co powiedział premier.", true)]
        );
    }

    #[test]
    fn dashes_that_are_no_dialogue() {
        for t in [
            "To był — jak sam przyznał — trudny rok dla klubu.",
            "Wyniki za lata 2019–2021 (– red.) były słabe.",
            "Spotkanie trwało od 10 - 12 godzin, a premier wyszedł – sugerując, że wróci.",
            "Lista:\n- Jan Kowalski,\n- Anna Nowak.",
            "Linia Dęblin-Życzyn jest zamknięta, a prof. - Nowak milczy.",
            "Obniżka o 25 pb – w tym stopy referencyjnej do 5 proc. – była niespodzianką.",
        ] {
            assert_eq!(quotes(t), vec![], "{t}");
        }
    }

    #[test]
    fn quotation_marks_hide_their_dashes() {
        let t = "Napisał: „Tak – i nie”. Potem dodał coś jeszcze.";
        let q = RawQuote {
            inner: Span::new(t.find('T').unwrap(), t.find('”').unwrap()),
            open: Span::new(t.find('„').unwrap(), t.find('T').unwrap()),
            close: Some(Span::new(t.find('”').unwrap(), t.find('”').unwrap() + 3)),
            family: Family::Double,
            depth: 0,
            unbalanced: false,
            continues: false,
            paragraph: 0,
            bare: false,
        };
        let mut out = Vec::new();
        scan(t, Span::new(0, t.len()), 0, &[q], &mut out);
        assert!(out.is_empty());
    }
}
