//! What a reviewer configures: which checks run, their severities, and the ignore list of findings
//! marked as false.
//!
//! A finding's [`fingerprint`] depends on its check and on the normalised text of both sides (not on
//! offsets), so a finding keeps its fingerprint when the text around it is edited and an ignore list
//! written once holds for later runs.

use std::collections::HashSet;

use super::{Check, Finding, Severity};
use crate::model::{Document, Span};

/// The text of a side as a fingerprint sees it: the spans' texts folded (lower case, no diacritics),
/// runs of whitespace as one space, sides of several spans joined by ` | `.
fn side_text(doc: &Document, spans: &[Span]) -> String {
    let mut out = String::new();
    for (k, s) in spans.iter().enumerate() {
        if k > 0 {
            out.push_str(" | ");
        }
        let folded = crate::lexicon::names::fold(doc.slice(*s));
        out.push_str(&folded.split_whitespace().collect::<Vec<_>>().join(" "));
    }
    out
}

/// FNV-1a, 64 bits: stable across runs, platforms and versions (unlike the standard library's hasher).
fn fnv1a(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

/// The finding's fingerprint: 16 hexadecimal digits of a hash of the check and the normalised text of
/// its English and Polish spans.
pub fn fingerprint(f: &Finding, en: &Document, pl: &Document) -> String {
    let key = format!("{}\u{1f}{}\u{1f}{}", f.check.as_str(), side_text(en, &f.en), side_text(pl, &f.pl));
    format!("{:016x}", fnv1a(key.as_bytes()))
}

/// Fingerprints of findings marked as false: one per line (its first field; a tab may follow with a
/// note), `#` starts a comment line.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct IgnoreList {
    /// The fingerprints, lower case.
    pub fingerprints: HashSet<String>,
}

impl IgnoreList {
    /// Parse an ignore list; an error names the 1-based line that is not a fingerprint.
    pub fn parse(text: &str) -> Result<IgnoreList, String> {
        let mut fingerprints = HashSet::new();
        for (i, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let fp = line.split(['\t', ' ', ',']).next().unwrap_or("").trim_matches('"');
            if fp.len() != 16 || !fp.bytes().all(|b| b.is_ascii_hexdigit()) {
                return Err(format!(
                    "line {}: {fp:?} is not a finding fingerprint (16 hexadecimal digits)",
                    i + 1
                ));
            }
            fingerprints.insert(fp.to_ascii_lowercase());
        }
        Ok(IgnoreList { fingerprints })
    }

    /// Read and parse the ignore list in `path`; an error names the file (and the line).
    pub fn read(path: &std::path::Path) -> crate::Result<IgnoreList> {
        let bad = |reason: String| crate::Error::Usage(format!("{}: {reason}", path.display()));
        let text = std::fs::read_to_string(path).map_err(|e| bad(e.to_string()))?;
        IgnoreList::parse(&text).map_err(bad)
    }

    /// Is the finding with fingerprint `fp` marked false?
    pub fn contains(&self, fp: &str) -> bool {
        self.fingerprints.contains(fp)
    }
}

/// The checks left out when only `only` run (all when `None`) and `skip` are skipped.
pub fn disabled_checks(only: Option<&[Check]>, skip: &[Check]) -> Vec<Check> {
    Check::ALL
        .into_iter()
        .filter(|c| only.is_some_and(|only| !only.contains(c)) || skip.contains(c))
        .collect()
}

/// Parse a comma-separated list of check ids (`name-mismatch,quote-marks`); an error names the unknown id.
pub fn parse_checks(list: &str) -> Result<Vec<Check>, String> {
    list.split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|s| Check::parse(s).ok_or_else(|| format!("unknown check {s:?} (known: {})", known_checks())))
        .collect()
}

/// Parse a severity name.
pub fn parse_severity(s: &str) -> Result<Severity, String> {
    match s.trim() {
        "error" => Ok(Severity::Error),
        "warning" => Ok(Severity::Warning),
        "style" | "info" => Ok(Severity::Style),
        other => Err(format!("unknown severity {other:?} (known: error, warning, style)")),
    }
}

