//! Language detection with confidence, per document, paragraph or line.
//!
//! English and Polish are told apart by a word model: each word of the text is weighed by how
//! much more frequent it is in one language than in the other (Zipf frequencies of the 30,000/40,000
//! most frequent words, data in `src/lang/`), with extra evidence that the frequency lists miss:
//!
//! - Polish letters (ą ć ę ł ń ś ź ż, and ó) in an unknown word are near-certain Polish;
//! - a lowercase `i` is the Polish "and", a capital `I` inside a sentence the English pronoun;
//! - English clitics after an apostrophe (`'s`, `'t`, `'re`, …) versus Polish case endings added to
//!   foreign names (`Carrie'ego`);
//! - unknown words are weighed by their ending, with statistics drawn from the same word lists;
//! - words inside quotation marks count half, so an English song title in a Polish sentence does
//!   not flip it;
//! - when the evidence is weak (a few words), whatlang restricted to English and Polish decides,
//!   and in [`route`] the document's language is a prior for its paragraphs.
//!
//! The score is a sum of log10 likelihood ratios; its size gives the confidence.
//!
//! A text in another language is named as what it looks like: letters neither English nor Polish
//! use (Czech ř ě ů, Slovak ľ ĺ ŕ ô ä, German ß ü, …), another script, or too few known words send it
//! to whatlang unrestricted, whose answer is reported when it is not English or Polish.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::OnceLock;

use crate::model::Document;

pub use crate::model::Lang;

/// A language guess with its confidence in [0, 1].
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Detection {
    pub lang: Lang,
    pub confidence: f32,
}

impl Detection {
    const UNKNOWN: Detection = Detection { lang: Lang::Unknown, confidence: 0.0 };
}

/// A 64-bit key for a word: the model stores keys, not strings, so a lookup compares integers.
/// (Two of the ~60,000 words colliding, or an unknown word hitting one, has a probability of the
/// order of 1e-14 per lookup.) Eight bytes at a time, then a full avalanche (MurmurHash3's fmix64).
fn key(s: &str) -> u64 {
    key_bytes(s.as_bytes())
}

/// [`key`] of a string given as its bytes.
#[inline]
fn key_bytes(s: &[u8]) -> u64 {
    const K: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut h = s.len() as u64;
    let mut chunks = s.chunks_exact(8);
    for c in &mut chunks {
        h = (h.rotate_left(5) ^ u64::from_le_bytes(c.try_into().unwrap_or([0; 8]))).wrapping_mul(K);
    }
    let rest = chunks.remainder();
    if !rest.is_empty() {
        let mut buf = [0u8; 8];
        buf[..rest.len()].copy_from_slice(rest);
        h = (h.rotate_left(5) ^ u64::from_le_bytes(buf)).wrapping_mul(K);
    }
    h ^= h >> 33;
    h = h.wrapping_mul(0xff51_afd7_ed55_8ccd);
    h ^= h >> 33;
    h = h.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    h ^ (h >> 33)
}

/// Keys are already well-mixed hashes: the map uses them as they are.
#[derive(Default)]
struct Identity(u64);

