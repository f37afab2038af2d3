//! The per-thread cache of word forms: each form's keys, weight and number reading are computed
//! once ([`word_keys`]) and each token of a sentence's features names its form's entry.

use std::hash::Hasher;

use super::{hash_str, make_key, prefix, Concepts, Key, KeyKind, SentFeat, Signals};
use crate::lang::Lang;
use crate::lexicon::cognate::{skeleton_en, skeleton_pl};
use crate::lexicon::names::name_key;
use crate::lexicon::numbers::{self, NumKind};
use crate::lexicon::tokens::{is_stopword_en, is_stopword_pl};

/// What is known of the word forms already seen, so that a vocabulary is looked up once (per
/// thread, see [`with_word_caches`]): each form has an entry, and each token of a sentence's
/// features names its form's entry ([`super::Tok::word`]).
#[derive(Default)]
pub struct WordCache {
    /// Tells this cache's entries from those of another cache, or of this one before it was
    /// cleared ([`SentFeat::words`]); 0 until the first entry.
    pub(super) stamp: u64,
    /// Each form's entry.
    ids: std::collections::HashMap<String, u32, FastHash>,
    entries: Vec<WordEntry>,
    /// The lexicon and signals the entries were computed with.
    owner: Option<(Option<std::sync::Arc<dyn Concepts>>, Signals)>,
}

/// One word form's entry in a [`WordCache`].
pub(super) struct WordEntry {
    /// Keys, base weight, and what [`numbers::extract`] reads in the word alone (a number word or
    /// a month name; `None` also when numbers are switched off).
    pub(super) keys: Vec<Key>,
    pub(super) weight: f32,
    pub(super) num: Option<NumKind>,
    /// What the comparable edge model reads of the form, once it has asked.
    comparable: Option<crate::align::comparable::WordFacts>,
}

impl std::fmt::Debug for WordCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("WordCache").field("words", &self.entries.len()).finish()
    }
}

impl WordCache {
    /// The comparable edge model's facts of the form of entry `id` (`word` as written), computed
    /// by `compute` the first time they are asked for.
    /// Features built with another cache (or before this one was cleared) are not read from it.
    pub(crate) fn comparable_facts(
        &mut self,
        f: &SentFeat,
        id: u32,
        word: &str,
        compute: impl FnOnce(&str) -> crate::align::comparable::WordFacts,
    ) -> crate::align::comparable::WordFacts {
        match self.entries.get_mut(id as usize) {
            Some(e) if f.words == self.stamp => *e.comparable.get_or_insert_with(|| compute(word)),
            _ => compute(word),
        }
    }

    /// The stamp the features of a sentence built with this cache carry (a new one for a cache
    /// that has none yet).
    pub(super) fn current_stamp(&mut self) -> u64 {
        if self.stamp == 0 {
            self.new_stamp();
        }
        self.stamp
    }

    /// The entry of word form `word` (as written), computed the first time the form is seen.
    pub(super) fn entry_id(
        &mut self,
        word: &str,
        lang: Lang,
        lex: Option<&dyn Concepts>,
        sig: &Signals,
    ) -> u32 {
        match self.ids.get(word) {
            Some(&id) => id,
            None => {
                let (keys, weight, num) = word_keys(word, lang, lex, sig);
                let id = self.entries.len() as u32;
                self.entries.push(WordEntry { keys, weight, num, comparable: None });
                self.ids.insert(word.to_string(), id);
                id
            }
        }
    }

    /// Entry `id` ([`WordCache::entry_id`]).
    pub(super) fn entry(&self, id: u32) -> &WordEntry {
        &self.entries[id as usize]
    }

    /// A stamp no other cache has had.
    fn new_stamp(&mut self) {
        static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);
        self.stamp = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    }
}

/// A fast non-cryptographic hasher (FNV-1a over 8-byte words) for the word cache: its keys are
/// the document's own words, so hash flooding is not a concern here.
#[derive(Default, Clone, Copy)]
pub struct FastHash;

/// The hasher state of [`FastHash`].
#[derive(Default)]
pub struct FastHasher(u64);

impl std::hash::BuildHasher for FastHash {
    type Hasher = FastHasher;
    fn build_hasher(&self) -> FastHasher {
        FastHasher(0xcbf2_9ce4_8422_2325)
    }
}

