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
//! across Polish case endings). The lexicon itself: `blob.rs` (the binary format, its reader and
//! writer), `lookup.rs` (word lookups and their per-thread cache), `overlay.rs` (entries added on
//! top: `data/overlay.tsv` and a user's file), `english.rs` (English stems and base forms).

mod blob;
pub mod cognate;
mod english;
pub mod frequency;
pub mod fxhash;
mod lookup;
pub mod names;
pub mod numbers;
mod overlay;
#[cfg(test)]
mod tests;
pub mod tokens;

pub(crate) use blob::EMBEDDED_DATA;
pub use blob::{build_blob, embedded_data};
pub use english::{stem_en, translation_stems};

use std::borrow::Cow;
use std::path::Path;
use std::sync::OnceLock;

use fst::Map;

use crate::error::{Error, Result};
use overlay::{parse_pairs, Overlay, OVERLAY};

/// How many leading letters of a Polish word form its fallback key, used when neither the
/// word nor a hunspell form of it is in the lexicon (measured best in data/README.md).
pub const PREFIX_LEN: usize = 5;

/// The longest prefix key: a word is looked up by its first `PREFIX_MAX` letters first,
/// then by one letter less, down to [`PREFIX_LEN`], so that the most specific lemmas win.
pub const PREFIX_MAX: usize = 5;

static EMBEDDED: OnceLock<Lexicon> = OnceLock::new();

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