impl Hasher for Identity {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.0 = (self.0 << 8) | *b as u64;
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

type KeyMap<V> = HashMap<u64, V, BuildHasherDefault<Identity>>;

/// The word model: per word and per word ending, log10 P(pl) − log10 P(en).
struct Model {
    words: KeyMap<f32>,
    endings: KeyMap<f32>,
    /// Zipf frequency of each listed word in English and in Polish (a word missing from one list
    /// gets that list's floor, rarer than anything it lists).
    zipf: KeyMap<(f32, f32)>,
}

/// A known word's log-ratio is clipped to this, so no single word decides a long text.
const WORD_CLIP: f32 = 3.0;
/// An ending's log-ratio is clipped to this.
const ENDING_CLIP: f32 = 1.2;

fn parse_list(data: &'static str) -> impl Iterator<Item = (&'static str, f32)> {
    crate::data::entries(data).filter_map(|l| {
        let (w, z) = l.split_once('\t')?;
        Some((w, z.trim().parse::<f32>().ok()?))
    })
}

fn ending(word: &str) -> Option<&str> {
    let n = word.chars().count();
    if n < 4 {
        return None;
    }
    let (i, _) = word.char_indices().nth(n - 3)?;
    Some(&word[i..])
}

fn model() -> &'static Model {
    static MODEL: OnceLock<Model> = OnceLock::new();
    MODEL.get_or_init(|| {
        // English words by frequency (wordfreq, CC-BY-SA 4.0; see src/lang/README.md).
        let en: Vec<(&str, f32)> = parse_list(include_str!("lang/en_words.tsv")).collect();
        // Polish words by frequency (wordfreq, CC-BY-SA 4.0; see src/lang/README.md).
        let pl: Vec<(&str, f32)> = parse_list(include_str!("lang/pl_words.tsv")).collect();
        // A word missing from a list is rarer than the rarest word listed.
        let floor = |l: &[(&str, f32)]| l.iter().map(|x| x.1).fold(f32::MAX, f32::min) - 0.5;
        let (en_floor, pl_floor) = (floor(&en), floor(&pl));
        let mut zipf: KeyMap<(f32, f32)> = KeyMap::default();
        for (w, z) in &en {
            zipf.entry(key(w)).or_insert((*z, pl_floor)).0 = *z;
        }
        for (w, z) in &pl {
            zipf.entry(key(w)).or_insert((en_floor, *z)).1 = *z;
        }
        let words = zipf.iter().map(|(&w, &(e, p))| (w, (p - e).clamp(-WORD_CLIP, WORD_CLIP))).collect();
        // Endings: how many distinct words of each list end so (add-one smoothing).
        let mut counts: KeyMap<(f32, f32)> = KeyMap::default();
        for (w, _) in &en {
            if let Some(e) = ending(w) {
                counts.entry(key(e)).or_default().0 += 1.0;
            }
        }
        for (w, _) in &pl {
            if let Some(e) = ending(w) {
                counts.entry(key(e)).or_default().1 += 1.0;
            }
        }
        let (ne, np) = (en.len() as f32, pl.len() as f32);
        let endings = counts
            .into_iter()
            .map(|(e, (ce, cp))| {
                let r = ((cp + 1.0) / np).log10() - ((ce + 1.0) / ne).log10();
                (e, r.clamp(-ENDING_CLIP, ENDING_CLIP))
            })
            .collect();
        Model { words, endings, zipf }
    })
}

/// The Zipf frequency of a lowercase word in `lang` (English for any language but Polish), from the
/// word lists above; `None` for a word in neither list.
pub(crate) fn zipf(lower: &str, lang: Lang) -> Option<f32> {
    model().zipf.get(&key(lower)).map(|&(e, p)| if lang == Lang::Pl { p } else { e })
}

fn is_polish_letter(c: char) -> bool {
    matches!(c, 'ą' | 'ć' | 'ę' | 'ł' | 'ń' | 'ś' | 'ź' | 'ż' | 'Ą' | 'Ć' | 'Ę' | 'Ł' | 'Ń' | 'Ś' | 'Ź' | 'Ż')
}

/// Latin letters that neither English nor Polish uses (Czech, Slovak, German, Romance, Nordic…).
fn is_foreign_latin(c: char) -> bool {
    matches!(
        c.to_lowercase().next().unwrap_or(c),
        'ř' | 'ě'
            | 'ů'
            | 'ľ'
            | 'ĺ'
            | 'ŕ'
            | 'ô'
            | 'ň'
            | 'ť'
            | 'ď'
            | 'č'
            | 'š'
            | 'ž'
            | 'ý'
            | 'á'
            | 'í'
            | 'é'
            | 'ú'
            | 'ä'
            | 'ö'
            | 'ü'
            | 'ß'
            | 'à'
            | 'è'
            | 'ê'
            | 'ë'
            | 'ç'
            | 'ñ'
            | 'ã'
            | 'õ'
            | 'å'
            | 'ø'
            | 'æ'
            | 'œ'
            | 'ï'
            | 'î'
            | 'â'
            | 'û'
            | 'ù'
            | 'ő'
            | 'ű'
            | 'ğ'
            | 'ş'
            | 'ı'
            | 'ș'
            | 'ț'
            | 'ă'
    )
}

/// What the words of a text say.
#[derive(Debug, Clone, Copy, Default)]
struct Evidence {
    /// Sum of log10 P(pl)/P(en) over words: positive means Polish.
    score: f32,
    words: usize,
    known: usize,
    latin: usize,
    non_latin: usize,
    polish_letters: usize,
    foreign_letters: usize,
}

/// English clitics after an apostrophe.
const EN_CLITICS: &[&str] = &["s", "t", "re", "ve", "ll", "d", "m"];
/// Polish case endings written after an apostrophe on foreign names (Carrie'ego, Disney'a).
const PL_NAME_ENDINGS: &[&str] =
    &["ego", "emu", "em", "a", "u", "ie", "owi", "ym", "im", "ach", "ami", "om", "owie", "owa", "owej"];

/// What a word says whatever its position: the part of [`word_score`] that depends on the word
/// alone, so that [`route`] can compute it once for the document and reuse it for the paragraphs.
#[derive(Debug, Clone, Copy, PartialEq)]
enum WordInfo {
    /// Lowercase `i`; `true` when written `i` (the Polish "and").
    LowerI(bool),
    /// A listed word with its log-ratio; `capital` when written with an uppercase first letter.
    Known { r: f32, capital: bool },
    /// A fixed score (Polish letters, `ó`, apostrophe endings), not weighed as a name.
    Fixed(f32),
    /// An unlisted word weighed by its ending's log-ratio.
    Ending { r: f32, capital: bool },
    /// No evidence.
    Zero,
}

