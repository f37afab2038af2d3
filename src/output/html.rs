//! A self-contained HTML report for reviewers: the two articles side by side, linked sentences and quotes in
//! matching colours (hover or click one to highlight its partner), quotes found in only one article marked,
//! the quote pairs with their speakers, and the QA findings with filters by check and severity.
//!
//! One file, inline CSS and JavaScript, nothing fetched from the network (a Content-Security-Policy forbids
//! it). All article text is HTML-escaped, and scripts only run with the report's own nonce, so an article
//! holding `<script>` or an `onerror=` attribute shows as text and runs nothing.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::Write;

use crate::align::{Alignment, Link};
use crate::model::{Document, QuoteKind, Span};
use crate::qa::{Check, Finding, Severity};

/// Escape text for HTML element content and attribute values.
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + s.len() / 8);
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// Figures shown at the top of the report.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Summary {
    /// Sentences of the English article.
    pub en_sentences: usize,
    /// Sentences of the Polish article.
    pub pl_sentences: usize,
    /// Sentence links with both sides.
    pub sentence_pairs: usize,
    /// English sentences in no link.
    pub en_unmatched: usize,
    /// Polish sentences in no link.
    pub pl_unmatched: usize,
    /// Quote links with both sides.
    pub quote_links: usize,
    /// (English quote, Polish quote) pairs those links stand for: a Polish quote merging two English
    /// ones is two pairs in one link.
    pub quote_pairs: usize,
    /// Quote pairs whose two quotes both have a speaker.
    pub quote_pairs_with_speakers: usize,
    /// Speech quotes with no counterpart.
    pub en_quotes_alone: usize,
    /// The same, Polish side.
    pub pl_quotes_alone: usize,
    /// Findings of severity error.
    pub errors: usize,
    /// Findings of severity warning.
    pub warnings: usize,
    /// Findings of severity style.
    pub style: usize,
}

impl Summary {
    /// Compute the figures of a pair.
    pub fn new(en: &Document, pl: &Document, a: &Alignment, findings: &[Finding]) -> Summary {
        let (en_link, pl_link) = sentence_links(en, pl, a);
        let (en_q, pl_q) = quote_links(en, pl, a);
        let two = |l: &&Link| !l.en.is_empty() && !l.pl.is_empty();
        let has_speaker = |d: &Document, idx: &[usize]| {
            idx.iter().any(|&i| d.quotes.get(i).is_some_and(|q| q.speaker.is_some()))
        };
        let alone = |d: &Document, links: &[Option<usize>]| {
            d.quotes
                .iter()
                .zip(links)
                .filter(|(q, l)| q.kind == QuoteKind::Speech && q.depth == 0 && l.is_none())
                .count()
        };
        let sev = |s: Severity| findings.iter().filter(|f| f.severity == s).count();
        Summary {
            en_sentences: en.sentences.len(),
            pl_sentences: pl.sentences.len(),
            sentence_pairs: a.sentences.iter().filter(two).count(),
            en_unmatched: en_link.iter().filter(|l| l.is_none()).count(),
            pl_unmatched: pl_link.iter().filter(|l| l.is_none()).count(),
            quote_links: a.quotes.iter().filter(two).count(),
            quote_pairs: a.quotes.iter().map(|l| l.en.len() * l.pl.len()).sum(),
            quote_pairs_with_speakers: a
                .quotes
                .iter()
                .map(|l| {
                    let e = l.en.iter().filter(|&&i| has_speaker(en, &[i])).count();
                    let p = l.pl.iter().filter(|&&j| has_speaker(pl, &[j])).count();
                    e * p
                })
                .sum(),
            en_quotes_alone: alone(en, &en_q),
            pl_quotes_alone: alone(pl, &pl_q),
            errors: sev(Severity::Error),
            warnings: sev(Severity::Warning),
            style: sev(Severity::Style),
        }
    }
    /// Share of all sentences with no counterpart (as [`Alignment::unmatched_share`] counts them).
    pub fn unmatched_share(&self) -> f32 {
        let total = self.en_sentences + self.pl_sentences;
        if total == 0 {
            0.0
        } else {
            (self.en_unmatched + self.pl_unmatched) as f32 / total as f32
        }
    }
}

/// For every sentence of each document, the index of its two-sided link (None: unmatched).
fn sentence_links(en: &Document, pl: &Document, a: &Alignment) -> (Vec<Option<usize>>, Vec<Option<usize>>) {
    Alignment::unit_links(&a.sentences, en.sentences.len(), pl.sentences.len())
}

