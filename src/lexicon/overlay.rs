//! Entries added on top of the embedded data: `data/overlay.tsv` (until the next rebuild of
//! `lexicon.bin`) and a user's lexicon file (`--lexicon`), with the reader of their format.

use std::collections::HashMap;

use super::english::translation_stems;
use super::tokens::{self, fold_into, tokens, TokenKind};
use super::{prefix_keys, Lexicon};
use crate::error::{Error, Result};

/// Additions on top of the embedded data: the entries of `data/overlay.tsv`, and a user's file.
#[derive(Debug, Default, Clone)]
pub(super) struct Overlay {
    /// English stems not in the embedded data, with their new ids.
    pub(super) en: HashMap<String, u32>,
    /// Names of the new ids (index = id - embedded concept count).
    pub(super) names: Vec<String>,
    /// Polish lemma (lowercase) → ids.
    pub(super) pl: HashMap<String, Vec<u32>>,
    /// Polish prefix key → ids.
    pub(super) pre: HashMap<String, Vec<u32>>,
}

/// Entries overlaid on `lexicon.bin` when it loads (see the file's header).
pub(super) const OVERLAY: &str = include_str!("data/overlay.tsv");

/// The entries of a lexicon file in the user lexicon format (see [`Lexicon::with_user_file`]);
/// errors name `name:line`.
pub(super) fn parse_pairs(text: &str, name: &str) -> Result<Vec<(String, String)>> {
    let mut pairs = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let err =
            |reason: &str| Error::Lexicon { name: name.to_string(), line: i + 1, reason: reason.into() };
        let (en, pl) = if let Some((en, pl)) = line.split_once('\t') {
            (en.trim(), pl.trim())
        } else if let Some((pl, en)) = line.split_once(" @ ") {
            (en.trim(), pl.trim())
        } else {
            return Err(err("expected `english<TAB>polish` or `polish @ english`"));
        };
        if en.is_empty() || pl.is_empty() || en.contains('\t') || pl.contains('\t') {
            return Err(err("an entry needs one non-empty English and one non-empty Polish side"));
        }
        pairs.push((en.to_string(), pl.to_string()));
    }
    Ok(pairs)
}

impl Lexicon {
    pub(super) fn add_pairs(&mut self, pairs: &[(String, String)]) {
        let mut ov = self.user.take().map_or_else(Overlay::default, |b| *b);
        let base_count = self.en.len() as u32;
        let mut lower = String::new();
        for (en, pl) in pairs {
            let mut ids = Vec::new();
            for stem in translation_stems(en) {
                let id = match self.en.get(stem.as_bytes()) {
                    Some(id) => id as u32,
                    None => *ov.en.entry(stem.clone()).or_insert_with(|| {
                        ov.names.push(stem.clone());
                        base_count + ov.names.len() as u32 - 1
                    }),
                };
                ids.push(id);
            }
            if ids.is_empty() {
                continue;
            }
            for t in tokens(pl).filter(|t| t.kind == TokenKind::Word) {
                fold_into(t.text, &mut lower);
                if tokens::is_stopword_pl(&lower) {
                    continue;
                }
                ov.pl.entry(lower.clone()).or_default().extend(&ids);
                for p in prefix_keys(&lower) {
                    ov.pre.entry(p.to_string()).or_default().extend(&ids);
                }
            }
        }
        for v in ov.pl.values_mut().chain(ov.pre.values_mut()) {
            v.sort_unstable();
            v.dedup();
        }
        self.user = Some(Box::new(ov));
    }
}