/// What a word's lowercase form says (everything of [`WordInfo`] but how the word is written).
#[derive(Debug, Clone, Copy, PartialEq)]
enum LowerInfo {
    Known(f32),
    Fixed(f32),
    Ending(f32),
    Zero,
}

impl LowerInfo {
    #[inline]
    fn with_capital(self, capital: bool) -> WordInfo {
        match self {
            LowerInfo::Known(r) => WordInfo::Known { r, capital },
            LowerInfo::Fixed(v) => WordInfo::Fixed(v),
            LowerInfo::Ending(r) => WordInfo::Ending { r, capital },
            LowerInfo::Zero => WordInfo::Zero,
        }
    }
}

/// What the lowercase word `lower` (with key `k`) says: a listed word's log-ratio, Polish letters or
/// `ó`, an apostrophe ending, or the word's ending.
fn lower_info(m: &Model, k: u64, lower: &str) -> LowerInfo {
    if let Some(&r) = m.words.get(&k) {
        return LowerInfo::Known(r);
    }
    // Polish letters and ó are not ASCII: an ASCII word skips those checks.
    if !lower.is_ascii() {
        if lower.chars().any(is_polish_letter) {
            return LowerInfo::Fixed(2.5);
        }
        if lower.contains('ó') {
            return LowerInfo::Fixed(1.5);
        }
    }
    if let Some((_, after)) = lower.split_once('\'') {
        if EN_CLITICS.contains(&after) {
            return LowerInfo::Fixed(-1.5);
        }
        if PL_NAME_ENDINGS.contains(&after) {
            return LowerInfo::Fixed(1.5);
        }
        return LowerInfo::Fixed(0.0);
    }
    match ending(lower).and_then(|e| m.endings.get(&key(e))) {
        Some(&r) => LowerInfo::Ending(r),
        None => LowerInfo::Zero,
    }
}

/// The position-independent evidence of a word: `orig` as written, `lower` in lowercase.
fn word_info(m: &Model, hot: &mut HotWords, orig: &str, lower: &str) -> WordInfo {
    if lower == "i" {
        // Polish "and" is lowercase; the English pronoun is always a capital.
        return WordInfo::LowerI(orig == "i");
    }
    let capital = orig.starts_with(char::is_uppercase);
    hot.get(m, key(lower), lower.as_bytes()).with_capital(capital)
}

/// A word's score at its position (`sentence_start`: the first word of a sentence or quotation).
fn word_score(info: WordInfo, sentence_start: bool, ev: &mut Evidence) -> f32 {
    // Capitalised words inside a sentence are often names, shared by both languages.
    let name_weight = |capital: bool| if capital && !sentence_start { 0.5 } else { 1.0 };
    match info {
        WordInfo::LowerI(true) => 2.0,
        WordInfo::LowerI(false) => {
            if sentence_start {
                0.0
            } else {
                -2.0
            }
        }
        WordInfo::Known { r, capital } => {
            ev.known += 1;
            r * name_weight(capital)
        }
        WordInfo::Fixed(v) => v,
        WordInfo::Ending { r, capital } => r * 0.6 * name_weight(capital),
        WordInfo::Zero => 0.0,
    }
}

/// A small direct-mapped cache of what lowercase words say, per thread: the model's table is
/// megabytes and a lookup in it is mostly a cache miss, while a few thousand frequent words make up
/// most of any text. A slot holds a word's key and its [`LowerInfo`], which depends on the word
/// alone, so results do not change.
struct HotWords {
    slots: Vec<(u64, Option<LowerInfo>)>,
}

impl HotWords {
    const SLOTS: usize = 4096;

    fn new() -> HotWords {
        HotWords { slots: vec![(0, None); Self::SLOTS] }
    }

    /// What the lowercase word `lower` (UTF-8), whose key is `k`, says.
    #[inline]
    fn get(&mut self, m: &Model, k: u64, lower: &[u8]) -> LowerInfo {
        // Keys are well-mixed hashes: the low bits pick the slot.
        let slot = &mut self.slots[(k as usize) & (Self::SLOTS - 1)];
        match slot.1 {
            Some(info) if slot.0 == k => info,
            _ => {
                let info = lower_info(m, k, std::str::from_utf8(lower).unwrap_or(""));
                *slot = (k, Some(info));
                info
            }
        }
    }
}

thread_local! {
    static HOT_WORDS: std::cell::RefCell<HotWords> = std::cell::RefCell::new(HotWords::new());
}

