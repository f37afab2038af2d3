//! The EN-PL lexicon, stemming and lemmas, cognates, names and numbers: the bilingual
//! evidence the aligner scores with.
//!
//! A [`Lexicon`] maps words of both languages to *concept ids*: an English word maps to
//! the id of its Snowball stem, a Polish word (any inflected form) to the ids of the English
//! stems its dictionary entries translate to. The lexical similarity of a sentence pair is
//! then the overlap of the two bags of ids.
//!
//! The embedded data (`data/lexicon.bin`, see `data/README.md`) is derived from
//! FreeDict/WikDict Polish-English (CC-BY-SA 3.0); Polish inflected forms reach their
//! lemma through Morfologik's Polish dictionary (PoliMorf, BSD-2-Clause: `ludzie` → człowiek,
//! `szli` → iść, `lepszej` → dobry, and a few word-formation rules such as `zaakceptować` →
//! akceptować) and the affix rules of the Polish hunspell dictionary (sjp.pl, Apache-2.0),
//! both compiled into the same FST of forms; a form neither knows falls back to its first
//! [`PREFIX_LEN`] letters.
//!
//! ```
//! use bialign::lexicon::Lexicon;
//! let lex = Lexicon::embedded();
//! let (mut en, mut pl) = (Vec::new(), Vec::new());
//! lex.en_ids("explosions", &mut en);
//! lex.pl_ids("wybuchu", &mut pl); // genitive of "wybuch" (explosion)
//! assert!(en.iter().any(|id| pl.contains(id)));
//! ```
//!
//! Submodules: [`tokens`](mod@tokens) (tokenizer, folding, stopwords), [`numbers`] (numeric values in
//! both notations), [`cognate`] (transliterated string similarity), [`names`] (name keys
//! across Polish case endings).

pub mod cognate;
pub mod frequency;
pub mod fxhash;
pub mod names;
pub mod numbers;
pub mod tokens;

use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::Path;
use std::sync::OnceLock;

use fst::Map;
use rust_stemmers::{Algorithm, Stemmer};

use crate::error::{Error, Result};
use tokens::{fold_into, is_stopword_en, tokens, TokenKind};

/// How many leading letters of a Polish word form its fallback key, used when neither the
/// word nor a hunspell form of it is in the lexicon (measured best in data/README.md).
pub const PREFIX_LEN: usize = 5;

/// The longest prefix key: a word is looked up by its first `PREFIX_MAX` letters first,
/// then by one letter less, down to [`PREFIX_LEN`], so that the most specific lemmas win.
pub const PREFIX_MAX: usize = 5;

/// Prefix keys shared by lemmas with more English ids than this are dropped: they are
/// common Polish verb prefixes (`przec…`, `przek…`) that say nothing.
const MAX_PREFIX_IDS: usize = 64;

const MAGIC: &[u8; 8] = b"BLXLEX01";
const SECTIONS: usize = 5;

static EMBEDDED: OnceLock<Lexicon> = OnceLock::new();
static STEMMER: OnceLock<Stemmer> = OnceLock::new();

fn stemmer() -> &'static Stemmer {
    STEMMER.get_or_init(|| Stemmer::create(Algorithm::English))
}

/// The Snowball (Porter2) stem of a lowercase English word.
pub fn stem_en(lower: &str) -> Cow<'_, str> {
    stemmer().stem(lower)
}

/// The fallback key of a lowercase Polish word: its first [`PREFIX_LEN`] characters, or
/// `None` when it is shorter than that.
pub fn prefix_key(lower: &str) -> Option<&str> {
    prefix_of(lower, PREFIX_LEN)
}

/// The first `n` characters of `s` (`n` ≥ 1), or `None` when it is shorter.
fn prefix_of(s: &str, n: usize) -> Option<&str> {
    let (i, c) = s.char_indices().nth(n.max(1) - 1)?;
    Some(&s[..i + c.len_utf8()])
}

