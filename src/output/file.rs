//! The one way every command writes an output file (`-o`, `--html`).
//!
//! A user names a destination; [`Destination::resolve`] decides how it is written:
//!
//! - `-` is standard output; so are `/dev/stdout`, `/dev/fd/1` and `/proc/self/fd/1`, written through
//!   the process's own descriptor, so a shell redirection (`>`, `>>`, a pipe) is honoured exactly;
//!   `/dev/stderr` likewise;
//! - a device, a named pipe or a socket (`/dev/null`, `/dev/full`, a FIFO, `>(…)`), and any other
//!   descriptor link under `/dev` or `/proc` (`/dev/fd/3`), is opened and written directly: renaming a
//!   file over it would replace the device (as root) or fail;
//! - anything else is a regular file, existing or not. Symbolic links are followed to the file they
//!   name (a dangling link creates its target), so `-o link.tsv` writes the link's target and leaves
//!   the link in place. The output goes to a temporary file with a unique name beside that target,
//!   which is flushed to disk (`fsync`) and renamed over it only when the output is complete
//!   ([`OutputFile::commit`]). A crash, an error or a second run writing the same path at the same
//!   time never leaves a mixed or partial file: the path holds the old content or one complete output.
//!   An existing target keeps its permissions; a new one gets `0666` less the umask, as `>` would.
//!
//! Every error names the file and keeps the [`std::io::ErrorKind`], so a closed pipe can be told
//! from a full disk.

use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

use crate::error::Error;

/// Symbolic links followed before giving up (the limit Linux applies to a path lookup).
const MAX_LINK_HOPS: usize = 40;

/// How an output path is written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Destination {
    /// The process's standard output.
    Stdout,
    /// The process's standard error.
    Stderr,
    /// A device, pipe or socket (or a path under `/dev` or `/proc`), opened and written in place.
    Direct(PathBuf),
    /// A regular file (the symbolic links already followed), replaced atomically when complete.
    File(PathBuf),
}

impl Destination {
    /// Decide how `path` is written (see the module documentation). `-` is standard output.
    pub fn resolve(path: &Path) -> Result<Destination, Error> {
        if path.as_os_str() == "-" {
            return Ok(Destination::Stdout);
        }
        if let Some(d) = std_stream(path) {
            return Ok(d);
        }
        let mut p = path.to_path_buf();
        for _ in 0..=MAX_LINK_HOPS {
            match std::fs::symlink_metadata(&p) {
                // A link the kernel makes up (`/dev/fd/N`, `/proc/self/fd/N`) names an open descriptor,
                // not a path: opened as it is, never followed by hand.
                Ok(m) if m.file_type().is_symlink() && is_kernel_path(&p) => {
                    return Ok(std_stream(&p).unwrap_or(Destination::Direct(p)));
                }
                Ok(m) if m.file_type().is_symlink() => {
                    let target = std::fs::read_link(&p)
                        .map_err(|e| Error::output(path, "cannot read the link", &e))?;
                    p = if target.is_absolute() {
                        target
                    } else {
                        p.parent().map(|d| d.join(&target)).unwrap_or(target)
                    };
                }
                Ok(m) if m.is_dir() => {
                    return Err(Error::output_msg(
                        path,
                        "is a folder; name a file",
                        io::ErrorKind::IsADirectory,
                    ))
                }
                Ok(m) if m.is_file() => return Ok(Destination::File(p)),
                Ok(_) => return Ok(Destination::Direct(p)),
                Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(Destination::File(p)),
                Err(e) => return Err(Error::output(path, "cannot look it up", &e)),
            }
        }
        Err(Error::output_msg(path, "too many levels of symbolic links", io::ErrorKind::InvalidInput))
    }

    /// The regular file this destination replaces, if it is one.
    pub fn file(&self) -> Option<&Path> {
        match self {
            Destination::File(p) => Some(p),
            _ => None,
        }
    }
}

/// `/dev/stdout` and its aliases, `/dev/stderr` and its aliases.
fn std_stream(p: &Path) -> Option<Destination> {
    let s = p.as_os_str().to_str()?;
    match s {
        "/dev/stdout" | "/dev/fd/1" | "/proc/self/fd/1" | "/proc/thread-self/fd/1" => {
            Some(Destination::Stdout)
        }
        "/dev/stderr" | "/dev/fd/2" | "/proc/self/fd/2" | "/proc/thread-self/fd/2" => {
            Some(Destination::Stderr)
        }
        _ => None,
    }
}