fn quote_links(en: &Document, pl: &Document, a: &Alignment) -> (Vec<Option<usize>>, Vec<Option<usize>>) {
    Alignment::unit_links(&a.quotes, en.quotes.len(), pl.quotes.len())
}

/// Indices of the sentences of `doc` that overlap any of `spans`.
fn sentences_touching(doc: &Document, spans: &[Span]) -> Vec<usize> {
    let mut out: Vec<usize> = doc
        .sentences
        .iter()
        .enumerate()
        .filter(|(_, s)| spans.iter().any(|t| s.span.overlap(t) > 0 || (t.is_empty() && s.span.contains(t))))
        .map(|(i, _)| i)
        .collect();
    out.dedup();
    out
}

fn hue(k: usize, step: usize, offset: usize) -> usize {
    (offset + k * step) % 360
}

fn nonce(en: &Document, pl: &Document) -> String {
    use std::hash::{BuildHasher, Hasher};
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_usize(en.text.len());
    h.write_usize(pl.text.len());
    if let Ok(d) = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH) {
        h.write_u128(d.as_nanos());
    }
    let a = h.finish();
    h.write_u64(a);
    format!("{:016x}{:016x}", a, h.finish())
}

/// Render one document: paragraphs of sentences (with link and finding marks) holding quote pieces.
fn render_doc(
    out: &mut String,
    doc: &Document,
    side: &str,
    sent_link: &[Option<usize>],
    quote_link: &[Option<usize>],
    pair_no: &BTreeMap<usize, usize>,
    sent_flags: &BTreeMap<usize, Severity>,
) {
    let txt = |a: usize, b: usize| escape(doc.text.get(a..b).unwrap_or(""));
    let other = if side == "en" { "Polish" } else { "English" };
    let mut by_para: Vec<Vec<usize>> = vec![Vec::new(); doc.paragraphs.len()];
    for (i, s) in doc.sentences.iter().enumerate() {
        if let Some(v) = by_para.get_mut(s.paragraph) {
            v.push(i);
        }
    }
    // Top-level quotes, in order, as pieces clipped to each sentence.
    let mut quotes: Vec<usize> = (0..doc.quotes.len()).filter(|&i| doc.quotes[i].depth == 0).collect();
    quotes.sort_by_key(|&i| doc.quotes[i].span);
    let mut first_piece = vec![true; doc.quotes.len()];
    for (pi, p) in doc.paragraphs.iter().enumerate() {
        out.push_str("<p>");
        let mut cursor = p.span.start;
        let mut sents = by_para[pi].clone();
        sents.sort_by_key(|&i| doc.sentences[i].span);
        for i in sents {
            let s = doc.sentences[i].span;
            if s.start < cursor || s.end > p.span.end {
                continue;
            }
            out.push_str(&txt(cursor, s.start));
            let mut class = String::from("s");
            match sent_flags.get(&i) {
                Some(Severity::Error) => class.push_str(" f-error"),
                Some(Severity::Warning) => class.push_str(" f-warning"),
                _ => {}
            }
            match sent_link.get(i).copied().flatten() {
                Some(k) => {
                    let _ = write!(
                        out,
                        "<span class=\"{class}\" id=\"{side}-s{i}\" data-side=\"{side}\" data-link=\"L{k}\" \
                         style=\"--h:{}\">",
                        hue(k, 47, 10)
                    );
                }
                None => {
                    let _ = write!(
                        out,
                        "<span class=\"{class} un\" id=\"{side}-s{i}\" data-side=\"{side}\" \
                         title=\"No counterpart in the {other} article\">"
                    );
                }
            }
            let mut c2 = s.start;
            for &q in &quotes {
                let qs = doc.quotes[q].span;
                let (a, b) = (qs.start.max(s.start).max(c2), qs.end.min(s.end));
                if a >= b {
                    continue;
                }
                out.push_str(&txt(c2, a));
                let quote = &doc.quotes[q];
                let speaker = quote.speaker.as_ref().map(|s| s.name.as_str());
                match quote_link.get(q).copied().flatten() {
                    Some(k) => {
                        if first_piece[q] {
                            let _ = write!(
                                out,
                                "<sup class=\"qtag\" style=\"--qh:{}\">Q{}{}</sup>",
                                hue(k, 67, 200),
                                pair_no.get(&k).copied().unwrap_or(k + 1),
                                speaker.map(|s| format!(" · {}", escape(s))).unwrap_or_default()
                            );
                        }
                        let _ = write!(
                            out,
                            "<span class=\"q\" data-side=\"{side}\" data-qlink=\"Q{k}\" style=\"--qh:{}\">",
                            hue(k, 67, 200)
                        );
                    }
                    None if quote.kind == QuoteKind::Speech => {
                        if first_piece[q] {
                            let _ = write!(
                                out,
                                "<sup class=\"qtag solo\">only {}{}</sup>",
                                side.to_uppercase(),
                                speaker.map(|s| format!(" · {}", escape(s))).unwrap_or_default()
                            );
                        }
                        let _ = write!(
                            out,
                            "<span class=\"q solo\" data-side=\"{side}\" title=\"Quote with no counterpart in the \
                             {other} article\">"
                        );
                    }
                    None => {
                        let _ = write!(
                            out,
                            "<span class=\"q other\" data-side=\"{side}\" title=\"{} (not speech)\">",
                            quote.kind.as_str()
                        );
                    }
                }
                first_piece[q] = false;
                out.push_str(&txt(a, b));
                out.push_str("</span>");
                c2 = b;
            }
            out.push_str(&txt(c2, s.end));
            out.push_str("</span>");
            cursor = s.end;
        }
        out.push_str(&txt(cursor, p.span.end));
        out.push_str("</p>\n");
    }
}

