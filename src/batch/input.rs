//! Batch inputs: where the article pairs come from, read lazily and in a deterministic order.
//!
//! An INPUT is
//! * `-`: JSON Lines records `{"id","en","pl"}` on standard input;
//! * a file: JSON Lines records if its first non-blank byte is `{`, otherwise a manifest TSV with
//!   lines `id<TAB>en_path<TAB>pl_path` (relative paths are relative to the manifest's folder; blank
//!   lines, `#` comments and a header line `id<TAB>en…<TAB>pl…` are skipped);
//! * a folder, walked recursively (see [`super::walk`] for the layouts, links and special files).
//!   A pair with one side missing or ambiguous is a failed pair, reported in its place. Ids of
//!   nested pairs are prefixed with their folder path (`a/b/NAME`).
//!
//! Every read is bounded as it reads: a JSON Lines line by the record limit, a manifest line by
//! [`MAX_MANIFEST_LINE`], an id by [`crate::ingest::jsonl::MAX_ID_BYTES`]. A named pipe given as an
//! INPUT (`<(zcat corpus.jsonl.gz)`) is read as a stream. JSON Lines compressed with gzip or zstd
//! is recognised by its first bytes and decompressed as it is read.
//!
//! Pair ids come from names and records, so they are untrusted text: batch never builds a path
//! from an id.

use std::fs::File;
use std::io::{BufRead, BufReader, Read};
use std::path::{Path, PathBuf};

use crate::error::Error;
use crate::ingest::jsonl::{Record, Records};

pub(crate) use super::job::failed;
pub use super::job::{PairJob, PairSource};
use super::walk::{DirWalk, Warnings};

/// Longest manifest line read, in bytes (an id and two paths).
pub const MAX_MANIFEST_LINE: u64 = 64 * 1024;

/// How the INPUTs are read.
#[derive(Debug, Clone, Default)]
pub struct InputOptions {
    /// Longest JSON Lines line (a record) read, in bytes.
    pub max_line_bytes: u64,
    /// Read only this byte range of standard input (see [`stdin_range_reader`]).
    pub stdin_range: Option<(u64, u64)>,
    /// Follow symbolic links in folders (loop-safe).
    pub follow: bool,
}

/// Read all INPUTs in order, lazily. Problems with a single pair are items of the iterator; a whole
/// INPUT that cannot be opened is one failed item named after it.
pub fn pairs(inputs: &[PathBuf], max_line_bytes: u64) -> impl Iterator<Item = PairJob> + Send + 'static {
    let opts = InputOptions { max_line_bytes, ..Default::default() };
    pairs_with_backlog(inputs, &opts, &Warnings::default()).0
}

/// [`pairs`], and a [`Backlog`] that tells after each item whether the next one can be read from
/// standard input without waiting. With `stdin_range` `(start, length)`, standard input must be a
/// regular file, and only that range of it is read (see [`stdin_range_reader`]). Entries a folder
/// walk skips are reported to `warnings`.
pub fn pairs_with_backlog(
    inputs: &[PathBuf],
    opts: &InputOptions,
    warnings: &Warnings,
) -> (impl Iterator<Item = PairJob> + Send + 'static, Backlog) {
    let inputs = inputs.to_vec();
    let backlog = Backlog::default();
    let b = backlog.clone();
    let (opts, warnings) = (opts.clone(), warnings.clone());
    // Positions count from the start of the first INPUT, so the progress display moves forward
    // over all of them (each regular file's size is added once its pairs are read).
    let mut before = 0u64;
    let jobs = inputs.into_iter().flat_map(move |p| {
        let base = before;
        before +=
            std::fs::metadata(&p).ok().filter(|m| m.is_file() && p.as_os_str() != "-").map_or(0, |m| m.len());
        one_input(p, &opts, &b, &warnings).map(move |mut j| {
            if j.input_pos > 0 {
                j.input_pos += base;
            }
            j
        })
    });
    (jobs, backlog)
}

/// Standard input positioned at `start` and cut off after `len` bytes. It must be a regular file: a
/// distributed job's task reads its own line-aligned share of a corpus file this way, without a
/// process copying the bytes into a pipe. Being a file, it is read in full chunks (nothing to wait for).
pub fn stdin_range_reader(start: u64, len: u64) -> std::io::Result<impl BufRead + Send> {
    use std::io::Seek;
    let mut f = stdin_file()?;
    f.seek(std::io::SeekFrom::Start(start))?;
    Ok(BufReader::with_capacity(1 << 20, f.take(len)))
}

