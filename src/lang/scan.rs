//! The scan over a text: letter classes, words, quotation state and sentence starts, summed into
//! [`Evidence`].

use super::*;

pub(super) fn is_polish_letter(c: char) -> bool {
    matches!(c, 'ą' | 'ć' | 'ę' | 'ł' | 'ń' | 'ś' | 'ź' | 'ż' | 'Ą' | 'Ć' | 'Ę' | 'Ł' | 'Ń' | 'Ś' | 'Ź' | 'Ż')
}

/// Latin letters that neither English nor Polish uses (Czech, Slovak, German, Romance, Nordic…).
pub(super) fn is_foreign_latin(c: char) -> bool {
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

/// Letters of one word, by kind (see [`Evidence`]).
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub(super) struct Letters {
    pub(super) latin: u32,
    pub(super) non_latin: u32,
    pub(super) polish: u32,
    pub(super) foreign: u32,
}

/// One step of the evidence scan of a text, handed to the scan's caller as it happens, so that
/// [`route`] scores the document's paragraphs in the document's own pass (nothing is kept per word).
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) enum Step {
    /// A word at `start..end` with its evidence and letters.
    Word { start: usize, end: usize, info: WordInfo, letters: Letters },
    /// A character changing the sentence or quotation state, at byte `pos`.
    Mark { pos: usize, c: char },
}

impl Step {
    pub(super) fn pos(&self) -> usize {
        match self {
            Step::Word { start, .. } => *start,
            Step::Mark { pos, .. } => *pos,
        }
    }
}

/// Collect the evidence of a text's words, handing each step of the scan to `on_step`.
pub(super) fn evidence(text: &str, on_step: &mut impl FnMut(Step)) -> Evidence {
    HOT_WORDS.with(|h| match h.try_borrow_mut() {
        Ok(mut hot) => evidence_with(text, &mut hot, on_step),
        Err(_) => evidence_with(text, &mut HotWords::new(), on_step),
    })
}

/// The scan state that follows sentences and quotations.
pub(super) struct Scan {
    pub(super) ev: Evidence,
    pub(super) quoted: Evidence,
    pub(super) in_quote: bool,
    pub(super) sentence_start: bool,
}

impl Scan {
    pub(super) fn new() -> Scan {
        Scan { ev: Evidence::default(), quoted: Evidence::default(), in_quote: false, sentence_start: true }
    }

    /// Count a word with evidence `info` and letters `l`.
    #[inline]
    pub(super) fn word(&mut self, info: WordInfo, l: &Letters) {
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
    pub(super) fn mark(&mut self, c: char) {
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

    pub(super) fn finish(self) -> Evidence {
        let (mut ev, quoted) = (self.ev, self.quoted);
        // Words inside quotation marks count half when there is text outside them.
        let qw = if ev.words > 0 { 0.5 } else { 1.0 };
        ev.score += quoted.score * qw;
        ev.words += quoted.words;
        ev.known += quoted.known;
        ev
    }
}

pub(super) fn is_state_mark(c: char) -> bool {
    matches!(c, '.' | '!' | '?' | '…' | ':' | '„' | '“' | '«' | '”' | '»' | '"')
}

/// The kind of a character, as the word scan counts it: [`NOT_LETTER`], [`POLISH`] (ą ć ę ł ń ś ź ż ó,
/// either case), [`FOREIGN`] (see [`is_foreign_latin`]), another [`LATIN`] letter (below U+0250 or
/// in Latin Extended Additional) or a [`NON_LATIN`] one.
pub(super) fn letter_class(c: char) -> u8 {
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
pub(super) fn letter_classes() -> &'static [u8; 0x250] {
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
pub(super) const NOT_LETTER: u8 = 0;
pub(super) const LATIN: u8 = 1;
pub(super) const POLISH: u8 = 2;
pub(super) const FOREIGN: u8 = 3;
pub(super) const NON_LATIN: u8 = 4;

/// Scan `text`: words are runs of letters (an apostrophe between letters stays inside, written
/// `'`), everything else separates them. Each word and state mark goes to `on_step` as well.
///
/// Kept as one function of about 145 lines: it is the per-byte loop of language routing, and the word
/// state machine, the ASCII fast path and the word lookups share its locals. Splitting it should be
/// measured against the routing benchmark (`benches/lang.rs`) first.
pub(super) fn evidence_with(text: &str, hot: &mut HotWords, on_step: &mut impl FnMut(Step)) -> Evidence {
    let m = model();
    let classes = letter_classes();
    let mut scan = Scan::new();
    let mut lower = String::with_capacity(32);
    // The word with `’` written `'`, when it holds one.
    let mut apos = String::new();
    let b = text.as_bytes();
    let n = b.len();
    let mut word_start = 0;
    let mut in_word = false;
    // The current word is ASCII letters (and `'`) only.
    let mut ascii = true;
    let mut curly = false;
    let mut letters = Letters::default();
    // The end of the word at `word_start..end`: its evidence, counted, and the step to hand on.
    let mut flush =
        |scan: &mut Scan, start: usize, end: usize, ascii: bool, curly: bool, letters: &Letters| {
            let info = match ascii.then(|| ascii_word_info(m, hot, &b[start..end])).flatten() {
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
            };
            scan.word(info, letters);
            Step::Word { start, end, info, letters: *letters }
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
            on_step(flush(&mut scan, word_start, i, ascii, curly, &letters));
            in_word = false;
        }
        if is_state_mark(c) {
            scan.mark(c);
            on_step(Step::Mark { pos: i, c });
        }
        i += len;
    }
    if in_word {
        on_step(flush(&mut scan, word_start, n, ascii, curly, &letters));
    }
    scan.finish()
}
/// Whether no word of `text` runs across byte `start` or byte `end` (a paragraph's edges): the
/// characters outside are neither letters nor apostrophes.
pub(super) fn clean_edges(text: &str, start: usize, end: usize) -> bool {
    let outside = |c: Option<char>| !c.is_some_and(|c| c.is_alphabetic() || matches!(c, '\'' | '’'));
    text.is_char_boundary(start)
        && text.is_char_boundary(end)
        && start <= end
        && outside(text[..start].chars().next_back())
        && outside(text[end..].chars().next())
}
