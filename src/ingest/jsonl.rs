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
    Pair { id: String, en: String, pl: String },
    /// A single document.
    Single { id: String, text: String },
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

/// Parse one line (without its line break). `name` (the input's name) and `line` (1-based) go into
/// error messages. A record with `en` or `pl` is a pair and must have both; otherwise it must have
/// `text`.
pub fn parse_record(name: &str, line: usize, text: &str) -> Result<Record> {
    let err = |reason: String| Error::Record { name: name.to_string(), line, reason };
    let value: Value =
        serde_json::from_str(text).map_err(|e| err(format!("not valid JSON: {}", strip_position(&e))))?;
    let mut obj = match value {
        Value::Object(o) => o,
        other => return Err(err(format!("a record must be a JSON object, not {}", type_name(&other)))),
    };
    let id = string_field(&mut obj, "id").map_err(err)?;
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
        self.buf.clear();
        let limit = self.max_line_bytes.saturating_add(2);
        let n = std::io::Read::by_ref(&mut self.reader).take(limit).read_until(b'\n', &mut self.buf)?;
        if n == 0 {
            return Ok(Ok(false));
        }
        if self.buf.last() != Some(&b'\n') && n as u64 == limit {
            // Over the limit: skip to the end of the line without keeping it.
            let mut total = n as u64;
            loop {
                let avail = self.reader.fill_buf()?;
                if avail.is_empty() {
                    break;
                }
                match memchr::memchr(b'\n', avail) {
                    Some(i) => {
                        total += i as u64 + 1;
                        self.reader.consume(i + 1);
                        break;
                    }
                    None => {
                        let l = avail.len();
                        total += l as u64;
                        self.reader.consume(l);
                    }
                }
            }
            self.buf.clear();
            return Ok(Err(total));
        }
        while matches!(self.buf.last(), Some(b'\n' | b'\r')) {
            self.buf.pop();
        }
        Ok(Ok(true))
    }
}

impl<R: BufRead> Iterator for Records<R> {
    type Item = NumberedRecord;

    fn next(&mut self) -> Option<NumberedRecord> {
        while !self.done {
            self.line += 1;
            let line = self.line;
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
                Ok(Ok(true)) => {
                    let bytes = std::mem::take(&mut self.buf);
                    let res = match std::str::from_utf8(&bytes) {
                        Err(e) => Err(Error::Record {
                            name: self.name.clone(),
                            line,
                            reason: format!("not valid UTF-8 (byte {})", e.valid_up_to()),
                        }),
                        Ok(s) if s.trim().is_empty() => {
                            self.buf = bytes;
                            continue;
                        }
                        Ok(s) => parse_record(&self.name, line, s.trim_start_matches('\u{feff}')),
                    };
                    self.buf = bytes;
                    return Some((line, res));
                }
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

    #[test]
    fn invalid_utf8_is_a_record_error() {
        let recs: Vec<_> = Records::new(&b"\xff\xfe{}\n"[..], "x", 100).collect();
        assert!(recs[0].1.as_ref().unwrap_err().to_string().contains("not valid UTF-8"));
    }
}
