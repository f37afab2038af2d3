//! Polish press interviews: a lead names the two sides ("Z Joanną Nowicką, dyrektorką szpitala,
//! rozmawia Piotr Lis.", "Rozmowa z Joanną Nowicką"), then the conversation runs as dash dialogue
//! with no attributions, the interviewer's questions and the interviewee's answers alternating. The
//! interviewer may instead sign at the end ("Rozmawiała: Anna Kowalska").
//!
//! - A **lead** is a paragraph that opens with "Z"/"Ze", up to four words of role ("Z ministrem
//!   finansów Janem Kowalskim"), and a name in the instrumental (the interviewee), and holds a form of
//!   "rozmawiać" followed by a name (the interviewer); or a paragraph that opens with "Rozmowa z" and
//!   a name (the interviewee alone). The interviewee's name is given in the nominative
//!   ([`pl_instrumental_guess`]: Joanną Nowicką → Joanna Nowicka).
//! - A **signature** is a short paragraph of a form of "rozmawiać" and the interviewer's name.
//! - The lead stands in the paragraph before the run of dialogue or, after a paragraph that is no
//!   dialogue (a standfirst), in the one before that ([`lead_before`]); the signature in one of the
//!   two paragraphs after it ([`signature_after`]).

use super::fast::lower_eq;
use super::names::pl_instrumental_guess;
use super::speaker::{nameish, words, Tok};
use crate::lang::Lang;
use crate::model::Span;

/// Forms of "rozmawiać" that close an interview lead or open a signature.
const VERBS: &[&str] = &["rozmawia", "rozmawiał", "rozmawiała", "rozmawiali", "rozmawiały"];
/// Most role words between "Z" and the interviewee's name ("Z ministrem finansów Janem Kowalskim").
const MAX_ROLE_WORDS: usize = 4;

/// A run of bare dialogue paragraphs that is an interview, and the sides its lead or signature names.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Interview {
    /// The first and last paragraph of the run.
    pub first: usize,
    pub last: usize,
    /// The interviewee (name in the nominative, span as written), who answers.
    pub interviewee: Option<(String, Span)>,
    /// The interviewer, who asks.
    pub interviewer: Option<(String, Span)>,
}

/// The interviews among the runs of paragraphs of bare dialogue (`bare[p]`: paragraph `p` holds only
/// dash dialogue with no attribution): each run after a lead ([`lead_before`]) or before a signature
/// ([`signature_after`]).
pub(super) fn interviews(text: &str, paras: &[(Span, Lang)], bare: &[bool]) -> Vec<Interview> {
    let mut out = Vec::new();
    let mut p = 0;
    while p < bare.len() {
        if !bare[p] {
            p += 1;
            continue;
        }
        let first = p;
        while p + 1 < bare.len() && bare[p + 1] {
            p += 1;
        }
        let last = p;
        p += 1;
        let (interviewee, mut interviewer) =
            lead_before(text, paras, first).map_or((None, None), |l| (l.interviewee, l.interviewer));
        let lead = interviewee.is_some() || interviewer.is_some();
        if interviewer.is_none() {
            interviewer = signature_after(text, paras, last);
        }
        if lead || interviewer.is_some() {
            out.push(Interview { first, last, interviewee, interviewer });
        }
    }
    out
}

/// The two sides an interview names, each as (name in the nominative, span as written).
#[derive(Debug, Clone, PartialEq)]
struct Lead {
    interviewee: Option<(String, Span)>,
    interviewer: Option<(String, Span)>,
}

/// The longest run of name words from token `i` (at most three, no punctuation inside).
fn name_run(toks: &[Tok], i: usize) -> Option<(usize, usize)> {
    let mut j = i;
    while j < toks.len() && j < i + 3 && nameish(&toks[j]) && toks[j].lead.is_empty() {
        j += 1;
        if !toks[j - 1].trail.is_empty() {
            break;
        }
    }
    (j > i).then_some((i, j))
}