/// The prefix keys of a lemma, [`PREFIX_LEN`] to [`PREFIX_MAX`] characters long.
fn prefix_keys(lower: &str) -> impl Iterator<Item = &str> {
    (PREFIX_LEN..=PREFIX_MAX).map_while(move |n| prefix_of(lower, n))
}

/// The English stems an English dictionary translation stands for: the word itself when it
/// is one word, its only content word when it has one ("to wear" → wear), else nothing
/// (multiword translations like "dust bunny" would add noise).
pub fn translation_stems(phrase: &str) -> Vec<String> {
    let mut words = Vec::new();
    for t in tokens(phrase) {
        if t.kind != TokenKind::Word {
            return Vec::new();
        }
        words.push(tokens::fold(t.text));
    }
    if words.len() > 1 {
        words.retain(|w| !is_stopword_en(w));
    }
    if words.len() == 1 {
        vec![stem_en(&words[0]).into_owned()]
    } else {
        Vec::new()
    }
}

/// English irregular forms and their base forms (data/irregular-en.txt).
fn irregular_en() -> &'static std::collections::HashMap<&'static str, &'static str> {
    static MAP: OnceLock<std::collections::HashMap<&'static str, &'static str>> = OnceLock::new();
    MAP.get_or_init(|| {
        crate::data::entries(include_str!("data/irregular-en.txt"))
            .filter_map(|l| l.split_once('\t'))
            .map(|(f, b)| (f.trim(), b.trim()))
            .collect()
    })
}

/// Candidate base forms of a lowercase English comparative or superlative, most likely first:
/// higher → high, earlier → early, bigger → big (larger → larg, which stems like large).
fn comparative_bases(lower: &str) -> impl Iterator<Item = String> + '_ {
    let stripped = ["est", "er"]
        .iter()
        .find_map(|suf| lower.strip_suffix(suf))
        .filter(|b| b.chars().count() >= 3 && b.is_ascii());
    stripped.into_iter().flat_map(|b| {
        let mut out = Vec::with_capacity(3);
        if let Some(stem) = b.strip_suffix('i') {
            out.push(format!("{stem}y"));
        }
        out.push(b.to_string());
        let bs = b.as_bytes();
        if bs.len() >= 4 && bs[bs.len() - 1] == bs[bs.len() - 2] {
            out.push(b[..b.len() - 1].to_string());
        }
        out
    })
}

/// Additions on top of the embedded data: the entries of `data/overlay.tsv`, and a user's file.
#[derive(Debug, Default, Clone)]
struct Overlay {
    /// English stems not in the embedded data, with their new ids.
    en: HashMap<String, u32>,
    /// Names of the new ids (index = id - embedded concept count).
    names: Vec<String>,
    /// Polish lemma (lowercase) → ids.
    pl: HashMap<String, Vec<u32>>,
    /// Polish prefix key → ids.
    pre: HashMap<String, Vec<u32>>,
}

/// The bilingual lexicon: English and Polish words to shared concept ids.
pub struct Lexicon {
    en: Map<Cow<'static, [u8]>>,
    pl: Map<Cow<'static, [u8]>>,
    pre: Map<Cow<'static, [u8]>>,
    postings: Cow<'static, [u8]>,
    names: Cow<'static, str>,
    /// Byte offset of each concept's name in `names`, computed on first use.
    name_starts: OnceLock<Vec<u32>>,
    user: Option<Box<Overlay>>,
    /// Identifies this lexicon in the per-thread lookup cache.
    uid: u64,
}

static NEXT_UID: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);

fn next_uid() -> u64 {
    NEXT_UID.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
}

/// Entries overlaid on `lexicon.bin` when it loads (see the file's header).
const OVERLAY: &str = include_str!("data/overlay.tsv");

