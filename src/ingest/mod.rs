//! Ingest: bytes in, decoded article text split into paragraphs.
//!
//! (Foundation baseline: UTF-8 text only. Issue 2 adds encodings, HTML and JSON Lines.)

pub mod jsonl;

use std::path::Path;

use crate::error::{Error, Result};
use crate::model::{Document, Paragraph, Span};

/// How to read an input.
#[derive(Debug, Clone)]
pub struct IngestOptions {
    /// Force an encoding (a WHATWG label such as "windows-1250"); `None` detects it.
    pub encoding: Option<String>,
    /// Treat the input as HTML (`Some(true)`), as text (`Some(false)`), or decide (`None`).
    pub html: Option<bool>,
    /// Refuse inputs larger than this many bytes.
    pub max_bytes: u64,
}

impl Default for IngestOptions {
    fn default() -> Self {
        IngestOptions { encoding: None, html: None, max_bytes: 64 * 1024 * 1024 }
    }
}

/// Does the path name an HTML file?
pub fn looks_like_html_path(path: &Path) -> bool {
    matches!(
        path.extension().and_then(|e| e.to_str()).map(|e| e.to_ascii_lowercase()).as_deref(),
        Some("html" | "htm" | "xhtml")
    )
}

/// Read a file (or standard input for `-`), enforcing the size limit. Returns (name, bytes).
pub fn read_input(path: &Path, opts: &IngestOptions) -> Result<(String, Vec<u8>)> {
    let name = path.display().to_string();
    if name == "-" {
        use std::io::Read;
        let mut buf = Vec::new();
        std::io::stdin()
            .take(opts.max_bytes + 1)
            .read_to_end(&mut buf)
            .map_err(|e| Error::io("<stdin>", &e))?;
        if buf.len() as u64 > opts.max_bytes {
            return Err(Error::TooLarge {
                name: "<stdin>".into(),
                size: buf.len() as u64,
                limit: opts.max_bytes,
            });
        }
        return Ok(("<stdin>".into(), buf));
    }
    let meta = std::fs::metadata(path).map_err(|e| Error::io(path, &e))?;
    if meta.is_dir() {
        return Err(Error::Io { path: path.into(), reason: "is a directory, not a file".into() });
    }
    if meta.len() > opts.max_bytes {
        return Err(Error::TooLarge { name, size: meta.len(), limit: opts.max_bytes });
    }
    let bytes = std::fs::read(path).map_err(|e| Error::io(path, &e))?;
    Ok((name, bytes))
}

/// Build a [`Document`] (text and paragraphs, no language yet) from raw bytes.
pub fn ingest_bytes(name: &str, bytes: &[u8], opts: &IngestOptions) -> Result<Document> {
    if bytes.len() as u64 > opts.max_bytes {
        return Err(Error::TooLarge { name: name.into(), size: bytes.len() as u64, limit: opts.max_bytes });
    }
    let text = std::str::from_utf8(bytes)
        .map_err(|e| Error::Decode { name: name.into(), reason: format!("not valid UTF-8: {e}") })?
        .to_string();
    if text.trim().is_empty() {
        return Err(Error::Empty { name: name.into() });
    }
    let paragraphs = paragraphs(&text);
    Ok(Document { name: name.into(), text, encoding: "UTF-8", paragraphs, ..Default::default() })
}

/// Split text into paragraphs at line breaks; spans are trimmed of surrounding whitespace.
pub fn paragraphs(text: &str) -> Vec<Paragraph> {
    let mut out = Vec::new();
    let mut pos = 0;
    for line in text.split_inclusive('\n') {
        let start = pos + (line.len() - line.trim_start().len());
        let end = pos + line.trim_end().len();
        if end > start {
            out.push(Paragraph { span: Span::new(start, end), lang: Default::default(), confidence: 0.0 });
        }
        pos += line.len();
    }
    out
}
