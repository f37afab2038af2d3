//! Character and word classes the scanner asks at candidate boundaries.

/// Final marks: a run of these may end a sentence.
pub(super) fn is_term(c: char) -> bool {
    matches!(c, '.' | '!' | '?' | '…' | '‽' | '⁇' | '⁈' | '⁉')
}

/// Closing quotation marks and brackets that attach to the sentence they follow.
pub(super) fn is_closer(c: char) -> bool {
    matches!(c, ')' | ']' | '}' | '”' | '’' | '"' | '\'' | '`' | '»' | '«' | '›' | '‹' | '」' | '』')
}

/// Quotation marks among the closers.
pub(super) fn is_quote(c: char) -> bool {
    matches!(c, '”' | '’' | '"' | '\'' | '`' | '»' | '«' | '›' | '‹' | '」' | '』' | '“' | '„')
}

/// Marks that may open a sentence before its first word.
pub(super) fn is_opener(c: char) -> bool {
    matches!(
        c,
        '(' | '['
            | '{'
            | '“'
            | '„'
            | '"'
            | '\''
            | '‘'
            | '‚'
            | '«'
            | '»'
            | '‹'
            | '›'
            | '¿'
            | '¡'
            | '「'
            | '『'
            | '”'
    )
}

/// Quotation marks that may stand detached (after a space) at the end of a quotation: `‘Great!’ ”`.
pub(super) fn is_detached_closer(c: char) -> bool {
    matches!(c, '”' | '’' | '"' | '\'' | '»' | '«')
}

pub(super) fn is_dash(c: char) -> bool {
    matches!(c, '-' | '–' | '—' | '―' | '−')
}

pub(super) fn is_bullet(c: char) -> bool {
    matches!(c, '•' | '▪' | '◦' | '‣' | '⁃' | '●' | '■' | '·')
}

pub(crate) fn is_roman(w: &str) -> bool {
    !w.is_empty()
        && w.len() <= 8
        && w.bytes().all(|b| matches!(b, b'I' | b'V' | b'X' | b'L' | b'C' | b'D' | b'M'))
}

pub(crate) fn is_number(w: &str) -> bool {
    !w.is_empty()
        && w.as_bytes()[0].is_ascii_digit()
        && w.bytes().all(|b| b.is_ascii_digit() || matches!(b, b',' | b'-' | b'/'))
}

/// A quantity before a unit or time: a number with separators or a currency sign ("7",
/// "10:30", "$5", "1,200.50").
pub(super) fn is_quantity(w: &str) -> bool {
    let w = w.trim_start_matches(['$', '£', '€', '~', '+']);
    !w.is_empty()
        && w.as_bytes()[0].is_ascii_digit()
        && w.as_bytes()[w.len() - 1].is_ascii_digit()
        && w.bytes().all(|b| b.is_ascii_digit() || matches!(b, b',' | b'.' | b':' | b'-' | b'/'))
}

/// A dotted token of single capital letters ("P.M", "B.C", "J.D"): also a pair of initials.
pub(super) fn single_caps(tok: &str) -> bool {
    tok.split('.').all(|p| {
        let mut c = p.chars();
        c.next().is_some_and(char::is_uppercase) && c.next().is_none()
    })
}

/// Top-level domains, not sentence openers after a glued period ("Booking.Com").
pub(super) fn is_tld(w: &str) -> bool {
    const TLDS: &[&str] = &[
        "com", "org", "net", "edu", "gov", "mil", "int", "info", "biz", "io", "co", "eu", "uk", "us", "pl",
        "de", "fr", "it", "es", "ru", "ua", "cz", "sk", "tv", "me", "ly", "app", "dev",
    ];
    w.len() <= 4 && TLDS.iter().any(|t| t.eq_ignore_ascii_case(w))
}

/// An acronym: two to five capitals or digits, a capital first ("PKB", "USD", "CO2").
pub(super) fn is_acronym(w: &str) -> bool {
    (2..=5).contains(&w.len())
        && w.as_bytes()[0].is_ascii_uppercase()
        && w.bytes().all(|b| b.is_ascii_uppercase() || b.is_ascii_digit())
}
