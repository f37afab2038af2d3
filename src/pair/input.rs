//! The collections `bialign pair` reads: a folder (every file one article, walked recursively, its
//! id the path inside the folder), a JSON Lines file of `{"id","text"}` records (optionally
//! `"date"`, `"url"`, `"title"`), or `-` (JSON Lines on standard input).
//!
//! Documents are read in input order and analysed in parallel, a block at a time; only their keys
//! are kept ([`super::Collection`]). Where each came from is remembered ([`Source`]) so that
//! `--emit-records` can read a paired text again: standard input is copied to a temporary file as it
//! is read when that is needed. A bad line or an unreadable file is one error, named by file and
//! line, and reading goes on.

use std::fs::File;
use std::io::{BufRead, BufReader, Read, Seek, Write};
use std::path::{Path, PathBuf};

use rayon::prelude::*;
use serde_json::Value;

use super::{side_of, Collection, DocKeys};
use crate::error::{Error, Result};
use crate::ingest::jsonl::{check_id, read_line_bounded};
use crate::ingest::IngestOptions;
use crate::lang::Lang;
use crate::model::Document;

/// Documents analysed per parallel block.
const BLOCK: usize = 1024;

/// Where a document's text is.
#[derive(Debug, Clone)]
pub enum Source {
    /// A file of a folder.
    File(PathBuf),
    /// A line of JSON Lines input `input` (index into [`Loaded::inputs`]), at byte `offset` of that
    /// file (of the spooled copy for standard input).
    Line {
        /// Index of the input.
        input: usize,
        /// Byte offset of the line.
        offset: u64,
        /// Its length in bytes.
        len: u64,
        /// Its 1-based line number.
        line: usize,
    },
}

/// How to read the collections.
#[derive(Debug, Clone, Default)]
pub struct ReadOptions {
    /// How each document is read.
    pub ingest: IngestOptions,
    /// Keep where each document came from, and copy standard input aside, to read texts again.
    pub keep_sources: bool,
    /// Report progress on standard error every this many documents (0: never).
    pub progress_every: usize,
}

/// What [`load`] read.
#[derive(Debug, Default)]
pub struct Loaded {
    /// Per side, per document: where it came from (empty unless [`ReadOptions::keep_sources`]).
    pub sources: [Vec<Source>; 2],
    /// The inputs as read (standard input replaced by its spooled copy).
    pub inputs: Vec<PathBuf>,
    /// Documents that could not be read or analysed (each reported to the error callback).
    pub failed: usize,
    /// The copy of standard input, removed when this is dropped.
    pub spool: Option<tempfile::NamedTempFile>,
}

/// One document as read, before analysis.
struct Raw {
    id: String,
    body: Body,
    date: Option<i32>,
    /// The name in messages: the file, or `input:line`.
    name: String,
    line: usize,
    side: Option<usize>,
    source: Source,
}

enum Body {
    Text(String),
    File(PathBuf),
}

