//! Typed errors. Every error names the input it concerns (a file, a record) and the problem, keeps
//! the underlying [`std::io::Error`] as its [`source`](std::error::Error::source) where there is one,
//! and carries a position (a line, a byte offset, a stage) where one is known. The CLI prints an
//! error as one line and exits with status 2; batch turns a pair's error into an error record with
//! the error's [`kind`](Error::kind), its [`stage`](Error::stage) and its position.

use std::path::PathBuf;

/// The kind of an error, as batch error records name it (`"kind"`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ErrorKind {
    /// A file or stream could not be read.
    Io,
    /// Bytes that are not text, or not text in the expected encoding; an empty input.
    Decode,
    /// A malformed input record (a JSON Lines line, a manifest line, a pair folder).
    Record,
    /// An input or a record over a size or memory limit.
    Limit,
    /// A document not in English or Polish, or both sides in one language.
    Language,
    /// A pair over its time budget.
    Timeout,
    /// An internal error (a panic in a stage), caught and reported for its pair.
    Panic,
    /// `--resume` cannot continue the interrupted run.
    Resume,
    /// The output cannot be written.
    Output,
    /// Bad usage: options or arguments that do not fit together.
    Usage,
}

impl ErrorKind {
    /// The name used in records: `io`, `decode`, `record`, `limit`, `language`, `timeout`, `panic`,
    /// `resume`, `output`, `usage`.
    pub fn as_str(self) -> &'static str {
        match self {
            ErrorKind::Io => "io",
            ErrorKind::Decode => "decode",
            ErrorKind::Record => "record",
            ErrorKind::Limit => "limit",
            ErrorKind::Language => "language",
            ErrorKind::Timeout => "timeout",
            ErrorKind::Panic => "panic",
            ErrorKind::Resume => "resume",
            ErrorKind::Output => "output",
            ErrorKind::Usage => "usage",
        }
    }
}

/// The library's error type.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The file could not be read (missing, a directory, permissions…).
    #[error("{}: {reason}", path.display())]
    Io {
        /// The file concerned.
        path: PathBuf,
        /// What is wrong, in words.
        reason: String,
        /// The underlying I/O error, when there is one.
        #[source]
        source: Option<std::io::Error>,
    },

    /// The input is empty or holds only whitespace.
    #[error("{name}: empty input (no text after decoding)")]
    Empty {
        /// The input: a file name or a record id.
        name: String,
    },

    /// The input is larger than the configured limit (`size` is a lower bound when the input is a
    /// stream that was cut off at the limit).
    #[error("{name}: input is {} bytes, over the limit of {limit} bytes (raise it with --max-input-bytes)", size_text(*size, *limit))]
    TooLarge {
        /// The input: a file name or a record id.
        name: String,
        /// Its size in bytes.
        size: u64,
        /// The limit in bytes.
        limit: u64,
    },

    /// A record or a document over a memory or length budget.
    #[error("{name}: {reason}")]
    Limit {
        /// The input: a file name or a record id.
        name: String,
        /// What is wrong, in words.
        reason: String,
    },

    /// The input looks like binary data or cannot be decoded (`offset`: the first offending byte,
    /// when known).
    #[error("{name}: {reason}")]
    Decode {
        /// The input: a file name or a record id.
        name: String,
        /// What is wrong, in words.
        reason: String,
        /// Byte offset of the first offending byte, when known.
        offset: Option<u64>,
    },

    /// An unknown encoding label was given.
    #[error("unknown encoding '{0}' (try utf-8, utf-16le, utf-16be, windows-1250, iso-8859-2)")]
    UnknownEncoding(String),

    /// A malformed record of an input (a JSON Lines line, a manifest line; `line` is 1-based, 0 when
    /// the problem is not on one line, such as a pair folder with a side missing).
    #[error("{name}{}: {reason}", line_text(*line))]
    Record {
        /// The input: a file name or a record id.
        name: String,
        /// 1-based line number; 0 when not on one line.
        line: usize,
        /// What is wrong, in words.
        reason: String,
    },

    /// A document is not in a language the tool handles, or both sides are the same language.
    #[error("{0}")]
    Language(String),

    /// A lexicon file could not be parsed.
    #[error("{name}{}: {reason}", line_text(*line))]
    Lexicon {
        /// The input: a file name or a record id.
        name: String,
        /// 1-based line number; 0 when not on one line.
        line: usize,
        /// What is wrong, in words.
        reason: String,
    },

    /// A pair over its time budget (`stage`: what was being done when the budget ran out).
    #[error(
        "{id}: over the time budget of {limit_secs:.1} s per pair (--pair-timeout) during {stage}; skipped"
    )]
    Timeout {
        /// The pair id.
        id: String,
        /// The stage that was running.
        stage: &'static str,
        /// The time budget in seconds.
        limit_secs: f64,
    },

    /// A stage panicked on this pair (an internal error, caught).
    #[error("{id}: internal error in {stage} (panic: {message})")]
    Panic {
        /// The pair id.
        id: String,
        /// The stage that was running.
        stage: &'static str,
        /// The panic message.
        message: String,
    },

    /// `--resume` cannot continue the interrupted run recorded at `path`.
    #[error("{}: {reason}", path.display())]
    Resume {
        /// The file concerned.
        path: PathBuf,
        /// What is wrong, in words.
        reason: String,
    },

    /// An output file could not be written (`kind` tells a closed pipe from a full disk).
    #[error("{}: {reason}", path.display())]
    Output {
        /// The file concerned.
        path: PathBuf,
        /// What is wrong, in words.
        reason: String,
        /// The I/O error kind.
        kind: std::io::ErrorKind,
        /// The underlying I/O error, when there is one.
        #[source]
        source: Option<std::io::Error>,
    },

    /// Options or arguments that do not fit together.
    #[error("{0}")]
    Usage(String),
}