/// Standard input as a file of its own (the same open file), if it is a regular file.
pub fn stdin_file() -> std::io::Result<File> {
    let not_a_file = || {
        std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            "standard input is not a regular file (a byte range needs it redirected from one)",
        )
    };
    #[cfg(unix)]
    {
        use std::os::fd::AsFd;
        let f = File::from(std::io::stdin().as_fd().try_clone_to_owned()?);
        if !f.metadata()?.is_file() {
            return Err(not_a_file());
        }
        Ok(f)
    }
    #[cfg(not(unix))]
    {
        Err(not_a_file())
    }
}

/// Whether standard input already holds the next record whole (read into its buffer), so that
/// reading it will not wait for the producer: the batch reader keeps gathering such records into a
/// chunk, and hands a chunk on as soon as the next record is not there yet, so a streaming filter
/// never holds back output while it waits for input. Always true for other inputs.
#[derive(Clone, Debug)]
pub struct Backlog(std::sync::Arc<std::sync::atomic::AtomicBool>);

impl Default for Backlog {
    fn default() -> Self {
        Backlog(std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true)))
    }
}

impl Backlog {
    /// True when the next record can be read without waiting (see [`Backlog`]).
    pub fn next_is_buffered(&self) -> bool {
        self.0.load(std::sync::atomic::Ordering::Relaxed)
    }
}

/// A buffered reader that updates a [`Backlog`] each time bytes are consumed: whether a whole line
/// (up to its line break) is left in the buffer.
struct Probed<R> {
    inner: BufReader<R>,
    backlog: Backlog,
}

/// `Read::read` for a reader whose `BufRead` side does the work: copy from its buffer.
fn read_from_buffer<B: BufRead>(r: &mut B, out: &mut [u8]) -> std::io::Result<usize> {
    let avail = r.fill_buf()?;
    let n = avail.len().min(out.len());
    out[..n].copy_from_slice(&avail[..n]);
    r.consume(n);
    Ok(n)
}

impl<R: Read> Read for Probed<R> {
    fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
        read_from_buffer(self, out)
    }
}

impl<R: Read> BufRead for Probed<R> {
    fn fill_buf(&mut self) -> std::io::Result<&[u8]> {
        self.inner.fill_buf()
    }

    fn consume(&mut self, n: usize) {
        self.inner.consume(n);
        let whole_line = memchr::memchr(b'\n', self.inner.buffer()).is_some();
        self.backlog.0.store(whole_line, std::sync::atomic::Ordering::Relaxed);
    }
}

/// A buffered reader that adds the bytes consumed to a shared count (where the INPUTs are, for the
/// progress display).
pub(crate) struct Counted<R> {
    inner: R,
    count: std::sync::Arc<std::sync::atomic::AtomicU64>,
}

impl<R: BufRead> Read for Counted<R> {
    fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
        read_from_buffer(self, out)
    }
}

impl<R: BufRead> BufRead for Counted<R> {
    fn fill_buf(&mut self) -> std::io::Result<&[u8]> {
        self.inner.fill_buf()
    }

    fn consume(&mut self, n: usize) {
        self.inner.consume(n);
        self.count.fetch_add(n as u64, std::sync::atomic::Ordering::Relaxed);
    }
}

type Jobs = Box<dyn Iterator<Item = PairJob> + Send>;

