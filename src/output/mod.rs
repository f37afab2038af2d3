//! Writers: text for people, JSON Lines for programs, TSV and TMX for corpus and CAT tools, and a
//! self-contained HTML report for reviewers.

pub mod file;
pub mod findings;
pub mod html;
pub mod jsonl;
pub mod stage;
pub mod text;
pub mod tmx;
pub mod tsv;
pub mod writer;
#[cfg(feature = "cli")]
pub mod xlsx;

pub use file::{Destination, OutputFile};
pub use writer::{writer, AlignedPair, Column, Format, WriteOptions, Writer};

/// Write one aligned pair in `format` to `path` (standard output for `None` or `-`), through the
/// writer's begin, pair and finish and the safe [`OutputFile`].
pub fn write_pair_to(
    path: Option<&std::path::Path>,
    format: Format,
    opts: WriteOptions,
    pair: &AlignedPair,
) -> crate::Result<()> {
    let w = writer(format, opts);
    OutputFile::create(path)?.write_with(|out| {
        w.begin(out)?;
        w.pair(out, pair)?;
        w.finish(out)
    })
}

/// Untrusted text (a record id, a file name, an error message quoting them) made safe for a
/// terminal line: control characters (ANSI escapes, line breaks that would forge another line,
/// bidirectional overrides) are written as `\u{…}` escapes; everything else is kept.
pub fn escape_terminal(s: &str) -> std::borrow::Cow<'_, str> {
    let unsafe_char = |c: char| {
        c.is_control()
            || matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}' | '\u{2028}' | '\u{2029}')
    };
    if !s.chars().any(unsafe_char) {
        return std::borrow::Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len() + 16);
    for c in s.chars() {
        if unsafe_char(c) {
            out.push_str(&format!("\\u{{{:x}}}", c as u32));
        } else {
            out.push(c);
        }
    }
    std::borrow::Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    #[test]
    fn terminal_escapes_neutralise_ansi_and_line_breaks() {
        assert_eq!(super::escape_terminal("plain id/ż"), "plain id/ż");
        let e = super::escape_terminal("a\u{1b}[31mred\nbialign batch: 99 pairs done\u{202e}");
        assert!(!e.contains('\u{1b}') && !e.contains('\n') && !e.contains('\u{202e}'), "{e}");
        assert_eq!(e, "a\\u{1b}[31mred\\u{a}bialign batch: 99 pairs done\\u{202e}");
    }
}
