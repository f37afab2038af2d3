//! Plain text for people: quote pairs side by side with speakers and scores, the unmatched quotes of
//! each side, then the sentence alignment in two columns.

use crate::align::{Alignment, Evidence, Link};
use crate::model::{Document, Span};
use crate::output::jsonl::Only;

pub use crate::text::clip;

/// Width of one text column.
const COL: usize = 56;

/// Wrap a text into lines of at most `width` characters (long words are cut).
pub fn wrap(s: &str, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut cur = String::new();
    let mut cur_len = 0;
    for w in s.split_whitespace() {
        let wl = w.chars().count();
        if cur_len > 0 && cur_len + 1 + wl > width {
            lines.push(std::mem::take(&mut cur));
            cur_len = 0;
        }
        if wl > width {
            let chars: Vec<char> = w.chars().collect();
            for chunk in chars.chunks(width) {
                if cur_len > 0 {
                    lines.push(std::mem::take(&mut cur));
                }
                cur = chunk.iter().collect();
                cur_len = chunk.len();
            }
            continue;
        }
        if cur_len > 0 {
            cur.push(' ');
            cur_len += 1;
        }
        cur.push_str(w);
        cur_len += wl;
    }
    if cur_len > 0 || lines.is_empty() {
        lines.push(cur);
    }
    lines
}

fn pad(s: &str, width: usize) -> String {
    let n = s.chars().count();
    format!("{s}{}", " ".repeat(width.saturating_sub(n)))
}

/// Two texts side by side, after a left margin `head` (its first line) of `margin` characters.
fn columns<W: std::io::Write>(
    out: &mut W,
    head: &str,
    margin: usize,
    left: &str,
    right: &str,
) -> std::io::Result<()> {
    let (l, r) = (wrap(left, COL), wrap(right, COL));
    for k in 0..l.len().max(r.len()) {
        let h = if k == 0 { head } else { "" };
        let lt = l.get(k).map_or("", String::as_str);
        let rt = r.get(k).map_or("", String::as_str);
        writeln!(out, "{} {} │ {}", pad(h, margin), pad(lt, COL), rt)?;
    }
    Ok(())
}

fn spans_text(doc: &Document, spans: impl Iterator<Item = Span>) -> String {
    spans
        .map(|s| doc.slice(s).split_whitespace().collect::<Vec<_>>().join(" "))
        .collect::<Vec<_>>()
        .join(" ‖ ")
}

/// One line summarising a link's evidence ("" when there is none).
pub fn evidence_line(ev: &Evidence) -> String {
    let mut parts = Vec::new();
    if let Some(m) = ev.speaker_match {
        parts.push(format!("speakers {}", if m { "agree" } else { "differ/unknown" }));
    }
    for (label, v) in
        [("names", &ev.names), ("numbers", &ev.numbers), ("lexicon", &ev.lexicon), ("cognates", &ev.cognates)]
    {
        if !v.is_empty() {
            parts.push(format!("{label} {}", v.join(", ")));
        }
    }
    if let Some(m) = &ev.method {
        parts.push(format!("via {m}"));
    }
    parts.join("; ")
}

fn speaker(doc: &Document, idx: &[usize]) -> String {
    idx.iter()
        .find_map(|&i| doc.quotes[i].speaker.as_ref().map(|s| s.name.clone()))
        .unwrap_or_else(|| "—".into())
}

fn kind(doc: &Document, idx: &[usize]) -> &'static str {
    idx.first().map_or("", |&i| doc.quotes[i].kind.as_str())
}

/// Write an alignment for people: quote pairs, unmatched quotes, then the sentence alignment.
pub fn write_alignment<W: std::io::Write>(
    out: &mut W,
    a: &Alignment,
    en: &Document,
    pl: &Document,
    only: Only,
    min_score: f32,
) -> std::io::Result<()> {
    write_alignment_with(out, a, en, pl, only, min_score, false)
}

