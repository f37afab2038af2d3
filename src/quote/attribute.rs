//! The attribution of every top-level quotation: after its closing mark or dash, else in the clause
//! before its opening mark, else in the reported speech around it.

use super::marks::{self, RawQuote};
use super::speaker::{Attribution, Rules, Who};
use super::{dash, speaker_pl};
use crate::lang::Lang;
use crate::model::Span;

/// The attribution of every top-level quotation of `raw` (by index; None for nested ones): after its
/// closing mark or dash, else in the clause before its opening; and the one after its closing alone.
#[allow(clippy::type_complexity)]
pub(super) fn attributions<'r>(
    text: &str,
    raw: &[RawQuote],
    paras: &[(Span, Lang)],
    rules_of: impl Fn(usize) -> &'r Rules,
) -> (Vec<Option<Attribution>>, Vec<Option<Attribution>>, Vec<bool>) {
    let mut att = vec![None; raw.len()];
    let mut post = vec![None; raw.len()];
    let mut reported = vec![false; raw.len()];
    let mut tops: Vec<usize> = Vec::with_capacity(16);
    let mut i = 0;
    while i < raw.len() {
        let para = raw[i].paragraph;
        let mut j = i;
        while j < raw.len() && raw[j].paragraph == para {
            j += 1;
        }
        let pspan = paras[para].0;
        let rules = rules_of(para);
        let polish = std::ptr::eq(rules, speaker_pl::rules());
        tops.clear();
        tops.extend((i..j).filter(|&k| raw[k].depth == 0));
        for (n, &k) in tops.iter().enumerate() {
            let q = &raw[k];
            let mut after_end = tops.get(n + 1).map_or(pspan.end, |&m| raw[m].open.start);
            // A block quotation's attribution stands in the next paragraph ("— odparł …"), and so
            // does that of a quotation ending its paragraph when the next one opens with a dash and a
            // small letter: the attribution, set apart by a line break („…”⏎– powiedział X.).
            if let Some(c) = q.close.filter(|c| c.start >= pspan.end) {
                after_end = paras.get(para + 1).map_or(c.end, |p| p.0.end);
            } else if let Some(c) = q.close.filter(|c| {
                n + 1 == tops.len() && text.get(c.end..pspan.end).is_some_and(|t| t.trim().is_empty())
            }) {
                if let Some(next) = paras.get(para + 1).filter(|p| attribution_paragraph(p.0.text(text))) {
                    after_end = next.0.end.max(c.end);
                }
            }
            let before_start = if n == 0 {
                pspan.start
            } else {
                raw[tops[n - 1]].close.map_or(raw[tops[n - 1]].inner.end, |c| c.end)
            };
            let dialogue = q.family == marks::Family::Dash;
            // A closing dash signals an attribution as final punctuation does.
            let punct = dialogue || q.inner.text(text).trim_end().ends_with([',', '.', '?', '!', '…']);
            let p = q.close.and_then(|c| {
                let region = Span::new(c.end, after_end.max(c.end));
                let a = rules.after(text, region, punct);
                // A quotation in marks followed by a dash takes the attributions of dialogue in Polish
                // („…” - zwrócił się X).
                let dashed = polish
                    && region.text(text).trim_start().starts_with(dash::is_dash)
                    && q.inner
                        .text(text)
                        .trim_end()
                        .ends_with(|c: char| c.is_alphanumeric() || ".,!?…".contains(c));
                if (dialogue || dashed)
                    && !matches!(a.map(|a| a.who), Some(Who::Name { .. } | Who::Role { .. }))
                {
                    rules.after_dialogue(text, region).or(a)
                } else {
                    a
                }
            });
            // A quotation ending a sentence ("…." / "…?") followed by a capitalised pronoun: the pronoun
            // opens the next sentence ("“….” He mentioned that …"), it attributes nothing here.
            let ends_sentence = q.inner.text(text).trim_end().ends_with(['.', '!', '?', '…']);
            let p = p.filter(|a| {
                !(ends_sentence
                    && matches!(a.who, Who::Pronoun(sp) if sp.text(text).starts_with(char::is_uppercase)))
            });
            let region = Span::new(before_start, q.open.start.max(before_start));
            // "… “in the coming weeks,” according to X": a source after a quotation inside a sentence
            // whose own verb of saying has a subject reports the words, it does not say them.
            let source_only = matches!(p.map(|a| a.who), Some(Who::Name { genitive: true, .. }));
            let mut a = if source_only { None } else { p };
            // The clause before is read only when it can count: with no attribution after, or one
            // with no subject after the quotation ("„…” - rzucił"), which a name introducing it ("X,
            // który skomentował: „…”") replaces.
            if a.is_none() {
                a = rules.before(text, region);
                // A quotation opening its paragraph after one that ends in a colon: that clause
                // introduces it ("Kowalska zapowiedziała:⏎– W marcu …", "She said:⏎“…”").
                if a.is_none() && n == 0 && para > 0 && region.text(text).trim().is_empty() {
                    let prev = paras[para - 1].0;
                    if prev.text(text).trim_end().ends_with(':') {
                        a = rules.before(text, prev);
                    }
                }
            } else if matches!(a.map(|x| x.who), Some(Who::Implicit(_))) {
                let b = rules.before(text, region);
                if matches!(b.map(|x| x.who), Some(Who::Name { .. })) {
                    a = b;
                }
            }
            if a.is_none() && q.family != marks::Family::Dash {
                a = rules.reported(text, region);
                // A clause ending in a colon introduces the words as said, not reported
                // ("Odpowiedział mu poseł opozycji: „To nieprawda”").
                reported[k] = a.is_some() && !region.text(text).trim_end().ends_with(':');
            }
            let a = a.or(p);
            post[k] = p;
            att[k] = a;
        }
        i = j;
    }
    (att, post, reported)
}

/// Whether a paragraph reads as the attribution of the quotation before it: a dash, then a word in
/// small letters (`– powiedział w czwartek minister.`), as dialogue never opens.
fn attribution_paragraph(p: &str) -> bool {
    let t = p.trim_start();
    let Some(rest) = t.strip_prefix(dash::is_dash) else { return false };
    let rest_trimmed = rest.trim_start();
    rest_trimmed.len() < rest.len() && rest_trimmed.starts_with(char::is_lowercase)
}
