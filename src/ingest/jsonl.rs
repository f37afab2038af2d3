//! JSON Lines records: one JSON object per line.
//!
//! Two record shapes are read:
//!
//! * an article pair `{"id": "…", "en": "…", "pl": "…"}` (what `bialign batch` aligns), and
//! * a single document `{"id": "…", "text": "…"}`.
//!
//! Other fields are ignored. Blank lines are skipped. A record that is not a JSON object, or whose
//! `id`, `en`, `pl` or `text` is missing or not a string, is an [`Error::Record`] naming the input and
//! the 1-based line number; reading goes on with the next line, so one bad record never hides the
//! others. Lines longer than a limit are refused without being held in memory whole.

use std::io::{BufRead, Read};

use serde_json::Value;

use crate::error::{Error, Result};

/// One JSON Lines record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Record {
    /// An English/Polish article pair. The sides are as labelled by the producer: batch checks the
    /// languages and fixes swapped sides.
    Pair {
        /// The pair's id.
        id: String,
        /// The English article's text.
        en: String,
        /// The Polish article's text.
        pl: String,
    },
    /// A single document.
    Single {
        /// The document's id.
        id: String,
        /// Its text.
        text: String,
    },
}

impl Record {
    /// The record's id.
    pub fn id(&self) -> &str {
        match self {
            Record::Pair { id, .. } | Record::Single { id, .. } => id,
        }
    }
}

fn string_field(obj: &mut serde_json::Map<String, Value>, key: &str) -> std::result::Result<String, String> {
    match obj.remove(key) {
        None => Err(format!("missing field \"{key}\"")),
        Some(Value::String(s)) => Ok(s),
        Some(v) => Err(format!("field \"{key}\" must be a string, not {}", type_name(&v))),
    }
}

fn type_name(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// Longest record id accepted, in bytes: an id is repeated on every output record of its pair, so
/// a long one would multiply the output.
pub const MAX_ID_BYTES: usize = 1024;

/// An id is at most [`MAX_ID_BYTES`] long (the error shows its start).
pub fn check_id(id: &str) -> std::result::Result<(), String> {
    if id.len() <= MAX_ID_BYTES {
        return Ok(());
    }
    let mut cut = 40;
    while !id.is_char_boundary(cut) {
        cut -= 1;
    }
    Err(format!(
        "id of {} bytes (starting {:?}) is over the limit of {MAX_ID_BYTES} bytes",
        id.len(),
        &id[..cut]
    ))
}

/// Parse one line (without its line break). `name` (the input's name) and `line` (1-based) go into
/// error messages. A record with `en` or `pl` is a pair and must have both; otherwise it must have
/// `text`.
pub fn parse_record(name: &str, line: usize, text: &str) -> Result<Record> {
    let err = |reason: String| Error::Record { name: name.to_string(), line, reason };
    let checked = |id: String| -> Result<String> {
        check_id(&id).map_err(&err)?;
        Ok(id)
    };
    let value: Value =
        serde_json::from_str(text).map_err(|e| err(format!("not valid JSON: {}", strip_position(&e))))?;
    let mut obj = match value {
        Value::Object(o) => o,
        other => return Err(err(format!("a record must be a JSON object, not {}", type_name(&other)))),
    };
    let id = checked(string_field(&mut obj, "id").map_err(err)?)?;
    if obj.contains_key("en") || obj.contains_key("pl") {
        let en = string_field(&mut obj, "en").map_err(|r| err(format!("record \"{id}\": {r}")))?;
        let pl = string_field(&mut obj, "pl").map_err(|r| err(format!("record \"{id}\": {r}")))?;
        Ok(Record::Pair { id, en, pl })
    } else if obj.contains_key("text") {
        let text = string_field(&mut obj, "text").map_err(|r| err(format!("record \"{id}\": {r}")))?;
        Ok(Record::Single { id, text })
    } else {
        Err(err(format!("record \"{id}\": needs \"en\" and \"pl\" (a pair) or \"text\" (one document)")))
    }
}

/// The common line read fast: a pair record `{"id", "en", "pl", …}` whose three fields are strings
/// and appear once. Gives exactly what [`parse_record`] gives for such a line, without building a
/// JSON tree; `None` for any other line (blank, malformed, a single document, a field twice, a BOM…),
/// which then goes the general way.
fn fast_pair(line: &[u8]) -> Option<Record> {
    use serde::de::{Deserializer, MapAccess, Visitor};
    struct PairVisitor;
    impl<'de> Visitor<'de> for PairVisitor {
        /// The record and whether it had other fields.
        type Value = (Record, bool);
        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str("a pair record")
        }
        fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> std::result::Result<Self::Value, A::Error> {
            use serde::de::Error as _;
            let (mut id, mut en, mut pl, mut other) = (None, None, None, false);
            // Keys are checked as UTF-8 like every kept string; a key written with escapes cannot be
            // borrowed and sends the line the general way.
            while let Some(key) = map.next_key::<&'de str>()? {
                let slot = match key {
                    "id" => &mut id,
                    "en" => &mut en,
                    "pl" => &mut pl,
                    _ => {
                        // Read like the general way reads it (numbers out of range are errors there).
                        map.next_value::<Value>()?;
                        other = true;
                        continue;
                    }
                };
                if slot.is_some() {
                    return Err(A::Error::custom("field twice"));
                }
                *slot = Some(map.next_value::<String>()?);
            }
            match (id, en, pl) {
                // An overlong id goes the general way, which refuses it.
                (Some(id), Some(en), Some(pl)) if id.len() <= MAX_ID_BYTES => {
                    Ok((Record::Pair { id, en, pl }, other))
                }
                _ => Err(A::Error::custom("not a pair")),
            }
        }
    }
    let mut de = serde_json::Deserializer::from_slice(line);
    let (rec, other) = de.deserialize_map(PairVisitor).ok()?;
    de.end().ok()?;
    // The general way refuses a line with invalid UTF-8 anywhere (every string read above was
    // checked; this keeps it so whatever the parser skips).
    if other && std::str::from_utf8(line).is_err() {
        return None;
    }
    Some(rec)
}

