//! QA findings as an XLSX workbook (`qa --format xlsx`), written with `rust_xlsxwriter`: one sheet,
//! one row per finding, a frozen header row with an autofilter.
//!
//! The columns are the fields of the JSON Lines findings ([`finding_json`]), in their order, after an
//! `id` column (F1, F2… within each pair, as the HTML report numbers them): a field holding spans
//! becomes two columns, `<field>_span` (`start-end`, comma-separated) and `<field>_text` (the texts,
//! ` | ` between them, as the report's CSV export writes them). A cell holds at most Excel's 32,767
//! characters; a longer text is cut there and ends with `…`.
//!
//! Only the command line writes it (the `cli` feature).

use std::io::{self, Write};

use rust_xlsxwriter::{Format, Workbook, XlsxError};
use serde_json::Value;

use super::findings::finding_json;
use crate::model::Document;
use crate::qa::{Check, Finding, Severity};

/// The most characters Excel keeps in one cell.
const MAX_CELL_CHARS: usize = 32_767;
/// The most rows of a sheet, the header included.
const MAX_ROWS: usize = 1_048_576;

/// One column: its header and what it shows of a field.
#[derive(Debug, Clone, PartialEq)]
enum Column {
    /// The finding's number within its pair.
    Id,
    /// A field as it is (text, number).
    Field(String),
    /// The `start-end` spans of a field of spans.
    Spans(String),
    /// The texts of a field of spans.
    Texts(String),
}

impl Column {
    fn header(&self) -> String {
        match self {
            Column::Id => "id".into(),
            Column::Field(k) => k.clone(),
            Column::Spans(k) => format!("{k}_span"),
            Column::Texts(k) => format!("{k}_text"),
        }
    }
}

/// Whether a field of a finding holds spans (the `en` and `pl` fields).
fn is_spans(v: &Value) -> bool {
    v.as_array().is_some()
}

/// The columns of `records`: those of a finding as [`finding_json`] writes it (with `doc` when the
/// records have one), then any other field the records carry (a note), in first-seen order.
fn columns(records: &[Value]) -> Vec<Column> {
    let doc = records.iter().any(|r| r.get("doc").is_some());
    let shape = Finding {
        check: Check::ALL[0],
        severity: Severity::Error,
        en: Vec::new(),
        pl: Vec::new(),
        message: String::new(),
    };
    let empty = Document::default();
    let template = finding_json(doc.then_some(""), &shape, &empty, &empty);
    let mut keys: Vec<(String, bool)> = Vec::new();
    for r in std::iter::once(&template).chain(records) {
        for (k, v) in r.as_object().into_iter().flatten() {
            if !keys.iter().any(|(have, _)| have == k) {
                keys.push((k.clone(), is_spans(v)));
            }
        }
    }
    let mut cols = vec![Column::Id];
    for (k, spans) in keys {
        if spans {
            cols.push(Column::Spans(k.clone()));
            cols.push(Column::Texts(k));
        } else {
            cols.push(Column::Field(k));
        }
    }
    cols
}

/// The value of one cell.
enum Cell {
    Text(String),
    Number(f64),
}

/// The cell of column `c` for record `r`, the `id`-th finding of its pair.
fn cell(c: &Column, id: usize, r: &Value) -> Cell {
    let field = |k: &str| r.get(k).unwrap_or(&Value::Null);
    let spans = |k: &str| field(k).as_array().map(Vec::as_slice).unwrap_or(&[]).to_vec();
    let text = match c {
        Column::Id => format!("F{id}"),
        Column::Field(k) => match field(k) {
            Value::Null => String::new(),
            Value::String(s) => s.clone(),
            Value::Number(n) => return n.as_f64().map_or_else(|| Cell::Text(n.to_string()), Cell::Number),
            other => other.to_string(),
        },
        Column::Spans(k) => {
            spans(k).iter().map(|s| format!("{}-{}", s["start"], s["end"])).collect::<Vec<_>>().join(",")
        }
        Column::Texts(k) => {
            spans(k).iter().map(|s| s["text"].as_str().unwrap_or("")).collect::<Vec<_>>().join(" | ")
        }
    };
    Cell::Text(text)
}

