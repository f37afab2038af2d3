//! Plain text for people.

use crate::align::Alignment;
use crate::model::Document;
use crate::output::jsonl::Only;

/// Shorten a text to `max` characters for display.
pub fn clip(s: &str, max: usize) -> String {
    let s = s.split_whitespace().collect::<Vec<_>>().join(" ");
    if s.chars().count() <= max {
        s
    } else {
        let mut t: String = s.chars().take(max.saturating_sub(1)).collect();
        t.push('…');
        t
    }
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
    if only == Only::Quotes {
        return Ok(());
    }
    writeln!(out, "== Sentences ==")?;
    for l in a.sentences.iter().filter(|l| l.en.is_empty() || l.pl.is_empty() || l.score >= min_score) {
        let e: Vec<String> = l.en.iter().map(|&i| clip(en.slice(en.sentences[i].span), 70)).collect();
        let p: Vec<String> = l.pl.iter().map(|&i| clip(pl.slice(pl.sentences[i].span), 70)).collect();
        writeln!(out, "{:.2}  EN {}\n      PL {}", l.score, e.join(" | "), p.join(" | "))?;
    }
    Ok(())
}