/// [`write_alignment`]; with `explain`, each sentence link is followed by the sentence numbers it
/// joins and its evidence (what was matched across, and how the link was found).
pub fn write_alignment_with<W: std::io::Write>(
    out: &mut W,
    a: &Alignment,
    en: &Document,
    pl: &Document,
    only: Only,
    min_score: f32,
    explain: bool,
) -> std::io::Result<()> {
    let keep = |l: &&Link| l.kept(min_score);
    let rule = "─".repeat(COL * 2 + 11);
    if only != Only::Sentences {
        let pairs: Vec<&Link> = a.quotes.iter().filter(keep).filter(|l| l.is_match()).collect();
        writeln!(out, "== Quote pairs ({}) ==", pairs.len())?;
        writeln!(out, "{} {} │ Polish", pad("score", 8), pad("English", COL))?;
        writeln!(out, "{rule}")?;
        for l in &pairs {
            let head = format!("{:.2}", l.score);
            let spk = format!(
                "[{}] {} │ {}",
                kind(en, &l.en),
                pad(&speaker(en, &l.en), COL.saturating_sub(kind(en, &l.en).len() + 3)),
                speaker(pl, &l.pl)
            );
            writeln!(out, "{} {}", pad(&head, 8), spk)?;
            let et = spans_text(en, l.en.iter().map(|&i| en.quotes[i].span));
            let pt = spans_text(pl, l.pl.iter().map(|&i| pl.quotes[i].span));
            columns(out, "", 8, &format!("“{et}”"), &format!("„{pt}”"))?;
            let ev = evidence_line(&l.evidence);
            if !ev.is_empty() {
                for line in wrap(&ev, COL * 2) {
                    writeln!(out, "{} {}", pad("", 8), line)?;
                }
            }
            writeln!(out)?;
        }
        let un_en: Vec<&Link> = a.quotes.iter().filter(|l| l.pl.is_empty()).collect();
        let un_pl: Vec<&Link> = a.quotes.iter().filter(|l| l.en.is_empty()).collect();
        writeln!(out, "== Unmatched English quotes ({}) ==", un_en.len())?;
        for l in un_en {
            let q = &en.quotes[l.en[0]];
            let head =
                format!("[{}] {}", q.kind.as_str(), q.speaker.as_ref().map_or("—", |s| s.name.as_str()));
            writeln!(out, "  {} “{}”", head, clip(en.slice(q.span), 100))?;
        }
        writeln!(out)?;
        writeln!(out, "== Unmatched Polish quotes ({}) ==", un_pl.len())?;
        for l in un_pl {
            let q = &pl.quotes[l.pl[0]];
            let head =
                format!("[{}] {}", q.kind.as_str(), q.speaker.as_ref().map_or("—", |s| s.name.as_str()));
            writeln!(out, "  {} „{}”", head, clip(pl.slice(q.span), 100))?;
        }
        writeln!(out)?;
    }
    if only != Only::Quotes {
        let links: Vec<&Link> = a.sentences.iter().filter(keep).collect();
        let matched = links.iter().filter(|l| l.is_match()).count();
        writeln!(out, "== Sentences ({matched} links, {} unmatched) ==", links.len() - matched)?;
        writeln!(out, "{} {} │ Polish", pad("score", 8), pad("English", COL))?;
        writeln!(out, "{rule}")?;
        for l in links {
            let head = if l.is_match() { format!("{:.2}", l.score) } else { "  –".to_string() };
            let et = spans_text(en, l.en.iter().map(|&i| en.sentences[i].span));
            let pt = spans_text(pl, l.pl.iter().map(|&i| pl.sentences[i].span));
            columns(out, &head, 8, &et, &pt)?;
            if explain && l.is_match() {
                let nums = |v: &[usize]| v.iter().map(|i| (i + 1).to_string()).collect::<Vec<_>>().join(",");
                let mut why = format!("EN {} ↔ PL {}", nums(&l.en), nums(&l.pl));
                let ev = evidence_line(&l.evidence);
                if !ev.is_empty() {
                    why.push_str(": ");
                    why.push_str(&ev);
                }
                for line in wrap(&why, COL * 2) {
                    writeln!(out, "{} {}", pad("", 8), line)?;
                }
            }
            writeln!(out)?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrap_respects_width_and_keeps_words() {
        let lines = wrap("one two three four five six seven", 9);
        assert!(lines.iter().all(|l| l.chars().count() <= 9));
        assert_eq!(lines.join(" "), "one two three four five six seven");
        assert_eq!(wrap("", 5), vec![String::new()]);
    }
}