impl Hasher for FastHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            let v = u64::from_le_bytes(c.try_into().unwrap_or([0; 8]));
            self.0 = (self.0 ^ v).wrapping_mul(0x0100_0000_01b3).rotate_left(29);
        }
        for &b in chunks.remainder() {
            self.0 = (self.0 ^ b as u64).wrapping_mul(0x0100_0000_01b3);
        }
    }
}

/// Word forms a thread remembers before its cache is cleared.
const CACHE_CAP: usize = 200_000;

impl WordCache {
    /// Make the cache valid for `lex` and `sig` (clearing it when they changed or it is full).
    fn prepare(&mut self, lex: &Option<std::sync::Arc<dyn Concepts>>, sig: &Signals) {
        let same = match &self.owner {
            Some((l, s)) => {
                s == sig
                    && match (l, lex) {
                        (None, None) => true,
                        (Some(a), Some(b)) => std::sync::Arc::ptr_eq(a, b),
                        _ => false,
                    }
            }
            None => false,
        };
        if !same || self.entries.len() > CACHE_CAP {
            self.ids.clear();
            self.entries.clear();
            self.new_stamp();
            self.owner = Some((lex.clone(), *sig));
        }
    }
}

thread_local! {
    static CACHES: std::cell::RefCell<(WordCache, WordCache)> = std::cell::RefCell::default();
}

/// Run `f` with this thread's English and Polish word caches, made valid for `lex` and `sig`.
/// Word evidence depends only on the word, the lexicon and the signals, so across the documents a
/// thread aligns (a batch), each word form is looked up once.
pub fn with_word_caches<R>(
    lex: &Option<std::sync::Arc<dyn Concepts>>,
    sig: &Signals,
    f: impl FnOnce(&mut WordCache, &mut WordCache) -> R,
) -> R {
    CACHES.with(|c| match c.try_borrow_mut() {
        Ok(mut c) => {
            let (e, p) = &mut *c;
            e.prepare(lex, sig);
            p.prepare(lex, sig);
            f(e, p)
        }
        // Re-entered (cannot happen from align itself): fresh caches.
        Err(_) => f(&mut WordCache::default(), &mut WordCache::default()),
    })
}

/// The keys and base weight of one word form (as written) of language `lang`.
fn word_keys(
    word: &str,
    lang: Lang,
    lex: Option<&dyn Concepts>,
    sig: &Signals,
) -> (Vec<Key>, f32, Option<NumKind>) {
    let mut keys = Vec::new();
    let lower = crate::lexicon::tokens::fold(word);
    let nchars = lower.chars().count();
    let stop = match lang {
        Lang::Pl => is_stopword_pl(&lower),
        _ => is_stopword_en(&lower),
    };
    let weight = if stop || nchars <= 2 {
        0.15
    } else if nchars == 3 {
        0.5
    } else {
        1.0
    };
    if sig.lexicon && !stop {
        if let Some(l) = lex {
            let mut ids = Vec::new();
            match lang {
                Lang::Pl => l.pl_ids(&lower, &mut ids),
                _ => l.en_ids(&lower, &mut ids),
            }
            keys.extend(ids.iter().take(32).map(|&id| make_key(KeyKind::Lexicon, id as u64)));
        }
    }
    let known = !keys.is_empty();
    let capital = word.chars().next().is_some_and(char::is_uppercase);
    if sig.names && capital && nchars >= 2 && !stop {
        // Sentence-initial words get a name key too: it only counts when the other side holds
        // the same capitalised word.
        keys.push(make_key(KeyKind::Name, hash_str(&name_key(word))));
    }
    // Cognate keys for words the lexicon does not know (and names): a known word already meets
    // its translations.
    if sig.cognates && nchars >= 6 && !stop && (!known || capital) {
        let sk = match lang {
            Lang::Pl => skeleton_pl(&lower),
            _ => skeleton_en(&lower),
        };
        if sk.chars().count() >= 4 {
            keys.push(make_key(KeyKind::Cognate, hash_str(prefix(&sk, 5))));
        }
    }
    // Number words and month names ("dwie", "kwietnia", "million") make the sentence worth a
    // look by the number reader.
    let numeric = if sig.numbers { numbers::extract(word, lang).first().map(|n| n.kind) } else { None };
    (keys, weight, numeric)
}