/// Paths whose links the kernel makes up.
fn is_kernel_path(p: &Path) -> bool {
    p.starts_with("/dev") || p.starts_with("/proc")
}

enum Sink {
    Stdout(io::StdoutLock<'static>),
    Stderr(io::Stderr),
    Direct(File),
    Temp { file: tempfile::NamedTempFile, dest: PathBuf },
}

impl Sink {
    fn writer(&mut self) -> &mut dyn Write {
        match self {
            Sink::Stdout(w) => w,
            Sink::Stderr(w) => w,
            Sink::Direct(f) => f,
            Sink::Temp { file, .. } => file.as_file_mut(),
        }
    }
}

/// An output being written: buffered, with errors that name the file. Nothing replaces the
/// destination until [`OutputFile::commit`]; dropped without it, the temporary file is removed and the
/// destination is untouched.
pub struct OutputFile {
    /// The path as the user gave it, for messages.
    name: PathBuf,
    w: BufWriter<SinkWriter>,
}

/// The unbuffered writer under [`OutputFile`] (a separate type so `BufWriter` owns it).
struct SinkWriter(Sink);

impl Write for SinkWriter {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0.writer().write(buf)
    }
    fn flush(&mut self) -> io::Result<()> {
        self.0.writer().flush()
    }
}

/// Hooks a test uses to inject faults at commit; the real run uses [`Hooks::REAL`].
struct Hooks {
    sync: fn(&File) -> io::Result<()>,
}

impl Hooks {
    const REAL: Hooks = Hooks { sync: real_sync };
}

/// `fsync`; in test builds (debug assertions on) `BIALIGN_FAULT=sync` makes it fail as an I/O error
/// would, so the command line's handling of it can be tested end to end.
fn real_sync(f: &File) -> io::Result<()> {
    #[cfg(debug_assertions)]
    if std::env::var("BIALIGN_FAULT").is_ok_and(|v| v == "sync") {
        return Err(io::Error::from_raw_os_error(5));
    }
    f.sync_all()
}

impl OutputFile {
    /// Open `path` for output (`None` or `-`: standard output). See the module documentation.
    pub fn create(path: Option<&Path>) -> Result<OutputFile, Error> {
        let name = match path {
            Some(p) if p.as_os_str() != "-" => p.to_path_buf(),
            _ => PathBuf::from("standard output"),
        };
        let dest = match path {
            None => Destination::Stdout,
            Some(p) => Destination::resolve(p)?,
        };
        let sink = match dest {
            Destination::Stdout => Sink::Stdout(io::stdout().lock()),
            Destination::Stderr => Sink::Stderr(io::stderr()),
            Destination::Direct(p) => {
                // A regular file reached through a descriptor link is appended to: opening it again
                // must not cut what a `>>` redirection keeps (after `>` it is empty anyway).
                let append = std::fs::metadata(&p).map(|m| m.is_file()).unwrap_or(false);
                Sink::Direct(
                    std::fs::OpenOptions::new()
                        .write(true)
                        .append(append)
                        .open(&p)
                        .map_err(|e| Error::output(&name, "cannot open it for writing", &e))?,
                )
            }
            Destination::File(dest) => Sink::Temp { file: temp_beside(&dest, &name)?, dest },
        };
        Ok(OutputFile { name, w: BufWriter::with_capacity(1 << 16, SinkWriter(sink)) })
    }

    /// Write the whole output with `write`, then [`commit`](Self::commit) it. An I/O error of `write`
    /// comes back as an [`Error::Output`] naming the file; a closed pipe is one
    /// ([`Error::is_broken_pipe`]), so a caller can end quietly as `cat` does.
    pub fn write_with(mut self, write: impl FnOnce(&mut OutputFile) -> io::Result<()>) -> Result<(), Error> {
        write(&mut self).map_err(|e| self.write_error(&e))?;
        self.commit()
    }

    /// The error for a failed write to this output, naming it (for output written in parts, between
    /// which other work can fail).
    pub fn write_error(&self, e: &io::Error) -> Error {
        Error::output(&self.name, "cannot write", e)
    }

    /// The path as given (`standard output` for `-`), for messages.
    pub fn name(&self) -> &Path {
        &self.name
    }

    /// Finish the output: flush it; for a regular file, write it to disk, rename it over the
    /// destination and write the folder entry to disk. Any failure is returned (naming the file) and
    /// leaves the destination as it was.
    pub fn commit(self) -> Result<(), Error> {
        self.commit_with(&Hooks::REAL)
    }

