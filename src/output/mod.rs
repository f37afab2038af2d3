//! Writers: text for people, JSON Lines for programs, TSV and TMX for corpus and CAT tools, and a
//! self-contained HTML report for reviewers.

pub mod findings;
pub mod html;
pub mod jsonl;
pub mod stage;
pub mod text;
pub mod tmx;
pub mod tsv;

/// Whether `path` names an existing file that is not a regular file or a folder: a device such as
/// `/dev/null` or `/dev/stdout`, a named pipe, a socket. Output to one is written to it directly:
/// writing to a temporary file and renaming it over the path (what is done for regular files, so a
/// crash never leaves half a file) would replace the device with a regular file (as root), or fail.
pub fn is_special_file(path: &std::path::Path) -> bool {
    std::fs::metadata(path).map(|m| !m.is_file() && !m.is_dir()).unwrap_or(false)
}

/// Open an existing special file (see [`is_special_file`]) for writing.
pub fn open_special(path: &std::path::Path) -> std::io::Result<std::fs::File> {
    std::fs::OpenOptions::new().write(true).open(path)
}