/// Word evidence remembered across the passes of [`route`] over one document.
enum Memo<'a> {
    /// Nothing to remember (a lone text).
    Off,
    /// A paragraph pass at byte `base` of the document: reuse the words recorded with the same
    /// span (`pos` is a cursor moving forward through them).
    Replay { words: &'a [(u32, u32, WordInfo)], pos: usize, base: usize },
}

impl Memo<'_> {
    /// The recorded evidence of the word at `start..end` of the text, if there is one.
    #[inline]
    fn recorded(&mut self, start: usize, end: usize) -> Option<WordInfo> {
        let Memo::Replay { words, pos, base } = self else { return None };
        let (s, e) = ((*base + start) as u32, (*base + end) as u32);
        while *pos < words.len() && words[*pos].0 < s {
            *pos += 1;
        }
        match words.get(*pos) {
            Some(&(ws, we, info)) if ws == s && we == e => Some(info),
            _ => None,
        }
    }
}

/// The evidence of a word of ASCII letters (and `'`), lowercased on the stack: most words of both
/// languages. `None` when the word is too long for the buffer.
#[inline]
fn ascii_word_info(m: &Model, hot: &mut HotWords, w: &[u8]) -> Option<WordInfo> {
    if w.len() == 1 && w[0] | 0x20 == b'i' {
        return Some(WordInfo::LowerI(w[0] == b'i'));
    }
    let mut buf = [0u8; 32];
    let lower = buf.get_mut(..w.len())?;
    for (d, &s) in lower.iter_mut().zip(w) {
        *d = s.to_ascii_lowercase();
    }
    // ASCII bytes are UTF-8.
    Some(hot.get(m, key_bytes(lower), lower).with_capital(w[0].is_ascii_uppercase()))
}

/// The evidence of any other word (`orig`, with `’` already written `'`), through a lowercase copy.
fn other_word_info(m: &Model, hot: &mut HotWords, orig: &str, lower: &mut String) -> WordInfo {
    lower.clear();
    for c in orig.chars() {
        if c.is_ascii() {
            lower.push(c.to_ascii_lowercase());
        } else {
            lower.extend(c.to_lowercase());
        }
    }
    word_info(m, hot, orig, lower)
}

/// Letters of one word, by kind (see [`Evidence`]).
#[derive(Debug, Clone, Copy, Default, PartialEq)]
struct Letters {
    latin: u32,
    non_latin: u32,
    polish: u32,
    foreign: u32,
}

/// One step of the evidence scan of a document, recorded so that its paragraphs can be scored
/// again without scanning their text (see [`route`]).
#[derive(Debug, Clone, Copy, PartialEq)]
enum Step {
    /// A word at `start..end` with its evidence and letters.
    Word { start: u32, end: u32, info: WordInfo, letters: Letters },
    /// A character changing the sentence or quotation state, at byte `pos`.
    Mark { pos: u32, c: char },
}

impl Step {
    fn pos(&self) -> u32 {
        match self {
            Step::Word { start, .. } => *start,
            Step::Mark { pos, .. } => *pos,
        }
    }
}

/// Collect the evidence of a text's words.
fn evidence(text: &str, memo: &mut Memo, steps: Option<&mut Vec<Step>>) -> Evidence {
    HOT_WORDS.with(|h| match h.try_borrow_mut() {
        Ok(mut hot) => evidence_with(text, memo, &mut hot, steps),
        Err(_) => evidence_with(text, memo, &mut HotWords::new(), steps),
    })
}

/// The scan state that follows sentences and quotations.
struct Scan {
    ev: Evidence,
    quoted: Evidence,
    in_quote: bool,
    sentence_start: bool,
}

impl Scan {
    fn new() -> Scan {
        Scan { ev: Evidence::default(), quoted: Evidence::default(), in_quote: false, sentence_start: true }
    }

    /// Count a word with evidence `info` and letters `l`.
    #[inline]
    fn word(&mut self, info: WordInfo, l: &Letters) {
        self.ev.latin += l.latin as usize;
        self.ev.non_latin += l.non_latin as usize;
        self.ev.polish_letters += l.polish as usize;
        self.ev.foreign_letters += l.foreign as usize;
        let target = if self.in_quote { &mut self.quoted } else { &mut self.ev };
        let s = word_score(info, self.sentence_start, target);
        target.score += s;
        target.words += 1;
        self.sentence_start = false;
    }

    /// A character between words.
    #[inline]
    fn mark(&mut self, c: char) {
        match c {
            '.' | '!' | '?' | '…' | ':' => self.sentence_start = true,
            '„' | '“' | '«' => {
                self.in_quote = true;
                self.sentence_start = true;
            }
            '”' | '»' => self.in_quote = false,
            '"' => {
                self.in_quote = !self.in_quote;
                if self.in_quote {
                    self.sentence_start = true;
                }
            }
            _ => {}
        }
    }