/// Parse `CHECK=SEVERITY` (`length-ratio=warning`).
pub fn parse_severity_override(s: &str) -> Result<(Check, Severity), String> {
    let (c, v) = s.split_once('=').ok_or_else(|| format!("{s:?} is not CHECK=SEVERITY"))?;
    let check =
        Check::parse(c.trim()).ok_or_else(|| format!("unknown check {c:?} (known: {})", known_checks()))?;
    Ok((check, parse_severity(v)?))
}

fn known_checks() -> String {
    Check::ALL.iter().map(Check::as_str).collect::<Vec<_>>().join(", ")
}

/// Whether any finding is at `level` or worse (what `--fail-on` gates on).
pub fn fails(findings: &[Finding], level: Severity) -> bool {
    findings.iter().any(|f| f.severity <= level)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn doc(text: &str) -> Document {
        Document { text: text.into(), ..Default::default() }
    }

    fn finding(check: Check, en: Span, pl: Span) -> Finding {
        Finding { check, severity: Severity::Error, en: vec![en], pl: vec![pl], message: String::new() }
    }

    #[test]
    fn fingerprints_follow_the_text_not_the_offsets() {
        let (en, pl) = (doc("He paid 30 pounds."), doc("Zapłacił 40 funtów."));
        let f = finding(Check::NumberMismatch, Span::new(8, 10), Span::new(10, 12));
        // The same words elsewhere in an edited text, with other spacing and case.
        let (en2, pl2) = (doc("Intro.  He paid 30 pounds."), doc("Wstęp. Zapłacił 40 funtów."));
        let g = finding(Check::NumberMismatch, Span::new(16, 18), Span::new(18, 20));
        assert_eq!(fingerprint(&f, &en, &pl), fingerprint(&g, &en2, &pl2));
        // Another check or other text: another fingerprint.
        let h = finding(Check::NameMismatch, Span::new(8, 10), Span::new(10, 12));
        assert_ne!(fingerprint(&f, &en, &pl), fingerprint(&h, &en, &pl));
        let pl3 = doc("Zapłacił 50 funtów.");
        assert_ne!(fingerprint(&f, &en, &pl), fingerprint(&f, &en, &pl3));
        assert_eq!(fingerprint(&f, &en, &pl).len(), 16);
    }

    #[test]
    fn ignore_lists_and_check_lists_parse_or_name_the_problem() {
        let l =
            IgnoreList::parse("# marked false\n0123456789abcdef\tname-mismatch Archie\n\nFEDCBA9876543210\n")
                .unwrap();
        assert!(l.contains("0123456789abcdef") && l.contains("fedcba9876543210"));
        assert_eq!(l.fingerprints.len(), 2);
        let e = IgnoreList::parse("0123456789abcdef\nnot-a-print\n").unwrap_err();
        assert!(e.starts_with("line 2:"), "{e}");
        assert_eq!(
            parse_checks("name-mismatch, quote-marks").unwrap(),
            vec![Check::NameMismatch, Check::QuoteMarks]
        );
        assert!(parse_checks("name-mismatch,names").unwrap_err().contains("\"names\""));
        assert_eq!(
            parse_severity_override("length-ratio=warning").unwrap(),
            (Check::LengthRatio, Severity::Warning)
        );
        assert!(parse_severity_override("length-ratio").is_err());
        assert!(parse_severity_override("length-ratio=fatal").is_err());
    }
}

