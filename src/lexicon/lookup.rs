//! Word lookups: the concept ids of an English or a Polish word as written, through a per-thread
//! cache of what each word found.

use std::collections::HashMap;

use super::english::{comparative_bases, irregular_en, stem_en};
use super::tokens::fold_into;
use super::{prefix_of, Fallbacks, Lexicon, Reach, PREFIX_LEN, PREFIX_MAX};

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

impl Lexicon {
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
    /// irregular form (data/irregular-en.txt: people → person, said → say) or an adjective negated
    /// by un- (unacceptable → accept); a comparative the stemmer leaves whole reaches its adjective
    /// (higher → high), and a word the lexicon lacks whose negating prefix hides a known base
    /// reaches that base (nonbinding → bind). Appends to `out`.
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
        let base = irregular_en()
            .get(lower.as_str())
            .and_then(|b| self.en_stem_id(&stem_en(b)))
            // An adjective or participle negated by un- also reaches its base (unacceptable →
            // accept): Polish says the negation with a separate word ("nie do zaakceptowania").
            .or_else(|| un_adjective_base(&lower).and_then(|b| self.en_stem_id(&stem_en(b))));
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
            comparative_bases(&lower)
                .find_map(|b| self.en_stem_id(&stem_en(&b)))
                // A negated adjective or verb the lexicon lacks reaches its base (unacceptable →
                // accept, disapprove → approve): Polish says the negation with a separate word ("nie do
                // zaakceptowania"), so the two share the base's concept.
                .or_else(|| negated_base(&lower).and_then(|b| self.en_stem_id(&stem_en(b))))
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

/// The base of an adjective or participle negated by un- (`unacceptable` → `acceptable`,
/// `unlimited` → `limited`): the prefix, at least four letters after it, and an adjective or
/// participle ending (words such as `under`, `union` or `uncover` have none).
pub(super) fn un_adjective_base(lower: &str) -> Option<&str> {
    const ENDINGS: [&str; 8] = ["able", "ible", "ful", "ed", "ing", "ive", "ent", "ant"];
    negated_base(lower).filter(|rest| {
        lower.starts_with("un")
            && rest.bytes().all(|b| b.is_ascii_lowercase())
            && ENDINGS.iter().any(|e| rest.ends_with(e))
    })
}

/// The base of an English word with a negating prefix (un-, dis-, non-), when at least four letters
/// stay: `unacceptable` → `acceptable`, `non-binding` → `binding`.
pub(super) fn negated_base(lower: &str) -> Option<&str> {
    ["non-", "non", "dis", "un"]
        .iter()
        .find_map(|p| lower.strip_prefix(p))
        .filter(|rest| rest.chars().count() >= 4 && rest.chars().all(char::is_alphabetic))
}