/// The entries of a lexicon file in the user lexicon format (see [`Lexicon::with_user_file`]);
/// errors name `name:line`.
fn parse_pairs(text: &str, name: &str) -> Result<Vec<(String, String)>> {
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

/// Entries a thread's lookup cache holds before it is emptied.
const CACHE_LIMIT: usize = 200_000;

/// Per-thread memo of lookups, by word as written: stemming and FST walks cost about a
/// microsecond a word, a hash lookup a tenth of that, and words repeat (Zipf). It serves one
/// lexicon at a time (by uid) and is emptied when it grows past [`CACHE_LIMIT`].
#[derive(Default)]
struct WordCache {
    lex: u64,
    en: HashMap<Box<str>, [u32; 2]>,
    pl: [HashMap<Box<str>, (Reach, u32, u32)>; 4],
    arena: Vec<u32>,
    size: usize,
}

impl WordCache {
    fn serve(&mut self, lex: u64) {
        if self.lex != lex || self.size > CACHE_LIMIT {
            self.en.clear();
            self.pl.iter_mut().for_each(HashMap::clear);
            self.arena.clear();
            self.size = 0;
            self.lex = lex;
        }
    }
}

thread_local! {
    static CACHE: std::cell::RefCell<WordCache> = std::cell::RefCell::new(WordCache::default());
}

impl std::fmt::Debug for Lexicon {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Lexicon")
            .field("concepts", &self.concept_count())
            .field("polish_keys", &self.pl.len())
            .field("prefix_keys", &self.pre.len())
            .field("user_entries", &self.user.as_ref().map_or(0, |u| u.pl.len()))
            .finish()
    }
}