/// One line (without its line break): `None` for a blank line, else its record or error.
fn line_record(name: &str, line: usize, bytes: &[u8]) -> Option<Result<Record>> {
    if let Some(rec) = fast_pair(bytes) {
        return Some(Ok(rec));
    }
    match std::str::from_utf8(bytes) {
        Err(e) => Some(Err(Error::Record {
            name: name.to_string(),
            line,
            reason: format!("not valid UTF-8 (byte {})", e.valid_up_to()),
        })),
        Ok(s) if s.trim().is_empty() => None,
        Ok(s) => Some(parse_record(name, line, s.trim_start_matches('\u{feff}'))),
    }
}

/// serde_json appends "at line 1 column N"; the line is always 1 here, keep only the column.
fn strip_position(e: &serde_json::Error) -> String {
    let msg = e.to_string();
    match msg.rfind(" at line ") {
        Some(i) => format!("{} (column {})", &msg[..i], e.column()),
        None => msg,
    }
}

/// One line read from a JSON Lines input: its 1-based number and the record or the error.
pub type NumberedRecord = (usize, Result<Record>);

/// Reads records one line at a time from any buffered reader, holding at most one line in memory.
pub struct Records<R> {
    reader: R,
    name: String,
    line: usize,
    max_line_bytes: u64,
    buf: Vec<u8>,
    done: bool,
}

impl<R: BufRead> Records<R> {
    /// Read records from `reader`; `name` names the input in errors; lines longer than
    /// `max_line_bytes` are reported as errors (and skipped) instead of being read into memory.
    pub fn new(reader: R, name: &str, max_line_bytes: u64) -> Self {
        Records { reader, name: name.to_string(), line: 0, max_line_bytes, buf: Vec::new(), done: false }
    }

    /// Read one line into `self.buf` (without the line break). Returns Ok(false) at end of input,
    /// Err(len) when the line was over the limit (the rest of it has been skipped).
    fn read_line(&mut self) -> std::io::Result<std::result::Result<bool, u64>> {
        read_line_bounded(&mut self.reader, &mut self.buf, self.max_line_bytes)
    }
}

/// Read one line of `reader` into `buf` (cleared first; the line break and any `\r` before it
/// dropped), holding at most `max` bytes of it. Returns `Ok(Ok(false))` at end of input,
/// `Ok(Err(len))` when the line was over the limit (the rest of it has been read and dropped).
pub fn read_line_bounded<R: BufRead>(
    reader: &mut R,
    buf: &mut Vec<u8>,
    max: u64,
) -> std::io::Result<std::result::Result<bool, u64>> {
    buf.clear();
    let limit = max.saturating_add(2);
    let n = std::io::Read::by_ref(reader).take(limit).read_until(b'\n', buf)?;
    if n == 0 {
        return Ok(Ok(false));
    }
    if buf.last() != Some(&b'\n') && n as u64 == limit {
        // Over the limit: skip to the end of the line without keeping it.
        let mut total = n as u64;
        loop {
            let avail = reader.fill_buf()?;
            if avail.is_empty() {
                break;
            }
            match memchr::memchr(b'\n', avail) {
                Some(i) => {
                    total += i as u64 + 1;
                    reader.consume(i + 1);
                    break;
                }
                None => {
                    let l = avail.len();
                    total += l as u64;
                    reader.consume(l);
                }
            }
        }
        buf.clear();
        buf.shrink_to(1 << 16);
        return Ok(Err(total));
    }
    while matches!(buf.last(), Some(b'\n' | b'\r')) {
        buf.pop();
    }
    Ok(Ok(true))
}