/// A reviewer's QA settings kept in a TOML file (`qa --config FILE`), so every run of a project
/// checks the same way. Paths in it are relative to the file's folder. Unknown keys, check ids and
/// severities are errors. Options given on the command line override the file's.
///
/// ```toml
/// checks = ["number-mismatch", "name-mismatch", "glossary"]   # run only these (default: all)
/// skip = ["length-ratio"]
/// fail-on = "error"                                           # or "warning"
/// glossary = "terms.tsv"                                      # en<TAB>pl[|pl…][<TAB>note]
/// forbidden = "forbidden.txt"                                 # term[<TAB>note]
/// ignore = "ignore.txt"                                       # fingerprints marked false
///
/// [severity]
/// punctuation-mismatch = "warning"
/// ```
#[derive(Debug, Clone, Default, PartialEq)]
pub struct QaConfig {
    /// Run only these checks (`None`: all).
    pub checks: Option<Vec<Check>>,
    /// Skip these checks.
    pub skip: Vec<Check>,
    /// Severities set per check.
    pub severities: Vec<(Check, Severity)>,
    /// Fail the run (status 1) when a finding of this severity or a worse one remains.
    pub fail_on: Option<Severity>,
    /// The glossary file.
    pub glossary: Option<std::path::PathBuf>,
    /// The file of forbidden terms.
    pub forbidden: Option<std::path::PathBuf>,
    /// The ignore list.
    pub ignore: Option<std::path::PathBuf>,
}

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct RawConfig {
    checks: Option<Vec<String>>,
    #[serde(default)]
    skip: Vec<String>,
    #[serde(default)]
    severity: std::collections::BTreeMap<String, String>,
    fail_on: Option<String>,
    glossary: Option<std::path::PathBuf>,
    forbidden: Option<std::path::PathBuf>,
    ignore: Option<std::path::PathBuf>,
}

impl QaConfig {
    /// Parse the TOML text of a configuration; relative paths are taken from `dir`.
    pub fn parse(text: &str, dir: &std::path::Path) -> Result<QaConfig, String> {
        let raw: RawConfig = toml::from_str(text).map_err(|e| e.to_string().trim_end().replace('\n', " "))?;
        let checks = |list: &[String]| parse_checks(&list.join(","));
        let fail_on = match raw.fail_on.as_deref() {
            None => None,
            Some("error") => Some(Severity::Error),
            Some("warning") => Some(Severity::Warning),
            Some(other) => return Err(format!("fail-on: {other:?} is not error or warning")),
        };
        let severities = raw
            .severity
            .iter()
            .map(|(c, v)| parse_severity_override(&format!("{c}={v}")))
            .collect::<Result<Vec<_>, _>>()?;
        let path = |p: Option<std::path::PathBuf>| p.map(|p| if p.is_relative() { dir.join(p) } else { p });
        Ok(QaConfig {
            checks: raw.checks.as_deref().map(checks).transpose()?,
            skip: checks(&raw.skip)?,
            severities,
            fail_on,
            glossary: path(raw.glossary),
            forbidden: path(raw.forbidden),
            ignore: path(raw.ignore),
        })
    }

    /// The options of a QA run in `mode` with these settings: the glossary, forbidden terms and
    /// ignore list read from their files (an error names the file and the line).
    pub fn qa_options(&self, mode: super::Mode) -> crate::Result<super::QaOptions> {
        let only = self.checks.as_deref();
        Ok(super::QaOptions {
            mode,
            disabled: disabled_checks(only, &self.skip),
            severities: self.severities.clone(),
            ignore: self.ignore.as_deref().map(IgnoreList::read).transpose()?.unwrap_or_default(),
            glossary: self
                .glossary
                .as_deref()
                .map(super::terms::Glossary::read)
                .transpose()?
                .unwrap_or_default(),
            forbidden: self
                .forbidden
                .as_deref()
                .map(super::terms::Forbidden::read)
                .transpose()?
                .unwrap_or_default(),
            ..Default::default()
        })
    }

    /// Read and parse the configuration in `path`; an error names the file.
    pub fn read(path: &std::path::Path) -> crate::Result<QaConfig> {
        let bad = |reason: String| crate::Error::Usage(format!("{}: {reason}", path.display()));
        let text = std::fs::read_to_string(path).map_err(|e| bad(e.to_string()))?;
        let dir = path.parent().unwrap_or(std::path::Path::new("."));
        QaConfig::parse(&text, dir).map_err(bad)
    }
}
