//! Sources after a quotation that are not its subject: a medium quoting someone ("– cytuje PAP
//! ministra Lisa"), the source an "according to" phrase names when it is no person's name, and the
//! medium a verb of saying went out on ("napisał na platformie X").

use super::*;
use crate::quote::fast::lower_eq;

impl Rules {
    /// The source an "according to" phrase names when it is no person's name (token `k` follows the
    /// phrase): an institution or a described group, behind the document it issued ("according to
    /// the ministry", "according to a statement from the prime minister's office"), as written; or a
    /// role ("according to the prime minister"), for its holder.
    pub(super) fn according_source(&self, toks: &[Tok], k: usize) -> Option<Who> {
        let mut i = k;
        let article = |t: &Tok| ["a", "an", "the"].iter().any(|a| lower_eq(t.word, a));
        if toks.len() > i + 3
            && article(&toks[i])
            && toks[i + 1].trail.is_empty()
            && super::is_document_en(toks[i + 1].word)
            && ["from", "by", "of"].iter().any(|p| lower_eq(toks[i + 2].word, p))
        {
            i += 3;
        }
        // (the description or the role ends the clause)
        let ends = |b: usize| b == toks.len() || !toks[b - 1].trail.is_empty();
        if let Some((_, a, b)) = crate::quote::groups::description(toks, i, toks.len(), false) {
            return ends(b).then(|| Who::Unnamed(span_of(toks, (a, b))));
        }
        match self.role_from(toks, i)? {
            who @ Who::Role { span, .. } if ends(toks.partition_point(|t| t.span.end <= span.end)) => {
                Some(who)
            }
            _ => None,
        }
    }

    /// A medium quoting someone after a quotation ("– cytuje prezes PZT Martę Domachowską portal
    /// Sport.pl", "– cytuje PAP ministra Lisa", "– cytuje ją portal"): the speaker is the verb's object,
    /// not its subject; a pronoun object is the last speaker of its gender, and no object at all the
    /// last speaker.
    pub(super) fn quoted_by(&self, toks: &[Tok]) -> Option<Who> {
        const QUOTING: &[&str] = &["cytuje", "cytują", "cytował", "cytowała", "cytowali", "cytowało"];
        const MEDIA: &[&str] = &[
            "portal",
            "serwis",
            "dziennik",
            "gazeta",
            "tygodnik",
            "agencja",
            "telewizja",
            "radio",
            "stacja",
        ];
        const CLITICS: &[&str] = &["go", "ją", "jego", "jej", "ich", "je"];
        let t0 = &toks[0];
        if !t0.lead.is_empty() || !QUOTING.iter().any(|w| lower_eq(t0.word, w)) {
            return None;
        }
        let plain = |t: &Tok| t.lead.is_empty() && t.trail.is_empty();
        let implicit = Some(Who::Implicit(t0.span));
        if !plain(t0) {
            return implicit;
        }
        let mut k = 1;
        // The medium may stand first: "cytuje portal Sport.pl …", "cytuje PAP …".
        if toks.get(k).is_some_and(|t| plain(t) && MEDIA.iter().any(|m| lower_eq(t.word, m))) {
            k += 2;
        } else if toks.get(k).is_some_and(|t| plain(t) && is_acronym(t.word)) {
            k += 1;
        }
        if k >= toks.len() {
            return implicit;
        }
        if CLITICS.iter().any(|c| lower_eq(toks[k].word, c)) {
            return Some(Who::Pronoun(toks[k].span));
        }
        match self.described_name(toks, k) {
            Some(r) => Some(Who::Name { span: span_of(toks, r), genitive: true }),
            None => implicit,
        }
    }
}

/// Where the subject after a verb of saying starts, past the medium the words went out on or to
/// (token `k` follows the verb): a preposition, a noun of a medium and the medium's name ("napisał na
/// platformie X szef rządu", "powiedział na antenie TVN24 minister"), or a medium in capitals told
/// the words before a role ("powiedział PAP rzecznik"). `k` when no medium stands there, or when
/// nothing follows it.
pub(super) fn medium_end(toks: &[Tok], k: usize) -> usize {
    const NOUNS: &[&str] = &[
        "platformie",
        "portalu",
        "serwisie",
        "kanale",
        "antenie",
        "łamach",
        "profilu",
        "koncie",
        "stronie",
        "platform",
        "channel",
        "account",
        "website",
    ];
    let plain = |t: &Tok| t.lead.is_empty() && t.trail.is_empty();
    // A clitic pronoun after the verb is whom the words were told ("mówi nam jeden z dyplomatów").
    const CLITICS: &[&str] = &["nam", "mi", "mu", "jej", "im", "wam"];
    if toks.get(k).is_some_and(|t| plain(t) && CLITICS.iter().any(|c| lower_eq(t.word, c)))
        && k + 1 < toks.len()
    {
        return medium_end(toks, k + 1);
    }
    let mut m = k;
    // A medium's noun in the dative right after the verb: whom the words were told ("mówi agencji
    // Reuters", "powiedziała telewizji TVN24"), or its reporter ("mówiła reporterce PAP").
    const DATIVES: &[&str] = &[
        "reporterce",
        "reporterowi",
        "dziennikarce",
        "dziennikarzowi",
        "agencji",
        "telewizji",
        "stacji",
        "gazecie",
        "dziennikowi",
        "tygodnikowi",
        "portalowi",
        "radiu",
        "rozgłośni",
    ];
    if toks.get(k).is_some_and(|t| plain(t) && DATIVES.iter().any(|n| lower_eq(t.word, n)))
        && toks.get(k + 1).is_some_and(Tok::is_cap)
    {
        m = k + 1;
        // The medium's one word run into the speaker's full name ("agencji Reuters Ravi Sharma").
        if name_forward(toks, m).is_some_and(|r| r.1 - r.0 >= 3) && toks[m].trail.is_empty() {
            return m + 1;
        }
    }
    if m == k
        && toks
            .get(k + 1)
            .is_some_and(|t| plain(t) && plain(&toks[k]) && NOUNS.iter().any(|n| lower_eq(t.word, n)))
        && is_oblique_preposition(toks[k].word)
    {
        m = k + 2;
    }
    // The medium's name: one or two capitalised words (or capitals alone right after the verb).
    let Some((a, b)) = name_forward(toks, m).filter(|r| r.1 - r.0 <= 2) else { return k };
    let told = m == k && toks[a..b].iter().all(|t| is_acronym(t.word));
    // (a role, or one of a group: "powiedział PAP jeden z dyplomatów")
    let subject_next = toks.get(b).is_some_and(|t| {
        !t.is_cap()
            && (crate::quote::roles::role_at(toks, b).is_some()
                || super::described::partitive(toks, b).is_some())
    });
    if (m > k || told) && toks[b - 1].trail.is_empty() && (m > k && b < toks.len() || subject_next) {
        b
    } else {
        k
    }
}