fn one_input(path: PathBuf, opts: &InputOptions, backlog: &Backlog, warnings: &Warnings) -> Jobs {
    let name = path.display().to_string();
    let max_line_bytes = opts.max_line_bytes;
    let fail = |e: Error| -> Jobs { Box::new(std::iter::once(failed(name.clone(), e))) };
    if let (true, Some((start, len))) = (name == "-", opts.stdin_range) {
        return match stdin_range_reader(start, len) {
            Ok(r) => Box::new(records(Records::new(r, "<stdin>", max_line_bytes), "<stdin>".into())),
            Err(e) => fail(Error::io_msg("<stdin>", format!("cannot read bytes {start}+{len}: {e}"))),
        };
    }
    if name == "-" {
        let inner = BufReader::with_capacity(1 << 16, std::io::stdin());
        let mut reader = Probed { inner, backlog: backlog.clone() };
        return match super::compressed::sniff(&mut reader) {
            Ok(None) => Box::new(records(Records::new(reader, "<stdin>", max_line_bytes), "<stdin>".into())),
            Ok(Some(kind)) => match super::compressed::decoder(kind, reader) {
                Ok(r) => Box::new(records(Records::new(r, "<stdin>", max_line_bytes), "<stdin>".into())),
                Err(e) => fail(Error::io("<stdin>", &e)),
            },
            Err(e) => fail(Error::io("<stdin>", &e)),
        };
    }
    let meta = match std::fs::metadata(&path) {
        Ok(m) => m,
        Err(e) => return fail(Error::io(&path, &e)),
    };
    if meta.is_dir() {
        return Box::new(DirWalk::new(path, opts.follow, warnings.clone()));
    }
    let base = path.parent().map(Path::to_path_buf).unwrap_or_default();
    if !meta.is_file() {
        // A named pipe or a device (`<(zcat …)`): read as a stream, every line bounded.
        let r = match File::open(&path) {
            Ok(f) => BufReader::with_capacity(1 << 16, f),
            Err(e) => return fail(Error::io(&path, &e)),
        };
        return stream_input(r, name, base, max_line_bytes);
    }
    // Large reads: a JSON Lines record already whole in the buffer is parsed in place.
    let f = match BlockReader::open(&path) {
        Ok(f) => f,
        Err(e) => return fail(Error::io(&path, &e)),
    };
    stream_input(f, name, base, max_line_bytes)
}

/// JSON Lines (plain, gzip or zstd) or a manifest, told apart by the first bytes; each job carries
/// how far into the input its line ended.
fn stream_input<R: BufRead + Send + 'static>(r: R, name: String, base: PathBuf, max_line_bytes: u64) -> Jobs {
    let count = std::sync::Arc::new(std::sync::atomic::AtomicU64::new(0));
    let jobs = stream_jobs(Counted { inner: r, count: count.clone() }, name, base, max_line_bytes);
    Box::new(jobs.map(move |mut j| {
        j.input_pos = count.load(std::sync::atomic::Ordering::Relaxed);
        j
    }))
}

fn stream_jobs<R: BufRead + Send + 'static>(
    mut r: R,
    name: String,
    base: PathBuf,
    max_line_bytes: u64,
) -> Jobs {
    let fail =
        |e: std::io::Error| -> Jobs { Box::new(std::iter::once(failed(name.clone(), Error::io(&name, &e)))) };
    match super::compressed::sniff(&mut r) {
        Ok(Some(kind)) => {
            return match super::compressed::decoder(kind, r) {
                Ok(d) => Box::new(records(Records::new(d, &name, max_line_bytes), name)),
                Err(e) => fail(e),
            }
        }
        Ok(None) => {}
        Err(e) => return fail(e),
    }
    let is_jsonl = match r.fill_buf() {
        Ok(buf) => {
            let buf = buf.strip_prefix("\u{feff}".as_bytes()).unwrap_or(buf);
            buf.iter().find(|b| !b.is_ascii_whitespace()) == Some(&b'{')
        }
        Err(e) => return fail(e),
    };
    if is_jsonl {
        Box::new(records(Records::new(r, &name, max_line_bytes), name))
    } else {
        Box::new(manifest(r, name, base))
    }
}

fn records<R: BufRead + Send + 'static>(
    recs: Records<R>,
    name: String,
) -> impl Iterator<Item = PairJob> + Send {
    recs.map(move |(line, rec)| match rec {
        Ok(Record::Pair { id, en, pl }) => {
            PairJob { id, source: PairSource::Texts { en, pl }, input_pos: 0, seq: 0 }
        }
        Ok(Record::Single { id, .. }) => failed(
            id.clone(),
            Error::Record {
                name: name.clone(),
                line,
                reason: format!(
                    "record \"{id}\" is a single document (\"text\"); batch needs \"en\" and \"pl\""
                ),
            },
        ),
        Err(e) => failed(format!("{name}:{line}"), e),
    })
}