/// Write the report. `title` names the pair (file names or a record id).
pub fn write_report<W: Write + ?Sized>(
    w: &mut W,
    title: &str,
    en: &Document,
    pl: &Document,
    a: &Alignment,
    findings: &[Finding],
    opts: &crate::qa::QaOptions,
) -> std::io::Result<()> {
    let sum = Summary::new(en, pl, a, findings);
    let (en_sl, pl_sl) = sentence_links(en, pl, a);
    let (en_ql, pl_ql) = quote_links(en, pl, a);
    // Quote pairs numbered Q1, Q2… in the order of the English text.
    let mut paired: Vec<(usize, usize)> = a
        .quotes
        .iter()
        .enumerate()
        .filter(|(_, l)| !l.en.is_empty() && !l.pl.is_empty())
        .map(|(k, l)| {
            (l.en.iter().filter_map(|&i| en.quotes.get(i)).map(|q| q.span.start).min().unwrap_or(0), k)
        })
        .collect();
    paired.sort();
    let pair_order: Vec<(usize, usize)> = paired.iter().enumerate().map(|(n, &(_, k))| (k, n + 1)).collect();
    let pair_no: BTreeMap<usize, usize> = pair_order.iter().copied().collect();
    // The worst finding touching each sentence.
    let mut en_flags = BTreeMap::new();
    let mut pl_flags = BTreeMap::new();
    let mut finding_sents = Vec::new();
    for f in findings {
        let (es, ps) = (sentences_touching(en, &f.en), sentences_touching(pl, &f.pl));
        // Passages and one-sided quotes show as such already; flag sentences for problems of a pair.
        let about_pair = !matches!(
            f.check,
            Check::OmittedPassage | Check::AddedPassage | Check::QuoteOmitted | Check::QuoteAdded
        );
        if f.severity != Severity::Style && about_pair {
            for &i in &es {
                let e = en_flags.entry(i).or_insert(f.severity);
                *e = (*e).min(f.severity);
            }
            for &i in &ps {
                let e = pl_flags.entry(i).or_insert(f.severity);
                *e = (*e).min(f.severity);
            }
        }
        finding_sents.push((es, ps));
    }
    let nonce = nonce(en, pl);
    let mut h = String::with_capacity(en.text.len() * 3 + pl.text.len() * 3 + 20_000);
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
    let comparable = crate::qa::is_comparable(a, opts);
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
         <span class=\"s f-warning\">with a warning</span> — hover or click a sentence or quote to see its partner.</p>\n</header>\n",
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
    // Articles and findings.
    h.push_str("<div class=\"main\">\n<section class=\"articles\">\n<article class=\"col\" id=\"col-en\" lang=\"en\"><h2>English</h2>\n");
    render_doc(&mut h, en, "en", &en_sl, &en_ql, &pair_no, &en_flags);
    h.push_str("</article>\n<article class=\"col\" id=\"col-pl\" lang=\"pl\"><h2>Polish</h2>\n");
    render_doc(&mut h, pl, "pl", &pl_sl, &pl_ql, &pair_no, &pl_flags);
    h.push_str("</article>\n</section>\n");
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
    for (n, (f, (es, ps))) in findings.iter().zip(&finding_sents).enumerate() {
        let ids =
            |side: &str, v: &[usize]| v.iter().map(|i| format!("{side}-s{i}")).collect::<Vec<_>>().join(" ");
        let side_text =
            |d: &Document, v: &[Span]| v.iter().map(|s| d.slice(*s)).collect::<Vec<_>>().join(" | ");
        let mut lines = f.message.lines();
        let head = lines.next().unwrap_or("");
        let _ = write!(
            h,
            "<li class=\"f sev-{sev}\" id=\"F{no}\" data-sev=\"{sev}\" data-check=\"{c}\" data-units=\"{} {}\" \
             data-fp=\"{}\" data-en=\"{}\" data-pl=\"{}\" tabindex=\"0\">\
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
    h.push_str("</ol>\n</aside>\n</div>\n");
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
    for &(k, no) in &pair_order {
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
    for (d, links, name) in [(en, &en_ql, "English"), (pl, &pl_ql, "Polish")] {
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
    h.push_str("</section>\n");
    let _ = write!(h, "<script nonce=\"{nonce}\">{JS}</script>\n</body>\n</html>\n");
    w.write_all(h.as_bytes())
}

const CSS: &str = r#"
:root{--bg:#fbfaf7;--fg:#1d1d1f;--muted:#666;--line:#ddd;--err:#c62828;--warn:#e08a00;--sty:#5c6bc0;font-size:15px}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--fg);font:1rem/1.55 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif}
header{padding:.8rem 1.2rem .4rem;border-bottom:1px solid var(--line);background:#fff}
h1{font-size:1.3rem;margin:0 0 .2rem}h1 .pair{font-weight:400;color:var(--muted)}
h2{font-size:1.05rem;margin:.2rem 0 .5rem}h3{font-size:.95rem;margin:1rem 0 .3rem}
.files{margin:0 0 .5rem;color:var(--muted);font-size:.9rem}
.cards{display:flex;flex-wrap:wrap;gap:.6rem}
.card{background:var(--bg);border:1px solid var(--line);border-radius:8px;padding:.35rem .8rem;min-width:9.5rem;display:flex;flex-direction:column}
.card b{font-size:1.35rem;line-height:1.2}.card span{font-size:.85rem}.card small{color:var(--muted);font-size:.75rem}
.card.solo b{color:#b23c00}.card.fc i{font-style:normal;margin-right:.35rem}
i.sev-error{color:var(--err)}i.sev-warning{color:var(--warn)}i.sev-style{color:var(--sty)}
.legend{font-size:.8rem;color:var(--muted);margin:.5rem 0 .2rem}.legend span{margin-right:.3rem;padding:0 .25rem}
.main{display:grid;grid-template-columns:minmax(0,1fr) 23rem;gap:0;height:calc(100vh - 12.5rem);min-height:24rem}
.articles{display:grid;grid-template-columns:1fr 1fr;min-height:0}
.col{overflow-y:auto;padding:.6rem 1.1rem 2rem;border-right:1px solid var(--line);min-height:0}
.col p{margin:0 0 .8rem;hyphens:auto}
.s{border-radius:3px;padding:1px 0;cursor:pointer;transition:background .1s}
.s[data-link]{background:hsl(var(--h) 75% 93%)}
.s.un{background:repeating-linear-gradient(135deg,#eee 0 6px,#f6f6f6 6px 12px);color:#555}
.s.f-error{text-decoration:underline wavy var(--err);text-decoration-thickness:1px;text-underline-offset:3px}
.s.f-warning{text-decoration:underline dotted var(--warn);text-underline-offset:3px}
.q{border-bottom:3px solid hsl(var(--qh) 65% 45%);cursor:pointer}
.q.solo{border-bottom:3px dashed #d84315;background:#ffe0cc}
.q.other{border-bottom:1px dotted #999}
.qtag{font-size:.68rem;font-weight:600;color:#fff;background:hsl(var(--qh) 55% 42%);border-radius:3px;padding:0 .25rem;margin-right:.15rem;white-space:nowrap}
.qtag.solo{background:#d84315}
.s.active,.s.partner{background:#fff59d;outline:2px solid #1565c0}
.s.partner{box-shadow:0 0 0 4px #bbdefb}
.q.active,.q.partner{background:#ffe082;outline:2px solid #1565c0}
.flagged{outline:3px solid var(--err)!important;background:#ffebee!important}
.findings{overflow-y:auto;padding:.6rem .8rem;background:#fff;min-height:0;font-size:.86rem}
.filters{font-size:.78rem;margin-bottom:.4rem}.filters label{display:inline-block;margin:0 .5rem .2rem 0;white-space:nowrap}
.flist{list-style:none;padding:0;margin:0}
.f{border-left:4px solid var(--line);padding:.3rem .5rem;margin:0 0 .4rem;background:var(--bg);border-radius:0 5px 5px 0;cursor:pointer}
.f.sev-error{border-color:var(--err)}.f.sev-warning{border-color:var(--warn)}.f.sev-style{border-color:var(--sty)}
.f .badge{font-size:.68rem;text-transform:uppercase;font-weight:700}
.f.sev-error .badge{color:var(--err)}.f.sev-warning .badge{color:var(--warn)}.f.sev-style .badge{color:var(--sty)}
.f code{font-size:.75rem;background:#eee;padding:0 .2rem;border-radius:3px}
.f .ctx{color:var(--muted);font-size:.78rem;overflow-wrap:anywhere}
.f.hidden{display:none}.f:focus{outline:2px solid #333}
.f .fid{font-weight:700;font-size:.75rem;color:var(--muted)}.f .mark{float:right;font-size:.72rem;color:var(--muted)}
.f.marked{opacity:.55}.f.marked .head{text-decoration:line-through}
.tools{font-size:.78rem;margin-bottom:.5rem}.tools input[type=search]{width:11rem}.tools .keys{color:var(--muted);margin-top:.2rem}
.tools textarea{width:100%;font:.72rem monospace}kbd{border:1px solid #bbb;border-radius:3px;padding:0 .2rem;font-size:.7rem}
.quotes{padding:.8rem 1.2rem 2rem;border-top:1px solid var(--line)}
table{border-collapse:collapse;width:100%;font-size:.88rem}
th,td{border-bottom:1px solid var(--line);padding:.3rem .4rem;text-align:left;vertical-align:top}
th{background:#f0efe9}tr.qp{cursor:pointer}tr.qp td:first-child{width:3rem}
tr.qp.differ .spk{color:var(--err);font-weight:700}tr.qp.agree .spk{color:#2e7d32}
.spk{white-space:nowrap;font-weight:600}.sep{color:var(--muted)}
ul.alone{margin:0;padding-left:1.2rem;font-size:.88rem}ul.alone li{margin:.15rem 0}
@media (max-width:1100px){.main{grid-template-columns:1fr;height:auto}.articles{height:80vh}.findings{max-height:60vh}}
@media print{
 :root{font-size:11pt}*{-webkit-print-color-adjust:exact;print-color-adjust:exact}
 body{background:#fff}.main{display:block;height:auto}.articles{display:grid;height:auto}
 .col,.findings{overflow:visible;height:auto;max-height:none}.filters,.legend{display:none}
 .f.hidden{display:block}.f,tr,p{break-inside:avoid}.quotes{break-before:page}
}
"#;

const JS: &str = r#"
(function(){
  var pinned = null;
  function key(el){ return el.dataset.qlink ? ['qlink', el.dataset.qlink] : ['link', el.dataset.link]; }
  function clear(){ document.querySelectorAll('.active,.partner').forEach(function(e){ e.classList.remove('active','partner'); }); }
  function show(el, scroll){
    clear();
    if(!el) return;
    var k = key(el), first = null;
    document.querySelectorAll('.articles [data-' + k[0] + '="' + k[1] + '"]').forEach(function(e){
      var mine = e.dataset.side === el.dataset.side;
      e.classList.add(mine ? 'active' : 'partner');
      if(!mine && !first) first = e;
    });
    if(scroll && first) first.scrollIntoView({block:'nearest'});
  }
  function unit(t){ return t.closest ? (t.closest('.articles [data-qlink]') || t.closest('.articles [data-link]')) : null; }
  var arts = document.querySelector('.articles');
  arts.addEventListener('mouseover', function(ev){ var u = unit(ev.target); if(u) show(u, false); });
  arts.addEventListener('mouseleave', function(){ show(pinned, false); });
  arts.addEventListener('click', function(ev){ var u = unit(ev.target); pinned = u; show(u, true); });
  document.querySelectorAll('tr.qp').forEach(function(r){
    r.addEventListener('click', function(){
      var u = document.querySelector('.articles [data-qlink="' + r.dataset.qlink + '"][data-side="en"]');
      pinned = u; show(u, true); if(u) u.scrollIntoView({block:'center'});
    });
  });
  document.querySelectorAll('.f').forEach(function(f){
    function go(){
      document.querySelectorAll('.flagged').forEach(function(e){ e.classList.remove('flagged'); });
      var ids = (f.dataset.units || '').split(' ').filter(Boolean);
      ids.forEach(function(id, i){ var e = document.getElementById(id); if(e){ e.classList.add('flagged'); e.scrollIntoView({block:'center'}); } });
    }
    f.addEventListener('click', go);
    f.addEventListener('keydown', function(ev){ if(ev.key === 'Enter') go(); });
  });
  var search = document.getElementById('fsearch');
  function filter(){
    var on = {}, q = (search.value || '').toLowerCase();
    document.querySelectorAll('.filters input').forEach(function(i){ on[i.dataset.filter + ':' + i.value] = i.checked; });
    document.querySelectorAll('.f').forEach(function(f){
      var vis = on['sev:' + f.dataset.sev] !== false && on['check:' + f.dataset.check] !== false
        && (!q || f.textContent.toLowerCase().indexOf(q) >= 0 || (f.dataset.en + ' ' + f.dataset.pl).toLowerCase().indexOf(q) >= 0);
      f.classList.toggle('hidden', !vis);
    });
  }
  document.querySelectorAll('.filters input').forEach(function(i){ i.addEventListener('change', filter); });
  search.addEventListener('input', filter);
  var all = Array.prototype.slice.call(document.querySelectorAll('.f'));
  function count(){ document.getElementById('marked').textContent = document.querySelectorAll('.f.marked').length; }
  all.forEach(function(f){
    var box = f.querySelector('input.false');
    box.addEventListener('click', function(ev){ ev.stopPropagation(); });
    box.addEventListener('change', function(){ f.classList.toggle('marked', box.checked); count(); });
  });
  function step(d){
    var vis = all.filter(function(f){ return !f.classList.contains('hidden'); });
    if(!vis.length) return;
    var i = vis.indexOf(document.activeElement);
    var next = vis[i < 0 ? (d > 0 ? 0 : vis.length - 1) : (i + d + vis.length) % vis.length];
    next.focus(); next.scrollIntoView({block:'nearest'}); next.click();
  }
  document.addEventListener('keydown', function(ev){
    if(ev.target && (ev.target.tagName === 'INPUT' || ev.target.tagName === 'TEXTAREA') && ev.target.type !== 'checkbox') return;
    if(ev.key === 'j' || ev.key === 'n') { step(1); ev.preventDefault(); }
    else if(ev.key === 'k' || ev.key === 'p') { step(-1); ev.preventDefault(); }
    else if(ev.key === 'x' && document.activeElement && document.activeElement.classList.contains('f')) {
      var b = document.activeElement.querySelector('input.false'); b.checked = !b.checked; b.dispatchEvent(new Event('change'));
    }
  });
  function offer(text, name, type){
    var out = document.getElementById('export-out');
    out.hidden = false; out.value = text;
    var a = document.createElement('a');
    a.href = URL.createObjectURL(new Blob([text], {type: type}));
    a.download = name; document.body.appendChild(a); a.click(); a.remove();
  }
  document.getElementById('export-ignore').addEventListener('click', function(){
    var lines = ['# bialign qa ignore list: findings marked as false (qa --ignore FILE)'];
    document.querySelectorAll('.f.marked').forEach(function(f){
      lines.push(f.dataset.fp + '\t' + f.dataset.check + '\t' + f.querySelector('.head').textContent.replace(/\s+/g, ' '));
    });
    offer(lines.join('\n') + '\n', 'qa-ignore.txt', 'text/plain');
  });
  function cell(v){ v = String(v); return /[",\n\r]/.test(v) ? '"' + v.replace(/"/g, '""') + '"' : v; }
  document.getElementById('export-csv').addEventListener('click', function(){
    var rows = [['id','severity','check','en','pl','message','fingerprint','marked_false']];
    all.forEach(function(f){
      rows.push([f.id, f.dataset.sev, f.dataset.check, f.dataset.en, f.dataset.pl,
        f.querySelector('.head').textContent, f.dataset.fp, f.classList.contains('marked') ? 'yes' : '']);
    });
    offer(rows.map(function(r){ return r.map(cell).join(','); }).join('\r\n') + '\r\n', 'qa-findings.csv', 'text/csv');
  });
})();
"#;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::align::Evidence;
    use crate::lang::Lang;
    use crate::model::{Paragraph, Quote, Sentence, Speaker};

    fn doc(text: &str, lang: Lang) -> Document {
        let mut d =
            Document { name: format!("{lang}.txt"), text: text.to_string(), lang, ..Default::default() };
        d.paragraphs.push(Paragraph { span: Span::new(0, text.len()), lang, confidence: 1.0 });
        d.sentences.push(Sentence { span: Span::new(0, text.len()), paragraph: 0 });
        d
    }

    #[test]
    fn article_text_is_escaped_and_scripts_need_the_nonce() {
        let evil =
            "He said <script>document.title='PWNED'</script> and <img src=x onerror=\"alert(1)\"> & left.";
        let en = doc(evil, Lang::En);
        let pl = doc("Powiedział coś <b>ważnego</b>.", Lang::Pl);
        let a = Alignment {
            sentences: vec![Link { en: vec![0], pl: vec![0], score: 0.9, evidence: Evidence::default() }],
            quotes: vec![],
            ..Default::default()
        };
        let mut out = Vec::new();
        write_report(&mut out, "<evil title>", &en, &pl, &a, &[], &Default::default()).unwrap();
        let h = String::from_utf8(out).unwrap();
        assert!(!h.contains("<script>document"), "raw script tag in the report");
        assert!(!h.contains("<img"), "raw img tag in the report");
        assert!(!h.contains("<b>ważnego"), "raw markup from the Polish article");
        assert!(h.contains("&lt;script&gt;document.title=&#39;PWNED&#39;&lt;/script&gt;"));
        assert!(h.contains("QA report: &lt;evil title&gt;"));
        assert_eq!(h.matches("<script").count(), 1, "only the report's own script");
        assert!(h.contains("script-src 'nonce-"));
        assert!(!h.contains("http://") && !h.contains("https://"), "nothing fetched from the network");
    }

    #[test]
    fn linked_units_share_a_link_id_and_lone_quotes_are_marked() {
        let mut en = doc("“We will rebuild,” she said. “Soon,” she added.", Lang::En);
        let mut pl = doc("„Odbudujemy” – powiedziała.", Lang::Pl);
        let q = |span: Span, name: &str| Quote {
            span,
            kind: QuoteKind::Speech,
            speaker: Some(Speaker { name: name.into(), span: Span::new(0, 0) }),
            sentence: 0,
            utterance: 0,
            depth: 0,
            unbalanced: false,
        };
        let s1 = en.text.find("We").unwrap();
        en.quotes.push(q(Span::new(s1, s1 + "We will rebuild,".len()), "Mayor"));
        let s2 = en.text.find("Soon").unwrap();
        en.quotes.push(q(Span::new(s2, s2 + 5), "Mayor"));
        let s3 = pl.text.find("Odbudujemy").unwrap();
        pl.quotes.push(q(Span::new(s3, s3 + "Odbudujemy".len()), "Burmistrz"));
        let a = Alignment {
            sentences: vec![Link { en: vec![0], pl: vec![0], score: 0.9, evidence: Evidence::default() }],
            quotes: vec![Link { en: vec![0], pl: vec![0], score: 0.8, evidence: Evidence::default() }],
            ..Default::default()
        };
        let mut out = Vec::new();
        write_report(&mut out, "t", &en, &pl, &a, &[], &Default::default()).unwrap();
        let h = String::from_utf8(out).unwrap();
        assert_eq!(h.matches("data-link=\"L0\"").count(), 2);
        assert!(h.contains("data-side=\"en\" data-qlink=\"Q0\""));
        assert!(h.contains("data-side=\"pl\" data-qlink=\"Q0\""));
        assert!(h.contains("only EN · Mayor"), "the lone quote is labelled");
        assert!(h.contains("Quotes only in the English article (1)"));
        let s = Summary::new(&en, &pl, &a, &[]);
        assert_eq!(
            (s.sentence_pairs, s.quote_pairs, s.quote_pairs_with_speakers, s.en_quotes_alone),
            (1, 1, 1, 1)
        );
    }
}
