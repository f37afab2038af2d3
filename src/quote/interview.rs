//! Polish press interviews: a lead names the two sides ("Z Joanną Nowicką, dyrektorką szpitala,
//! rozmawia Piotr Lis."), then the conversation runs as dash dialogue with no attributions, the
//! interviewer's questions and the interviewee's answers alternating.
//!
//! The lead is a paragraph that opens with "Z"/"Ze" and a name in the instrumental (the interviewee)
//! and holds a form of "rozmawiać" followed by a name (the interviewer). The interviewee's name is
//! given in the nominative ([`pl_instrumental_guess`]: Joanną Nowicką → Joanna Nowicka).

use super::names::pl_instrumental_guess;
use super::speaker::{nameish, words, Tok};
use crate::model::Span;

/// Forms of "rozmawiać" that close an interview lead.
const VERBS: &[&str] = &["rozmawia", "rozmawiał", "rozmawiała", "rozmawiali", "rozmawiały"];

/// The two sides an interview lead names, each as (name in the nominative, span as written).
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Lead {
    pub interviewee: (String, Span),
    pub interviewer: Option<(String, Span)>,
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

/// The interview lead in paragraph `para`, if it is one.
pub(super) fn lead(text: &str, para: Span) -> Option<Lead> {
    if para.len() > 600 {
        return None;
    }
    let toks: Vec<Tok> = words(text, para).take(60).collect();
    let first = toks.first()?;
    if !(first.word == "Z" || first.word == "Ze") || !first.trail.is_empty() {
        return None;
    }
    let who = name_run(&toks, 1).filter(|r| r.1 - r.0 >= 2)?;
    let v = toks.iter().position(|t| VERBS.contains(&t.word))?;
    if v < who.1 {
        return None;
    }
    let interviewee = (
        toks[who.0..who.1].iter().map(|t| pl_instrumental_guess(t.word)).collect::<Vec<_>>().join(" "),
        span(&toks, who),
    );
    let interviewer = (toks[v].trail.is_empty() || toks[v].trail == ":")
        .then(|| name_run(&toks, v + 1))
        .flatten()
        .filter(|r| r.1 - r.0 >= 2)
        .map(|r| (toks[r.0..r.1].iter().map(|t| t.word).collect::<Vec<_>>().join(" "), span(&toks, r)));
    Some(Lead { interviewee, interviewer })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_lead_names_the_interviewee_in_the_nominative_and_the_interviewer() {
        let t = "Z Joanną Nowicką, nową dyrektorką szpitala, rozmawia Piotr Lis.";
        let l = lead(t, Span::new(0, t.len())).unwrap();
        assert_eq!(l.interviewee.0, "Joanna Nowicka");
        assert_eq!(l.interviewer.map(|x| x.0), Some("Piotr Lis".to_string()));
        let t = "Ze Zbigniewem Kowalskim o budżecie miasta rozmawiała Ewa Sowa";
        let l = lead(t, Span::new(0, t.len())).unwrap();
        assert_eq!(l.interviewee.0, "Zbigniew Kowalski");
        let t = "Z Markiem Lisem rozmawiał Adam Kot.";
        assert_eq!(lead(t, Span::new(0, t.len())).unwrap().interviewee.0, "Marek Lis");
        let t = "Z Pawłem Nowakiem rozmawia redakcja.";
        let l = lead(t, Span::new(0, t.len())).unwrap();
        assert_eq!((l.interviewee.0.as_str(), l.interviewer), ("Paweł Nowak", None));
    }

    #[test]
    fn other_paragraphs_are_no_lead() {
        for t in [
            "Z Warszawy wyjechał wczoraj pociąg do Gdańska.",
            "Z Joanną Nowicką spotkaliśmy się w szpitalu.",
            "Rozmawia Piotr Lis z Joanną Nowicką.",
            "Z nią rozmawia Piotr Lis.",
        ] {
            assert_eq!(lead(t, Span::new(0, t.len())), None, "{t}");
        }
    }
}