    fn finish(self) -> Evidence {
        let (mut ev, quoted) = (self.ev, self.quoted);
        // Words inside quotation marks count half when there is text outside them.
        let qw = if ev.words > 0 { 0.5 } else { 1.0 };
        ev.score += quoted.score * qw;
        ev.words += quoted.words;
        ev.known += quoted.known;
        ev
    }
}

fn is_state_mark(c: char) -> bool {
    matches!(c, '.' | '!' | '?' | '…' | ':' | '„' | '“' | '«' | '”' | '»' | '"')
}

/// The kind of a character, as the word scan counts it: [`NOT_LETTER`], [`POLISH`] (ą ć ę ł ń ś ź ż ó,
/// either case), [`FOREIGN`] (see [`is_foreign_latin`]), another [`LATIN`] letter (below U+0250 or
/// in Latin Extended Additional) or a [`NON_LATIN`] one.
fn letter_class(c: char) -> u8 {
    if !c.is_alphabetic() {
        NOT_LETTER
    } else if is_polish_letter(c) || matches!(c, 'ó' | 'Ó') {
        POLISH
    } else if is_foreign_latin(c) {
        FOREIGN
    } else if (c as u32) < 0x250 || ('\u{1E00}'..='\u{1EFF}').contains(&c) {
        LATIN
    } else {
        NON_LATIN
    }
}

/// [`letter_class`] of every character below U+0250 (Latin-1, Latin Extended-A and -B), where most
/// letters of English and Polish text and of their neighbours are.
fn letter_classes() -> &'static [u8; 0x250] {
    static CLASSES: OnceLock<[u8; 0x250]> = OnceLock::new();
    CLASSES.get_or_init(|| {
        let mut t = [NOT_LETTER; 0x250];
        for (cp, class) in t.iter_mut().enumerate() {
            if let Some(c) = char::from_u32(cp as u32) {
                *class = letter_class(c);
            }
        }
        t
    })
}
const NOT_LETTER: u8 = 0;
const LATIN: u8 = 1;
const POLISH: u8 = 2;
const FOREIGN: u8 = 3;
const NON_LATIN: u8 = 4;

