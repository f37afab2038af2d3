//! Writers: text for people, JSON Lines for programs, an HTML report for reviewers (TSV and TMX come with
//! later issues).

pub mod findings;
pub mod html;
pub mod jsonl;
pub mod stage;
pub mod text;
