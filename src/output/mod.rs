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

pub use file::{Destination, OutputFile};
