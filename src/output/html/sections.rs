//! The parts of the report around the articles: the page head and the summary cards, the findings
//! panel with its filters, and the table of quote pairs with the quotes found in one article only.

use std::fmt::Write as _;

use super::assets::CSS;
use super::{escape, hue, Summary};
use crate::align::Alignment;
use crate::model::{Document, QuoteKind, Span};
use crate::qa::{Check, Finding, Severity};

/// The page head (with the Content-Security-Policy allowing only the script with `nonce`) and the
/// header: the pair, the summary cards and the legend.
pub(super) fn head(
    h: &mut String,
    title: &str,
    nonce: &str,
    en: &Document,
    pl: &Document,
    sum: &Summary,
    comparable: bool,
) {
    let _ = write!(
        h,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; \
         script-src 'nonce-{nonce}'; img-src data:; base-uri 'none'; form-action 'none'\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <meta name=\"generator\" content=\"bialign {}\">\n<title>QA report: {}</title>\n<style>{CSS}</style>\n</head>\n<body>\n",
        env!("CARGO_PKG_VERSION"),
        escape(title)
    );
    // Summary.
    let share = sum.unmatched_share() * 100.0;
    let _ = write!(
        h,
        "<header>\n<h1>Translation QA <span class=\"pair\">{}</span></h1>\n\
         <p class=\"files\"><b>EN</b> {} &nbsp;·&nbsp; <b>PL</b> {} &nbsp;·&nbsp; {}</p>\n<div class=\"cards\">\n\
         <div class=\"card\"><b>{}</b><span>sentence pairs</span><small>{} EN · {} PL sentences</small></div>\n\
         <div class=\"card\"><b>{:.0}%</b><span>sentences unmatched</span><small>{} EN · {} PL with no counterpart</small></div>\n\
         <div class=\"card\"><b>{}</b><span>quote pairs</span><small>{} with speakers on both sides, in {} links</small></div>\n\
         <div class=\"card solo\"><b>{} · {}</b><span>quotes only in EN · PL</span><small>speech with no counterpart</small></div>\n\
         <div class=\"card fc\"><b><i class=\"sev-error\">{}</i> <i class=\"sev-warning\">{}</i> <i class=\"sev-style\">{}</i></b>\
         <span>errors · warnings · style</span><small>QA findings</small></div>\n</div>\n\
         <p class=\"legend\"><span class=\"s\" style=\"--h:130\">linked sentence</span> \
         <span class=\"s un\">no counterpart</span> <span class=\"q\" style=\"--qh:200\">paired quote</span> \
         <span class=\"q solo\">quote in one article only</span> <span class=\"s f-error\">sentence with an error</span> \
         <span class=\"s f-warning\">with a warning</span> — hover or click a sentence or quote to see its partner.</p>\n\
         <nav class=\"views\" aria-label=\"Views\"><button type=\"button\" class=\"view on\" data-view=\"articles\" \
         aria-pressed=\"true\">Articles side by side</button> <button type=\"button\" class=\"view\" data-view=\"rows\" \
         aria-pressed=\"false\">Numbered rows</button></nav>\n</header>\n",
        escape(title),
        escape(&en.name),
        escape(&pl.name),
        if comparable { "comparable articles: one-sided quotes and passages are warnings" } else { "translation: one-sided passages are errors" },
        sum.sentence_pairs,
        sum.en_sentences,
        sum.pl_sentences,
        share,
        sum.en_unmatched,
        sum.pl_unmatched,
        sum.quote_pairs,
        sum.quote_pairs_with_speakers,
        sum.quote_links,
        sum.en_quotes_alone,
        sum.pl_quotes_alone,
        sum.errors,
        sum.warnings,
        sum.style,
    );
}

/// The sentences each finding touches: English, Polish.
type FindingSents = [(Vec<usize>, Vec<usize>)];