/// The span of tokens `a..b`.
fn span(toks: &[Tok], (a, b): (usize, usize)) -> Span {
    Span::new(toks[a].span.start, toks[b - 1].span.end)
}

/// A name of two words or more at token `i`, as written.
fn full_name_at(toks: &[Tok], i: usize) -> Option<(String, Span)> {
    let r = name_run(toks, i).filter(|r| r.1 - r.0 >= 2)?;
    Some((toks[r.0..r.1].iter().map(|t| t.word).collect::<Vec<_>>().join(" "), span(toks, r)))
}

/// The interviewee named after "z" at token `i`: up to [`MAX_ROLE_WORDS`] lower-case role words,
/// then a name of two words or more, in the instrumental; with the index after the name.
fn interviewee_at(toks: &[Tok], i: usize) -> Option<((String, Span), usize)> {
    let mut k = i;
    while k < toks.len() && k < i + MAX_ROLE_WORDS && !nameish(&toks[k]) {
        let t = &toks[k];
        if !t.lead.is_empty() || !t.trail.is_empty() || !t.word.starts_with(char::is_lowercase) {
            return None;
        }
        k += 1;
    }
    let who = name_run(toks, k).filter(|r| r.1 - r.0 >= 2)?;
    let name = toks[who.0..who.1].iter().map(|t| pl_instrumental_guess(t.word)).collect::<Vec<_>>().join(" ");
    Some(((name, span(toks, who)), who.1))
}

/// The interview lead in paragraph `para`, if it is one.
fn lead(text: &str, para: Span) -> Option<Lead> {
    let head = para.text(text).trim_start();
    if para.len() > 600 || !(head.starts_with('Z') || head.starts_with("Rozmowa")) {
        return None;
    }
    let toks: Vec<Tok> = words(text, para).take(60).collect();
    let first = toks.first()?;
    if !first.trail.is_empty() {
        return None;
    }
    // "Rozmowa z Joanną Nowicką, dyrektorką szpitala": the interviewee alone.
    if first.word == "Rozmowa" {
        toks.get(1).filter(|t| (t.word == "z" || t.word == "ze") && t.trail.is_empty())?;
        let (interviewee, _) = interviewee_at(&toks, 2)?;
        return Some(Lead { interviewee: Some(interviewee), interviewer: None });
    }
    if !(first.word == "Z" || first.word == "Ze") {
        return None;
    }
    let (interviewee, after) = interviewee_at(&toks, 1)?;
    let v = toks.iter().position(|t| VERBS.contains(&t.word))?;
    if v < after {
        return None;
    }
    let interviewer =
        (toks[v].trail.is_empty() || toks[v].trail == ":").then(|| full_name_at(&toks, v + 1)).flatten();
    Some(Lead { interviewee: Some(interviewee), interviewer })
}

/// The interviewer's signature in paragraph `para` ("Rozmawiała: Anna Kowalska", "Rozmawiał Piotr
/// Lis"): a form of "rozmawiać", capitalised, and a name, and nothing else.
fn signature(text: &str, para: Span) -> Option<(String, Span)> {
    if para.len() > 120 || !para.text(text).trim_start().starts_with("Rozmawia") {
        return None;
    }
    let toks: Vec<Tok> = words(text, para).take(8).collect();
    let verb = toks.first()?;
    let listed = VERBS.iter().any(|v| lower_eq(verb.word, v));
    if !verb.is_cap() || !listed || !(verb.trail.is_empty() || verb.trail == ":") {
        return None;
    }
    let name = full_name_at(&toks, 1)?;
    let rest = text[name.1.end..para.end].trim();
    (rest.is_empty() || rest == ".").then_some(name)
}

/// Whether paragraph `para` opens with a dialogue dash.
fn dialogue(text: &str, para: Span) -> bool {
    para.text(text).trim_start().starts_with(super::dash::is_dash)
}