/// Days since 1970-01-01 of a date written `YYYY-MM-DD` (a time may follow: `2025-08-06T10:00Z`).
pub fn parse_date(s: &str) -> Option<i32> {
    let b = s.trim().as_bytes();
    if b.len() < 10 || b[4] != b'-' || b[7] != b'-' || (b.len() > 10 && !matches!(b[10], b'T' | b't' | b' '))
    {
        return None;
    }
    let num = |r: std::ops::Range<usize>| -> Option<i32> {
        std::str::from_utf8(&b[r]).ok().filter(|t| t.bytes().all(|c| c.is_ascii_digit()))?.parse().ok()
    };
    let (y, m, d) = (num(0..4)?, num(5..7)?, num(8..10)?);
    let leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    let mdays = [31, if leap { 29 } else { 28 }, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
    if !(1..=12).contains(&m) || d < 1 || d > mdays[(m - 1) as usize] {
        return None;
    }
    // Days from civil (Howard Hinnant's algorithm).
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (m + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    Some(era * 146_097 + doe - 719_468)
}

/// Analyse a text as an article: sentences and quotes found; the language detected (the caller
/// may read it in another language).
pub fn analyze_text(name: &str, text: &str, _lang: Lang) -> Document {
    match crate::analyze(name, text.as_bytes(), &IngestOptions::default()) {
        Ok(d) => d,
        Err(_) => Document { name: name.to_string(), text: text.to_string(), ..Default::default() },
    }
}

/// serde_json's message without its "at line 1 column N" (the line is the input's): "(column N)".
fn json_reason(e: &serde_json::Error) -> String {
    let msg = e.to_string();
    match msg.rfind(" at line ") {
        Some(i) => format!("{} (column {})", &msg[..i], e.column()),
        None => msg,
    }
}

/// One JSON Lines record of a collection: id, text (the title, when given, first, as its own
/// paragraph) and date.
fn parse_line(name: &str, line: usize, bytes: &[u8]) -> Result<(String, String, Option<i32>)> {
    let err = |reason: String| Error::Record { name: name.to_string(), line, reason };
    let value: Value =
        serde_json::from_slice(bytes).map_err(|e| err(format!("not valid JSON: {}", json_reason(&e))))?;
    let Value::Object(mut obj) = value else {
        return Err(err("a record must be a JSON object {\"id\",\"text\"}".into()));
    };
    let id = match obj.remove("id") {
        Some(Value::String(s)) => s,
        Some(_) => return Err(err("field \"id\" must be a string".into())),
        None => return Err(err("missing field \"id\"".into())),
    };
    check_id(&id).map_err(&err)?;
    let field = |obj: &mut serde_json::Map<String, Value>, key: &str| -> Result<Option<String>> {
        match obj.remove(key) {
            None | Some(Value::Null) => Ok(None),
            Some(Value::String(s)) => Ok(Some(s)),
            Some(_) => Err(err(format!("record \"{id}\": field \"{key}\" must be a string"))),
        }
    };
    let text = field(&mut obj, "text")?.ok_or_else(|| {
        err(format!("record \"{id}\": missing field \"text\" (a document is {{\"id\",\"text\"}})"))
    })?;
    let title = field(&mut obj, "title")?;
    let date = match field(&mut obj, "date")? {
        None => None,
        Some(d) => Some(parse_date(&d).ok_or_else(|| {
            err(format!("record \"{id}\": field \"date\" is not a date YYYY-MM-DD: {d:?}"))
        })?),
    };
    field(&mut obj, "url")?;
    let text = match title {
        Some(t) if !t.trim().is_empty() => format!("{}\n\n{text}", t.trim()),
        _ => text,
    };
    Ok((id, text, date))
}

/// Read `inputs` into `coll`: with `mixed`, every input's documents go to the side of their detected
/// language; otherwise `inputs[0]` is English and `inputs[1]` Polish. Errors of single documents go
/// to `on_error` and reading goes on; an input that cannot be opened at all is returned as an error.
pub fn load(
    coll: &mut Collection,
    inputs: &[PathBuf],
    mixed: bool,
    opts: &ReadOptions,
    on_error: &mut dyn FnMut(&Error),
) -> Result<Loaded> {
    let mut loaded = Loaded::default();
    let mut block: Vec<Raw> = Vec::with_capacity(BLOCK);
    let mut seen = 0usize;
    for (n, path) in inputs.iter().enumerate() {
        let side = if mixed { None } else { Some(n.min(1)) };
        let mut flush = |block: &mut Vec<Raw>, loaded: &mut Loaded| {
            run_block(coll, block, opts, loaded, on_error);
            seen += BLOCK;
            if opts.progress_every > 0 && seen % opts.progress_every < BLOCK {
                eprintln!("bialign: pair: {} English and {} Polish documents read", coll.len(0), coll.len(1));
            }
        };
        if path.as_os_str() == "-" {
            let stdin = std::io::stdin();
            let mut spool = None;
            if opts.keep_sources {
                let f = tempfile::NamedTempFile::new().map_err(|e| Error::io("temporary file", &e))?;
                spool = Some(f);
            }
            let reader = BufReader::with_capacity(1 << 20, stdin.lock());
            let name = "<stdin>";
            let mut copy = spool
                .as_ref()
                .map(|f| f.as_file().try_clone())
                .transpose()
                .map_err(|e| Error::io(name, &e))?;
            read_jsonl(reader, name, n, side, opts, &mut copy, &mut block, &mut |b| flush(b, &mut loaded))?;
            if let Some(f) = spool {
                loaded.inputs.push(f.path().to_path_buf());
                loaded.spool = Some(f);
            } else {
                loaded.inputs.push(path.clone());
            }
        } else {
            loaded.inputs.push(path.clone());
            let meta = std::fs::metadata(path).map_err(|e| Error::io(path, &e))?;
            if meta.is_dir() {
                read_folder(path, side, &mut block, &mut |b| flush(b, &mut loaded))?;
            } else {
                let f = File::open(path).map_err(|e| Error::io(path, &e))?;
                let mut reader = BufReader::with_capacity(1 << 20, f);
                let first = reader.fill_buf().map_err(|e| Error::io(path, &e))?;
                let start = first.iter().position(|b| !b.is_ascii_whitespace());
                let bom = first.starts_with(b"\xEF\xBB\xBF");
                if start.is_some_and(|i| first[i] != b'{') && !bom {
                    return Err(Error::io_msg(
                        path,
                        "is neither a folder nor JSON Lines records {\"id\",\"text\"} (give a folder of articles or a .jsonl file)",
                    ));
                }
                let name = path.display().to_string();
                read_jsonl(reader, &name, n, side, opts, &mut None, &mut block, &mut |b| {
                    flush(b, &mut loaded)
                })?;
            }
        }
        flush(&mut block, &mut loaded);
    }
    Ok(loaded)
}

/// A reader that counts the bytes consumed: where the next line starts.
struct Counting<R> {
    inner: R,
    pos: u64,
}

impl<R: Read> Read for Counting<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.pos += n as u64;
        Ok(n)
    }
}