/// Scan `text`: words are runs of letters (an apostrophe between letters stays inside, written
/// `'`), everything else separates them. With `steps`, record the words and state marks.
fn evidence_with(
    text: &str,
    memo: &mut Memo,
    hot: &mut HotWords,
    mut steps: Option<&mut Vec<Step>>,
) -> Evidence {
    let m = model();
    let classes = letter_classes();
    let mut scan = Scan::new();
    let mut lower = String::with_capacity(32);
    // The word with `’` written `'`, when it holds one.
    let mut apos = String::new();
    let b = text.as_bytes();
    let n = b.len();
    let record = n <= u32::MAX as usize;
    if !record {
        steps = None;
    }
    if let Some(st) = steps.as_deref_mut() {
        // About one word in six bytes.
        st.reserve(n / 5 + 8);
    }
    let mut word_start = 0;
    let mut in_word = false;
    // The current word is ASCII letters (and `'`) only.
    let mut ascii = true;
    let mut curly = false;
    let mut letters = Letters::default();
    // The end of the word at `word_start..end`: its evidence, counted and recorded.
    let mut flush = |scan: &mut Scan,
                     steps: &mut Option<&mut Vec<Step>>,
                     start: usize,
                     end: usize,
                     ascii: bool,
                     curly: bool,
                     letters: &Letters| {
        let info = match memo.recorded(start, end) {
            Some(info) => info,
            None => match ascii.then(|| ascii_word_info(m, hot, &b[start..end])).flatten() {
                Some(info) => info,
                None => {
                    let orig = &text[start..end];
                    let word = if curly {
                        apos.clear();
                        apos.extend(orig.chars().map(|c| if c == '’' { '\'' } else { c }));
                        apos.as_str()
                    } else {
                        orig
                    };
                    other_word_info(m, hot, word, &mut lower)
                }
            },
        };
        scan.word(info, letters);
        if let Some(st) = steps.as_deref_mut() {
            st.push(Step::Word { start: start as u32, end: end as u32, info, letters: *letters });
        }
    };
    let mut i = 0;
    while i < n {
        let c0 = b[i];
        let (c, len) = if c0 < 0x80 {
            if c0.is_ascii_alphabetic() {
                if !in_word {
                    in_word = true;
                    word_start = i;
                    ascii = true;
                    curly = false;
                    letters = Letters::default();
                }
                let run = b[i..].iter().position(|x| !x.is_ascii_alphabetic()).unwrap_or(n - i);
                letters.latin += run as u32;
                i += run;
                continue;
            }
            (c0 as char, 1)
        } else {
            // Two-byte characters below U+0250 from the table; the rest through `char`.
            // Two-byte characters below U+0250 from the table; the rest through `char`.
            let (c, len, class) = match b.get(i + 1) {
                Some(&c1) if (0xC2..0xC9).contains(&c0) || (c0 == 0xC9 && c1 < 0x90) => {
                    // A lead byte C2..C9 starts a two-byte character (the text is UTF-8).
                    let cp = (((c0 & 0x1F) as u32) << 6) | (c1 & 0x3F) as u32;
                    let c = char::from_u32(cp).unwrap_or(char::REPLACEMENT_CHARACTER);
                    (c, 2, classes[cp as usize])
                }
                _ => {
                    let Some(c) = text[i..].chars().next() else { break };
                    (c, c.len_utf8(), letter_class(c))
                }
            };
            if class != NOT_LETTER {
                if !in_word {
                    in_word = true;
                    word_start = i;
                    curly = false;
                    letters = Letters::default();
                }
                ascii = false;
                match class {
                    POLISH => {
                        letters.latin += 1;
                        letters.polish += 1;
                    }
                    FOREIGN => {
                        letters.latin += 1;
                        letters.foreign += 1;
                    }
                    LATIN => letters.latin += 1,
                    _ => letters.non_latin += 1, // NON_LATIN
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
            if c == '’' {
                curly = true;
                ascii = false;
            }
            i += len;
            continue;
        }
        if in_word {
            flush(&mut scan, &mut steps, word_start, i, ascii, curly, &letters);
            in_word = false;
        }
        if is_state_mark(c) {
            scan.mark(c);
            if let Some(st) = steps.as_deref_mut() {
                st.push(Step::Mark { pos: i as u32, c });
            }
        }
        i += len;
    }
    if in_word {
        flush(&mut scan, &mut steps, word_start, n, ascii, curly, &letters);
    }
    scan.finish()
}
/// The evidence of the paragraph at `start..end` of a document from the document's recorded
/// steps: the same as scanning the paragraph's text on its own, provided no word runs across
/// the paragraph's edges (see [`clean_edges`]).
fn replay(steps: &[Step], start: usize, end: usize) -> Evidence {
    let a = steps.partition_point(|s| (s.pos() as usize) < start);
    let mut scan = Scan::new();
    for s in &steps[a..] {
        if s.pos() as usize >= end {
            break;
        }
        match s {
            Step::Word { info, letters, .. } => scan.word(*info, letters),
            Step::Mark { c, .. } => scan.mark(*c),
        }
    }
    scan.finish()
}

/// Whether no word of `text` runs across byte `start` or byte `end` (a paragraph's edges): the
/// characters outside are neither letters nor apostrophes.
fn clean_edges(text: &str, start: usize, end: usize) -> bool {
    let outside = |c: Option<char>| !c.is_some_and(|c| c.is_alphabetic() || matches!(c, '\'' | '’'));
    text.is_char_boundary(start)
        && text.is_char_boundary(end)
        && start <= end
        && outside(text[..start].chars().next_back())
        && outside(text[end..].chars().next())
}

/// Map a whatlang language to ours (ISO 639-1 where there is one).
fn from_whatlang(l: whatlang::Lang) -> Lang {
    use whatlang::Lang as W;
    let code = match l {
        W::Eng => return Lang::En,
        W::Pol => return Lang::Pl,
        W::Ces => "cs",
        W::Slk => "sk",
        W::Deu => "de",
        W::Rus => "ru",
        W::Ukr => "uk",
        W::Bel => "be",
        W::Fra => "fr",
        W::Spa => "es",
        W::Ita => "it",
        W::Por => "pt",
        W::Nld => "nl",
        W::Swe => "sv",
        W::Dan => "da",
        W::Nob => "nb",
        W::Fin => "fi",
        W::Hun => "hu",
        W::Ron => "ro",
        W::Hrv => "hr",
        W::Srp => "sr",
        W::Slv => "sl",
        W::Bul => "bg",
        W::Mkd => "mk",
        W::Lit => "lt",
        W::Lav => "lv",
        W::Est => "et",
        W::Tur => "tr",
        W::Ell => "el",
        W::Heb => "he",
        W::Ara => "ar",
        W::Cmn => "zh",
        W::Jpn => "ja",
        W::Kor => "ko",
        W::Hin => "hi",
        W::Lat => "la",
        W::Cat => "ca",
        W::Afr => "af",
        W::Epo => "eo",
        other => other.code(),
    };
    Lang::Other(code)
}

/// whatlang restricted to English and Polish (the baseline this module improves on).
pub fn detect_whatlang_restricted(text: &str) -> Detection {
    static DET: OnceLock<whatlang::Detector> = OnceLock::new();
    let det = DET
        .get_or_init(|| whatlang::Detector::with_allowlist(vec![whatlang::Lang::Eng, whatlang::Lang::Pol]));
    match det.detect(text) {
        Some(info) => Detection { lang: from_whatlang(info.lang()), confidence: info.confidence() as f32 },
        None => Detection::UNKNOWN,
    }
}

/// Is the text in another language than English or Polish? Returns that language when so.
fn other_language(text: &str, ev: &Evidence) -> Option<Detection> {
    let suspicious = ev.non_latin > ev.latin
        || (ev.words >= 3 && ev.foreign_letters >= 2 && ev.foreign_letters > 2 * ev.polish_letters)
        || (ev.words >= 6 && ev.known * 2 < ev.words);
    if !suspicious {
        return None;
    }
    let info = whatlang::detect(text)?;
    let lang = from_whatlang(info.lang());
    if lang.is_supported() {
        return None;
    }
    // A Polish-looking text with some foreign letters: whatlang must be sure to overrule.
    let needed = if ev.non_latin > ev.latin { 0.0 } else { 0.2 };
    (info.confidence() >= needed).then_some(Detection { lang, confidence: info.confidence() as f32 })
}

/// Turn a score (log10 odds of Polish over English) into a detection.
fn decide(score: f32) -> Detection {
    // Words are not independent evidence: halve the log-odds before turning them into a probability.
    let p = 1.0 / (1.0 + 10f32.powf(-score.abs() / 2.0));
    Detection { lang: if score >= 0.0 { Lang::Pl } else { Lang::En }, confidence: p }
}

/// Weak evidence: let whatlang's trigrams add their say.
const WEAK: f32 = 1.0;

fn detect_inner(text: &str, prior: Option<Lang>) -> Detection {
    detect_memo(text, prior, &mut Memo::Off)
}

fn detect_memo(text: &str, prior: Option<Lang>, memo: &mut Memo) -> Detection {
    let ev = evidence(text, memo, None);
    detect_from(text, prior, ev)
}

/// The detection of `text` whose words say `ev`.
fn detect_from(text: &str, prior: Option<Lang>, ev: Evidence) -> Detection {
    if ev.words == 0 {
        return Detection::UNKNOWN;
    }
    if let Some(other) = other_language(text, &ev) {
        return other;
    }
    let mut score = ev.score;
    if score.abs() < WEAK {
        let w = detect_whatlang_restricted(text);
        let sign = match w.lang {
            Lang::Pl => 1.0,
            Lang::En => -1.0,
            _ => 0.0,
        };
        score += sign * (0.3 + w.confidence);
    }
    match prior {
        Some(Lang::Pl) => score += PRIOR,
        Some(Lang::En) => score -= PRIOR,
        _ => {}
    }
    decide(score)
}

/// How much the document's language counts for one of its paragraphs (log10 odds).
const PRIOR: f32 = 1.0;

/// Detect the language of a piece of text (a document, a paragraph, a line, a few words).
pub fn detect(text: &str) -> Detection {
    detect_inner(text, None)
}

/// Label the document and each of its paragraphs.
///
/// The document's language comes from its whole text; a paragraph keeps its own language when its
/// words say so clearly (an English paragraph in a Polish article), and follows the document when
/// they do not. A paragraph with no letters takes the document's language.
///
/// Each word's own evidence (its lookup in the word model) is computed once, in the document pass,
/// and reused by the paragraph passes; the result is the same as detecting each text on its own.
pub fn route(doc: &mut Document) {
    let mut steps = Vec::new();
    let ev = evidence(&doc.text, &mut Memo::Off, Some(&mut steps));
    let d = detect_from(&doc.text, None, ev);
    doc.lang = d.lang;
    doc.lang_confidence = d.confidence;
    let recorded = doc.text.len() <= u32::MAX as usize;
    // The recorded words, for paragraphs whose text must be scanned again.
    let mut words: Option<Vec<(u32, u32, WordInfo)>> = None;
    for p in &mut doc.paragraphs {
        let text = p.span.text(&doc.text);
        let prior = if d.lang.is_supported() { Some(d.lang) } else { None };
        let pd = if recorded && clean_edges(&doc.text, p.span.start, p.span.end) {
            detect_from(text, prior, replay(&steps, p.span.start, p.span.end))
        } else {
            let words = words.get_or_insert_with(|| {
                steps
                    .iter()
                    .filter_map(|s| match *s {
                        Step::Word { start, end, info, .. } => Some((start, end, info)),
                        Step::Mark { .. } => None,
                    })
                    .collect()
            });
            let pos = words.partition_point(|w| (w.0 as usize) < p.span.start);
            detect_memo(text, prior, &mut Memo::Replay { words, pos, base: p.span.start })
        };
        if pd.lang == Lang::Unknown || (!pd.lang.is_supported() && d.lang.is_supported()) {
            p.lang = d.lang;
            p.confidence = d.confidence;
        } else {
            p.lang = pd.lang;
            p.confidence = pd.confidence;
        }
    }
}

/// Given two analysed documents in any order, return (English, Polish, swapped).
/// Errors when a document is in another language or both are the same language.
pub fn order_pair(
    a: Document,
    b: Document,
) -> std::result::Result<(Document, Document, bool), crate::error::Error> {
    use crate::error::Error;
    for d in [&a, &b] {
        if !d.lang.is_supported() {
            return Err(Error::Language(format!(
                "{}: looks like {} ({}, confidence {:.2}), not English or Polish",
                d.name,
                d.lang.name(),
                d.lang.code(),
                d.lang_confidence
            )));
        }
    }
    match (a.lang, b.lang) {
        (Lang::En, Lang::Pl) => Ok((a, b, false)),
        (Lang::Pl, Lang::En) => Ok((b, a, true)),
        (l, _) => Err(Error::Language(format!(
            "{} and {} are both {} ({}): give one English and one Polish article",
            a.name,
            b.name,
            if l == Lang::En { "English" } else { "Polish" },
            l.code()
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const CS: &str = "Vláda v pondělí schválila návrh zákona o státním rozpočtu na příští rok. Ministr financí \
        řekl, že schodek bude nižší, než se původně očekávalo, a že růst ekonomiky se v druhé polovině roku zrychlí.";
    const SK: &str = "Vláda v pondelok schválila návrh zákona o štátnom rozpočte na budúci rok. Minister financií \
        povedal, že schodok bude nižší, ako sa pôvodne očakávalo, a že rast ekonomiky sa v druhom polroku zrýchli.";
    const DE: &str = "Die Bundesregierung hat am Montag den Entwurf des Haushaltsgesetzes für das kommende Jahr \
        beschlossen. Der Finanzminister sagte, das Defizit werde geringer ausfallen als ursprünglich erwartet.";
    const RU: &str =
        "Правительство в понедельник одобрило проект закона о государственном бюджете на следующий год.";
    const PL: &str =
        "Rząd w poniedziałek przyjął projekt ustawy budżetowej na przyszły rok. Minister finansów \
        powiedział, że deficyt będzie niższy, niż pierwotnie oczekiwano.";
    const EN: &str =
        "The government on Monday approved the draft budget law for next year. The finance minister \
        said the deficit would be lower than originally expected.";

    #[test]
    fn english_and_polish_with_confidence() {
        let e = detect(EN);
        let p = detect(PL);
        assert_eq!((e.lang, p.lang), (Lang::En, Lang::Pl));
        assert!(e.confidence > 0.95 && e.confidence <= 1.0, "{e:?}");
        assert!(p.confidence > 0.95 && p.confidence <= 1.0, "{p:?}");
    }

    #[test]
    fn neighbours_are_named_not_taken_for_polish() {
        assert_eq!(detect(CS).lang, Lang::Other("cs"));
        assert_eq!(detect(SK).lang, Lang::Other("sk"));
        assert_eq!(detect(DE).lang, Lang::Other("de"));
        assert_eq!(detect(RU).lang, Lang::Other("ru"));
        assert_eq!(Lang::Other("cs").name(), "Czech");
    }

    #[test]
    fn short_texts() {
        assert_eq!(detect("w Warszawie").lang, Lang::Pl);
        assert_eq!(detect("kot i pies").lang, Lang::Pl);
        assert_eq!(detect("What I said").lang, Lang::En);
        assert_eq!(detect("Prime Minister said").lang, Lang::En);
        assert_eq!(detect("premier powiedział wczoraj").lang, Lang::Pl);
        assert_eq!(detect("1234 — 56").lang, Lang::Unknown);
        assert_eq!(detect("").lang, Lang::Unknown);
    }

    #[test]
    fn english_title_inside_polish_sentence_stays_polish() {
        let t = "Madonna zaśpiewała „Like a Virgin” na koncercie.";
        assert_eq!(detect(t).lang, Lang::Pl);
        let t = "Serial \"The Carrie Diaries\" wraca w poniedziałek";
        assert_eq!(detect(t).lang, Lang::Pl);
    }

    #[test]
    fn polish_article_routes_its_english_paragraph() {
        let text = format!("{PL}\n\n{EN}\n\nTo wszystko.\n\nOK\n");
        let mut doc = crate::ingest::ingest_bytes("x", text.as_bytes(), &Default::default()).unwrap();
        route(&mut doc);
        let langs: Vec<Lang> = doc.paragraphs.iter().map(|p| p.lang).collect();
        assert_eq!(doc.lang, Lang::Pl);
        // "OK" alone says nothing: it follows the document.
        assert_eq!(langs, [Lang::Pl, Lang::En, Lang::Pl, Lang::Pl]);
    }
}
