//! The walk of a batch folder: which files make article pairs, found lazily and in a fixed order.
//!
//! The folder is walked with `walkdir`, in byte order of names with each folder's files before its
//! subfolders, so a folder's files are all known when its first subfolder (or the end of the folder)
//! is reached, and that folder's pairs are made then. Layouts (they may be mixed):
//!
//! - a *pair folder* holding `en.*` and `pl.*` files (or `english.*` / `polish.*`): one pair, its id
//!   the folder's path relative to the INPUT (the folder's own name when the INPUT is a pair folder);
//! - files side by side whose names differ by a language tag before the extension, `NAME.en.txt`,
//!   `NAME_en.txt`, `NAME-en.txt`, `NAME.english.txt` (and `pl`, `polish`), in any letter case: one
//!   pair with id `NAME`;
//! - subfolders `en/` and `pl/` (or `english/` and `polish/`) holding files with the same name up to
//!   the extension: pairs with that name as id.
//!
//! Hidden entries (a name starting with `.`) are skipped. Only regular files are read: a named pipe,
//! a socket or a device in a folder is skipped with a warning (reading one could wait for ever).
//! Symbolic links are not followed unless asked (`--follow`), as ripgrep does: a link in a corpus
//! folder (`en.txt -> /etc/passwd`) is skipped with a warning. When links are followed, a link back to
//! a folder being walked is a loop: walkdir detects it, and it is skipped with a warning.
//!
//! A folder that yields no pair is reported with the reason and a few of the files it skipped
//! ([`first_pair_or_why`]), so a misnamed corpus is not a silent empty run.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use crate::error::Error;

use super::job::{failed, PairJob, PairSource};

/// Warnings of a walk (skipped links, pipes, loops), shared with whoever prints them.
#[derive(Clone, Debug, Default)]
pub struct Warnings(Arc<Mutex<Vec<String>>>);

impl Warnings {
    fn push(&self, w: String) {
        self.0.lock().unwrap_or_else(|e| e.into_inner()).push(w);
    }

    /// Take the warnings gathered so far.
    pub fn take(&self) -> Vec<String> {
        std::mem::take(&mut *self.0.lock().unwrap_or_else(|e| e.into_inner()))
    }
}

/// Which side a language tag names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Side {
    En,
    Pl,
}

fn tag_side(tag: &str) -> Option<Side> {
    match tag.to_ascii_lowercase().as_str() {
        "en" | "eng" | "english" => Some(Side::En),
        "pl" | "pol" | "polish" | "polski" => Some(Side::Pl),
        _ => None,
    }
}

/// The side of a file in a pair folder: `en.*`, `english.*` (the part before the first dot).
fn pair_file_side(name: &str) -> Option<Side> {
    tag_side(name.split('.').next()?)
}

