//! Sources named before a quotation rather than subjects of a verb: "według X", "zdaniem X",
//! "according to X" (a person, or an institution in the nominative), and the Polish "jak mówi X".

use super::*;
use crate::quote::fast::lower_eq;

impl Rules {
    /// A person named as the source opening a sentence of narration ("Zdaniem Ostrowskiej odkrycie
    /// ma …", "According to Dr Lee, the samples …"): the name, in the genitive where Polish puts it.
    pub fn opening_source(&self, toks: &[Tok]) -> Option<Who> {
        let k = self.according_at(toks, 0)?;
        let r = self.described_name(toks, k)?;
        Some(Who::Name { span: span_of(toks, r), genitive: true })
    }

    /// A source before the quotation: "Według Harrisa, „…”", "Zdaniem Nowickiego „…”", "According to
    /// Harris, “…”", with the name ending the clause `toks` or a few lower-case words after it.
    pub(super) fn according_before(&self, toks: &[Tok]) -> Option<Attribution> {
        // Według Harrisa, „…” / Zdaniem Nowickiego „…” / According to Harris, “…”
        for k in toks.len().saturating_sub(12)..toks.len() {
            if let Some(n) = self.according_at(toks, k) {
                // According to the Bank of England, “…” / Według agencji Reutera, „…”: the
                // institution with its name (not a person named by it).
                let the = toks.get(n).is_some_and(|t| t.trail.is_empty() && lower_eq(t.word, "the"));
                // (Polish adjectives in small letters before the noun: "Według brytyjskiego biura
                // meteorologicznego")
                let lead = toks[n..]
                    .iter()
                    .take(2)
                    .take_while(|t| {
                        t.trail.is_empty()
                            && t.lead.is_empty()
                            && crate::quote::groups::genitive_adjective(t.word)
                    })
                    .count();
                let i = n + usize::from(the) + lead;
                if let Some((crate::quote::groups::Group::Institution, a, b)) =
                    crate::quote::groups::description(toks, i, toks.len(), false)
                {
                    // (Polish: the noun in an oblique case; "Jego zdaniem rząd „…”" names the
                    // subject of the words, not their source.)
                    let noun_first = || {
                        !toks[i].is_cap()
                            && crate::quote::groups::nominative(toks[i].word).is_some_and(|(g, nom)| {
                                g == crate::quote::groups::Group::Institution && !lower_eq(toks[i].word, nom)
                            })
                    };
                    // (with adjectives in the genitive after the noun: "Według straży pożarnej",
                    // "Według prokuratury okręgowej")
                    let adjectives = |b: usize| {
                        b < toks.len()
                            && toks.len() - b <= 2
                            && toks[b - 1..toks.len() - 1].iter().all(|t| t.trail.is_empty())
                            && toks[b..].iter().all(|t| {
                                t.lead.is_empty()
                                    && !t.is_cap()
                                    && ["ej", "ego", "ych"].iter().any(|e| t.word.ends_with(e))
                            })
                    };
                    if a == i && (b == toks.len() || noun_first() && adjectives(b)) && (the || noun_first()) {
                        return Some(Attribution {
                            who: Who::Unnamed(span_of(toks, (a - lead, toks.len()))),
                        });
                    }
                }
                // Według prof. Marka Wiśniewskiego „…” / Zdaniem rzecznika Piotra Müllera „…”
                if let Some(r) = self.described_name(toks, n) {
                    // The name (with its affiliation: "Zdaniem Piotra Lisa z Uniwersytetu
                    // Warszawskiego") ends the clause, or a few lower-case words (the subject the
                    // quoted words are said of) stand between it and the quotation: "Według Gawrona
                    // ustawa „zmieni wszystko”".
                    let e = affiliation_end(toks, r.1);
                    let rest = &toks[e..];
                    // (A longer name run may have swallowed a subject that is a name: "Według
                    // Skyhorse Christine Pelosi splecie „…”".)
                    let subject_between = !rest.is_empty()
                        && rest.len() <= 4
                        && r.1 - r.0 <= 2
                        && toks[e - 1].trail.is_empty()
                        && rest.iter().all(|t| !t.is_cap() && t.trail.is_empty() && t.lead.is_empty());
                    if e == toks.len() || subject_between {
                        return Some(Attribution {
                            who: Who::Name { span: span_of(toks, r), genitive: true },
                        });
                    }
                }
            }
        }
        None
    }

    /// Polish "as X says" in the clause `toks` (which ends in a comma, colon or dash).
    pub(super) fn as_says(&self, toks: &[Tok]) -> Option<Attribution> {
        let last = toks.len() - 1;
        // Polish "as X says": Jak mówi prezes spółki Jan Kowalski, „…” / Jak przekonywała skarbnik
        // miasta, „…” / Jak dodał, „…” ("Jak" is no name).
        for j in 1..toks.len() {
            if lower_eq(toks[j - 1].word, "jak") && toks[j - 1].trail.is_empty() && self.is_verb(&toks[j]) {
                if let Some(r) = self.described_name(toks, j + 1) {
                    if r.1 == toks.len() && toks[last].trail.starts_with(',') {
                        return Some(Attribution {
                            who: Who::Name { span: span_of(toks, r), genitive: false },
                        });
                    }
                }
                if !toks[last].trail.starts_with(',') {
                    continue;
                }
                if let Some(role) = self.role_from(toks, j + 1) {
                    return Some(Attribution { who: role });
                }
                if let Some(r) = crate::quote::groups::after_verb(toks, j + 1) {
                    return Some(Attribution { who: Who::Unnamed(span_of(toks, r)) });
                }
                if j + 1 == toks.len() {
                    return Some(Attribution { who: Who::Implicit(toks[j].span) });
                }
            }
        }
        None
    }
}
