//! The number check on a linked pair of sentences or quotes: numbers and codes one side gives and the
//! other replaces (an error) or lacks (a warning), with measures a translation converts, emergency
//! numbers it localises and, in comparable articles, facts the other article states elsewhere.

use super::*;

/// One pair the number check compares: both sides, what they are ("sentence", "quote") and their two
/// texts as the messages show them.
struct Compared<'s> {
    e: &'s Side,
    p: &'s Side,
    unit: &'s str,
    texts: String,
}

impl Cx<'_> {
    /// Numbers: one replaced by another is an error; one missing on a side is a warning.
    pub(super) fn numbers(&self, e: &Side, p: &Side, unit: &str, out: &mut Vec<Finding>) {
        self.codes(e, p, unit, out);
        let en_nums = e.numbers(self.en, &self.en_text, Lang::En);
        let pl_nums = p.numbers(self.pl, &self.pl_text, Lang::Pl);
        let (lone_en, lone_pl) = self.unmatched_numbers(&en_nums, &pl_nums, p);
        let texts = format!("\nEN: {}\nPL: {}", clip(&e.text, 160), clip(&p.text, 160));
        let pair = Compared { e, p, unit, texts };
        let convertible = lone_en.iter().any(|n| self.converted(n));
        let changed = if convertible {
            self.conversion_mismatch(&pair, &lone_en, &lone_pl)
        } else {
            self.replaced_numbers(&pair, &lone_en, &lone_pl)
        };
        match changed {
            Some(f) => out.push(f),
            None => self.missing_numbers(&pair, lone_en, lone_pl, convertible, out),
        }
    }

    /// The numbers of each side (`en_nums`, `pl_nums`) the other side does not give, each paired with at
    /// most one.
    fn unmatched_numbers<'n>(
        &self,
        en_nums: &'n [Num],
        pl_nums: &'n [Num],
        p: &Side,
    ) -> (Vec<&'n Num>, Vec<&'n Num>) {
        let mut used = vec![false; pl_nums.len()];
        let mut lone_en = Vec::new();
        for n in en_nums {
            match pl_nums.iter().enumerate().position(|(j, m)| !used[j] && n.matches(m)) {
                Some(j) => used[j] = true,
                None => lone_en.push(n),
            }
        }
        let lone_pl: Vec<&Num> = pl_nums.iter().zip(&used).filter(|(_, u)| !**u).map(|(n, _)| n).collect();
        // Second chance on the digits as written: "8.20m" (metres, read as millions) ~ "8,20";
        // "8.30" (a time) ~ "8:30" (read as two numbers). A number whose digit groups all appear among
        // the other side's leftover digit groups is taken as matched.
        let groups = |doc: &Document, v: &[&Num]| -> Vec<u64> {
            v.iter().flat_map(|n| digit_groups(doc.slice(n.span))).collect()
        };
        let (ge, gp) = (groups(self.en, &lone_en), groups(self.pl, &lone_pl));
        let covered = |doc: &Document, n: &Num, pool: &[u64]| {
            let g = digit_groups(doc.slice(n.span));
            !g.is_empty() && g.iter().all(|x| pool.contains(x))
        };
        let mut lone_en: Vec<&Num> = lone_en.into_iter().filter(|n| !covered(self.en, n, &gp)).collect();
        let mut lone_pl: Vec<&Num> = lone_pl.into_iter().filter(|n| !covered(self.pl, n, &ge)).collect();
        // Emergency numbers are localised: "text 911" is "SMS pod numer alarmowy" or "112".
        if emergency_context(&p.text) {
            lone_en.retain(|n| !emergency_number(self.en.slice(n.span)));
            lone_pl.retain(|n| !emergency_number(self.pl.slice(n.span)));
        }
        // Comparable articles: a number in digits the other article states anywhere is a fact both
        // give, not one changed or missing (a retelling gives it in another sentence). Number words
        // ("one", "dwie") are too common for that.
        if self.comparable {
            lone_en.retain(|n| n.word || !self.pl_numbers.iter().any(|m| n.matches(m)));
            lone_pl.retain(|n| n.word || !self.en_numbers.iter().any(|m| m.matches(n)));
        }
        (lone_en, lone_pl)
    }

    /// Whether an English number in digits is an imperial measure, which the Polish converts ("120
    /// miles" → "200 km").
    fn converted(&self, n: &Num) -> bool {
        !n.word && imperial_unit_after(&self.en.text, n.span.end)
    }

    /// A converted measure must come out near the conversion ("120 miles" / "200 km", not "260 km"):
    /// an error when every metric measure the Polish has alone is off.
    fn conversion_mismatch(&self, pair: &Compared, lone_en: &[&Num], lone_pl: &[&Num]) -> Option<Finding> {
        let en_conv: Vec<(f64, &Num)> = lone_en
            .iter()
            .filter_map(|n| {
                let v = value_of(n)?;
                Some((v * imperial_factor(&self.en.text, n.span.end)?, *n))
            })
            .collect();
        // Translators round: 1609 km may be "1500" (a rounding unit of 100), not "2600".
        let rounding = |n: &Num| {
            let digits: String = self.pl.slice(n.span).chars().filter(char::is_ascii_digit).collect();
            10f64.powi((digits.len() - digits.trim_end_matches('0').len()) as i32)
        };
        let pl_metric: Vec<(f64, f64, &Num)> = lone_pl
            .iter()
            .filter(|n| !n.word && metric_unit_after(&self.pl.text, n.span.end))
            .filter_map(|n| Some((value_of(n)?, rounding(n), *n)))
            .collect();
        let off: Vec<&Num> = pl_metric
            .iter()
            .filter(|(v, unit, _)| !en_conv.iter().any(|(c, _)| (v - c).abs() <= (0.1 * c).max(unit / 2.0)))
            .map(|x| x.2)
            .collect();
        if en_conv.is_empty() || off.is_empty() || off.len() != pl_metric.len() {
            return None;
        }
        let en_spans: Vec<&Num> = en_conv.iter().map(|x| x.1).collect();
        Some(Finding {
            check: Check::NumberMismatch,
            severity: Severity::Error,
            en: en_spans.iter().map(|n| n.span).collect(),
            pl: off.iter().map(|n| n.span).collect(),
            message: format!(
                "The Polish {} has {} where the English has {} (about {} after conversion).{}",
                pair.unit,
                show(self.pl, &off),
                show(self.en, &en_spans),
                en_conv.iter().map(|(c, _)| format!("{c:.0}")).collect::<Vec<_>>().join(", "),
                pair.texts
            ),
        })
    }

    /// A number replaced by another (an error); number words alone are weak unless one simply replaces
    /// another.
    fn replaced_numbers(&self, pair: &Compared, lone_en: &[&Num], lone_pl: &[&Num]) -> Option<Finding> {
        let strong_en = lone_en.iter().any(|n| !n.word && !self.converted(n));
        let strong_pl = lone_pl.iter().any(|n| !n.word);
        let word_swap = lone_en.iter().all(|n| n.word)
            && lone_pl.iter().all(|n| n.word)
            && lone_en.len() == lone_pl.len();
        // A number replaced by another keeps its kind: a date in place of an amount ("September" /
        // "5,25 proc.") is two facts, one given by each side.
        let same_kind = lone_en.iter().any(|a| lone_pl.iter().any(|b| kind_class(a) == kind_class(b)));
        // In a retelling a number word ("in one day") beside a number in digits is no replacement: the
        // two articles word their facts differently. One number word in place of another still is.
        let strong = if self.comparable {
            (strong_en && strong_pl) || word_swap
        } else {
            strong_en || strong_pl || word_swap
        };
        if lone_en.is_empty() || lone_pl.is_empty() || !same_kind || !strong {
            return None;
        }
        Some(Finding {
            check: Check::NumberMismatch,
            severity: Severity::Error,
            en: lone_en.iter().map(|n| n.span).collect(),
            pl: lone_pl.iter().map(|n| n.span).collect(),
            message: format!(
                "The Polish {} has {} where the English has {}.{}",
                pair.unit,
                show(self.pl, lone_pl),
                show(self.en, lone_en),
                pair.texts
            ),
        })
    }

    /// A number in digits with nothing on the other side (a warning); number words alone are too weak.
    /// Imperial measures converted to metric ones ("120 miles" / "200 km") are not numbers left out.
    fn missing_numbers(
        &self,
        pair: &Compared,
        lone_en: Vec<&Num>,
        lone_pl: Vec<&Num>,
        convertible: bool,
        out: &mut Vec<Finding>,
    ) {
        let metric = convertible && lone_pl.iter().any(|n| metric_unit_after(&self.pl.text, n.span.end));
        let lone_en: Vec<&Num> =
            lone_en.into_iter().filter(|n| !(n.word || (metric && self.converted(n)))).collect();
        let lone_pl: Vec<&Num> = lone_pl
            .into_iter()
            .filter(|n| !(n.word || (convertible && metric_unit_after(&self.pl.text, n.span.end))))
            .collect();
        if !lone_en.is_empty() {
            out.push(Finding {
                check: Check::NumberMismatch,
                severity: Severity::Warning,
                en: lone_en.iter().map(|n| n.span).collect(),
                pl: pair.p.spans.clone(),
                message: format!(
                    "The English {} has {} but the Polish one has no such number.{}",
                    pair.unit,
                    show(self.en, &lone_en),
                    pair.texts
                ),
            });
        }
        if !lone_pl.is_empty() {
            out.push(Finding {
                check: Check::NumberMismatch,
                severity: Severity::Warning,
                en: pair.e.spans.clone(),
                pl: lone_pl.iter().map(|n| n.span).collect(),
                message: format!(
                    "The Polish {} has {} but the English one has no such number.{}",
                    pair.unit,
                    show(self.pl, &lone_pl),
                    pair.texts
                ),
            });
        }
    }

    /// Codes of letters and digits ("NO2", "PM10", "F-16"), which the translation keeps as written: one
    /// replaced by another is a changed number.
    fn codes(&self, e: &Side, p: &Side, unit: &str, out: &mut Vec<Finding>) {
        let (ce, cp) = (codes_in(&e.text), codes_in(&p.text));
        let lone =
            |a: &[(usize, usize, String)], b: &[(usize, usize, String)]| -> Vec<(usize, usize, String)> {
                a.iter().filter(|x| !b.iter().any(|y| y.2 == x.2)).cloned().collect()
            };
        let (le, lp) = (lone(&ce, &cp), lone(&cp, &ce));
        if le.is_empty() || lp.is_empty() {
            return;
        }
        let spans = |side: &Side, v: &[(usize, usize, String)]| -> Vec<Span> {
            v.iter().filter_map(|&(a, b, _)| side.doc_span(a, b)).collect()
        };
        let show = |side: &Side, v: &[(usize, usize, String)]| {
            v.iter().map(|&(a, b, _)| side.text[a..b].to_string()).collect::<Vec<_>>().join(", ")
        };
        out.push(Finding {
            check: Check::NumberMismatch,
            severity: Severity::Error,
            en: spans(e, &le),
            pl: spans(p, &lp),
            message: format!(
                "The Polish {unit} has {} where the English has {}.\nEN: {}\nPL: {}",
                show(p, &lp),
                show(e, &le),
                clip(&e.text, 160),
                clip(&p.text, 160)
            ),
        });
    }
}

/// The texts of numbers of a document, for a message.
fn show(doc: &Document, v: &[&Num]) -> String {
    v.iter().map(|n| doc.slice(n.span).to_string()).collect::<Vec<_>>().join(", ")
}

/// Whether a number is one of the emergency telephone numbers countries give each other's readers
/// their own for (911, 999, 112).
fn emergency_number(t: &str) -> bool {
    matches!(t, "911" | "999" | "112")
}

/// Whether a Polish text names an emergency number: "112" or "numer alarmowy" / "ratunkowy".
fn emergency_context(pl: &str) -> bool {
    let lower = pl.to_lowercase();
    norm::words_of(pl).into_iter().any(|(a, b)| emergency_number(&pl[a..b]))
        || ["numer alarmow", "numer ratunkow", "numeru alarmow", "numeru ratunkow", "numerem alarmow"]
            .iter()
            .any(|k| lower.contains(k))
}