/// The pairs a manifest TSV lists (`id<TAB>en_path<TAB>pl_path`, relative paths resolved against
/// `base`), read from `reader` one bounded line at a time: a malformed line, a line over
/// [`MAX_MANIFEST_LINE`] or an id over [`crate::ingest::jsonl::MAX_ID_BYTES`] is a failed job named
/// `NAME:LINE`. `name` names the manifest in errors.
pub fn manifest<R: BufRead + Send + 'static>(
    reader: R,
    name: String,
    base: PathBuf,
) -> impl Iterator<Item = PairJob> + Send {
    let resolve = move |p: &str| {
        let p = Path::new(p);
        if p.is_absolute() {
            p.to_path_buf()
        } else {
            base.join(p)
        }
    };
    let mut reader = reader;
    let mut buf = Vec::new();
    let mut n = 0usize;
    let mut done = false;
    std::iter::from_fn(move || {
        if done {
            return None;
        }
        n += 1;
        Some(match crate::ingest::jsonl::read_line_bounded(&mut reader, &mut buf, MAX_MANIFEST_LINE) {
            Ok(Ok(false)) => {
                done = true;
                Err(None)
            }
            Ok(Ok(true)) => Ok((n, String::from_utf8(std::mem::take(&mut buf)))),
            Ok(Err(len)) => {
                Err(Some((n, format!("line of {len} bytes is over the limit of {MAX_MANIFEST_LINE} bytes"))))
            }
            Err(e) => {
                done = true;
                Err(Some((n, format!("read error: {e}"))))
            }
        })
    })
    .filter_map(move |item| {
        let (n, line) = match item {
            Err(None) => return None,
            Err(Some((n, reason))) => {
                return Some(failed(
                    format!("{name}:{n}"),
                    Error::Record { name: name.clone(), line: n, reason },
                ))
            }
            Ok(x) => x,
        };
        let err = |reason: String| {
            Some(failed(format!("{name}:{n}"), Error::Record { name: name.clone(), line: n, reason }))
        };
        let line = match line {
            Ok(l) => l,
            Err(_) => return err("not valid UTF-8".into()),
        };
        let line = line.trim_end_matches(['\r', '\n']).trim_start_matches('\u{feff}');
        if line.trim().is_empty() || line.starts_with('#') {
            return None;
        }
        let f: Vec<&str> = line.split('\t').collect();
        if f.len() != 3 {
            return err(format!("expected 3 tab-separated fields (id, en path, pl path), found {}", f.len()));
        }
        if n == 1 && f[0] == "id" && f[1].starts_with("en") && f[2].starts_with("pl") {
            return None;
        }
        if f[0].is_empty() || f[1].is_empty() || f[2].is_empty() {
            return err("empty field".into());
        }
        if let Err(reason) = crate::ingest::jsonl::check_id(f[0]) {
            return err(reason);
        }
        Some(PairJob {
            id: f[0].to_string(),
            source: PairSource::Files { en: resolve(f[1]), pl: resolve(f[2]) },
            input_pos: 0,
            seq: 0,
        })
    })
}

/// A file read in large blocks straight from the disk (`O_DIRECT` on Linux), bypassing the page
/// cache: a corpus is read once, and copying it through the cache costs the reader thread more CPU
/// than anything else it does (and the cache fills with text that is never read again). Where
/// direct reads are not available (another system, a file system without them such as tmpfs, or
/// any read refused for its alignment), the file is read the ordinary way from the same position,
/// so the bytes delivered are the same either way.
pub struct BlockReader {
    file: File,
    path: PathBuf,
    /// `BLOCK_BUF` bytes starting at `start` are aligned for direct reads.
    buf: Vec<u8>,
    start: usize,
    pos: usize,
    filled: usize,
    /// Bytes handed out so far (where the file is, once the buffer is used up).
    offset: u64,
    direct: bool,
}

/// Size of one read (a multiple of any disk block size).
const BLOCK_BUF: usize = 1 << 20;
/// Alignment of the buffer, the file offset and the read size for direct reads.
const BLOCK_ALIGN: usize = 4096;

impl BlockReader {
    /// Open `path` for reading, directly when possible.
    pub fn open(path: &Path) -> std::io::Result<BlockReader> {
        let mut buf = vec![0u8; BLOCK_BUF + BLOCK_ALIGN];
        let start = buf.as_mut_ptr().align_offset(BLOCK_ALIGN);
        let direct_file = if start < BLOCK_ALIGN { open_direct(path) } else { None };
        let (file, direct) = match direct_file {
            Some(f) => (f, true),
            None => (File::open(path)?, false),
        };
        Ok(BlockReader { file, path: path.to_path_buf(), buf, start, pos: 0, filled: 0, offset: 0, direct })
    }