/// The lead of a run of dialogue starting at paragraph `p`: in the paragraph before it, or, when
/// that one is no dialogue, in the one before that.
fn lead_before(text: &str, paras: &[(Span, Lang)], p: usize) -> Option<Lead> {
    let at = |k: usize| lead(text, paras[k].0);
    if p == 0 {
        return None;
    }
    at(p - 1).or_else(|| (p >= 2 && !dialogue(text, paras[p - 1].0)).then(|| at(p - 2)).flatten())
}

/// The interviewer's signature after a run of dialogue ending at paragraph `last`: in one of the two
/// paragraphs after it.
fn signature_after(text: &str, paras: &[(Span, Lang)], last: usize) -> Option<(String, Span)> {
    (last + 1..paras.len().min(last + 3)).find_map(|k| signature(text, paras[k].0))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn interviewee(t: &str) -> Option<String> {
        lead(t, Span::new(0, t.len())).and_then(|l| l.interviewee).map(|x| x.0)
    }

    #[test]
    fn a_lead_names_the_interviewee_in_the_nominative_and_the_interviewer() {
        let t = "Z Joanną Nowicką, nową dyrektorką szpitala, rozmawia Piotr Lis.";
        let l = lead(t, Span::new(0, t.len())).unwrap();
        assert_eq!(l.interviewee.map(|x| x.0), Some("Joanna Nowicka".to_string()));
        assert_eq!(l.interviewer.map(|x| x.0), Some("Piotr Lis".to_string()));
        assert_eq!(
            interviewee("Ze Zbigniewem Kowalskim o budżecie miasta rozmawiała Ewa Sowa").as_deref(),
            Some("Zbigniew Kowalski")
        );
        assert_eq!(interviewee("Z Markiem Lisem rozmawiał Adam Kot.").as_deref(), Some("Marek Lis"));
        let t = "Z Pawłem Nowakiem rozmawia redakcja.";
        let l = lead(t, Span::new(0, t.len())).unwrap();
        assert_eq!((l.interviewee.unwrap().0.as_str(), l.interviewer), ("Paweł Nowak", None));
    }

    #[test]
    fn a_lead_may_give_the_role_before_the_name_or_open_with_rozmowa() {
        assert_eq!(
            interviewee("Z ministrem finansów Janem Kowalskim rozmawia Piotr Lis.").as_deref(),
            Some("Jan Kowalski")
        );
        assert_eq!(
            interviewee("Z trenerem Tomaszem Gackiem rozmawia Ewa Sowa.").as_deref(),
            Some("Tomasz Gacek")
        );
        let t = "Rozmowa z Joanną Nowicką, dyrektorką szpitala w Lublinie";
        let l = lead(t, Span::new(0, t.len())).unwrap();
        assert_eq!((l.interviewee.unwrap().0.as_str(), l.interviewer), ("Joanna Nowicka", None));
    }

    #[test]
    fn other_paragraphs_are_no_lead() {
        for t in [
            "Z Warszawy wyjechał wczoraj pociąg do Gdańska.",
            "Z Joanną Nowicką spotkaliśmy się w szpitalu.",
            "Rozmawia Piotr Lis z Joanną Nowicką.",
            "Z nią rozmawia Piotr Lis.",
            "Z tego powodu wczoraj długo rozmawiali Jan Kowalski i Piotr Lis.",
            "Rozmowa z nim trwała godzinę.",
        ] {
            assert_eq!(lead(t, Span::new(0, t.len())), None, "{t}");
        }
    }

    #[test]
    fn a_signature_is_a_verb_and_a_name_alone() {
        for (t, want) in [
            ("Rozmawiała: Anna Kowalska", Some("Anna Kowalska")),
            ("Rozmawiał Piotr Lis.", Some("Piotr Lis")),
            ("Rozmawiali długo o budżecie.", None),
            ("Rozmawiał Piotr Lis, a potem wyszedł.", None),
            ("rozmawiała: Anna Kowalska", None),
        ] {
            assert_eq!(signature(t, Span::new(0, t.len())).map(|x| x.0).as_deref(), want, "{t}");
        }
    }
}