/// `s` cut to what one cell keeps.
fn fit(mut s: String) -> String {
    if let Some((at, _)) = s.char_indices().nth(MAX_CELL_CHARS) {
        let keep = s.char_indices().nth(MAX_CELL_CHARS - 1).map_or(at, |(i, _)| i);
        s.truncate(keep);
        s.push('…');
    }
    s
}

fn xlsx_err(e: XlsxError) -> io::Error {
    io::Error::other(format!("cannot build the XLSX workbook: {e}"))
}

/// The workbook of `records`, findings as [`finding_json`] writes them (with `doc` in batch), in
/// order: the bytes of an XLSX file.
pub fn workbook(records: &[Value]) -> io::Result<Vec<u8>> {
    if records.len() >= MAX_ROWS {
        return Err(io::Error::other(format!(
            "{} findings do not fit one XLSX sheet (at most {})",
            records.len(),
            MAX_ROWS - 1
        )));
    }
    let cols = columns(records);
    let mut wb = Workbook::new();
    let ws = wb.add_worksheet();
    ws.set_name("findings").map_err(xlsx_err)?;
    let bold = Format::new().set_bold();
    let last_col = (cols.len() - 1) as u16;
    for (c, col) in cols.iter().enumerate() {
        ws.write_string_with_format(0, c as u16, col.header(), &bold).map_err(xlsx_err)?;
    }
    let (mut doc, mut id) = (None::<&Value>, 0);
    for (n, r) in records.iter().enumerate() {
        // Numbered within each pair, as its HTML report numbers them.
        let this = r.get("doc");
        id = if n > 0 && this == doc { id + 1 } else { 1 };
        doc = this;
        let row = (n + 1) as u32;
        for (c, col) in cols.iter().enumerate() {
            match cell(col, id, r) {
                Cell::Text(s) => ws.write_string(row, c as u16, fit(s)).map(|_| ()),
                Cell::Number(x) => ws.write_number(row, c as u16, x).map(|_| ()),
            }
            .map_err(xlsx_err)?;
        }
    }
    ws.set_freeze_panes(1, 0).map_err(xlsx_err)?;
    ws.autofilter(0, 0, records.len() as u32, last_col).map_err(xlsx_err)?;
    for (c, col) in cols.iter().enumerate() {
        let width = match col {
            Column::Id => 6.0,
            Column::Field(k) if k == "message" => 60.0,
            Column::Texts(_) => 45.0,
            _ => 16.0,
        };
        ws.set_column_width(c as u16, width).map_err(xlsx_err)?;
    }
    wb.save_to_buffer().map_err(xlsx_err)
}

/// Write the findings of one pair (`doc_id` in batch) as an XLSX file.
pub fn write_findings<W: Write + ?Sized>(
    out: &mut W,
    doc_id: Option<&str>,
    findings: &[Finding],
    en: &Document,
    pl: &Document,
) -> io::Result<()> {
    let records: Vec<Value> = findings.iter().map(|f| finding_json(doc_id, f, en, pl)).collect();
    out.write_all(&workbook(&records)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_follow_the_json_fields_and_spans_split_in_two() {
        let heads: Vec<String> = columns(&[]).iter().map(Column::header).collect();
        assert_eq!(
            heads,
            ["id", "check", "severity", "en_span", "en_text", "pl_span", "pl_text", "message", "fingerprint"]
        );
        let with_doc = [serde_json::json!({"doc": "a", "check": "x", "note": "n"})];
        let heads: Vec<String> = columns(&with_doc).iter().map(Column::header).collect();
        assert_eq!(heads.first().map(String::as_str), Some("id"));
        assert_eq!(heads.get(1).map(String::as_str), Some("doc"));
        assert_eq!(heads.last().map(String::as_str), Some("note"));
    }

    #[test]
    fn a_long_text_is_cut_to_one_cell() {
        let s = fit("ż".repeat(MAX_CELL_CHARS + 10));
        assert_eq!(s.chars().count(), MAX_CELL_CHARS);
        assert!(s.ends_with('…'));
        assert_eq!(fit("short".into()), "short");
    }
}
