//! The rows view of the report: every two-sided sentence link as one numbered row (all its
//! sentences on each side, EN beside PL, with its score), every sentence with no counterpart as a
//! row of its own, and on each row the ids of the findings that touch it.
//!
//! Rows follow the Polish text when the pair is comparable (a retelling is read in its own order,
//! with the English sources beside it) and the English text otherwise. A row with nothing on the
//! leading side goes right after the row of the nearest earlier sentence of its own side.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use super::escape;
use crate::align::Alignment;
use crate::model::Document;
use crate::qa::{Finding, Severity};

/// One row: a two-sided sentence link, or one sentence with no counterpart.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Row {
    /// English sentence indices, sorted.
    pub en: Vec<usize>,
    /// Polish sentence indices, sorted.
    pub pl: Vec<usize>,
    /// The index of the link in [`Alignment::sentences`] (None: an unmatched sentence).
    pub link: Option<usize>,
}

/// The sort key of a row: the leading side's position it follows (None: before every row), 0 for a
/// row on the leading side and 1 for one without it, then the position on the other side.
type Key = (Option<usize>, u8, usize);

/// The rows of a pair in reading order (see the module documentation). `sent_links` are the two-sided
/// link of each sentence ([`Alignment::unit_links`]), English then Polish.
pub(super) fn build_rows(
    a: &Alignment,
    (en_sl, pl_sl): (&[Option<usize>], &[Option<usize>]),
    comparable: bool,
) -> Vec<Row> {
    let mut rows: Vec<Row> = a
        .sentences
        .iter()
        .enumerate()
        .filter(|(_, l)| l.is_match())
        .map(|(k, l)| Row { en: l.en.clone(), pl: l.pl.clone(), link: Some(k) })
        .collect();
    let unmatched = |v: &[Option<usize>]| -> Vec<usize> {
        v.iter().enumerate().filter(|(_, l)| l.is_none()).map(|(i, _)| i).collect()
    };
    rows.extend(unmatched(en_sl).into_iter().map(|i| Row { en: vec![i], pl: vec![], link: None }));
    rows.extend(unmatched(pl_sl).into_iter().map(|i| Row { en: vec![], pl: vec![i], link: None }));
    // The leading side of a row, the other side, and the link of each sentence of the other side.
    let lead = |r: &Row| (if comparable { r.pl.first() } else { r.en.first() }).copied();
    let other = |r: &Row| (if comparable { r.en.first() } else { r.pl.first() }).copied();
    let other_links = if comparable { en_sl } else { pl_sl };
    // The leading position of each link's row, for the rows that follow one.
    let link_lead: BTreeMap<usize, usize> = rows.iter().filter_map(|r| Some((r.link?, lead(r)?))).collect();
    let key = |r: &Row| -> Key {
        let o = other(r).unwrap_or(0);
        match lead(r) {
            Some(p) => (Some(p), 0, o),
            None => {
                let anchor = (0..o).rev().find_map(|j| other_links.get(j).copied().flatten());
                (anchor.and_then(|k| link_lead.get(&k).copied()), 1, o)
            }
        }
    };
    rows.sort_by_cached_key(key);
    rows
}

/// For each finding, the numbers (from 1) of the rows it touches: a row holding one of the sentences
/// the finding touches (`finding_sents`, English and Polish).
pub(super) fn finding_rows(rows: &[Row], finding_sents: &[(Vec<usize>, Vec<usize>)]) -> Vec<Vec<usize>> {
    finding_sents
        .iter()
        .map(|(es, ps)| {
            rows.iter()
                .enumerate()
                .filter(|(_, r)| r.en.iter().any(|i| es.contains(i)) || r.pl.iter().any(|i| ps.contains(i)))
                .map(|(n, _)| n + 1)
                .collect()
        })
        .collect()
}

/// The rows view: a table of `rows`, each with its number, both sides' sentences, the link's score and
/// a mark for each finding touching it (`finding_rows` as [`finding_rows`] gives them).
pub(super) fn rows_section(
    h: &mut String,
    (en, pl): (&Document, &Document),
    a: &Alignment,
    rows: &[Row],
    findings: &[Finding],
    finding_rows: &[Vec<usize>],
    comparable: bool,
) {
    // The findings of each row, by number.
    let mut marks: BTreeMap<usize, Vec<usize>> = BTreeMap::new();
    for (f, nos) in finding_rows.iter().enumerate() {
        for &no in nos {
            marks.entry(no).or_default().push(f);
        }
    }
    let _ = write!(
        h,
        "<section class=\"rows\" id=\"rows\" hidden><h2>Segment rows ({} rows, in {} order)</h2>\n\
         <table class=\"rowtab\"><thead><tr><th>#</th><th>English</th><th>Polish</th><th>Score</th>\
         <th>Findings</th></tr></thead><tbody>\n",
        rows.len(),
        if comparable { "Polish" } else { "English" }
    );
    for (n, r) in rows.iter().enumerate() {
        let no = n + 1;
        let fs = marks.get(&no).map(Vec::as_slice).unwrap_or(&[]);
        let worst = fs.iter().filter_map(|&f| findings.get(f)).map(|f| f.severity).min();
        let mut class = String::from("row");
        match worst {
            Some(Severity::Error) => class.push_str(" f-error"),
            Some(Severity::Warning) => class.push_str(" f-warning"),
            _ => {}
        }
        if r.link.is_none() {
            class.push_str(" un");
        }
        let ids: Vec<String> = fs.iter().map(|f| format!("F{}", f + 1)).collect();
        let _ = write!(
            h,
            "<tr class=\"{class}\" id=\"R{no}\" data-findings=\"{}\"><td class=\"rn\">{no}</td>",
            ids.join(" ")
        );
        side_cell(h, en, "en", &r.en);
        side_cell(h, pl, "pl", &r.pl);
        match r.link.and_then(|k| a.sentences.get(k)) {
            Some(l) => {
                let _ = write!(h, "<td class=\"sc\">{:.2}</td><td class=\"fms\">", l.score);
            }
            None => h.push_str("<td class=\"sc\">—</td><td class=\"fms\">"),
        }
        for (&f, id) in fs.iter().zip(&ids) {
            let sev = findings.get(f).map_or("style", |f| f.severity.as_str());
            let _ = write!(h, "<button type=\"button\" class=\"fm sev-{sev}\" data-f=\"{id}\">{id}</button>");
        }
        h.push_str("</td></tr>\n");
    }
    h.push_str("</tbody></table>\n</section>\n");
}

/// One side of a row: its sentences (escaped), or a dash when it has none.
fn side_cell(h: &mut String, doc: &Document, side: &str, idx: &[usize]) {
    let _ = write!(h, "<td lang=\"{side}\">");
    if idx.is_empty() {
        h.push_str("<span class=\"none\">—</span>");
    }
    for &i in idx {
        if let Some(s) = doc.sentences.get(i) {
            let _ =
                write!(h, "<span class=\"rs\" data-s=\"{side}-s{i}\">{}</span> ", escape(doc.slice(s.span)));
        }
    }
    h.push_str("</td>");
}