impl Lexicon {
    /// The embedded lexicon, loaded once (lazily) from data compiled into the binary.
    pub fn embedded() -> &'static Lexicon {
        EMBEDDED.get_or_init(|| {
            let mut lex = Lexicon::from_blob(Cow::Borrowed(EMBEDDED_DATA))
                .expect("the embedded lexicon data is valid (checked by the tests)");
            let pairs = parse_pairs(OVERLAY, "src/lexicon/data/overlay.tsv")
                .expect("the embedded overlay is valid (checked by the tests)");
            lex.add_pairs(&pairs);
            lex
        })
    }

    /// The embedded lexicon plus a user's file.
    ///
    /// The file holds one entry a line, either TSV `english<TAB>polish` or hunalign's
    /// dictionary format `polish @ english`; empty lines and lines starting with `#` are
    /// skipped. Each side may be a phrase: the English side counts through its content word
    /// (see [`translation_stems`]), the Polish side through each of its words that is not a
    /// stopword. Errors name `file:line`.
    pub fn with_user_file(path: &Path) -> Result<Lexicon> {
        let bytes = std::fs::read(path).map_err(|e| Error::io(path, &e))?;
        let name = path.display().to_string();
        let text = std::str::from_utf8(&bytes).map_err(|e| Error::Lexicon {
            name: name.clone(),
            line: bytes[..e.valid_up_to()].iter().filter(|&&b| b == b'\n').count() + 1,
            reason: "not valid UTF-8".into(),
        })?;
        let pairs = parse_pairs(text, &name)?;
        let base = Lexicon::embedded();
        let mut lex = base.clone_base();
        lex.add_pairs(&pairs);
        Ok(lex)
    }

    fn clone_base(&self) -> Lexicon {
        Lexicon {
            en: self.en.clone(),
            pl: self.pl.clone(),
            pre: self.pre.clone(),
            postings: self.postings.clone(),
            names: self.names.clone(),
            name_starts: self.name_starts.clone(),
            user: self.user.clone(),
            uid: next_uid(),
        }
    }

    fn add_pairs(&mut self, pairs: &[(String, String)]) {
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

    /// Number of concept ids (English stems), user additions included.
    pub fn concept_count(&self) -> usize {
        self.en.len() + self.user.as_ref().map_or(0, |u| u.names.len())
    }

    /// The English stem a concept id stands for (for evidence output), or `None` for an
    /// unknown id.
    pub fn concept(&self, id: u32) -> Option<&str> {
        let i = id as usize;
        let starts = self.name_starts.get_or_init(|| {
            let mut v = Vec::with_capacity(self.en.len());
            let mut start = 0u32;
            for line in self.names.split_terminator('\n') {
                v.push(start);
                start += line.len() as u32 + 1;
            }
            v
        });
        if let Some(&s) = starts.get(i) {
            let rest = &self.names[s as usize..];
            return Some(rest.split('\n').next().unwrap_or(rest));
        }
        let u = self.user.as_ref()?;
        u.names.get(i - starts.len()).map(String::as_str)
    }

    fn push_postings(&self, offset: u64, out: &mut Vec<u32>) {
        let p = &self.postings;
        let at =
            |i: usize| -> Option<u32> { Some(u32::from_le_bytes(p.get(4 * i..4 * i + 4)?.try_into().ok()?)) };
        let o = offset as usize;
        let Some(n) = at(o) else { return };
        for k in 0..n as usize {
            if let Some(id) = at(o + 1 + k) {
                out.push(id);
            }
        }
    }

    /// Concept ids of an English word as written in text (any case or inflection): the id
    /// of its Snowball stem, if the lexicon knows it, and the id of its base form when it is an
    /// irregular form (data/irregular-en.txt: people → person, said → say); a comparative the
    /// stemmer leaves whole reaches its adjective (higher → high). Appends to `out`.
    pub fn en_ids(&self, word: &str, out: &mut Vec<u32>) {
        let ids = CACHE.with(|c| {
            let mut c = c.borrow_mut();
            c.serve(self.uid);
            if let Some(&ids) = c.en.get(word) {
                return ids;
            }
            let ids = self.en_ids_uncached(word);
            c.en.insert(word.into(), ids);
            c.size += 1;
            ids
        });
        out.extend(ids.into_iter().filter(|&id| id != u32::MAX));
    }

    /// The word's own concept and the concept of its irregular base form (people → person, found
    /// → find, left → leave); `u32::MAX` for none.
    fn en_ids_uncached(&self, word: &str) -> [u32; 2] {
        let own = self.en_id_uncached(word);
        let mut lower = String::with_capacity(word.len());
        fold_into(word, &mut lower);
        let base = irregular_en().get(lower.as_str()).and_then(|b| self.en_stem_id(&stem_en(b)));
        let base = base.filter(|&b| Some(b) != own);
        [own.unwrap_or(u32::MAX), base.unwrap_or(u32::MAX)]
    }

    fn en_id_uncached(&self, word: &str) -> Option<u32> {
        let mut lower = String::with_capacity(word.len());
        fold_into(word, &mut lower);
        self.en_stem_id(&stem_en(&lower)).or_else(|| {
            // Forms the stemmer cannot reduce: irregular ones (said, women, better), then
            // comparatives and superlatives (higher, bigger, earliest).
            if let Some(base) = irregular_en().get(lower.as_str()) {
                return self.en_stem_id(&stem_en(base));
            }
            comparative_bases(&lower).find_map(|b| self.en_stem_id(&stem_en(&b)))
        })
    }

    /// The concept id of an English stem, in the embedded data or the user's additions.
    fn en_stem_id(&self, stem: &str) -> Option<u32> {
        match self.en.get(stem.as_bytes()) {
            Some(id) => Some(id as u32),
            None => self.user.as_ref().and_then(|u| u.en.get(stem)).copied(),
        }
    }

    /// English concept ids a Polish word as written in text (any inflected form) may
    /// translate to. Appends to `out`, sorted and without duplicates among those appended.
    ///
    /// The word is looked up as a known form (a lemma or a hunspell form of one); when that
    /// finds nothing, by its first [`PREFIX_LEN`] letters. [`Lexicon::pl_lookup`] tells which.
    pub fn pl_ids(&self, word: &str, out: &mut Vec<u32>) {
        self.pl_lookup(word, Fallbacks::ALL, out);
    }

    /// Like [`Lexicon::pl_ids`], and tells how the word reached its entries (a prefix match
    /// is less certain than a known form: an aligner may weigh it less). `fallbacks` says
    /// which lookups to try when the word is not a known form.
    pub fn pl_lookup(&self, word: &str, fallbacks: Fallbacks, out: &mut Vec<u32>) -> Reach {
        let mode = usize::from(fallbacks.prefix) | usize::from(fallbacks.english) << 1;
        CACHE.with(|c| {
            let mut c = c.borrow_mut();
            c.serve(self.uid);
            if let Some(&(reach, start, len)) = c.pl[mode].get(word) {
                out.extend_from_slice(&c.arena[start as usize..(start + len) as usize]);
                return reach;
            }
            let from = out.len();
            let reach = self.pl_lookup_uncached(word, fallbacks, out);
            let start = c.arena.len() as u32;
            c.arena.extend_from_slice(&out[from..]);
            c.pl[mode].insert(word.into(), (reach, start, (out.len() - from) as u32));
            c.size += 1 + (out.len() - from) / 4;
            reach
        })
    }

    fn pl_lookup_uncached(&self, word: &str, fallbacks: Fallbacks, out: &mut Vec<u32>) -> Reach {
        let mut lower = String::with_capacity(word.len());
        fold_into(word, &mut lower);
        let from = out.len();
        if let Some(o) = self.pl.get(lower.as_bytes()) {
            self.push_postings(o, out);
        }
        if let Some(ids) = self.user.as_ref().and_then(|u| u.pl.get(&lower)) {
            out.extend(ids);
        }
        let mut reach = if out.len() > from { Reach::Form } else { Reach::None };
        if reach == Reach::None && fallbacks.prefix {
            for n in (PREFIX_LEN..=PREFIX_MAX).rev() {
                let Some(p) = prefix_of(&lower, n) else { continue };
                if let Some(o) = self.pre.get(p.as_bytes()) {
                    self.push_postings(o, out);
                }
                if let Some(ids) = self.user.as_ref().and_then(|u| u.pre.get(p)) {
                    out.extend(ids);
                }
                if out.len() > from {
                    break;
                }
            }
            if out.len() > from {
                reach = Reach::Prefix;
            }
        }
        if reach == Reach::None && fallbacks.english && lower.bytes().all(|b| b.is_ascii_lowercase()) {
            if let Some(id) = self.en_id_uncached(&lower) {
                out.push(id);
                reach = Reach::English;
            }
        }
        out[from..].sort_unstable();
        let mut w = from;
        for r in from..out.len() {
            if w == from || out[r] != out[w - 1] {
                out[w] = out[r];
                w += 1;
            }
        }
        out.truncate(w);
        reach
    }
}