    fn commit_with(self, hooks: &Hooks) -> Result<(), Error> {
        let name = self.name;
        let SinkWriter(sink) =
            self.w.into_inner().map_err(|e| Error::output(&name, "cannot write", e.error()))?;
        match sink {
            Sink::Stdout(mut w) => w.flush().map_err(|e| Error::output(&name, "cannot write", &e)),
            Sink::Stderr(mut w) => w.flush().map_err(|e| Error::output(&name, "cannot write", &e)),
            Sink::Direct(mut f) => f.flush().map_err(|e| Error::output(&name, "cannot write", &e)),
            Sink::Temp { file, dest } => {
                (hooks.sync)(file.as_file())
                    .map_err(|e| Error::output(&name, "cannot write it to disk", &e))?;
                file.persist(&dest).map_err(|e| {
                    Error::output(&name, "cannot rename the finished output into place", &e.error)
                })?;
                sync_parent(&dest)
                    .map_err(|e| Error::output(&name, "cannot write the folder entry to disk", &e))
            }
        }
    }
}

impl Write for OutputFile {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.w.write(buf).map_err(|e| named(&self.name, e))
    }
    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        self.w.write_all(buf).map_err(|e| named(&self.name, e))
    }
    fn flush(&mut self) -> io::Result<()> {
        self.w.flush().map_err(|e| named(&self.name, e))
    }
}

/// An I/O error whose message names the file, with its kind kept.
fn named(name: &Path, e: io::Error) -> io::Error {
    io::Error::new(e.kind(), format!("{}: {e}", name.display()))
}

/// A new temporary file with a unique name in `dest`'s folder, with the permissions `dest` has (or
/// would get from `open(…, 0666)` under the umask if it does not exist).
fn temp_beside(dest: &Path, name: &Path) -> Result<tempfile::NamedTempFile, Error> {
    let dir = match dest.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let base = dest.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_else(|| "output".into());
    let prefix = format!(".{base}.");
    let mut b = tempfile::Builder::new();
    b.prefix(&prefix).suffix(".bialign-tmp");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(dest).map(|m| m.permissions().mode() & 0o7777).unwrap_or(0o666);
        b.permissions(std::fs::Permissions::from_mode(mode));
    }
    let f = b.tempfile_in(dir).map_err(|e| Error::output(name, "cannot create the output", &e))?;
    #[cfg(unix)]
    if let Ok(m) = std::fs::metadata(dest) {
        // Creation applies the umask; an existing file's own mode is kept exactly.
        let _ = f.as_file().set_permissions(m.permissions());
    }
    Ok(f)
}

