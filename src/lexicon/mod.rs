//! The EN-PL lexicon, stemming and lemmas, cognates, names and numbers.
//!
//! (Issue 5 builds it.)