impl<R: BufRead> Iterator for Records<R> {
    type Item = NumberedRecord;

    fn next(&mut self) -> Option<NumberedRecord> {
        while !self.done {
            self.line += 1;
            let line = self.line;
            // A whole line already in the reader's buffer is parsed where it is, without a copy.
            if let Ok(avail) = self.reader.fill_buf() {
                if let Some(i) = memchr::memchr(b'\n', avail) {
                    // The same limit as `read_line` (which takes the line break into account).
                    if (i as u64) < self.max_line_bytes.saturating_add(2) {
                        let mut text = &avail[..i];
                        while let [rest @ .., b'\r'] = text {
                            text = rest;
                        }
                        let rec = line_record(&self.name, line, text);
                        self.reader.consume(i + 1);
                        match rec {
                            Some(r) => return Some((line, r)),
                            None => continue,
                        }
                    }
                }
            }
            match self.read_line() {
                Err(e) => {
                    self.done = true;
                    return Some((
                        line,
                        Err(Error::Record {
                            name: self.name.clone(),
                            line,
                            reason: format!("read error: {e}"),
                        }),
                    ));
                }
                Ok(Ok(false)) => self.done = true,
                Ok(Err(len)) => {
                    return Some((
                        line,
                        Err(Error::Record {
                            name: self.name.clone(),
                            line,
                            reason: format!(
                                "line of {len} bytes is over the limit of {} bytes (raise --max-input-bytes)",
                                self.max_line_bytes
                            ),
                        }),
                    ))
                }
                Ok(Ok(true)) => match line_record(&self.name, line, &self.buf) {
                    Some(r) => return Some((line, r)),
                    None => continue,
                },
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all(input: &str) -> Vec<NumberedRecord> {
        Records::new(input.as_bytes(), "in.jsonl", 1000).collect()
    }

    #[test]
    fn reads_pairs_and_singles_with_line_numbers() {
        let recs = all(
            "{\"id\":\"a\",\"en\":\"Hi.\",\"pl\":\"Cześć.\",\"x\":1}\n\n{\"id\":\"b\",\"text\":\"T\"}\r\n",
        );
        assert_eq!(recs.len(), 2);
        assert_eq!(recs[0].0, 1);
        assert_eq!(
            recs[0].1.as_ref().unwrap(),
            &Record::Pair { id: "a".into(), en: "Hi.".into(), pl: "Cześć.".into() }
        );
        assert_eq!(recs[1].0, 3);
        assert_eq!(recs[1].1.as_ref().unwrap(), &Record::Single { id: "b".into(), text: "T".into() });
    }

    #[test]
    fn missing_and_mistyped_fields_name_the_line() {
        let recs = all("{\"id\":\"a\",\"en\":\"x\"}\n{\"id\":5,\"en\":\"x\",\"pl\":\"y\"}\n{\"id\":\"c\",\"en\":\"x\",\"pl\":[]}\n[1]\n{bad\n{\"id\":\"d\"}\n");
        let msgs: Vec<String> = recs.iter().map(|(_, r)| r.as_ref().unwrap_err().to_string()).collect();
        assert_eq!(msgs[0], "in.jsonl:1: record \"a\": missing field \"pl\"");
        assert_eq!(msgs[1], "in.jsonl:2: field \"id\" must be a string, not a number");
        assert_eq!(msgs[2], "in.jsonl:3: record \"c\": field \"pl\" must be a string, not an array");
        assert!(msgs[3].starts_with("in.jsonl:4: a record must be a JSON object"), "{}", msgs[3]);
        assert!(msgs[4].starts_with("in.jsonl:5: not valid JSON"), "{}", msgs[4]);
        assert!(msgs[5].starts_with("in.jsonl:6: record \"d\": needs"), "{}", msgs[5]);
    }

    #[test]
    fn over_long_line_is_an_error_and_reading_goes_on() {
        let long = format!("{{\"id\":\"a\",\"en\":\"{}\",\"pl\":\"y\"}}\n", "x".repeat(5000));
        let input = format!("{long}{{\"id\":\"b\",\"en\":\"x\",\"pl\":\"y\"}}");
        let recs = all(&input);
        assert_eq!(recs.len(), 2);
        assert!(recs[0].1.as_ref().unwrap_err().to_string().contains("over the limit"));
        assert_eq!(recs[1].0, 2);
        assert_eq!(recs[1].1.as_ref().unwrap().id(), "b");
    }

    /// The general way alone, as `Records` read a line before the fast path existed.
    fn general(line: &[u8]) -> Option<std::result::Result<Record, String>> {
        match std::str::from_utf8(line) {
            Err(e) => Some(Err(format!("x:7: not valid UTF-8 (byte {})", e.valid_up_to()))),
            Ok(s) if s.trim().is_empty() => None,
            Ok(s) => Some(parse_record("x", 7, s.trim_start_matches('\u{feff}')).map_err(|e| e.to_string())),
        }
    }

    #[test]
    fn fast_path_gives_what_the_general_way_gives() {
        let lines: &[&[u8]] = &[
            br#"{"id":"a","en":"Hi.","pl":"Cze\u015b\u0107."}"#,
            br#"  {"pl":"y","x":[1,{"z":null}],"en":"x\n\"q\"","id":"b"}  "#,
            br#"{"id":"a","en":"x","pl":"y","text":"t"}"#,
            br#"{"id":"a","en":"x","pl":"y","en":"z"}"#,
            br#"{"id":"a","\u0065n":"x","pl":"y"}"#,
            br#"{"id":"a","en":"x"}"#,
            br#"{"id":5,"en":"x","pl":"y"}"#,
            br#"{"id":"a","en":"x","pl":"y"} x"#,
            br#"{"id":"a","en":"x","pl":"y"}{"#,
            br#"{"id":"a","text":"t"}"#,
            br#"[{"id":"a","en":"x","pl":"y"}]"#,
            b"\xef\xbb\xbf{\"id\":\"a\",\"en\":\"x\",\"pl\":\"y\"}",
            b"{\"id\":\"a\",\"en\":\"x\",\"pl\":\"y\",\"k\":\"\xff\"}",
            b"{\"id\":\"a\",\"en\":\"\xc3\",\"pl\":\"y\"}",
            b"{\"id\":\"a\",\"en\":\"x\",\"pl\":\"y\",\"\xff\":1}",
            b"   ",
            b"",
            br#"{"id":"a","en":"x","pl":"y","n":1e999}"#,
            br#"{"id":"a","en":"\ud800","pl":"y"}"#,
        ];
        for line in lines {
            let fast = line_record("x", 7, line).map(|r| r.map_err(|e| e.to_string()));
            assert_eq!(fast, general(line), "{}", String::from_utf8_lossy(line));
        }
        assert!(
            fast_pair(lines[0]).is_some() && fast_pair(lines[1]).is_some() && fast_pair(lines[2]).is_some()
        );
        // Nesting around the parser's depth limit.
        for depth in [120, 126, 127, 128, 129, 140] {
            let line =
                format!(r#"{{"id":"a","en":"x","pl":"y","z":{}{}}}"#, "[".repeat(depth), "]".repeat(depth));
            let fast = line_record("x", 7, line.as_bytes()).map(|r| r.map_err(|e| e.to_string()));
            assert_eq!(fast, general(line.as_bytes()), "depth {depth}");
        }
    }

    #[test]
    fn lines_split_across_reads_and_crlf_give_the_same_records() {
        let input = "{\"id\":\"a\",\"en\":\"x\",\"pl\":\"y\"}\r\n\n{\"id\":\"b\",\"en\":\"xx\",\"pl\":\"yy\"}\r\r\n{\"id\":\"c\"}\n{\"id\":\"d\",\"en\":\"x\",\"pl\":\"y\"}";
        let whole: Vec<_> = Records::new(input.as_bytes(), "in", 1000)
            .map(|(n, r)| (n, r.map_err(|e| e.to_string())))
            .collect();
        assert_eq!(whole.iter().map(|r| r.0).collect::<Vec<_>>(), vec![1, 3, 4, 5]);
        assert_eq!(
            whole[1].1.as_ref().unwrap(),
            &Record::Pair { id: "b".into(), en: "xx".into(), pl: "yy".into() }
        );
        for cap in [1, 2, 7, 16, 40] {
            let r = std::io::BufReader::with_capacity(cap, input.as_bytes());
            let small: Vec<_> =
                Records::new(r, "in", 1000).map(|(n, r)| (n, r.map_err(|e| e.to_string()))).collect();
            assert_eq!(small, whole, "buffer of {cap} bytes");
        }
        // The limit counts the same whether the line is in the buffer or not.
        let r = std::io::BufReader::with_capacity(4096, input.as_bytes());
        let limited: Vec<_> = Records::new(r, "in", 30).map(|(_, r)| r.is_ok()).collect();
        let copied: Vec<_> = Records::new(std::io::BufReader::with_capacity(8, input.as_bytes()), "in", 30)
            .map(|(_, r)| r.is_ok())
            .collect();
        assert_eq!(limited, copied);
        assert_eq!(limited, vec![true, false, false, true]);
    }

    #[test]
    fn invalid_utf8_is_a_record_error() {
        let recs: Vec<_> = Records::new(&b"\xff\xfe{}\n"[..], "x", 100).collect();
        assert!(recs[0].1.as_ref().unwrap_err().to_string().contains("not valid UTF-8"));
    }
}
