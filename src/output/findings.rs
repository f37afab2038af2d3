//! QA findings as text for people (grouped by severity, with a summary line) and as JSON Lines.

use std::io::Write;

use serde_json::{json, Value};

use crate::model::{Document, Span};
use crate::qa::{Finding, Severity};

/// One finding as a JSON object: `{"check", "severity", "en": [{"start","end","text"}], "pl": […], "message",
/// "fingerprint"}`.
/// `doc_id` is set in batch mode.
pub fn finding_json(doc_id: Option<&str>, f: &Finding, en: &Document, pl: &Document) -> Value {
    let spans = |d: &Document, v: &[Span]| -> Value {
        v.iter().map(|s| json!({"start": s.start, "end": s.end, "text": d.slice(*s)})).collect()
    };
    let mut obj = serde_json::Map::new();
    if let Some(id) = doc_id {
        obj.insert("doc".into(), json!(id));
    }
    obj.insert("check".into(), json!(f.check.as_str()));
    obj.insert("severity".into(), json!(f.severity.as_str()));
    obj.insert("en".into(), spans(en, &f.en));
    obj.insert("pl".into(), spans(pl, &f.pl));
    obj.insert("message".into(), json!(f.message));
    obj.insert("fingerprint".into(), json!(crate::qa::config::fingerprint(f, en, pl)));
    Value::Object(obj)
}

/// Write findings as JSON Lines, one object per finding.
pub fn write_jsonl<W: Write + ?Sized>(
    out: &mut W,
    doc_id: Option<&str>,
    findings: &[Finding],
    en: &Document,
    pl: &Document,
) -> std::io::Result<()> {
    write_jsonl_noted(out, doc_id, None, findings, en, pl)
}

/// [`write_jsonl`] with a `"note"` (the last field) on every record when `note` is given.
pub fn write_jsonl_noted<W: Write + ?Sized>(
    out: &mut W,
    doc_id: Option<&str>,
    note: Option<&str>,
    findings: &[Finding],
    en: &Document,
    pl: &Document,
) -> std::io::Result<()> {
    for f in findings {
        let mut v = finding_json(doc_id, f, en, pl);
        if let (Some(n), Value::Object(o)) = (note, &mut v) {
            o.insert("note".into(), json!(n));
        }
        writeln!(out, "{v}")?;
    }
    Ok(())
}

/// "2 errors, 5 warnings, 1 style finding".
pub fn summary_line(findings: &[Finding]) -> String {
    let n = |s: Severity| findings.iter().filter(|f| f.severity == s).count();
    let plural = |k: usize, one: &str, many: &str| format!("{k} {}", if k == 1 { one } else { many });
    format!(
        "{}, {}, {}",
        plural(n(Severity::Error), "error", "errors"),
        plural(n(Severity::Warning), "warning", "warnings"),
        plural(n(Severity::Style), "style finding", "style findings")
    )
}

fn spans_text(v: &[Span]) -> String {
    v.iter().map(|s| format!("{}-{}", s.start, s.end)).collect::<Vec<_>>().join(",")
}

/// Write findings for people: grouped by severity (errors first), each with its check, the byte spans on
/// both sides and the message, then a summary line.
pub fn write_text<W: Write + ?Sized>(out: &mut W, findings: &[Finding]) -> std::io::Result<()> {
    for sev in Severity::ALL {
        let group: Vec<&Finding> = findings.iter().filter(|f| f.severity == sev).collect();
        if group.is_empty() {
            continue;
        }
        let title = match sev {
            Severity::Error => "Errors",
            Severity::Warning => "Warnings",
            Severity::Style => "Style",
        };
        writeln!(out, "== {title} ({}) ==", group.len())?;
        for f in group {
            let mut at = Vec::new();
            if !f.en.is_empty() {
                at.push(format!("EN {}", spans_text(&f.en)));
            }
            if !f.pl.is_empty() {
                at.push(format!("PL {}", spans_text(&f.pl)));
            }
            writeln!(out, "[{}] {}", f.check.as_str(), at.join("  "))?;
            for line in f.message.lines() {
                writeln!(out, "    {line}")?;
            }
        }
        writeln!(out)?;
    }
    writeln!(out, "Summary: {}", summary_line(findings))
}