/// `NAME<sep>TAG.EXT` or `NAME<sep>TAG` with `sep` one of `.`, `_`, `-` → (NAME, side).
fn side_by_side(name: &str) -> Option<(&str, Side)> {
    let bases = std::iter::once(name).chain(name.rfind('.').map(|i| &name[..i]));
    for base in bases {
        if let Some(i) = base.rfind(['.', '_', '-']) {
            let (stem, tag) = (&base[..i], &base[i + 1..]);
            if let (false, Some(side)) = (stem.is_empty(), tag_side(tag)) {
                return Some((stem, side));
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

#[derive(Default)]
struct Sides {
    en: Vec<PathBuf>,
    pl: Vec<PathBuf>,
}

impl Sides {
    fn push(&mut self, side: Side, p: PathBuf) {
        match side {
            Side::En => self.en.push(p),
            Side::Pl => self.pl.push(p),
        }
    }
}

fn pair_from(id: String, sides: Sides, what: &str) -> PairJob {
    let fail = |reason: String| failed(id.clone(), Error::Record { name: id.clone(), line: 0, reason });
    match (sides.en.len(), sides.pl.len()) {
        (1, 1) => {
            let mut s = sides;
            PairJob {
                id: id.clone(),
                source: PairSource::Files { en: s.en.remove(0), pl: s.pl.remove(0) },
                input_pos: 0,
                seq: 0,
            }
        }
        (0, _) => fail(format!("no English side ({what})")),
        (_, 0) => fail(format!("no Polish side ({what})")),
        _ => fail(format!(
            "more than one file for a side ({})",
            sides.en.iter().chain(&sides.pl).map(|p| p.display().to_string()).collect::<Vec<_>>().join(", ")
        )),
    }
}

/// One folder's files, gathered until its first subfolder.
struct Folder {
    path: PathBuf,
    /// The id prefix: the folder's path relative to the INPUT, `/`-separated.
    prefix: String,
    files: Vec<(String, PathBuf)>,
}

/// The lazy walk of one INPUT folder.
pub struct DirWalk {
    it: walkdir::IntoIter,
    root: PathBuf,
    follow: bool,
    cur: Option<Folder>,
    ready: std::collections::VecDeque<PairJob>,
    warnings: Warnings,
    /// Files that matched no layout (the first few, for the no-pair message).
    pub(crate) unmatched: Vec<String>,
    pub(crate) pairs: usize,
    done: bool,
}

/// Language folders of the split layout (`en/` + `pl/`), if `dir` has both.
fn split_dirs(dir: &Path, follow: bool) -> Option<(PathBuf, PathBuf)> {
    let is_dir = |p: &Path| {
        if follow {
            p.is_dir()
        } else {
            std::fs::symlink_metadata(p).is_ok_and(|m| m.is_dir())
        }
    };
    let find = |names: [&str; 2]| names.iter().map(|n| dir.join(n)).find(|p| is_dir(p));
    Some((find(["en", "english"])?, find(["pl", "polish"])?))
}

fn is_split_dir(e: &walkdir::DirEntry, follow: bool) -> bool {
    let name = e.file_name().to_string_lossy();
    let lang = matches!(name.as_ref(), "en" | "english" | "pl" | "polish");
    lang && e.depth() > 0 && e.path().parent().and_then(|p| split_dirs(p, follow)).is_some()
}

impl DirWalk {
    /// Walk `root` (following symbolic links when `follow`), reporting skipped entries to `warnings`.
    pub fn new(root: PathBuf, follow: bool, warnings: Warnings) -> Self {
        let it = walkdir::WalkDir::new(&root)
            .follow_links(follow)
            .sort_by(|a, b| {
                (a.file_type().is_dir(), a.file_name()).cmp(&(b.file_type().is_dir(), b.file_name()))
            })
            .into_iter();
        DirWalk {
            it,
            root,
            follow,
            cur: None,
            ready: Default::default(),
            warnings,
            unmatched: Vec::new(),
            pairs: 0,
            done: false,
        }
    }

    fn prefix_of(&self, path: &Path) -> String {
        let rel = path.strip_prefix(&self.root).unwrap_or(path);
        rel.components().map(|c| c.as_os_str().to_string_lossy()).collect::<Vec<_>>().join("/")
    }

    /// Make the pairs of a folder whose files are all known.
    fn finish(&mut self, f: Folder) {
        let mut own = Sides::default();
        let mut side: BTreeMap<String, Sides> = BTreeMap::new();
        for (name, path) in &f.files {
            if let Some(s) = pair_file_side(name) {
                own.push(s, path.clone());
            } else if let Some((stem, s)) = side_by_side(name) {
                side.entry(stem.to_string()).or_default().push(s, path.clone());
            } else if self.unmatched.len() < 5 {
                self.unmatched.push(path.display().to_string());
            }
        }
        let join =
            |name: &str| if f.prefix.is_empty() { name.to_string() } else { format!("{}/{name}", f.prefix) };
        if !own.en.is_empty() || !own.pl.is_empty() {
            let id = if f.prefix.is_empty() {
                self.root
                    .canonicalize()
                    .ok()
                    .and_then(|p| p.file_name().map(|n| n.to_string_lossy().into_owned()))
                    .unwrap_or_else(|| self.root.display().to_string())
            } else {
                f.prefix.clone()
            };
            self.push(pair_from(id, own, "en.* and pl.* in the folder"));
        }
        let mut what = "NAME.en.* and NAME.pl.*";
        if let Some((en_dir, pl_dir)) = split_dirs(&f.path, self.follow) {
            what = "en/NAME and pl/NAME";
            for (dir, s) in [(en_dir, Side::En), (pl_dir, Side::Pl)] {
                match self.list_files(&dir) {
                    Ok(files) => {
                        for (name, path) in files {
                            side.entry(file_stem(&name).to_string()).or_default().push(s, path);
                        }
                    }
                    Err(e) => self.push(failed(join(&dir.display().to_string()), Error::io(&dir, &e))),
                }
            }
        }
        for (stem, sides) in side {
            self.push(pair_from(join(&stem), sides, what));
        }
    }

    fn push(&mut self, job: PairJob) {
        self.pairs += 1;
        self.ready.push_back(job);
    }

    /// The regular files of a language folder, sorted (others skipped with a warning).
    fn list_files(&self, dir: &Path) -> std::io::Result<Vec<(String, PathBuf)>> {
        let mut v = Vec::new();
        for e in std::fs::read_dir(dir)? {
            let e = e?;
            let name = e.file_name().to_string_lossy().into_owned();
            if name.starts_with('.') {
                continue;
            }
            let path = e.path();
            let meta = if self.follow { std::fs::metadata(&path) } else { std::fs::symlink_metadata(&path) };
            match meta {
                Ok(m) if m.is_file() => v.push((name, path)),
                Ok(m) => self.skip_entry(&path, &m.file_type()),
                Err(err) => self.warnings.push(format!("{}: skipped: {err}", path.display())),
            }
        }
        v.sort_by(|a, b| a.0.cmp(&b.0));
        Ok(v)
    }

    fn skip_entry(&self, path: &Path, t: &std::fs::FileType) {
        use std::os::unix::fs::FileTypeExt;
        let what = if t.is_symlink() {
            "a symbolic link, not followed (use --follow to read links)"
        } else if t.is_fifo() {
            "a named pipe, not a regular file"
        } else if t.is_socket() {
            "a socket, not a regular file"
        } else if t.is_char_device() || t.is_block_device() {
            "a device, not a regular file"
        } else if t.is_dir() {
            return;
        } else {
            "not a regular file"
        };
        self.warnings.push(format!("{}: skipped: {what}", path.display()));
    }

    /// Take in one entry of the walk.
    fn step(&mut self, entry: walkdir::Result<walkdir::DirEntry>) {
        let e = match entry {
            Ok(e) => e,
            Err(err) => {
                let path = err.path().map(Path::to_path_buf).unwrap_or_else(|| self.root.clone());
                if let Some(anc) = err.loop_ancestor() {
                    self.warnings.push(format!(
                        "{}: skipped: a link back to {} (a loop)",
                        path.display(),
                        anc.display()
                    ));
                } else if err.depth() == 0 {
                    let io = err.into_io_error().unwrap_or_else(|| std::io::Error::other("cannot walk"));
                    self.push(failed(path.display().to_string(), Error::io(&path, &io)));
                } else {
                    self.warnings.push(format!("{}: skipped: {err}", path.display()));
                }
                return;
            }
        };
        let t = e.file_type();
        let name = e.file_name().to_string_lossy().into_owned();
        if e.depth() > 0 && name.starts_with('.') {
            if t.is_dir() {
                self.it.skip_current_dir();
            }
            return;
        }
        if t.is_dir() {
            if let Some(f) = self.cur.take() {
                self.finish(f);
            }
            if is_split_dir(&e, self.follow) {
                self.it.skip_current_dir();
                return;
            }
            self.cur = Some(Folder {
                path: e.path().to_path_buf(),
                prefix: self.prefix_of(e.path()),
                files: Vec::new(),
            });
        } else if t.is_file() {
            match &mut self.cur {
                Some(f) if e.path().parent() == Some(f.path.as_path()) => f.files.push((name, e.into_path())),
                // A file after its folder's subfolders cannot happen with files sorted first; the root
                // INPUT itself is a folder, so there is always a current folder.
                _ => {}
            }
        } else {
            self.skip_entry(e.path(), &t);
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
            if self.done {
                return None;
            }
            match self.it.next() {
                Some(entry) => self.step(entry),
                None => {
                    self.done = true;
                    if let Some(f) = self.cur.take() {
                        self.finish(f);
                    }
                }
            }
        }
    }
}

/// Check that folder `root` holds at least one pair (walking only until the first is found); the
/// reason why not otherwise, naming a few of the files it skipped.
pub fn first_pair_or_why(root: &Path, follow: bool) -> Result<(), String> {
    let warnings = Warnings::default();
    let mut walk = DirWalk::new(root.to_path_buf(), follow, warnings.clone());
    if walk.next().is_some() {
        return Ok(());
    }
    let mut why = format!(
        "{}: no article pairs found: a pair is a folder with en.* and pl.* files, files NAME.en.* and \
         NAME.pl.* (or NAME_en, NAME-en, NAME.english…) side by side, or folders en/ and pl/ with files \
         of the same names",
        root.display()
    );
    if walk.unmatched.is_empty() && warnings.0.lock().map(|w| w.is_empty()).unwrap_or(true) {
        why.push_str("; the folder holds no files");
    }
    if !walk.unmatched.is_empty() {
        why.push_str(&format!("; skipped {}", walk.unmatched.join(", ")));
    }
    let w = warnings.take();
    if !w.is_empty() {
        why.push_str(&format!("; {}", w.into_iter().take(3).collect::<Vec<_>>().join("; ")));
    }
    Err(why)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn recognises_side_file_names() {
        assert_eq!(side_by_side("a.en.txt"), Some(("a", Side::En)));
        assert_eq!(side_by_side("a.b.pl.html"), Some(("a.b", Side::Pl)));
        assert_eq!(side_by_side("a.pl"), Some(("a", Side::Pl)));
        assert_eq!(side_by_side("story1_en.txt"), Some(("story1", Side::En)));
        assert_eq!(side_by_side("story-1-PL.txt"), Some(("story-1", Side::Pl)));
        assert_eq!(side_by_side("story.english.txt"), Some(("story", Side::En)));
        assert_eq!(side_by_side("en.txt"), None);
        assert_eq!(side_by_side("open.txt"), None);
        assert_eq!(side_by_side("plan_b.txt"), None);
        assert_eq!(pair_file_side("en.html"), Some(Side::En));
        assert_eq!(pair_file_side("english.txt"), Some(Side::En));
        assert_eq!(pair_file_side("Polish.txt"), Some(Side::Pl));
        assert_eq!(pair_file_side("open.txt"), None);
    }
}
