//! Checks on each pair of linked sentences, run in order by [`Cx::sentence_pairs`]: numbers
//! ([`super::numbers`]), names ([`super::names`]), length, punctuation and brackets (here) and, in a
//! translation, text of a link the other side does not render ([`super::unsupported`]).

use super::*;

impl Cx<'_> {
    /// Checks on each pair of linked sentences.
    pub(super) fn sentence_pairs(&self, out: &mut Vec<Finding>) {
        for l in Self::two_sided(&self.a.sentences) {
            let (e, p) = (self.sent_side(self.en, &l.en), self.sent_side(self.pl, &l.pl));
            if e.spans.is_empty() || p.spans.is_empty() {
                continue;
            }
            // Comparable articles: only a confident link says the two sentences report the same facts.
            if !self.opts.disabled.contains(&Check::NumberMismatch) && (!self.comparable || l.score >= 0.5) {
                let from = out.len();
                self.numbers(&e, &p, "sentence", out);
                if self.comparable {
                    // A number only one retelling gives is information.
                    for f in &mut out[from..] {
                        let one_sided = f.message.contains("has no such number");
                        if one_sided {
                            f.severity = Severity::Style;
                        }
                    }
                }
            }
            let link_from = out.len();
            if !self.opts.disabled.contains(&Check::NameMismatch) {
                self.names(l, &e, &p, out);
            }
            self.length(&e, &p, out);
            self.punctuation(&e, &p, out);
            self.brackets(&e, &p, out);
            if !self.comparable {
                // Where the name check found a name only one side of this link gives.
                let lone_names: Vec<(bool, Span)> = out[link_from..]
                    .iter()
                    .filter(|f| f.check == Check::NameMismatch)
                    .flat_map(|f| f.en.iter().map(|s| (true, *s)).chain(f.pl.iter().map(|s| (false, *s))))
                    .collect();
                self.stray_sentences(l, &e, &p, out);
                self.glued_sentences(l, &e, &p, &lone_names, out);
            }
        }
    }

    pub(super) fn length(&self, e: &Side, p: &Side, out: &mut Vec<Finding>) {
        let (le, lp) = (e.text.chars().count(), p.text.chars().count());
        if le < self.opts.length_min_chars || lp == 0 {
            return;
        }
        let ratio = lp as f32 / le as f32;
        let z = self.opts.length_z(le as f32, lp as f32);
        if z.abs() <= self.opts.length_ratio_z {
            return;
        }
        let what = if z > 0.0 { "longer" } else { "shorter" };
        out.push(Finding {
            check: Check::LengthRatio,
            severity: Severity::Style,
            en: e.spans.clone(),
            pl: p.spans.clone(),
            message: format!(
                "The Polish is much {what} than the English ({lp} vs {le} characters, ratio {ratio:.2}; \
                 translations usually run about {:.2}).\nEN: {}\nPL: {}",
                self.opts.length_ratio_center,
                clip(&e.text, 160),
                clip(&p.text, 160)
            ),
        });
    }

    pub(super) fn punctuation(&self, e: &Side, p: &Side, out: &mut Vec<Finding>) {
        for (mark, name) in [('?', "question mark"), ('!', "exclamation mark")] {
            let (ce, cp) = (e.text.matches(mark).count(), p.text.matches(mark).count());
            if ce == cp {
                continue;
            }
            out.push(Finding {
                check: Check::PunctuationMismatch,
                severity: Severity::Style,
                en: e.spans.clone(),
                pl: p.spans.clone(),
                message: format!(
                    "The English has {ce} {name}{} and the Polish {cp}.\nEN: {}\nPL: {}",
                    if ce == 1 { "" } else { "s" },
                    clip(&e.text, 160),
                    clip(&p.text, 160)
                ),
            });
        }
    }

    pub(super) fn brackets(&self, e: &Side, p: &Side, out: &mut Vec<Finding>) {
        let count = |t: &str| t.chars().filter(|c| matches!(c, '(' | '[')).count();
        let unbalanced = |t: &str| {
            let mut depth = 0i32;
            for c in t.chars() {
                match c {
                    '(' | '[' => depth += 1,
                    ')' | ']' => depth -= 1,
                    _ => {}
                }
                if depth < 0 {
                    return true;
                }
            }
            depth != 0
        };
        let (ce, cp) = (count(&e.text), count(&p.text));
        if ce != cp && !self.comparable {
            out.push(Finding {
                check: Check::BracketMismatch,
                severity: Severity::Style,
                en: e.spans.clone(),
                pl: p.spans.clone(),
                message: format!(
                    "The English has {ce} bracketed part{} and the Polish {cp}.\nEN: {}\nPL: {}",
                    if ce == 1 { "" } else { "s" },
                    clip(&e.text, 160),
                    clip(&p.text, 160)
                ),
            });
        }
        if unbalanced(&p.text) && !unbalanced(&e.text) {
            out.push(Finding {
                check: Check::BracketMismatch,
                severity: Severity::Style,
                en: vec![],
                pl: p.spans.clone(),
                message: format!("Unbalanced brackets in the Polish.\nPL: {}", clip(&p.text, 160)),
            });
        }
    }
}