/// The findings panel: filters by severity and check, the tools, and one item per finding (with the
/// sentences it touches, `finding_sents`, and the numbers of the rows holding them, `finding_rows`), up
/// to the list's end.
pub(super) fn findings_panel(
    h: &mut String,
    en: &Document,
    pl: &Document,
    findings: &[Finding],
    (finding_sents, finding_rows): (&FindingSents, &[Vec<usize>]),
) {
    // Findings panel.
    h.push_str("<aside class=\"findings\" id=\"findings\"><h2>Findings</h2>\n<div class=\"filters\">");
    for sev in Severity::ALL {
        let n = findings.iter().filter(|f| f.severity == sev).count();
        let _ = write!(
            h,
            "<label class=\"sev-{s}\"><input type=\"checkbox\" data-filter=\"sev\" value=\"{s}\" checked> {s} ({n})</label>",
            s = sev.as_str()
        );
    }
    h.push_str("<br>");
    for c in Check::ALL {
        let n = findings.iter().filter(|f| f.check == c).count();
        if n > 0 {
            let _ = write!(
                h,
                "<label><input type=\"checkbox\" data-filter=\"check\" value=\"{c}\" checked> {c} ({n})</label>",
                c = c.as_str()
            );
        }
    }
    h.push_str(
        "</div>\n<div class=\"tools\"><input type=\"search\" id=\"fsearch\" placeholder=\"Search findings\" \
         aria-label=\"Search findings\"> <button type=\"button\" id=\"export-ignore\">Export ignore list</button> \
         <button type=\"button\" id=\"export-csv\">Export CSV</button>\
         <div class=\"keys\">Keys: <kbd>j</kbd>/<kbd>n</kbd> next finding, <kbd>k</kbd>/<kbd>p</kbd> previous, \
         <kbd>x</kbd> mark as false. <span id=\"marked\">0</span> marked as false.</div>\
         <textarea id=\"export-out\" readonly rows=\"3\" hidden></textarea></div>\n<ol class=\"flist\">\n",
    );
    if findings.is_empty() {
        h.push_str("<li class=\"none\">No findings.</li>\n");
    }
    let no_rows = Vec::new();
    for (n, (f, (es, ps))) in findings.iter().zip(finding_sents).enumerate() {
        let rows = finding_rows.get(n).unwrap_or(&no_rows);
        let rows = rows.iter().map(|r| format!("R{r}")).collect::<Vec<_>>().join(" ");
        let ids =
            |side: &str, v: &[usize]| v.iter().map(|i| format!("{side}-s{i}")).collect::<Vec<_>>().join(" ");
        let side_text =
            |d: &Document, v: &[Span]| v.iter().map(|s| d.slice(*s)).collect::<Vec<_>>().join(" | ");
        let mut lines = f.message.lines();
        let head = lines.next().unwrap_or("");
        let _ = write!(
            h,
            "<li class=\"f sev-{sev}\" id=\"F{no}\" data-sev=\"{sev}\" data-check=\"{c}\" data-units=\"{} {}\" \
             data-rows=\"{rows}\" data-fp=\"{}\" data-en=\"{}\" data-pl=\"{}\" tabindex=\"0\">\
             <label class=\"mark\" title=\"Mark as a false finding\"><input type=\"checkbox\" class=\"false\"> false</label>\
             <span class=\"fid\">F{no}</span> <span class=\"badge\">{sev}</span> <code>{c}</code> <span class=\"head\">{}</span>",
            ids("en", es),
            ids("pl", ps),
            crate::qa::config::fingerprint(f, en, pl),
            escape(&side_text(en, &f.en)),
            escape(&side_text(pl, &f.pl)),
            escape(head),
            no = n + 1,
            sev = f.severity.as_str(),
            c = f.check.as_str()
        );
        for l in lines {
            let _ = write!(h, "<div class=\"ctx\">{}</div>", escape(l));
        }
        h.push_str("</li>\n");
    }
}

/// The table of quote pairs (in `pair_order`: link, number) and the lists of speech quotes found in one
/// article only (`en_ql`, `pl_ql`: the link of each quote).
pub(super) fn quotes_section(
    h: &mut String,
    (en, pl): (&Document, &Document),
    a: &Alignment,
    sum: &Summary,
    pair_order: &[(usize, usize)],
    (en_ql, pl_ql): (&[Option<usize>], &[Option<usize>]),
) {
    // Quote pairs and one-sided quotes.
    let _ = writeln!(
        h,
        "<section class=\"quotes\" id=\"quotes\"><h2>Quote pairs ({}, in {} links)</h2>",
        sum.quote_pairs, sum.quote_links
    );
    h.push_str("<table><thead><tr><th>#</th><th>English quote</th><th>Speaker</th><th>Polish quote</th><th>Speaker</th><th>Score</th></tr></thead><tbody>\n");
    let speaker_of = |d: &Document, idx: &[usize]| {
        idx.iter().filter_map(|&i| d.quotes.get(i)).find_map(|q| q.speaker.as_ref().map(|s| s.name.clone()))
    };
    let quote_text = |d: &Document, idx: &[usize]| {
        idx.iter()
            .filter_map(|&i| d.quotes.get(i))
            .map(|q| escape(d.slice(q.span)))
            .collect::<Vec<_>>()
            .join(" <span class=\"sep\">/</span> ")
    };
    for &(k, no) in pair_order {
        let l = &a.quotes[k];
        let (se, sp) = (speaker_of(en, &l.en), speaker_of(pl, &l.pl));
        let agree = match (&se, &sp) {
            (Some(x), Some(y)) if crate::qa::norm::same_speaker(x, y) => " agree",
            (Some(_), Some(_)) => " differ",
            _ => "",
        };
        let _ = writeln!(
            h,
            "<tr class=\"qp{agree}\" data-qlink=\"Q{k}\" style=\"--qh:{}\"><td><span class=\"qtag\">Q{}</span></td>\
             <td>{}</td><td class=\"spk\">{}</td><td>{}</td><td class=\"spk\">{}</td><td>{:.2}</td></tr>",
            hue(k, 67, 200),
            no,
            quote_text(en, &l.en),
            se.as_deref().map(escape).unwrap_or_else(|| "—".into()),
            quote_text(pl, &l.pl),
            sp.as_deref().map(escape).unwrap_or_else(|| "—".into()),
            l.score
        );
    }
    h.push_str("</tbody></table>\n");
    for (d, links, name) in [(en, en_ql, "English"), (pl, pl_ql, "Polish")] {
        let alone: Vec<usize> = (0..d.quotes.len())
            .filter(|&i| {
                d.quotes[i].kind == QuoteKind::Speech && d.quotes[i].depth == 0 && links[i].is_none()
            })
            .collect();
        let _ =
            write!(h, "<h3>Quotes only in the {name} article ({})</h3>\n<ul class=\"alone\">", alone.len());
        for i in alone {
            let q = &d.quotes[i];
            let _ = write!(
                h,
                "<li><span class=\"q solo\">{}</span> <span class=\"spk\">{}</span></li>",
                escape(d.slice(q.span)),
                q.speaker.as_ref().map(|s| escape(&s.name)).unwrap_or_else(|| "no speaker found".into())
            );
        }
        h.push_str("</ul>\n");
    }
}
