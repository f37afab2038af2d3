//! The word scan of language detection as it was before its fast paths (session 4), kept as the
//! reference the tests compare the current scan with: both must give the same evidence and the same
//! recorded steps for any text.

use super::{
    ending, is_foreign_latin, is_polish_letter, is_state_mark, key, model, Evidence, Letters, Model, Scan,
    Step, WordInfo, EN_CLITICS, PL_NAME_ENDINGS,
};

/// The old scan of `text` with a fresh word cache (see [`evidence_with`]).
pub(super) fn evidence(text: &str, steps: Option<&mut Vec<Step>>) -> Evidence {
    evidence_with(text, &mut Memo::Off, &mut HotWords::new(), steps)
}

/// The position-independent evidence of a word: `orig` as written, `lower` in lowercase.
fn word_info(m: &Model, hot: &mut HotWords, orig: &str, lower: &str) -> WordInfo {
    if lower == "i" {
        // Polish "and" is lowercase; the English pronoun is always a capital.
        return WordInfo::LowerI(orig == "i");
    }
    let capital = orig.starts_with(char::is_uppercase);
    if let Some(r) = hot.get(m, key(lower)) {
        return WordInfo::Known { r, capital };
    }
    // Polish letters and ó are not ASCII: an ASCII word skips those checks.
    if !lower.is_ascii() {
        if lower.chars().any(is_polish_letter) {
            return WordInfo::Fixed(2.5);
        }
        if lower.contains('ó') {
            return WordInfo::Fixed(1.5);
        }
    }
    if let Some((_, after)) = lower.split_once('\'') {
        if EN_CLITICS.contains(&after) {
            return WordInfo::Fixed(-1.5);
        }
        if PL_NAME_ENDINGS.contains(&after) {
            return WordInfo::Fixed(1.5);
        }
        return WordInfo::Fixed(0.0);
    }
    match ending(lower).and_then(|e| m.endings.get(&key(e))) {
        Some(&r) => WordInfo::Ending { r, capital },
        None => WordInfo::Zero,
    }
}

/// A small direct-mapped cache of word-model lookups, per thread: the model's table is megabytes
/// and a lookup in it is mostly a cache miss, while a few thousand frequent words make up most of
/// any text. A slot holds a key and what the model says for it (the same value, so results do not
/// change).
struct HotWords {
    /// (key, log-ratio, state: 0 empty, 1 listed, 2 not listed).
    slots: Vec<(u64, f32, u32)>,
}

impl HotWords {
    const SLOTS: usize = 4096;

    fn new() -> HotWords {
        HotWords { slots: vec![(0, 0.0, 0); Self::SLOTS] }
    }

    /// The model's log-ratio for word key `k`, if the word is listed.
    #[inline]
    fn get(&mut self, m: &Model, k: u64) -> Option<f32> {
        // Keys are well-mixed hashes: the low bits pick the slot.
        let slot = &mut self.slots[(k as usize) & (Self::SLOTS - 1)];
        if slot.2 != 0 && slot.0 == k {
            return (slot.2 == 1).then_some(slot.1);
        }
        let r = m.words.get(&k).copied();
        *slot = (k, r.unwrap_or(0.0), if r.is_some() { 1 } else { 2 });
        r
    }
}

/// Word evidence remembered across the passes of [`route`] over one document.
#[allow(dead_code)]
enum Memo<'a> {
    /// Nothing to remember (a lone text).
    Off,
    /// A paragraph pass at byte `base` of the document: reuse the words recorded with the same
    /// span (`pos` is a cursor moving forward through them).
    Replay { words: &'a [(u32, u32, WordInfo)], pos: usize, base: usize },
}

impl Memo<'_> {
    /// The evidence of the word at `start..end` of the text, as written `orig`.
    fn info(
        &mut self,
        m: &Model,
        hot: &mut HotWords,
        start: usize,
        end: usize,
        orig: &str,
        lower: &mut String,
    ) -> WordInfo {
        if let Memo::Replay { words, pos, base } = self {
            let (s, e) = ((*base + start) as u32, (*base + end) as u32);
            while *pos < words.len() && words[*pos].0 < s {
                *pos += 1;
            }
            if let Some(&(ws, we, info)) = words.get(*pos) {
                if ws == s && we == e {
                    return info;
                }
            }
        }
        let info = if orig.is_ascii() && !orig.bytes().any(|b| b.is_ascii_uppercase()) {
            // Already lowercase: no copy.
            word_info(m, hot, orig, orig)
        } else {
            lower.clear();
            if orig.is_ascii() {
                lower.push_str(orig);
                lower.make_ascii_lowercase();
            } else {
                for c in orig.chars() {
                    if c.is_ascii() {
                        lower.push(c.to_ascii_lowercase());
                    } else {
                        lower.extend(c.to_lowercase());
                    }
                }
            }
            word_info(m, hot, orig, lower)
        };
        info
    }
}

