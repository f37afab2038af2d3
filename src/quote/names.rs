//! Speaker names: the canonical form of a name as written. Polish inflected forms go back to the
//! nominative when another mention in the text (or, after "według"/"zdaniem", a suffix rule) shows it;
//! a lone surname becomes the full name introduced earlier ("Amy B. Harris" … "Harris").

use std::collections::{HashMap, HashSet};
use std::sync::OnceLock;

use super::speaker::{nameish, tokenize, Tok};
use crate::lang::Lang;
use crate::model::Span;

/// Function words that start a capitalised run without being part of a name ("The Carrie Diaries").
const NOT_NAME_START: &str = include_str!("data/not_name_start.txt");

fn function_words() -> &'static HashSet<&'static str> {
    static S: OnceLock<HashSet<&'static str>> = OnceLock::new();
    S.get_or_init(|| {
        NOT_NAME_START.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')).collect()
    })
}

/// A capitalised function word that is never a name by itself ("The", "Then", "But", "Według").
pub fn is_function_word(w: &str) -> bool {
    w.chars().count() > 1 && function_words().contains(w.to_lowercase().as_str())
}

/// What the document tells about the names in it.
#[derive(Debug, Default)]
pub struct NameBook {
    /// Capitalised words as written anywhere in the text.
    forms: HashSet<String>,
    /// Canonical surname → the distinct full names ending in it.
    full: HashMap<String, Vec<String>>,
    /// Polish: the nominative candidates of inflected surnames in `full` → those full names.
    full_by_form: HashMap<String, Vec<String>>,
    /// Words written in lower case.
    lower: HashSet<String>,
    /// Full-name mentions in text order (start offset, full name).
    mentions: Vec<(usize, String)>,
}

/// Candidate nominatives of an inflected Polish name form, most specific rule first.
fn pl_candidates(w: &str) -> Vec<String> {
    let mut out = Vec::new();
    // English names inflected with an apostrophe: Lee'ego, Charlie'mu.
    if let Some(i) = w.find(['\'', '’']) {
        if i > 0 {
            out.push(w[..i].to_string());
        }
    }
    let rules: &[(&str, &str)] = &[
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
    ];
    for (suf, rep) in rules {
        if let Some(stem) = w.strip_suffix(suf) {
            // Endings that leave the bare stem need a consonant before them (Harrisa → Harris, but
            // Kasia is no form of "Kasi").
            let bare_ok = !rep.is_empty() || stem.chars().last().is_some_and(|c| !"aeiouyąęó".contains(c));
            if stem.chars().count() >= 2 && bare_ok {
                out.push(format!("{stem}{rep}"));
            }
        }
    }
    out
}

/// The nominative a genitive form most likely has, with no other mention to go by (według Harrisa,
/// zdaniem Kowalskiego, według Kowalskiej).
fn pl_genitive_guess(w: &str) -> Option<String> {
    for (suf, rep) in [("skiego", "ski"), ("ckiego", "cki"), ("skiej", "ska"), ("ckiej", "cka")] {
        if let Some(stem) = w.strip_suffix(suf) {
            return Some(format!("{stem}{rep}"));
        }
    }
    let stem = w.strip_suffix('a')?;
    // Harrisa → Harris, Butlera → Butler: a consonant before the ending.
    let last = stem.chars().last()?;
    (!"aeiouyąęó".contains(last) && stem.chars().count() >= 2).then(|| stem.to_string())
}