/// How a Polish word reached its lexicon entries.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reach {
    /// Not at all.
    None,
    /// As a lemma or a known inflected form of one.
    Form,
    /// Only through its first [`PREFIX_LEN`] letters.
    Prefix,
    /// Not a Polish entry, but spelled like an English word the lexicon knows (names,
    /// loanwords, English titles quoted in Polish text): its English ids.
    English,
}

/// Which lookups [`Lexicon::pl_lookup`] tries after the known forms.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Fallbacks {
    /// The first [`PREFIX_LEN`] letters.
    pub prefix: bool,
    /// The word as an English word (ASCII words only).
    pub english: bool,
}

impl Fallbacks {
    /// Known forms only.
    pub const NONE: Fallbacks = Fallbacks { prefix: false, english: false };
    /// Every fallback (what [`Lexicon::pl_ids`] uses).
    pub const ALL: Fallbacks = Fallbacks { prefix: true, english: true };
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

#[cfg(test)]
mod tests {
    use super::*;

    fn ids_en(lex: &Lexicon, w: &str) -> Vec<u32> {
        let mut v = Vec::new();
        lex.en_ids(w, &mut v);
        v
    }
    fn ids_pl(lex: &Lexicon, w: &str) -> Vec<u32> {
        let mut v = Vec::new();
        lex.pl_ids(w, &mut v);
        v
    }
    fn shares(lex: &Lexicon, en: &str, pl: &str) -> bool {
        let e = ids_en(lex, en);
        ids_pl(lex, pl).iter().any(|i| e.contains(i))
    }