fn line_text(line: usize) -> String {
    if line == 0 {
        String::new()
    } else {
        format!(":{line}")
    }
}

fn size_text(size: u64, limit: u64) -> String {
    if size == limit.saturating_add(1) {
        format!("over {limit}")
    } else {
        size.to_string()
    }
}

impl Error {
    /// Writing the output `path` failed while doing `what`.
    pub(crate) fn output(path: impl Into<PathBuf>, what: &str, err: &std::io::Error) -> Self {
        Error::Output {
            path: path.into(),
            reason: format!("{what}: {err}"),
            kind: err.kind(),
            source: Some(copy_io(err)),
        }
    }

    /// The output `path` cannot be used, for `reason`.
    pub(crate) fn output_msg(path: impl Into<PathBuf>, reason: &str, kind: std::io::ErrorKind) -> Self {
        Error::Output { path: path.into(), reason: reason.to_string(), kind, source: None }
    }

    /// The reader of the output went away (`bialign … | head`): not a failure of the run.
    pub fn is_broken_pipe(&self) -> bool {
        matches!(self, Error::Output { kind: std::io::ErrorKind::BrokenPipe, .. })
    }

    /// Reading `path` failed.
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
        Error::Io { path, reason, source: Some(copy_io(err)) }
    }

    /// `path` cannot be read, for `reason` (no underlying I/O error).
    pub(crate) fn io_msg(path: impl Into<PathBuf>, reason: impl Into<String>) -> Self {
        Error::Io { path: path.into(), reason: reason.into(), source: None }
    }

    /// `--resume` cannot go on with the journal at `path`.
    pub(crate) fn resume(path: impl Into<PathBuf>, reason: impl Into<String>) -> Self {
        Error::Resume { path: path.into(), reason: reason.into() }
    }

    /// What kind of error this is (see [`ErrorKind`]).
    pub fn kind(&self) -> ErrorKind {
        match self {
            Error::Io { .. } => ErrorKind::Io,
            Error::Empty { .. } | Error::Decode { .. } | Error::UnknownEncoding(_) => ErrorKind::Decode,
            Error::TooLarge { .. } | Error::Limit { .. } => ErrorKind::Limit,
            Error::Record { .. } | Error::Lexicon { .. } => ErrorKind::Record,
            Error::Language(_) => ErrorKind::Language,
            Error::Timeout { .. } => ErrorKind::Timeout,
            Error::Panic { .. } => ErrorKind::Panic,
            Error::Resume { .. } => ErrorKind::Resume,
            Error::Output { .. } => ErrorKind::Output,
            Error::Usage(_) => ErrorKind::Usage,
        }
    }

    /// The stage the error happened in, when the error says (a timeout, a panic).
    pub fn stage(&self) -> Option<&'static str> {
        match self {
            Error::Timeout { stage, .. } | Error::Panic { stage, .. } => Some(stage),
            _ => None,
        }
    }

    /// The position the error refers to, as `(what, value)`: a 1-based `line` of an input, or the
    /// `offset` of a byte.
    pub fn position(&self) -> Option<(&'static str, u64)> {
        match self {
            Error::Record { line, .. } | Error::Lexicon { line, .. } if *line > 0 => {
                Some(("line", *line as u64))
            }
            Error::Decode { offset: Some(o), .. } => Some(("offset", *o)),
            _ => None,
        }
    }
}

/// An owned copy of an I/O error (its kind, OS code and message) to keep as a source.
fn copy_io(err: &std::io::Error) -> std::io::Error {
    match err.raw_os_error() {
        Some(code) => std::io::Error::from_raw_os_error(code),
        None => std::io::Error::new(err.kind(), err.to_string()),
    }
}

/// Result with the library's error.
pub type Result<T> = std::result::Result<T, Error>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_positions_and_sources() {
        let e = Error::io("/x/y", &std::io::Error::from_raw_os_error(5));
        assert_eq!(e.kind(), ErrorKind::Io);
        assert!(std::error::Error::source(&e).is_some(), "the I/O error is kept");
        assert!(e.to_string().starts_with("/x/y: "));
        let r = Error::Record { name: "in.jsonl".into(), line: 7, reason: "bad".into() };
        assert_eq!((r.kind().as_str(), r.position()), ("record", Some(("line", 7))));
        assert_eq!(r.to_string(), "in.jsonl:7: bad");
        let f = Error::Record { name: "story".into(), line: 0, reason: "no Polish side".into() };
        assert_eq!((f.to_string().as_str(), f.position()), ("story: no Polish side", None));
        let t = Error::Timeout { id: "a".into(), stage: "quote alignment", limit_secs: 2.0 };
        assert_eq!((t.kind().as_str(), t.stage()), ("timeout", Some("quote alignment")));
        let d = Error::Decode { name: "f".into(), reason: "x".into(), offset: Some(12) };
        assert_eq!(d.position(), Some(("offset", 12)));
        let big = Error::TooLarge { name: "<stdin>".into(), size: 11, limit: 10 };
        assert!(big.to_string().contains("is over 10 bytes"), "{big}");
    }
}