impl NameBook {
    /// Collect the capitalised forms and full names of `text`.
    pub fn new(text: &str) -> NameBook {
        let stop = function_words();
        let mut book = NameBook::default();
        let toks: Vec<Tok> = tokenize(text, Span::new(0, text.len()));
        let mut i = 0;
        while i < toks.len() {
            if !nameish(&toks[i]) {
                if toks[i].word.starts_with(char::is_lowercase) {
                    book.lower.insert(toks[i].word.to_string());
                }
                i += 1;
                continue;
            }
            let mut j = i;
            while j < toks.len() && nameish(&toks[j]) && (j == i || toks[j].lead.is_empty()) {
                book.forms.insert(toks[j].word.to_string());
                j += 1;
                if !toks[j - 1].trail.is_empty() && !toks[j - 1].is_initial() {
                    break;
                }
            }
            let mut a = i;
            while a < j && stop.contains(toks[a].lower().as_str()) {
                a += 1;
            }
            // The full name: the surname, the initials before it and one given name ("Amy B. Harris",
            // "House Intelligence Committee Chairman Adam Schiff" → "Adam Schiff").
            let mut g = j - 1;
            while g > a && toks[g - 1].is_initial() {
                g -= 1;
            }
            if g > a {
                g -= 1;
            }
            let a = g;
            if j - a >= 2 && !toks[j - 1].is_initial() {
                let full = join(&toks[a..j]);
                book.mentions.push((toks[a].span.start, full.clone()));
                let e = book.full.entry(toks[j - 1].word.to_string()).or_default();
                if !e.contains(&full) {
                    e.push(full);
                }
            }
            i = j.max(i + 1);
        }
        let mut by_form: HashMap<String, Vec<String>> = HashMap::new();
        for (surname, names) in &book.full {
            for c in pl_candidates(surname) {
                if c != *surname {
                    let e = by_form.entry(c).or_default();
                    for n in names {
                        if !e.contains(n) {
                            e.push(n.clone());
                        }
                    }
                }
            }
        }
        book.full_by_form = by_form;
        book
    }

    /// The last full name mentioned before `pos`: the fallback for a pronoun when no speaker was named
    /// yet ("… posted by Sydney woman Jordy Lee. “…,” she said").
    /// Only mentions at or after `floor` count.
    pub fn last_mention_before(&self, pos: usize, floor: usize) -> Option<&str> {
        let k = self.mentions.partition_point(|(p, _)| *p < pos);
        k.checked_sub(1).filter(|&k| self.mentions[k].0 >= floor).map(|k| self.mentions[k].1.as_str())
    }

    /// Does the word also occur in lower case in the text (a common noun: "Rzecznik dodał")?
    pub fn occurs_lowercase(&self, w: &str) -> bool {
        self.lower.contains(&w.to_lowercase())
    }

    /// Is the Polish word `w` an inflected form of another name of the text (Liverpoolu → Liverpool)?
    pub fn is_inflected_pl(&self, w: &str) -> bool {
        pl_candidates(w).into_iter().any(|c| c != w && self.forms.contains(&c))
    }

    /// The canonical form of the name written at `span`.
    pub fn canonical(&self, text: &str, span: Span, lang: Lang, genitive: bool) -> String {
        let toks: Vec<Tok> = tokenize(text, span);
        let mut words: Vec<String> = toks
            .iter()
            .map(|t| if t.is_initial() { format!("{}.", t.word) } else { t.word.to_string() })
            .collect();
        if words.is_empty() {
            return span.text(text).to_string();
        }
        if lang == Lang::Pl {
            for (w, t) in words.iter_mut().zip(&toks) {
                if t.is_initial() {
                    continue;
                }
                let known = pl_candidates(w).into_iter().find(|c| c != w && self.forms.contains(c));
                if let Some(k) = known {
                    *w = k;
                } else if genitive {
                    if let Some(g) = pl_genitive_guess(w) {
                        *w = g;
                    }
                }
            }
        }
        if words.len() == 1 {
            if let Some(full) = self.full.get(&words[0]).filter(|v| v.len() == 1) {
                return full[0].clone();
            }
            // A full name whose surname is written here in another form: "Amy B. Harris" … "Harrisa".
            if lang == Lang::Pl {
                // The full name was written inflected ("producentki Amy B. Harrisy"): its given names
                // with the nominative surname.
                if let Some(v) = self.full_by_form.get(&words[0]).filter(|v| v.len() == 1) {
                    let head = v[0].rsplit_once(' ').map_or("", |(h, _)| h);
                    return if head.is_empty() { words[0].clone() } else { format!("{head} {}", words[0]) };
                }
            }
        }
        words.join(" ")
    }
}

fn join(toks: &[Tok]) -> String {
    let mut s = String::new();
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