/// Scan `text`: words are runs of letters (an apostrophe between letters stays inside, written
/// `'`), everything else separates them. With `steps`, record the words and state marks.
fn evidence_with(
    text: &str,
    memo: &mut Memo,
    hot: &mut HotWords,
    mut steps: Option<&mut Vec<Step>>,
) -> Evidence {
    let m = model();
    let mut scan = Scan::new();
    let mut lower = String::with_capacity(32);
    // The word with `’` written `'`, when it holds one.
    let mut apos = String::new();
    let b = text.as_bytes();
    let record = text.len() <= u32::MAX as usize;
    let recording = steps.is_some() && record;
    let mut word_start = 0;
    let mut in_word = false;
    let mut curly = false;
    let mut letters = Letters::default();
    let mut flush = |scan: &mut Scan, start: usize, end: usize, curly: bool, letters: &Letters| {
        let orig = &text[start..end];
        let word = if curly {
            apos.clear();
            apos.push_str(orig);
            apos = apos.replace('’', "'");
            apos.as_str()
        } else {
            orig
        };
        let info = memo.info(m, hot, start, end, word, &mut lower);
        scan.word(info, letters);
        if let (Some(st), true) = (steps.as_deref_mut(), record) {
            st.push(Step::Word { start: start as u32, end: end as u32, info, letters: *letters });
        }
    };
    let mut i = 0;
    let mut marks: Vec<Step> = Vec::new();
    while i < b.len() {
        let c0 = b[i];
        let (c, len) = if c0 < 0x80 {
            if c0.is_ascii_alphabetic() {
                if !in_word {
                    in_word = true;
                    word_start = i;
                    curly = false;
                    letters = Letters::default();
                }
                letters.latin += 1;
                i += 1;
                continue;
            }
            (c0 as char, 1)
        } else {
            let Some(c) = text[i..].chars().next() else { break };
            let len = c.len_utf8();
            if c.is_alphabetic() {
                if !in_word {
                    in_word = true;
                    word_start = i;
                    curly = false;
                    letters = Letters::default();
                }
                if is_polish_letter(c) || matches!(c, 'ó' | 'Ó') {
                    letters.latin += 1;
                    letters.polish += 1;
                } else if is_foreign_latin(c) {
                    letters.latin += 1;
                    letters.foreign += 1;
                } else if (c as u32) < 0x250 || ('\u{1E00}'..='\u{1EFF}').contains(&c) {
                    letters.latin += 1;
                } else {
                    letters.non_latin += 1;
                }
                i += len;
                continue;
            }
            (c, len)
        };
        // An apostrophe between letters stays inside the word (don't, Carrie'ego).
        if matches!(c, '\'' | '’')
            && in_word
            && text[i + len..].chars().next().is_some_and(char::is_alphabetic)
        {
            curly |= c == '’';
            i += len;
            continue;
        }
        if in_word {
            flush(&mut scan, word_start, i, curly, &letters);
            in_word = false;
        }
        if is_state_mark(c) {
            scan.mark(c);
            if recording {
                marks.push(Step::Mark { pos: i as u32, c });
            }
        }
        i += len;
    }
    if in_word {
        flush(&mut scan, word_start, text.len(), curly, &letters);
    }
    if let (Some(st), false) = (steps, marks.is_empty()) {
        // Words and marks, each in text order: merge them by position.
        let words = std::mem::take(st);
        st.reserve(words.len() + marks.len());
        let (mut w, mut k) = (words.into_iter().peekable(), marks.into_iter().peekable());
        loop {
            let take_word = match (w.peek(), k.peek()) {
                (Some(a), Some(b)) => a.pos() < b.pos(),
                (Some(_), None) => true,
                (None, Some(_)) => false,
                (None, None) => break,
            };
            let next = if take_word { w.next() } else { k.next() };
            st.extend(next);
        }
    }
    scan.finish()
}
