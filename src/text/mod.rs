//! The text of a document as the later stages read it: its tokens, found once ([`layer`]: the
//! aligner's sentence features and QA's word readers read them), and plain-text helpers shared by
//! the checks and the writers: a text shortened for a message or a display, and the escape of a
//! tab-separated field (written by the TSV output, read back by QA's bilingual TSV input).

pub mod layer;

pub use layer::{words, LayerToken, TextLayer};

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

/// Escape a field: `\` → `\\`, tab → `\t`, LF → `\n`, CR → `\r`.
pub fn escape(s: &str, out: &mut String) {
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\t' => out.push_str("\\t"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            c => out.push(c),
        }
    }
}

/// Undo [`escape`] (an unknown escape keeps its backslash).
pub fn unescape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut it = s.chars();
    while let Some(c) = it.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match it.next() {
            Some('\\') => out.push('\\'),
            Some('t') => out.push('\t'),
            Some('n') => out.push('\n'),
            Some('r') => out.push('\r'),
            Some(o) => {
                out.push('\\');
                out.push(o);
            }
            None => out.push('\\'),
        }
    }
    out
}