    fn refill(&mut self) -> std::io::Result<()> {
        loop {
            let buf = if self.direct {
                &mut self.buf[self.start..self.start + BLOCK_BUF]
            } else {
                &mut self.buf[..BLOCK_BUF]
            };
            match self.file.read(buf) {
                Ok(n) => {
                    self.pos = if self.direct { self.start } else { 0 };
                    self.filled = self.pos + n;
                    return Ok(());
                }
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(_) if self.direct => {
                    // Direct reads refused here (alignment, file system): go on the ordinary way.
                    use std::io::Seek;
                    let mut f = File::open(&self.path)?;
                    f.seek(std::io::SeekFrom::Start(self.offset))?;
                    self.file = f;
                    self.direct = false;
                }
                Err(e) => return Err(e),
            }
        }
    }
}

#[cfg(target_os = "linux")]
fn open_direct(path: &Path) -> Option<File> {
    use std::os::unix::fs::OpenOptionsExt;
    std::fs::OpenOptions::new().read(true).custom_flags(libc::O_DIRECT).open(path).ok()
}

#[cfg(not(target_os = "linux"))]
fn open_direct(_path: &Path) -> Option<File> {
    None
}

impl Read for BlockReader {
    fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
        read_from_buffer(self, out)
    }
}

impl BufRead for BlockReader {
    fn fill_buf(&mut self) -> std::io::Result<&[u8]> {
        if self.pos >= self.filled {
            self.refill()?;
        }
        Ok(&self.buf[self.pos..self.filled])
    }

    fn consume(&mut self, n: usize) {
        let n = n.min(self.filled - self.pos);
        self.pos += n;
        self.offset += n as u64;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backlog_says_whether_the_next_line_is_already_buffered() {
        let backlog = Backlog::default();
        let data: &[u8] = b"{\"a\":1}\n{\"b\":2}\n{\"c\":";
        let mut r = Probed { inner: BufReader::new(data), backlog: backlog.clone() };
        let mut line = Vec::new();
        r.read_until(b'\n', &mut line).unwrap();
        assert!(backlog.next_is_buffered(), "the second line is whole in the buffer");
        line.clear();
        r.read_until(b'\n', &mut line).unwrap();
        assert!(!backlog.next_is_buffered(), "only part of the third line has arrived");
        line.clear();
        r.read_until(b'\n', &mut line).unwrap();
        assert_eq!(line, b"{\"c\":");
    }

    #[test]
    fn block_reader_gives_the_file_bytes_wherever_the_file_is() {
        // Over two blocks, not a multiple of the alignment, lines of every length.
        let mut data = Vec::new();
        let mut i = 0usize;
        while data.len() < 2 * BLOCK_BUF + 12_345 {
            data.extend(std::iter::repeat_n(b'a' + (i % 26) as u8, i % 9000));
            data.push(b'\n');
            i += 1;
        }
        // /tmp is usually a disk file system (direct reads), /dev/shm a tmpfs (ordinary reads).
        let dirs: Vec<PathBuf> =
            ["/dev/shm", "/tmp"].iter().map(PathBuf::from).filter(|d| d.is_dir()).collect();
        let mut tried = 0;
        for d in dirs.into_iter().chain([std::env::temp_dir()]) {
            let Ok(t) = tempfile::tempdir_in(&d) else { continue };
            let p = t.path().join("in.jsonl");
            std::fs::write(&p, &data).unwrap();
            let mut all = Vec::new();
            BlockReader::open(&p).unwrap().read_to_end(&mut all).unwrap();
            assert!(all == data, "read_to_end in {}", d.display());
            let lines: Vec<Vec<u8>> =
                BlockReader::open(&p).unwrap().split(b'\n').map(|l| l.unwrap()).collect();
            assert_eq!(lines.len(), i);
            assert!(lines.iter().enumerate().all(|(k, l)| l.len() == k % 9000));
            tried += 1;
        }
        assert!(tried > 0);
        assert!(BlockReader::open(Path::new("/nonexistent/x")).is_err());
    }
}