/// Write `path`'s folder entry to disk, so a completed rename survives a power loss.
pub(crate) fn sync_parent(path: &Path) -> io::Result<()> {
    #[cfg(unix)]
    {
        let dir = match path.parent() {
            Some(d) if !d.as_os_str().is_empty() => d,
            _ => Path::new("."),
        };
        File::open(dir)?.sync_all()
    }
    #[cfg(not(unix))]
    {
        let _ = path;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dash_and_std_aliases_are_streams() {
        assert_eq!(Destination::resolve(Path::new("-")).unwrap(), Destination::Stdout);
        assert_eq!(Destination::resolve(Path::new("/dev/stdout")).unwrap(), Destination::Stdout);
        assert_eq!(Destination::resolve(Path::new("/proc/self/fd/1")).unwrap(), Destination::Stdout);
        assert_eq!(Destination::resolve(Path::new("/dev/stderr")).unwrap(), Destination::Stderr);
        assert_eq!(
            Destination::resolve(Path::new("/dev/null")).unwrap(),
            Destination::Direct("/dev/null".into())
        );
    }

    #[cfg(unix)]
    #[test]
    fn links_are_followed_to_their_target() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("sub/real.tsv");
        std::fs::create_dir(dir.path().join("sub")).unwrap();
        std::os::unix::fs::symlink("sub/real.tsv", dir.path().join("a")).unwrap();
        std::os::unix::fs::symlink(dir.path().join("a"), dir.path().join("b")).unwrap();
        // Dangling (the target does not exist yet) and two hops.
        assert_eq!(Destination::resolve(&dir.path().join("b")).unwrap(), Destination::File(target.clone()));
        std::os::unix::fs::symlink("loop2", dir.path().join("loop1")).unwrap();
        std::os::unix::fs::symlink("loop1", dir.path().join("loop2")).unwrap();
        let e = Destination::resolve(&dir.path().join("loop1")).unwrap_err().to_string();
        assert!(e.contains("loop1") && e.contains("symbolic links"), "{e}");
        std::os::unix::fs::symlink("/dev/stdout", dir.path().join("out")).unwrap();
        assert_eq!(Destination::resolve(&dir.path().join("out")).unwrap(), Destination::Stdout);
    }

    #[test]
    fn a_folder_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let e = Destination::resolve(dir.path()).unwrap_err().to_string();
        assert!(e.contains("is a folder"), "{e}");
    }

    #[test]
    fn nothing_replaces_the_file_before_commit_and_concurrent_outputs_do_not_mix() {
        let dir = tempfile::tempdir().unwrap();
        let dest = dir.path().join("out.txt");
        std::fs::write(&dest, "old\n").unwrap();
        let mut a = OutputFile::create(Some(&dest)).unwrap();
        let mut b = OutputFile::create(Some(&dest)).unwrap();
        a.write_all(b"first run\n").unwrap();
        b.write_all(b"second run\n").unwrap();
        a.flush().unwrap();
        assert_eq!(std::fs::read_to_string(&dest).unwrap(), "old\n");
        a.commit().unwrap();
        assert_eq!(std::fs::read_to_string(&dest).unwrap(), "first run\n");
        b.commit().unwrap();
        assert_eq!(std::fs::read_to_string(&dest).unwrap(), "second run\n");
        // No temporary file left behind.
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
    }

    #[test]
    fn a_dropped_output_leaves_the_destination_and_no_temporary_file() {
        let dir = tempfile::tempdir().unwrap();
        let dest = dir.path().join("out.txt");
        std::fs::write(&dest, "old\n").unwrap();
        let mut a = OutputFile::create(Some(&dest)).unwrap();
        a.write_all(&vec![b'x'; 1 << 20]).unwrap();
        drop(a);
        assert_eq!(std::fs::read_to_string(&dest).unwrap(), "old\n");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
    }

    #[test]
    fn a_failed_sync_keeps_the_old_file_and_names_the_output() {
        let dir = tempfile::tempdir().unwrap();
        let dest = dir.path().join("out.txt");
        std::fs::write(&dest, "old\n").unwrap();
        let mut a = OutputFile::create(Some(&dest)).unwrap();
        a.write_all(b"new\n").unwrap();
        let eio = Hooks { sync: |_| Err(io::Error::from_raw_os_error(5)) };
        let e = a.commit_with(&eio).unwrap_err().to_string();
        assert!(e.contains("out.txt") && e.contains("disk"), "{e}");
        assert_eq!(std::fs::read_to_string(&dest).unwrap(), "old\n");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1, "the temporary file is removed");
    }

    #[cfg(unix)]
    #[test]
    fn permissions_of_an_existing_file_are_kept() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let dest = dir.path().join("out.txt");
        std::fs::write(&dest, "old\n").unwrap();
        std::fs::set_permissions(&dest, std::fs::Permissions::from_mode(0o640)).unwrap();
        let mut a = OutputFile::create(Some(&dest)).unwrap();
        a.write_all(b"new\n").unwrap();
        a.commit().unwrap();
        assert_eq!(std::fs::metadata(&dest).unwrap().permissions().mode() & 0o777, 0o640);
        // A new file is not private to its owner the way a bare temporary file is (0600).
        let fresh = dir.path().join("fresh.txt");
        let mut b = OutputFile::create(Some(&fresh)).unwrap();
        b.write_all(b"x").unwrap();
        b.commit().unwrap();
        let mode = std::fs::metadata(&fresh).unwrap().permissions().mode() & 0o777;
        assert!(mode & 0o044 != 0 || mode == 0o600, "mode {mode:o}");
    }

    #[test]
    fn disk_full_is_an_error_naming_the_file() {
        if !Path::new("/dev/full").exists() {
            return;
        }
        let mut a = OutputFile::create(Some(Path::new("/dev/full"))).unwrap();
        let r = a.write_all(&vec![b'x'; 1 << 17]).and_then(|_| a.flush());
        let e = r.unwrap_err();
        assert_eq!(e.raw_os_error(), None);
        assert!(e.to_string().contains("/dev/full"), "{e}");
        assert_eq!(e.kind(), io::ErrorKind::StorageFull);
    }
}