impl<R: BufRead> BufRead for Counting<R> {
    fn fill_buf(&mut self) -> std::io::Result<&[u8]> {
        self.inner.fill_buf()
    }
    fn consume(&mut self, n: usize) {
        self.pos += n as u64;
        self.inner.consume(n);
    }
}

/// Read the JSON Lines of one input, handing full blocks to `flush`. With `copy`, every line is
/// also written there (one `\n` after each) and sources point into the copy.
#[allow(clippy::too_many_arguments)]
fn read_jsonl<R: BufRead>(
    reader: R,
    name: &str,
    input: usize,
    side: Option<usize>,
    opts: &ReadOptions,
    copy: &mut Option<File>,
    block: &mut Vec<Raw>,
    flush: &mut dyn FnMut(&mut Vec<Raw>),
) -> Result<()> {
    let mut reader = Counting { inner: reader, pos: 0 };
    let mut buf = Vec::new();
    let (mut line, mut copied) = (0usize, 0u64);
    let max = opts.ingest.max_bytes.max(1 << 16) + 4096;
    loop {
        line += 1;
        let mut at = reader.pos;
        let r = read_line_bounded(&mut reader, &mut buf, max).map_err(|e| Error::io(name, &e))?;
        match r {
            Ok(false) => break,
            Ok(true) => {}
            Err(_) => {
                block.push(Raw {
                    id: String::new(),
                    body: Body::Text(String::new()),
                    date: None,
                    name: name.to_string(),
                    line,
                    side,
                    source: Source::Line { input, offset: at, len: 0, line },
                });
                continue;
            }
        }
        let len = buf.len() as u64;
        if let Some(f) = copy.as_mut() {
            f.write_all(&buf)
                .and_then(|_| f.write_all(b"\n"))
                .map_err(|e| Error::io("temporary file", &e))?;
            at = copied;
            copied += len + 1;
        }
        let bytes = buf.strip_prefix(b"\xEF\xBB\xBF".as_slice()).unwrap_or(&buf);
        if bytes.iter().all(u8::is_ascii_whitespace) {
            continue;
        }
        let source = Source::Line { input, offset: at, len, line };
        let raw = match parse_line(name, line, bytes) {
            Ok((id, text, date)) => {
                Raw { id, body: Body::Text(text), date, name: format!("{name}:{line}"), line, side, source }
            }
            Err(e) => Raw {
                id: String::new(),
                body: Body::Text(e.to_string()),
                date: None,
                name: String::new(),
                line: 0,
                side,
                source,
            },
        };
        block.push(raw);
        if block.len() >= BLOCK {
            flush(block);
        }
    }
    if let Some(f) = copy.as_mut() {
        f.flush().map_err(|e| Error::io("temporary file", &e))?;
    }
    Ok(())
}

/// The files of a folder, recursively, in name order (hidden files and folders skipped).
fn read_folder(
    dir: &Path,
    side: Option<usize>,
    block: &mut Vec<Raw>,
    flush: &mut dyn FnMut(&mut Vec<Raw>),
) -> Result<()> {
    let walk = walkdir::WalkDir::new(dir)
        .sort_by_file_name()
        .into_iter()
        .filter_entry(|e| e.depth() == 0 || !e.file_name().to_string_lossy().starts_with('.'));
    for entry in walk {
        let entry = match entry {
            Ok(e) => e,
            Err(e) => {
                let p = e.path().unwrap_or(dir).to_path_buf();
                block.push(failed_file(&p, &e.to_string(), side));
                continue;
            }
        };
        if !entry.file_type().is_file() {
            continue;
        }
        let p = entry.path().to_path_buf();
        let id = p
            .strip_prefix(dir)
            .unwrap_or(&p)
            .components()
            .map(|c| c.as_os_str().to_string_lossy())
            .collect::<Vec<_>>()
            .join("/");
        block.push(Raw {
            id,
            body: Body::File(p.clone()),
            date: None,
            name: p.display().to_string(),
            line: 0,
            side,
            source: Source::File(p),
        });
        if block.len() >= BLOCK {
            flush(block);
        }
    }
    Ok(())
}

