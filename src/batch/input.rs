//! Batch inputs: where the article pairs come from, read lazily and in a deterministic order.
//!
//! An INPUT is
//! * `-`: JSON Lines records `{"id","en","pl"}` on standard input;
//! * a file: JSON Lines records if its first non-blank byte is `{`, otherwise a manifest TSV with
//!   lines `id<TAB>en_path<TAB>pl_path` (relative paths are relative to the manifest's folder; blank
//!   lines, `#` comments and a header line `id<TAB>en…<TAB>pl…` are skipped);
//! * a folder, walked recursively in byte order of names, where three layouts are recognised
//!   (and may be mixed):
//!   - a folder holding `en.*` and `pl.*` files is one pair, its id the folder's path relative to
//!     the INPUT (or the folder's own name when the INPUT itself is a pair folder);
//!   - files `NAME.en.EXT` and `NAME.pl.EXT` side by side are one pair with id `NAME`;
//!   - subfolders `en/` and `pl/` holding files with the same name (up to the extension) are pairs
//!     with the file name as id.
//!
//!   Other files are ignored. A pair with one side missing or ambiguous is a failed pair, reported
//!   in its place. Ids of nested pairs are prefixed with their folder path (`a/b/NAME`).
//!
//! Pair ids come from names and records, so they are untrusted text: batch never builds a path
//! from an id.

use std::collections::BTreeMap;
use std::fs::File;
use std::io::{BufRead, BufReader, Read};
use std::path::{Path, PathBuf};

use crate::error::Error;
use crate::ingest::jsonl::{Record, Records};

/// One pair to align, or an input problem reported in the pair's place.
#[derive(Debug)]
pub struct PairJob {
    /// The pair's id (untrusted text).
    pub id: String,
    pub source: PairSource,
}

/// Where a pair's two texts are.
#[derive(Debug)]
pub enum PairSource {
    /// Two files (labelled English and Polish by the input; batch checks the languages).
    Files { en: PathBuf, pl: PathBuf },
    /// Two texts from a JSON Lines record.
    Texts { en: String, pl: String },
    /// The input could not give this pair (malformed record, missing side…).
    Failed(Error),
}

/// Read all INPUTs in order, lazily. Problems with a single pair are items of the iterator; a whole
/// INPUT that cannot be opened is one failed item named after it.
pub fn pairs(inputs: &[PathBuf], max_line_bytes: u64) -> impl Iterator<Item = PairJob> + Send + 'static {
    pairs_with_backlog(inputs, max_line_bytes, None).0
}