    /// The overlay's entries count from the first lookup: a verb in one of its past forms, a word
    /// whose English side is a stem `lexicon.bin` lacks, a form listed as such; and a user's file
    /// loaded on top keeps them.
    #[test]
    fn overlay_entries_are_part_of_the_embedded_lexicon() {
        let lex = Lexicon::embedded();
        assert!(shares(lex, "expected", "spodziewała"));
        assert!(shares(lex, "handed", "przekazał"));
        assert!(shares(lex, "migration", "migracji"));
        assert!(shares(lex, "today", "dziś"));
        assert!(shares(lex, "minister", "premierem"));
        assert!(!shares(lex, "migration", "spodziewała"));
        assert!(parse_pairs(OVERLAY, "overlay.tsv").unwrap().len() >= 40);
        let dir = std::env::temp_dir().join(format!("bialign-overlay-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("user.lex");
        std::fs::write(&path, "qqwordxyz\tzzslowoxyz\n").unwrap();
        let user = Lexicon::with_user_file(&path).unwrap();
        assert!(shares(&user, "expected", "spodziewała") && shares(&user, "qqwordxyz", "zzslowoxyz"));
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn embedded_lexicon_translates_inflected_forms() {
        let lex = Lexicon::embedded();
        assert!(lex.concept_count() > 10_000, "{lex:?}");
        assert!(shares(lex, "house", "domu"));
        assert!(shares(lex, "President", "prezydenta"));
        assert!(shares(lex, "explosions", "wybuchu"));
        assert!(shares(lex, "government", "rządu"));
        assert!(!shares(lex, "cat", "prezydenta"));
        assert!(ids_pl(lex, "").is_empty() && ids_en(lex, "").is_empty());
        assert!(ids_pl(lex, "qqqqqqq").is_empty());
    }

    #[test]
    fn morfologik_forms_reach_the_lemma_hunspell_misses() {
        let lex = Lexicon::embedded();
        let form = |w: &str| {
            let mut v = Vec::new();
            (lex.pl_lookup(w, Fallbacks::NONE, &mut v), v)
        };
        let reaches = |pl: &str, en: &str| {
            let (r, ids) = form(pl);
            r == Reach::Form && ids_en(lex, en).iter().any(|i| ids.contains(i))
        };
        // suppletive and irregular forms: a plural of another stem, a comparative, a past tense
        assert!(reaches("ludzie", "person"), "ludzie -> człowiek");
        assert!(reaches("lepszej", "good"), "lepszej -> dobry");
        assert!(reaches("szli", "go"), "szli -> iść");
        assert!(reaches("poszła", "go"), "poszła -> pójść");
        assert!(reaches("mam", "have"), "mam -> mieć, not only mama");
        // word formation: a perfective of a borrowed verb, a relational adjective, a feminine noun
        assert!(reaches("zaakceptował", "accept"), "zaakceptować -> akceptować");
        assert!(reaches("lipcowej", "July"), "lipcowy -> lipiec");
        assert!(reaches("inflacyjnej", "inflation"), "inflacyjny -> inflacja");
        assert!(reaches("szefowej", "boss"), "szefowa -> szef");
        // and no translation where Morfologik's lemma has none
        assert_eq!(form("qqqqqqq").0, Reach::None);
    }

    #[test]
    fn lookups_tell_how_a_word_was_reached() {
        let lex = Lexicon::embedded();
        let mut v = Vec::new();
        assert_eq!(lex.pl_lookup("domu", Fallbacks::ALL, &mut v), Reach::Form);
        v.clear();
        assert_eq!(lex.pl_lookup("premierów", Fallbacks::ALL, &mut v), Reach::Prefix);
        assert!(v.contains(&ids_en(lex, "premier")[0]));
        v.clear();
        assert_eq!(lex.pl_lookup("premierów", Fallbacks::NONE, &mut v), Reach::None);
        assert!(v.is_empty());
        assert_eq!(lex.pl_lookup("trump", Fallbacks::NONE, &mut v), Reach::None);
        assert_eq!(lex.pl_lookup("trump", Fallbacks::ALL, &mut v), Reach::English);
        assert_eq!(v, ids_en(lex, "Trump"));
        // cached answers are the same as fresh ones, appended after what `out` held
        let mut w = vec![7];
        assert_eq!(lex.pl_lookup("domu", Fallbacks::ALL, &mut w), Reach::Form);
        assert_eq!(w[0], 7);
        assert_eq!(&w[1..], ids_pl(lex, "domu"));
    }

    #[test]
    fn lookup_cache_keeps_lexicons_apart() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("u.tsv");
        std::fs::write(&path, "zzwordxyz\tqqslowoxyz\n").unwrap();
        let user = Lexicon::with_user_file(&path).unwrap();
        for _ in 0..3 {
            assert!(ids_pl(Lexicon::embedded(), "qqslowoxyz").is_empty());
            assert!(ids_en(Lexicon::embedded(), "zzwordxyz").is_empty());
            assert!(shares(&user, "zzwordxyz", "qqslowoxyz"));
        }
    }

    proptest::proptest! {
        #[test]
        fn any_word_looks_up_without_panic(w in "\\PC{0,20}") {
            let lex = Lexicon::embedded();
            let mut v = Vec::new();
            lex.en_ids(&w, &mut v);
            lex.pl_ids(&w, &mut v);
            for id in v {
                proptest::prop_assert!(lex.concept(id).is_some());
            }
        }
    }

    #[test]
    fn concept_names_round_trip() {
        let lex = Lexicon::embedded();
        let id = ids_en(lex, "houses")[0];
        assert_eq!(lex.concept(id), Some("hous"));
        assert_eq!(lex.concept(u32::MAX), None);
    }

    #[test]
    fn prefix_key_counts_characters() {
        assert_eq!(prefix_key("żółwiami"), Some("żółwi"));
        assert_eq!(prefix_key("kot"), None);
        assert_eq!(prefix_key("domek"), Some("domek"));
    }

    #[test]
    fn translation_stems_keep_single_content_words() {
        assert_eq!(translation_stems("explosions"), ["explos"]);
        assert_eq!(translation_stems("to wear"), ["wear"]);
        assert!(translation_stems("dust bunny").is_empty());
        assert_eq!(translation_stems("be"), ["be"]);
    }

    #[test]
    fn build_and_load_a_small_lexicon() {
        let p = |a: &str, b: &str| (a.to_string(), b.to_string());
        let blob =
            build_blob(&[p("kot", "cat"), p("kot", "tomcat"), p("dom", "house")], &[p("kotami", "kot")])
                .unwrap();
        let lex = Lexicon::from_blob(Cow::Owned(blob)).unwrap();
        assert_eq!(lex.concept_count(), 3);
        assert_eq!(ids_pl(&lex, "Kotami"), {
            let mut v = [ids_en(&lex, "cats")[0], ids_en(&lex, "tomcat")[0]];
            v.sort();
            v
        });
        assert!(Lexicon::from_blob(Cow::Owned(b"garbage".to_vec())).is_err());
    }

    #[test]
    fn user_file_both_formats_and_errors() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("my.lex");
        std::fs::write(&path, "# my words\nflibbertigibbet\tzwariowaniec\n\nkrzesłoxyz @ chairxyz\n")
            .unwrap();
        let lex = Lexicon::with_user_file(&path).unwrap();
        assert!(
            shares(&lex, "flibbertigibbet", "zwariowańca") || shares(&lex, "flibbertigibbet", "zwariowaniec")
        );
        assert!(shares(&lex, "chairxyz", "krzesłoxyz"));
        assert!(shares(&lex, "house", "domu"), "embedded entries stay");
        assert!(!shares(Lexicon::embedded(), "chairxyz", "krzesłoxyz"));

        std::fs::write(&path, "house\tdom\nthis line is malformed\n").unwrap();
        let err = Lexicon::with_user_file(&path).unwrap_err().to_string();
        assert!(err.contains(&format!("{}:2:", path.display())), "{err}");
        let missing = dir.path().join("none.lex");
        assert!(Lexicon::with_user_file(&missing).unwrap_err().to_string().contains("none.lex"));
    }
}
