//! Checks on each pair of linked sentences: numbers, names, length, punctuation, brackets.

use super::*;

impl Cx<'_> {
    /// Numbers: one replaced by another is an error; one missing on a side is a warning.
    pub(super) fn numbers(&self, e: &Side, p: &Side, unit: &str, out: &mut Vec<Finding>) {
        self.codes(e, p, unit, out);
        let en_nums = e.numbers(Lang::En);
        let pl_nums = p.numbers(Lang::Pl);
        let mut used = vec![false; pl_nums.len()];
        let mut lone_en = Vec::new();
        for n in &en_nums {
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
        let show = |doc: &Document, v: &[&Num]| {
            v.iter().map(|n| doc.slice(n.span).to_string()).collect::<Vec<_>>().join(", ")
        };
        let texts = format!("\nEN: {}\nPL: {}", clip(&e.text, 160), clip(&p.text, 160));
        // A replaced number is an error; but imperial units are converted in Polish ("120 miles" →
        // "200 km"), and number words alone are weak unless one simply replaces another.
        let converted = |n: &Num| !n.word && imperial_unit_after(&self.en.text, n.span.end);
        let strong_en = lone_en.iter().any(|n| !n.word && !converted(n));
        let strong_pl = lone_pl.iter().any(|n| !n.word);
        let word_swap = lone_en.iter().all(|n| n.word)
            && lone_pl.iter().all(|n| n.word)
            && lone_en.len() == lone_pl.len();
        let convertible = lone_en.iter().any(|n| converted(n));
        // A converted measure must come out near the conversion ("120 miles" / "200 km", not "260 km").
        if convertible {
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
                .filter(|(v, unit, _)| {
                    !en_conv.iter().any(|(c, _)| (v - c).abs() <= (0.1 * c).max(unit / 2.0))
                })
                .map(|x| x.2)
                .collect();
            if !en_conv.is_empty() && !off.is_empty() && off.len() == pl_metric.len() {
                let en_spans: Vec<&Num> = en_conv.iter().map(|x| x.1).collect();
                out.push(Finding {
                    check: Check::NumberMismatch,
                    severity: Severity::Error,
                    en: en_spans.iter().map(|n| n.span).collect(),
                    pl: off.iter().map(|n| n.span).collect(),
                    message: format!(
                        "The Polish {unit} has {} where the English has {} (about {} after conversion).{texts}",
                        show(self.pl, &off),
                        show(self.en, &en_spans),
                        en_conv.iter().map(|(c, _)| format!("{c:.0}")).collect::<Vec<_>>().join(", ")
                    ),
                });
                return;
            }
        }
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
        if !lone_en.is_empty() && !lone_pl.is_empty() && !convertible && same_kind && strong {
            out.push(Finding {
                check: Check::NumberMismatch,
                severity: Severity::Error,
                en: lone_en.iter().map(|n| n.span).collect(),
                pl: lone_pl.iter().map(|n| n.span).collect(),
                message: format!(
                    "The Polish {unit} has {} where the English has {}.{texts}",
                    show(self.pl, &lone_pl),
                    show(self.en, &lone_en)
                ),
            });
            return;
        }
        // A number in digits with nothing on the other side; number words alone are too weak. Imperial
        // measures converted to metric ones ("120 miles" / "200 km") are not numbers left out.
        let metric = convertible && lone_pl.iter().any(|n| metric_unit_after(&self.pl.text, n.span.end));
        let lone_en: Vec<&Num> =
            lone_en.into_iter().filter(|n| !(n.word || (metric && converted(n)))).collect();
        let lone_pl: Vec<&Num> = lone_pl
            .into_iter()
            .filter(|n| !(n.word || (convertible && metric_unit_after(&self.pl.text, n.span.end))))
            .collect();
        if !lone_en.is_empty() {
            out.push(Finding {
                check: Check::NumberMismatch,
                severity: Severity::Warning,
                en: lone_en.iter().map(|n| n.span).collect(),
                pl: p.spans.clone(),
                message: format!(
                    "The English {unit} has {} but the Polish one has no such number.{texts}",
                    show(self.en, &lone_en)
                ),
            });
        }
        if !lone_pl.is_empty() {
            out.push(Finding {
                check: Check::NumberMismatch,
                severity: Severity::Warning,
                en: e.spans.clone(),
                pl: lone_pl.iter().map(|n| n.span).collect(),
                message: format!(
                    "The Polish {unit} has {} but the English one has no such number.{texts}",
                    show(self.pl, &lone_pl)
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

    /// Names (capitalised words inside a sentence) on one side with no match on the other side's linked
    /// sentences or their neighbours (the two articles may split or attribute differently).
    pub(super) fn names(&self, l: &Link, e: &Side, p: &Side, out: &mut Vec<Finding>) {
        // The other side's linked sentences and their neighbours (the articles may split or attribute
        // differently).
        fn around<'w>(words: &'w [SentWords], idx: &[usize]) -> &'w [SentWords] {
            let lo = idx.iter().min().copied().unwrap_or(0).saturating_sub(1);
            let hi = (idx.iter().max().copied().unwrap_or(0) + 2).min(words.len());
            words.get(lo..hi).unwrap_or(&[])
        }
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
                    // Titles of works are translated ("Sex and the City" / "Seks w wielkim mieście").
                    if fdoc.quotes.iter().any(|q| q.kind == QuoteKind::Title && q.span.overlap(&span) > 0) {
                        continue;
                    }
                    // Qualifiers before a name are dictionary words ("Prezydent", "Canada"); a name with a
                    // dictionary word after them is an institution, an event or a title that translators
                    // render ("Multiple Sclerosis Society", "Cape Verde", "Pucharze Sześciu Narodów",
                    // "Belfast Giants"), beyond what a lexicon lists. The rest, a person's or a place's own
                    // name, must be found on the other side: each word ("Mike Pence" is not "Mike Nowak"),
                    // one of several allowed to be spelled the other language's way when another word of
                    // the name is found ("Kim Jong-un" / "Kim Dzong-un").
                    // "Trump's" is Trump; a Polish case ending after an apostrophe ("Pence’a") is cut.
                    let words: Vec<&str> = name
                        .words
                        .iter()
                        .map(|w| {
                            if is_en {
                                w.trim_end_matches("'s").trim_end_matches("’s")
                            } else {
                                w.split(['\'', '’']).next().unwrap_or(w)
                            }
                        })
                        .filter(|w| w.chars().count() >= 3)
                        .collect();
                    // In Polish, the dictionary words of an institution's name are translations ("Instytut
                    // Studiów Fiskalnych" / "Institute for Fiscal Studies"); its other words are names that
                    // must be found ("Światowej Nowaka Zdrowia" is seen).
                    let first_proper = words.iter().position(|w| !dictionary_word(w, is_en));
                    let Some(first_proper) = first_proper else { continue };
                    let proper = &words[first_proper..];
                    let institution = proper.iter().any(|w| dictionary_word(w, is_en));
                    if (is_en && institution) || equivalent_found(proper, other) {
                        continue;
                    }
                    // An abbreviation ("D-Calif.)") or an English contraction ("We're") is no name to find.
                    let after = &piece[name.end..];
                    if after.starts_with('.')
                        && !after[1..].starts_with([' ', '\n'])
                        && !after[1..].is_empty()
                    {
                        continue;
                    }
                    if proper.iter().any(|w| w.contains(['\'', '’'])) {
                        continue;
                    }
                    // The same name (any Polish case), a translated one (Scotland / Szkocji, Queen /
                    // królowa, Scottish / szkocki, by the lexicon), one of the same stem (Saudi /
                    // saudyjska) or a transliterated one (California / Kalifornii, Paralympic /
                    // paraolimpijskiej, by the cognate measure).
                    let found = |w: &str| {
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
                    };
                    // A word of a Polish institution's name that the lexicon reaches only by a prefix
                    // (szpitalnych → hospital) or a number word (sześciu) is a translated word too.
                    let translated = |w: &str| {
                        let ids = ids_of(lexicon(self.opts), &[w.to_string()], false);
                        !norm::numbers(w, 0, Lang::Pl).is_empty()
                            || other.iter().any(|o| ids.iter().any(|id| o.ids.contains(id)))
                    };
                    let near = |w: &str| {
                        let f = norm::fold(w);
                        other.iter().any(|o| o.caps.iter().any(|c| edit_distance(&f, &norm::fold(c)) <= 2))
                    };
                    // Words the table of renderings covers (Yangon / Rangun, Cape Verde / Wyspy Zielonego
                    // Przylądka).
                    let folded: Vec<String> = words.iter().map(|w| norm::fold(w)).collect();
                    let covered = super::renderings::covered(&folded, is_en, other);
                    let missing: Vec<&&str> = proper
                        .iter()
                        .enumerate()
                        .filter(|&(k, w)| !covered[first_proper + k] && !found(w))
                        .filter(|(_, w)| {
                            is_en || !institution || !(dictionary_word(w, false) || translated(w))
                        })
                        .map(|(_, w)| w)
                        .collect();
                    let some_found = words.iter().enumerate().any(|(k, w)| covered[k] || found(w));
                    if missing.is_empty() || (missing.len() == 1 && some_found && near(missing[0])) {
                        continue;
                    }
                    // A name the other side abbreviates: its initials are the letters of an abbreviation
                    // there ("Los Angeles" / "L.A.", "Uniwersytet Nowojorski" / "NYU").
                    let initials: Vec<char> = name
                        .words
                        .iter()
                        .filter_map(|w| w.chars().next())
                        .flat_map(char::to_uppercase)
                        .collect();
                    let abbreviated = initials.len() >= 2
                        && other.iter().any(|o| {
                            o.acronyms.iter().any(|a| {
                                a.chars().count() <= initials.len() + 1
                                    && initials.iter().all(|c| a.contains(*c))
                            })
                        });
                    // A name one side gives in part and the other in full ("Flyers" / "Fife Flyers"): a word
                    // of it is found here and the missing words are the other article's words elsewhere.
                    let all_other = if is_en { &self.pl_words } else { &self.en_words };
                    let in_article = |w: &&&str| {
                        let (f, k) = (norm::fold(w), crate::lexicon::names::name_key(w));
                        all_other.iter().any(|o| o.keys.contains(&f) || o.keys.contains(&k))
                    };
                    let completed = some_found && missing.iter().all(in_article);
                    if abbreviated || completed {
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

/// Whether two folded words share a stem: a common beginning of four letters or more covering at least
/// three quarters of the shorter word (Saudi / saudyjska, Kenya / kenijski).
pub(super) fn shares_stem(a: &str, b: &str) -> bool {
    let common = a.chars().zip(b.chars()).take_while(|(x, y)| x == y).count();
    let shorter = a.chars().count().min(b.chars().count());
    (common >= 4 && common * 4 >= shorter * 3) || (common >= 5 && common * 3 >= shorter * 2)
}

/// Whether a text is written in title case: after its first word, at least two thirds of its dictionary
/// words of four letters or more capitalised (and at least three such words), as headlines write them.
pub(super) fn title_case(text: &str) -> bool {
    let words: Vec<&str> = norm::words_of(text)
        .into_iter()
        .skip(1)
        .map(|(a, b)| &text[a..b])
        .filter(|w| w.chars().count() >= 4 && dictionary_word(w, true))
        .collect();
    let caps = words.iter().filter(|w| w.starts_with(char::is_uppercase)).count();
    words.len() >= 3 && caps * 3 >= words.len() * 2
}

/// Whether a word, lowercased, is a word of the embedded dictionary of its language (a lemma or a known
/// inflected form; no prefix guess).
pub(super) fn dictionary_word(word: &str, en: bool) -> bool {
    let lex = crate::lexicon::Lexicon::embedded();
    let lower = norm::fold(word);
    let mut ids = Vec::new();
    if en {
        en_spellings(&lower).iter().any(|w| {
            lex.en_ids(w, &mut ids);
            !ids.is_empty()
        })
    } else {
        let lower_pl = word.to_lowercase();
        lex.pl_lookup(&lower_pl, crate::lexicon::Fallbacks::NONE, &mut ids) == crate::lexicon::Reach::Form
    }
}

/// A folded English word and its other spellings, British and American, that the lexicon may list
/// instead: advisor / adviser, color / colour, organization / organisation, center / centre.
pub(super) fn en_spellings(w: &str) -> Vec<String> {
    let mut out = vec![w.to_string()];
    let swaps: [(&str, &str); 8] = [
        ("or", "er"),
        ("ors", "ers"),
        ("or", "our"),
        ("ization", "isation"),
        ("isation", "ization"),
        ("ize", "ise"),
        ("ise", "ize"),
        ("er", "re"),
    ];
    for (a, b) in swaps {
        if let Some(stem) = w.strip_suffix(a) {
            if stem.chars().count() >= 3 {
                out.push(format!("{stem}{b}"));
            }
        }
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

/// Whether two folded names are spelled nearly alike: a distance of at most 2 edits and at most a
/// quarter of the longer name (`misamari` / `mimsaari`, `indorewala` / `indorewela`).
pub(super) fn near_spelling(a: &str, b: &str) -> bool {
    let d = edit_distance(a, b);
    d > 0 && d <= 2 && d * 4 <= a.chars().count().max(b.chars().count())
}

/// Levenshtein distance of two words (in characters).
pub(super) fn edit_distance(a: &str, b: &str) -> usize {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.iter().enumerate() {
        let mut cur = vec![i + 1; b.len() + 1];
        for (j, cb) in b.iter().enumerate() {
            cur[j + 1] = (prev[j] + usize::from(ca != cb)).min(prev[j + 1] + 1).min(cur[j] + 1);
        }
        prev = cur;
    }
    prev[b.len()]
}