fn failed_file(p: &Path, reason: &str, side: Option<usize>) -> Raw {
    Raw {
        id: String::new(),
        body: Body::Text(format!("{}: {reason}", p.display())),
        date: None,
        name: String::new(),
        line: 0,
        side,
        source: Source::File(p.to_path_buf()),
    }
}

/// Analyse a block in parallel and add it to the collection in order.
fn run_block(
    coll: &mut Collection,
    block: &mut Vec<Raw>,
    opts: &ReadOptions,
    loaded: &mut Loaded,
    on_error: &mut dyn FnMut(&Error),
) {
    let done: Vec<Result<(usize, DocKeys)>> = {
        let c: &Collection = coll;
        block
            .par_iter()
            .map(|raw| {
                if raw.name.is_empty() {
                    // A line or entry that failed as it was read: its message is the body.
                    let Body::Text(msg) = &raw.body else {
                        unreachable!("failed entries hold their message")
                    };
                    return Err(Error::Usage(msg.clone()));
                }
                if raw.id.is_empty() && raw.line > 0 {
                    return Err(Error::Limit {
                        name: raw.name.clone(),
                        reason: format!(
                            "line {}: over the limit of {} bytes (raise it with --max-input-bytes)",
                            raw.line, opts.ingest.max_bytes
                        ),
                    });
                }
                let doc = match &raw.body {
                    Body::Text(t) => crate::analyze(&raw.name, t.as_bytes(), &opts.ingest)?,
                    Body::File(p) => {
                        let (name, bytes) = crate::ingest::read_input(p, &opts.ingest)?;
                        crate::analyze_path_bytes(p, &name, &bytes, &opts.ingest)?
                    }
                };
                let side = match raw.side {
                    Some(s) => s,
                    None => side_of(doc.lang).ok_or_else(|| {
                        Error::Language(format!(
                            "{}: {} ({}), not English or Polish; left out",
                            raw.name,
                            doc.lang.name(),
                            doc.lang.code()
                        ))
                    })?,
                };
                let lang = if side == 0 { Lang::En } else { Lang::Pl };
                Ok((side, c.profile(&doc, lang)))
            })
            .collect()
    };
    for (raw, r) in block.drain(..).zip(done) {
        match r {
            Ok((side, keys)) => {
                coll.add(side, raw.id, raw.date, keys);
                if opts.keep_sources {
                    loaded.sources[side].push(raw.source);
                }
            }
            Err(e) => {
                loaded.failed += 1;
                on_error(&e);
            }
        }
    }
}

/// The text of a document read again from where it came from (`inputs` as in [`Loaded::inputs`]).
pub fn read_text(source: &Source, inputs: &[PathBuf], ingest: &IngestOptions) -> Result<String> {
    match source {
        Source::File(p) => Ok(crate::ingest_file(p, ingest)?.text),
        Source::Line { input, offset, len, line } => {
            let path = &inputs[*input];
            let mut f = File::open(path).map_err(|e| Error::io(path, &e))?;
            f.seek(std::io::SeekFrom::Start(*offset)).map_err(|e| Error::io(path, &e))?;
            let mut buf = vec![0u8; *len as usize];
            f.read_exact(&mut buf).map_err(|e| Error::io(path, &e))?;
            let bytes = buf.strip_prefix(b"\xEF\xBB\xBF".as_slice()).unwrap_or(&buf);
            let (_, text, _) = parse_line(&path.display().to_string(), *line, bytes)?;
            Ok(text)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates() {
        assert_eq!(parse_date("1970-01-01"), Some(0));
        assert_eq!(parse_date("1970-01-02T08:00:00Z"), Some(1));
        assert_eq!(parse_date("2000-03-01"), Some(11_017));
        assert_eq!(parse_date("2025-02-29"), None);
        assert_eq!(parse_date("2024-02-29").map(|d| d - parse_date("2024-02-28").unwrap()), Some(1));
        assert_eq!(parse_date("yesterday"), None);
    }
}
