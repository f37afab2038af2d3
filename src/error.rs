//! Typed errors. Every error names the input it concerns (a file, a record) and the problem;
//! the CLI prints it as one line and exits with status 2 (or records it per pair in batch mode).

use std::path::PathBuf;

/// The library's error type.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The file could not be read (missing, a directory, permissions…).
    #[error("{path}: {reason}")]
    Io { path: PathBuf, reason: String },

    /// The input is empty or holds only whitespace.
    #[error("{name}: empty input (no text after decoding)")]
    Empty { name: String },

    /// The input is larger than the configured limit.
    #[error(
        "{name}: input is {size} bytes, over the limit of {limit} bytes (raise it with --max-input-bytes)"
    )]
    TooLarge { name: String, size: u64, limit: u64 },

    /// The input looks like binary data or cannot be decoded.
    #[error("{name}: {reason}")]
    Decode { name: String, reason: String },

    /// An unknown encoding label was given.
    #[error("unknown encoding '{0}' (try utf-8, utf-16le, utf-16be, windows-1250, iso-8859-2)")]
    UnknownEncoding(String),

    /// A JSON Lines record is malformed.
    #[error("{name}:{line}: {reason}")]
    Record { name: String, line: usize, reason: String },

    /// A document is not in a language the tool handles, or both sides are the same language.
    #[error("{0}")]
    Language(String),

    /// A lexicon file could not be parsed.
    #[error("{name}:{line}: {reason}")]
    Lexicon { name: String, line: usize, reason: String },

    /// An output file could not be written (`kind` tells a closed pipe from a full disk).
    #[error("{path}: {reason}")]
    Output { path: PathBuf, reason: String, kind: std::io::ErrorKind },

    /// Anything else, with its context.
    #[error("{0}")]
    Other(String),
}

impl Error {
    /// Writing the output `path` failed while doing `what`.
    pub(crate) fn output(path: impl Into<PathBuf>, what: &str, err: &std::io::Error) -> Self {
        Error::Output { path: path.into(), reason: format!("{what}: {err}"), kind: err.kind() }
    }

    /// The output `path` cannot be used, for `reason`.
    pub(crate) fn output_msg(path: impl Into<PathBuf>, reason: &str, kind: std::io::ErrorKind) -> Self {
        Error::Output { path: path.into(), reason: reason.to_string(), kind }
    }

    /// The reader of the output went away (`bialign … | head`): not a failure of the run.
    pub fn is_broken_pipe(&self) -> bool {
        matches!(self, Error::Output { kind: std::io::ErrorKind::BrokenPipe, .. })
    }

    pub(crate) fn io(path: impl Into<PathBuf>, err: &std::io::Error) -> Self {
        let path = path.into();
        let reason = match err.kind() {
            std::io::ErrorKind::NotFound => "no such file".to_string(),
            std::io::ErrorKind::PermissionDenied => "permission denied".to_string(),
            _ => {
                if path.is_dir() {
                    "is a directory, not a file".to_string()
                } else {
                    err.to_string()
                }
            }
        };
        Error::Io { path, reason }
    }
}

/// Result with the library's error.
pub type Result<T> = std::result::Result<T, Error>;
