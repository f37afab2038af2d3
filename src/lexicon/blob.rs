//! The binary lexicon format (`data/lexicon.bin`): three FSTs (English stems, Polish forms, Polish
//! prefix keys), shared postings and the concept names; its reader and its writer.

use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::sync::OnceLock;

use fst::Map;

use super::english::translation_stems;
use super::tokens;
use super::{next_uid, prefix_keys, Lexicon};
use crate::error::{Error, Result};

/// Prefix keys shared by lemmas with more English ids than this are dropped: they are
/// common Polish verb prefixes (`przec…`, `przek…`) that say nothing.
const MAX_PREFIX_IDS: usize = 64;

const MAGIC: &[u8; 8] = b"BLXLEX01";
const SECTIONS: usize = 5;

impl Lexicon {
    /// Load a lexicon from the binary format written by [`build_blob`].
    pub fn from_blob(blob: Cow<'static, [u8]>) -> Result<Lexicon> {
        let bad =
            |reason: &str| Error::Lexicon { name: "lexicon data".into(), line: 0, reason: reason.into() };
        if blob.len() < 8 + 8 * SECTIONS || &blob[..8] != MAGIC {
            return Err(bad("not a bialign lexicon (bad header)"));
        }
        let mut parts: Vec<Cow<'static, [u8]>> = Vec::with_capacity(SECTIONS);
        let mut pos = 8 + 8 * SECTIONS;
        for i in 0..SECTIONS {
            let len = u64::from_le_bytes(blob[8 + 8 * i..16 + 8 * i].try_into().unwrap()) as usize;
            let end = pos.checked_add(len).filter(|&e| e <= blob.len()).ok_or_else(|| bad("truncated"))?;
            parts.push(match &blob {
                Cow::Borrowed(b) => Cow::Borrowed(&b[pos..end]),
                Cow::Owned(b) => Cow::Owned(b[pos..end].to_vec()),
            });
            pos = end;
        }
        let mut it = parts.into_iter();
        let mut map = || Map::new(it.next().unwrap()).map_err(|e| bad(&e.to_string()));
        let (en, pl, pre) = (map()?, map()?, map()?);
        let postings = it.next().unwrap();
        let names = match it.next().unwrap() {
            Cow::Borrowed(b) => Cow::Borrowed(std::str::from_utf8(b).map_err(|_| bad("names not UTF-8"))?),
            Cow::Owned(b) => Cow::Owned(String::from_utf8(b).map_err(|_| bad("names not UTF-8"))?),
        };
        if !postings.len().is_multiple_of(4) {
            return Err(bad("postings not a whole number of u32"));
        }
        if memchr::memchr_iter(b'\n', names.as_bytes()).count() != en.len()
            || (!names.is_empty() && !names.ends_with('\n'))
        {
            return Err(bad("names and English map differ in length"));
        }
        let name_starts = OnceLock::new();
        Ok(Lexicon { en, pl, pre, postings, names, name_starts, user: None, uid: next_uid() })
    }
}

/// The bytes of the embedded lexicon (for benchmarks and tools; [`Lexicon::embedded`]
/// loads them once).
pub fn embedded_data() -> &'static [u8] {
    EMBEDDED_DATA
}

pub(crate) const EMBEDDED_DATA: &[u8] = include_bytes!("data/lexicon.bin");

/// Build the binary lexicon format from dictionary pairs and inflected forms.
///
/// `pairs` are `(polish lemma, english translation)`; `forms` are `(inflected form, lemma)`.
/// Polish sides are lowercased; multiword Polish lemmas are skipped (text is matched word by
/// word). Used by `examples/build_lexicon.rs` to write `data/lexicon.bin`.
pub fn build_blob(pairs: &[(String, String)], forms: &[(String, String)]) -> Result<Vec<u8>> {
    let fst_err =
        |e: fst::Error| Error::Lexicon { name: "building lexicon".into(), line: 0, reason: e.to_string() };
    // lemma -> English stems
    let mut lemma_stems: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (pl, en) in pairs {
        let pl = tokens::fold(pl.trim());
        if pl.is_empty() || pl.contains(' ') {
            continue;
        }
        let stems = translation_stems(en);
        if !stems.is_empty() {
            lemma_stems.entry(pl).or_default().extend(stems);
        }
    }
    let all_stems: BTreeSet<&String> = lemma_stems.values().flatten().collect();
    let stem_id: HashMap<&str, u32> =
        all_stems.iter().enumerate().map(|(i, s)| (s.as_str(), i as u32)).collect();
    let lemma_ids: HashMap<&str, Vec<u32>> = lemma_stems
        .iter()
        .map(|(l, ss)| {
            let mut v: Vec<u32> = ss.iter().map(|s| stem_id[s.as_str()]).collect();
            v.sort_unstable();
            (l.as_str(), v)
        })
        .collect();
    // form -> ids (a lemma is a form of itself)
    let mut form_ids: BTreeMap<String, BTreeSet<u32>> = BTreeMap::new();
    for (l, ids) in &lemma_ids {
        form_ids.entry(l.to_string()).or_default().extend(ids);
    }
    for (form, lemma) in forms {
        if let Some(ids) = lemma_ids.get(tokens::fold(lemma).as_str()) {
            form_ids.entry(tokens::fold(form)).or_default().extend(ids);
        }
    }
    let mut pre_ids: BTreeMap<String, BTreeSet<u32>> = BTreeMap::new();
    for (l, ids) in &lemma_ids {
        for p in prefix_keys(l) {
            pre_ids.entry(p.to_string()).or_default().extend(ids);
        }
    }
    // postings, shared between keys with the same id set
    let mut postings: Vec<u32> = Vec::new();
    let mut offsets: HashMap<Vec<u32>, u64> = HashMap::new();
    let mut offset_of = |ids: &BTreeSet<u32>| -> u64 {
        let v: Vec<u32> = ids.iter().copied().collect();
        *offsets.entry(v.clone()).or_insert_with(|| {
            let o = postings.len() as u64;
            postings.push(v.len() as u32);
            postings.extend(&v);
            o
        })
    };
    let mut build = |m: &BTreeMap<String, BTreeSet<u32>>| -> Result<Vec<u8>> {
        let mut b = fst::MapBuilder::memory();
        for (k, ids) in m {
            b.insert(k, offset_of(ids)).map_err(fst_err)?;
        }
        b.into_inner().map_err(fst_err)
    };
    pre_ids.retain(|_, ids| ids.len() <= MAX_PREFIX_IDS);
    let pl_fst = build(&form_ids)?;
    let pre_fst = build(&pre_ids)?;
    let mut en_b = fst::MapBuilder::memory();
    for (i, s) in all_stems.iter().enumerate() {
        en_b.insert(s.as_str(), i as u64).map_err(fst_err)?;
    }
    let en_fst = en_b.into_inner().map_err(fst_err)?;
    let mut names = String::new();
    for s in &all_stems {
        names.push_str(s);
        names.push('\n');
    }
    let post_bytes: Vec<u8> = postings.iter().flat_map(|x| x.to_le_bytes()).collect();
    let sections: [&[u8]; SECTIONS] = [&en_fst, &pl_fst, &pre_fst, &post_bytes, names.as_bytes()];
    let mut out = MAGIC.to_vec();
    for s in &sections {
        out.extend((s.len() as u64).to_le_bytes());
    }
    for s in &sections {
        out.extend_from_slice(s);
    }
    Ok(out)
}
