//! Writers: text for people, JSON Lines for programs, TSV and TMX for corpus and CAT tools.

pub mod jsonl;
pub mod stage;
pub mod text;
pub mod tmx;
pub mod tsv;
