//! Deciding a candidate boundary from the word before the marks and what follows.

use super::*;

impl<'a> Text<'a> {
    /// Whether the run of marks at `rs` (with the given shape) ends a sentence before `next`.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn decide(
        &self,
        rs: usize,
        dots: usize,
        has_q: bool,
        ell: bool,
        spaced: bool,
        quote: bool,
        next: &Next<'a>,
    ) -> bool {
        match next.kind {
            // A quotation opening with a lower-case word after a plain sentence end:
            // `… in London. "eFootball is …`; decided like a capitalised word.
            Kind::Lower if next.opener && !ell && !has_q => {}
            Kind::Lower | Kind::Punct => return false,
            Kind::Bullet => return true,
            Kind::Dash => {
                if quote {
                    return false;
                }
                let after = next.at + self.char_at(next.at).map_or(1, char::len_utf8);
                let k = self.skip_ws(after);
                return self.char_at(k).is_some_and(|c| c.is_uppercase() || is_opener(c));
            }
            Kind::Upper | Kind::Digit | Kind::Other => {}
        }
        let detached = rs == self.sent_start || self.prev_char(rs).is_some_and(char::is_whitespace);
        if has_q {
            return !(quote && self.reporting_follows(next));
        }
        if ell {
            // ". .. This", ". … It’s": the ellipsis opens the next sentence. A spaced ". . ."
            // after a mark ends its sentence ("workplace? . . . Next").
            if detached && !spaced && self.leading_position(rs) {
                return false;
            }
            // A pause inside the sentence before a word whose capital says nothing ("I thought...
            // I would"); four dots are a period and an ellipsis.
            if dots <= 3
                && !quote
                && !next.opener
                && next.kind == Kind::Upper
                && self.r.language.continues_after_ellipsis(next.word)
            {
                return false;
            }
            return !(quote && self.reporting_follows(next));
        }
        if detached || dots == 0 {
            return true;
        }
        // A period closed by a quotation mark ends its sentence, abbreviation or not
        // (`… 2.0.”. Siostra`, `… in the U.S.” Then`).
        if quote {
            return next.kind != Kind::Lower;
        }
        if next.kind == Kind::Lower {
            // only an ordinary word before the period lets a lower-case quotation open a sentence
            return self.period(rs, next) && self.plain_word_before(rs);
        }
        self.period(rs, next)
    }

    /// The word before `rs` is an ordinary word: not listed, no inner period, not an initial.
    pub(super) fn plain_word_before(&self, rs: usize) -> bool {
        let (_, tok) = self.token_before(rs);
        tok.chars().count() > 1 && !tok.contains('.') && self.r.abbrev(tok).is_none()
    }

    /// The marks at `rs` follow a word that is a dotted abbreviation or acronym (U.S., e.g.).
    pub(super) fn inside_token(&self, rs: usize) -> bool {
        let (_, tok) = self.token_before(rs);
        tok.contains('.')
    }

    /// An ellipsis at `rs` opens a sentence: at its start, or right after another final mark.
    pub(super) fn leading_position(&self, rs: usize) -> bool {
        if rs == self.sent_start {
            return true;
        }
        let mut k = rs;
        while let Some(c) = self.prev_char(k) {
            if c.is_whitespace() {
                k -= c.len_utf8();
            } else {
                return is_term(c) || is_closer(c) || k == self.sent_start;
            }
        }
        true
    }

    /// After a quotation closing with `?`, `!` or `…`: a capitalised name and a reporting verb
    /// ("…?” Harris asks) continue the sentence.
    pub(super) fn reporting_follows(&self, next: &Next<'a>) -> bool {
        let mut pos = next.at;
        let mut caps = 0;
        for _ in 0..5 {
            let w = self.word_at(pos);
            let Some(c) = w.chars().next() else { return false };
            if c.is_uppercase() {
                caps += 1;
                pos += w.len();
                // allow "Amy B. Harris", "Harris,"… only plain spaces and initials' periods
                while pos < self.b.len() && matches!(self.b[pos], b'.' | b' ') {
                    pos += 1;
                }
                continue;
            }
            return caps >= 1 && self.r.is_reporting(w);
        }
        false
    }

    /// A single period at `rs` after a word, before an upper-case word, digit or symbol.
    pub(super) fn period(&self, rs: usize, next: &Next<'a>) -> bool {
        let (tok_start, tok) = self.token_before(rs);
        let Some(last) = tok.chars().next_back() else { return true };
        if !last.is_alphanumeric() {
            // a listed abbreviation ending in a symbol: "N°. 1026"
            return match matches!(last, '°' | 'º').then(|| self.r.abbrev_entry(tok)).flatten() {
                Some((class, mask)) => self.apply(class, mask, tok_start, tok, next),
                None => true,
            };
        }
        // (one pass over the bytes for the three ASCII marks)
        let (mut at_or_slash, mut dotted) = (false, false);
        for &x in tok.as_bytes() {
            at_or_slash |= x == b'@' || x == b'/';
            dotted |= x == b'.';
        }
        if at_or_slash {
            return true;
        }
        if dotted {
            let parts_ok = tok
                .split('.')
                .all(|p| !p.is_empty() && p.chars().count() <= 4 && p.chars().all(char::is_alphabetic));
            if parts_ok {
                let (class, mask) = self.r.abbrev_entry(tok).unwrap_or((Abbr::Amb, 0));
                return self.apply(class, mask, tok_start, tok, next);
            }
            if tok.split('.').all(is_number) {
                return self.number(tok_start, tok, next);
            }
            return true; // a domain or file name: example.com.
        }
        if is_number(tok) {
            return self.number(tok_start, tok, next);
        }
        let mut chars = tok.chars();
        let first = chars.next().unwrap_or(' ');
        let single = chars.next().is_none();
        if let Some((class, mask)) = self.r.abbrev_entry(tok) {
            return self.apply(class, mask, tok_start, tok, next);
        }
        if single && first.is_uppercase() {
            // An initial (Amy B. Harris, George H. W. Bush) unless a typical sentence opener follows.
            return next.kind == Kind::Upper && next.word.chars().count() > 1 && self.r.is_starter(next.word);
        }
        true
    }

    /// Decide a listed abbreviation `tok` (starting at `tok_start`) of `class`, with the
    /// continuation groups `mask`.
    pub(super) fn apply(&self, class: Abbr, mask: u32, tok_start: usize, tok: &str, next: &Next<'a>) -> bool {
        if let Some(d) = self.r.language.own_class(self, class, tok_start, next) {
            return d;
        }
        let starter = || next.kind == Kind::Upper && self.r.is_starter(next.word);
        match class {
            Abbr::Title | Abbr::Inner => false,
            // after a number it is a unit ("3 godz. Posłowie", "3 pkt. proc."): decided like
            // a count unit; before a number it never ends ("No. 5", "godz. 19.30")
            Abbr::Num if is_number(self.prev_token(tok_start)) => {
                next.kind != Kind::Digit && self.count_ends(mask, next)
            }
            Abbr::Num => next.kind != Kind::Digit && (next.opener || starter()),
            Abbr::Amb => next.kind != Kind::Digit && (next.opener || starter()),
            Abbr::End => true,
            Abbr::Year => {
                let prev = self.prev_token(tok_start);
                let after_number = is_number(prev) || is_roman(prev);
                if after_number {
                    !self.date_opens_sentence(self.prev_start(tok_start, prev))
                } else {
                    next.kind != Kind::Digit && (next.opener || starter())
                }
            }
            Abbr::Count => {
                // after a number, or a number and another unit: "10 tys.", "5 mln zł."
                let prev = self.prev_token(tok_start);
                // (the other unit a count or a unit of the `num` class: "3 pkt. proc.")
                let counted = is_number(prev)
                    || (matches!(self.r.abbrev(prev.trim_end_matches('.')), Some(Abbr::Count | Abbr::Num))
                        && is_number(self.prev_token(self.prev_start(tok_start, prev))));
                counted && next.kind != Kind::Digit && self.count_ends(mask, next)
            }
            Abbr::Final | Abbr::Unit => {
                let prev = self.prev_token(tok_start);
                let after_number = is_quantity(prev);
                if class == Abbr::Unit && !after_number {
                    return true; // an ordinary word: "Come in."
                }
                if class == Abbr::Final && !after_number && single_caps(tok) {
                    // initials (A.D. Morgan) or an acronym: decided like an unlisted one
                    return next.kind != Kind::Digit && (next.opener || starter());
                }
                if next.quote {
                    return true;
                }
                // a number after a phrase-final abbreviation of a quantity opens a sentence
                // ("… at 9 p.m. 12 people were held"); a unit goes on ("7 ft. 2 in.")
                if class == Abbr::Final && after_number && next.kind == Kind::Digit && !next.opener {
                    return true;
                }
                if next.kind != Kind::Upper || next.opener {
                    return false;
                }
                if starter() {
                    return true;
                }
                let phrase_start = if after_number { self.prev_start(tok_start, prev) } else { tok_start };
                !(self.r.continues(mask, next.word)
                    || self.followed_by_time(next)
                    || self.date_opens_sentence(phrase_start))
            }
            // Decided by the language (`own_class`); elsewhere like an ambiguous abbreviation.
            Abbr::Saint | Abbr::Patron => next.kind != Kind::Digit && (next.opener || starter()),
        }
    }

    /// Whether a count unit after a number ends the sentence before `next`: an opening mark, or
    /// a capitalised word that does not continue the counted phrase (a listed continuation of
    /// the unit's groups `mask`, an acronym: "5 proc. PKB", or a word the language says
    /// continues a count: "200 tys. Ukraińców").
    fn count_ends(&self, mask: u32, next: &Next<'a>) -> bool {
        next.opener
            || (next.kind == Kind::Upper
                && !(self.r.continues(mask, next.word)
                    || is_acronym(next.word)
                    || self.r.language.continues_count(next.word)))
    }

    /// The word after `next` is "time" ("6 p.m. Moscow time", "10 a.m. Eastern Time").
    pub(super) fn followed_by_time(&self, next: &Next<'a>) -> bool {
        let k = next.at + next.word.len();
        if self.b.get(k) != Some(&b' ') {
            return false;
        }
        let w = self.word_at(k + 1);
        w == "time" || w == "Time"
    }

    /// Skip ASCII spaces from `i`.
    pub(super) fn skip_plain_spaces(&self, mut i: usize) -> usize {
        while i < self.b.len() && self.b[i] == b' ' {
            i += 1;
        }
        i
    }

    /// The whitespace-separated token before `tok_start` within the sentence.
    pub(crate) fn prev_token(&self, tok_start: usize) -> &'a str {
        let mut end = tok_start;
        while let Some(c) = self.prev_char(end) {
            if end <= self.sent_start || !c.is_whitespace() {
                break;
            }
            end -= c.len_utf8();
        }
        let mut k = end;
        while k > self.sent_start && end - k < 48 {
            match self.prev_char(k) {
                Some(c) if !c.is_whitespace() => k -= c.len_utf8(),
                _ => break,
            }
        }
        &self.s[k..end]
    }

    /// Where `prev` (returned by `prev_token(tok_start)`) starts.
    pub(crate) fn prev_start(&self, tok_start: usize, prev: &str) -> usize {
        let mut end = tok_start;
        while let Some(c) = self.prev_char(end) {
            if end <= self.sent_start || !c.is_whitespace() {
                break;
            }
            end -= c.len_utf8();
        }
        end - prev.len()
    }

    /// Whether the date or time phrase ending with the number at `start` opens the sentence
    /// or a clause after a colon ("W 2013 r. Sąd…", "8 kwietnia 2013 r. Kowalski…", "At 5 a.m.
    /// Mr. Smith…", "He noted: In 44 B.C. Caesar died"): every word before it is a number, a
    /// Roman numeral or a date word of the language (month names, prepositions). Then the
    /// abbreviation after it does not end the sentence.
    pub(super) fn date_opens_sentence(&self, start: usize) -> bool {
        // a date phrase opening a sentence is short: the words before it are read backwards,
        // at most 8 of them within 120 bytes, which keeps the scan bounded
        let start = start.max(self.sent_start);
        let mut from = start.saturating_sub(120).max(self.sent_start);
        while !self.s.is_char_boundary(from) {
            from += 1;
        }
        let window = &self.s[from..start];
        for (count, w) in window.split_whitespace().rev().enumerate() {
            if count >= 8 {
                return false;
            }
            // a clause after a colon: "He noted: In 44 B.C. Caesar died."
            if w.ends_with([':', ';']) {
                return true;
            }
            let w = w.trim_matches(|c: char| !c.is_alphanumeric() && c != '-' && c != '–');
            // "r." and "w." of a Polish date ("W 300 r. p.n.e. Rzymianie …")
            let year_unit = w.len() <= 2 && self.r.abbrev(w) == Some(Abbr::Year);
            if !(w.is_empty() || is_number(w) || is_roman(w) || year_unit || self.r.is_date_word(w)) {
                return false;
            }
        }
        // every word of the window is part of the date: it opens the sentence if the window does
        from == self.sent_start
    }

    /// A period after a number.
    pub(super) fn number(&self, tok_start: usize, tok: &str, next: &Next<'a>) -> bool {
        // "1. The first point": a list marker opening the sentence.
        if tok_start == self.sent_start {
            return false;
        }
        self.r.language.number_ends_sentence(self, tok, next)
    }

    /// The rules of the paragraph's language.
    pub(crate) fn rules(&self) -> &'static Rules {
        self.r
    }

    /// Where the current sentence starts.
    pub(crate) fn sentence_start(&self) -> usize {
        self.sent_start
    }

    /// The word after `next` on the same line (after plain spaces).
    pub(crate) fn second_word(&self, next: &Next<'a>) -> &'a str {
        self.word_at(self.skip_plain_spaces(next.at + next.word.len()))
    }
}