/// [`pairs`], and a [`Backlog`] that tells after each item whether the next one can be read from
/// standard input without waiting. With `stdin_range` `(start, length)`, standard input must be a
/// regular file, and only that range of it is read (see [`stdin_range_reader`]).
pub fn pairs_with_backlog(
    inputs: &[PathBuf],
    max_line_bytes: u64,
    stdin_range: Option<(u64, u64)>,
) -> (impl Iterator<Item = PairJob> + Send + 'static, Backlog) {
    let inputs = inputs.to_vec();
    let backlog = Backlog::default();
    let b = backlog.clone();
    (inputs.into_iter().flat_map(move |p| one_input(p, max_line_bytes, &b, stdin_range)), backlog)
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

fn failed(id: String, e: Error) -> PairJob {
    PairJob { id, source: PairSource::Failed(e) }
}

type Jobs = Box<dyn Iterator<Item = PairJob> + Send>;

fn one_input(path: PathBuf, max_line_bytes: u64, backlog: &Backlog, stdin_range: Option<(u64, u64)>) -> Jobs {
    let name = path.display().to_string();
    if let (true, Some((start, len))) = (name == "-", stdin_range) {
        return match stdin_range_reader(start, len) {
            Ok(r) => Box::new(records(Records::new(r, "<stdin>", max_line_bytes), "<stdin>".into())),
            Err(e) => Box::new(std::iter::once(failed(
                "<stdin>".into(),
                Error::Other(format!("<stdin>: cannot read bytes {start}+{len}: {e}")),
            ))),
        };
    }
    if name == "-" {
        let inner = BufReader::with_capacity(1 << 16, std::io::stdin());
        let reader = Probed { inner, backlog: backlog.clone() };
        return Box::new(records(Records::new(reader, "<stdin>", max_line_bytes), "<stdin>".into()));
    }
    let meta = match std::fs::metadata(&path) {
        Ok(m) => m,
        Err(e) => return Box::new(std::iter::once(failed(name, Error::io(&path, &e)))),
    };
    if meta.is_dir() {
        return Box::new(DirWalk::new(path));
    }
    // Large reads: a JSON Lines record already whole in the buffer is parsed in place.
    let mut f = match BlockReader::open(&path) {
        Ok(f) => f,
        Err(e) => return Box::new(std::iter::once(failed(name, Error::io(&path, &e)))),
    };
    let is_jsonl = match f.fill_buf() {
        Ok(buf) => {
            let buf = buf.strip_prefix("\u{feff}".as_bytes()).unwrap_or(buf);
            buf.iter().find(|b| !b.is_ascii_whitespace()) == Some(&b'{')
        }
        Err(e) => return Box::new(std::iter::once(failed(name, Error::io(&path, &e)))),
    };
    if is_jsonl {
        Box::new(records(Records::new(f, &name, max_line_bytes), name))
    } else {
        let base = path.parent().map(Path::to_path_buf).unwrap_or_default();
        Box::new(manifest(f, name, base))
    }
}

fn records<R: BufRead + Send + 'static>(
    recs: Records<R>,
    name: String,
) -> impl Iterator<Item = PairJob> + Send {
    recs.map(move |(line, rec)| match rec {
        Ok(Record::Pair { id, en, pl }) => PairJob { id, source: PairSource::Texts { en, pl } },
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

fn manifest<R: BufRead + Send + 'static>(
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
    reader.split(b'\n').enumerate().filter_map(move |(i, line)| {
        let n = i + 1;
        let err = |reason: String| {
            Some(failed(format!("{name}:{n}"), Error::Record { name: name.clone(), line: n, reason }))
        };
        let line = match line {
            Ok(l) => l,
            Err(e) => return err(format!("read error: {e}")),
        };
        let line = match String::from_utf8(line) {
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
        Some(PairJob {
            id: f[0].to_string(),
            source: PairSource::Files { en: resolve(f[1]), pl: resolve(f[2]) },
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

/// The language label of a side file: `en.*` / `pl.*` (or bare `en` / `pl`).
fn side_of_pair_file(name: &str) -> Option<char> {
    let stem = name.split('.').next()?;
    match stem {
        "en" => Some('e'),
        "pl" => Some('p'),
        _ => None,
    }
}

/// `NAME.en.EXT` or `NAME.en` → (NAME, side).
fn side_by_side(name: &str) -> Option<(&str, char)> {
    for (tag, side) in [(".en", 'e'), (".pl", 'p')] {
        if let Some(stem) = name.strip_suffix(tag) {
            if !stem.is_empty() {
                return Some((stem, side));
            }
        }
        if let Some(i) = name.rfind('.') {
            if let Some(stem) = name[..i].strip_suffix(tag) {
                if !stem.is_empty() {
                    return Some((stem, side));
                }
            }
        }
    }
    None
}

fn file_stem(name: &str) -> &str {
    match name.rfind('.') {
        Some(i) if i > 0 => &name[..i],
        _ => name,
    }
}

/// Sorted (name, path, is_dir) of a folder's visible entries.
fn list(dir: &Path) -> std::io::Result<Vec<(String, PathBuf, bool)>> {
    let mut v = Vec::new();
    for e in std::fs::read_dir(dir)? {
        let e = e?;
        let name = e.file_name().to_string_lossy().into_owned();
        if name.starts_with('.') {
            continue;
        }
        let path = e.path();
        // Follow symlinks for the kind, like the files they point to.
        let is_dir = path.is_dir();
        v.push((name, path, is_dir));
    }
    v.sort_by(|a, b| a.0.cmp(&b.0));
    Ok(v)
}

#[derive(Default)]
struct Sides {
    en: Vec<PathBuf>,
    pl: Vec<PathBuf>,
}

fn join_id(prefix: &str, name: &str) -> String {
    if prefix.is_empty() {
        name.to_string()
    } else {
        format!("{prefix}/{name}")
    }
}

fn pair_from(id: String, sides: Sides, what: &str) -> PairJob {
    let fail = |reason: String| failed(id.clone(), Error::Other(format!("{id}: {reason}")));
    match (sides.en.len(), sides.pl.len()) {
        (1, 1) => {
            let mut s = sides;
            PairJob { id: id.clone(), source: PairSource::Files { en: s.en.remove(0), pl: s.pl.remove(0) } }
        }
        (0, _) => fail(format!("no English side ({what})")),
        (_, 0) => fail(format!("no Polish side ({what})")),
        _ => fail(format!(
            "more than one file for a side ({})",
            sides.en.iter().chain(&sides.pl).map(|p| p.display().to_string()).collect::<Vec<_>>().join(", ")
        )),
    }
}

/// A lazy recursive walk of a folder: one folder's listing at a time.
struct DirWalk {
    /// Folders still to visit: (path, id prefix).
    stack: Vec<(PathBuf, String)>,
    ready: std::collections::VecDeque<PairJob>,
    root: PathBuf,
    first: bool,
}

impl DirWalk {
    fn new(root: PathBuf) -> Self {
        DirWalk { stack: vec![(root.clone(), String::new())], ready: Default::default(), root, first: true }
    }

    /// List one folder: queue its pairs and push its subfolders (to visit in order).
    fn visit(&mut self, dir: PathBuf, prefix: String) {
        let first = std::mem::replace(&mut self.first, false);
        let entries = match list(&dir) {
            Ok(e) => e,
            Err(e) => {
                let id = if prefix.is_empty() { dir.display().to_string() } else { prefix };
                self.ready.push_back(failed(id, Error::io(&dir, &e)));
                return;
            }
        };
        // Layout 1: this folder is a pair folder.
        let mut own = Sides::default();
        for (name, path, is_dir) in &entries {
            if !is_dir {
                match side_of_pair_file(name) {
                    Some('e') => own.en.push(path.clone()),
                    Some('p') => own.pl.push(path.clone()),
                    _ => {}
                }
            }
        }
        if !own.en.is_empty() || !own.pl.is_empty() {
            let id = if first && prefix.is_empty() {
                self.root
                    .canonicalize()
                    .ok()
                    .and_then(|p| p.file_name().map(|n| n.to_string_lossy().into_owned()))
                    .unwrap_or_else(|| self.root.display().to_string())
            } else {
                prefix.clone()
            };
            self.ready.push_back(pair_from(id, own, "en.* and pl.* in the folder"));
        }
        // Layout 2: NAME.en.EXT + NAME.pl.EXT.
        let mut side: BTreeMap<String, Sides> = BTreeMap::new();
        for (name, path, is_dir) in &entries {
            if *is_dir || side_of_pair_file(name).is_some() {
                continue;
            }
            if let Some((stem, s)) = side_by_side(name) {
                let e = side.entry(stem.to_string()).or_default();
                if s == 'e' {
                    e.en.push(path.clone());
                } else {
                    e.pl.push(path.clone());
                }
            }
        }
        // Layout 3: en/NAME + pl/NAME.
        let en_dir = entries.iter().find(|e| e.2 && e.0 == "en").map(|e| e.1.clone());
        let pl_dir = entries.iter().find(|e| e.2 && e.0 == "pl").map(|e| e.1.clone());
        let split_layout = en_dir.is_some() && pl_dir.is_some();
        if split_layout {
            for (dir, s) in [(en_dir.unwrap(), 'e'), (pl_dir.unwrap(), 'p')] {
                match list(&dir) {
                    Ok(files) => {
                        for (name, path, is_dir) in files {
                            if is_dir {
                                continue;
                            }
                            let e = side.entry(file_stem(&name).to_string()).or_default();
                            if s == 'e' {
                                e.en.push(path);
                            } else {
                                e.pl.push(path);
                            }
                        }
                    }
                    Err(e) => self
                        .ready
                        .push_back(failed(join_id(&prefix, &dir.display().to_string()), Error::io(&dir, &e))),
                }
            }
        }
        for (stem, sides) in side {
            let what = if split_layout { "en/NAME and pl/NAME" } else { "NAME.en.* and NAME.pl.*" };
            self.ready.push_back(pair_from(join_id(&prefix, &stem), sides, what));
        }
        // Subfolders, visited in name order (pushed reversed onto the stack).
        for (name, path, is_dir) in entries.into_iter().rev() {
            if is_dir && !(split_layout && (name == "en" || name == "pl")) {
                self.stack.push((path, join_id(&prefix, &name)));
            }
        }
    }
}

impl Iterator for DirWalk {
    type Item = PairJob;

    fn next(&mut self) -> Option<PairJob> {
        loop {
            if let Some(j) = self.ready.pop_front() {
                return Some(j);
            }
            let (dir, prefix) = self.stack.pop()?;
            self.visit(dir, prefix);
        }
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

    #[test]
    fn recognises_side_file_names() {
        assert_eq!(side_by_side("a.en.txt"), Some(("a", 'e')));
        assert_eq!(side_by_side("a.b.pl.html"), Some(("a.b", 'p')));
        assert_eq!(side_by_side("a.pl"), Some(("a", 'p')));
        assert_eq!(side_by_side("en.txt"), None);
        assert_eq!(side_by_side("open.txt"), None);
        assert_eq!(side_of_pair_file("en.html"), Some('e'));
        assert_eq!(side_of_pair_file("english.txt"), None);
    }
}
