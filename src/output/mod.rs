//! Writers: text for people, JSON Lines for programs (TSV, TMX and HTML come with later issues).

pub mod jsonl;
pub mod stage;
pub mod text;
