//! The one writer seam: every command that writes aligned pairs picks a [`Format`] once, gets a
//! [`Writer`] for it ([`writer`]) and calls `begin`, then `pair` for each [`AlignedPair`], then
//! `finish`, on any `Write` (an [`OutputFile`](super::OutputFile), or a batch worker's buffer).
//!
//! A writer holds only its settings, so one writer serves every thread of a batch: each worker
//! renders its pairs into its own buffer with [`Writer::pair`], and the batch's writer thread writes
//! `begin`, the buffers in input order, and `finish`.

use std::io::{self, Write};

use crate::align::Alignment;
use crate::model::Document;
use crate::output::jsonl::Only;
use crate::qa::{Finding, QaOptions};

/// Output formats of aligned pairs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum Format {
    /// For people: quote pairs, unmatched quotes, the sentence alignment (or QA findings).
    Text,
    /// JSON Lines, one record per link (or finding); the contract of docs/FORMAT.md.
    Jsonl,
    /// `en<TAB>pl<TAB>score` rows of matched links, OPUS/Moses style (backslash escapes, no quoting).
    Tsv,
    /// RFC 4180 CSV rows of matched links, with a header row (quoted fields; safe for spreadsheet
    /// and pandas readers).
    Csv,
    /// A TMX 1.4b document of matched links.
    Tmx,
    /// The self-contained side-by-side report: links, unmatched passages and QA findings.
    Html,
}

impl Format {
    /// The format's name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Format::Text => "text",
            Format::Jsonl => "jsonl",
            Format::Tsv => "tsv",
            Format::Csv => "csv",
            Format::Tmx => "tmx",
            Format::Html => "html",
        }
    }

    /// Whether a batch can write it (a stream of pairs: not the text and HTML reports).
    pub fn streams(self) -> bool {
        matches!(self, Format::Jsonl | Format::Tsv | Format::Csv | Format::Tmx)
    }
}

/// A column of the TSV and CSV formats (`--columns`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Column {
    /// The pair's id (empty outside batch).
    Id,
    /// The English side's text.
    En,
    /// The Polish side's text.
    Pl,
    /// The link's score, three decimals.
    Score,
    /// `sentence` or `quote`.
    Kind,
}

impl Column {
    /// Parse `id,en,pl,score` (names separated by commas; each at most once).
    pub fn parse_list(s: &str) -> Result<Vec<Column>, String> {
        let mut v = Vec::new();
        for name in s.split(',').map(str::trim) {
            let c = match name {
                "id" | "doc" => Column::Id,
                "en" => Column::En,
                "pl" => Column::Pl,
                "score" => Column::Score,
                "kind" => Column::Kind,
                other => return Err(format!("unknown column '{other}' (columns: id, en, pl, score, kind)")),
            };
            if v.contains(&c) {
                return Err(format!("column '{name}' given twice"));
            }
            v.push(c);
        }
        Ok(v)
    }

    fn name(self) -> &'static str {
        match self {
            Column::Id => "id",
            Column::En => "en",
            Column::Pl => "pl",
            Column::Score => "score",
            Column::Kind => "kind",
        }
    }
}

/// The columns of TSV and CSV when none are asked for.
pub const DEFAULT_COLUMNS: [Column; 3] = [Column::En, Column::Pl, Column::Score];

/// What a writer writes, and how.
#[derive(Debug, Clone)]
pub struct WriteOptions {
    /// Which links (text and JSON Lines: both kinds by default; bitext formats: sentence links).
    pub only: Only,
    /// Drop links scoring below this.
    pub min_score: f32,
    /// Write the links (`false`: findings only, as `qa` does).
    pub links: bool,
    /// Write the pair's QA findings (given in [`AlignedPair::findings`]).
    pub findings: bool,
    /// Text: show each link's evidence.
    pub explain: bool,
    /// Text: the mode was asked for (not estimated).
    pub mode_asked: bool,
    /// TSV and CSV columns.
    pub columns: Vec<Column>,
    /// QA settings (the text header of findings, the HTML report).
    pub qa: QaOptions,
}

impl Default for WriteOptions {
    fn default() -> Self {
        WriteOptions {
            only: Only::Both,
            min_score: 0.0,
            links: true,
            findings: false,
            explain: false,
            mode_asked: false,
            columns: DEFAULT_COLUMNS.to_vec(),
            qa: QaOptions::default(),
        }
    }
}

/// One aligned pair as every writer sees it.
#[derive(Clone, Copy)]
pub struct AlignedPair<'a> {
    /// The pair's id (batch), written on every record.
    pub id: Option<&'a str>,
    /// The English article, analysed.
    pub en: &'a Document,
    /// The Polish article, analysed.
    pub pl: &'a Document,
    /// Their alignment.
    pub alignment: &'a Alignment,
    /// The sides came Polish first (taken the right way round).
    pub swapped: bool,
    /// A note for every record of the pair (JSON Lines `"note"`).
    pub note: Option<&'a str>,
    /// The pair's QA findings, when [`WriteOptions::findings`] is set.
    pub findings: &'a [Finding],
}

/// A writer of aligned pairs (see the module documentation).
pub trait Writer: Send + Sync {
    /// What comes before the first pair (a TMX header, a CSV header row).
    fn begin(&self, out: &mut dyn Write) -> io::Result<()>;
    /// One pair's records.
    fn pair(&self, out: &mut dyn Write, p: &AlignedPair) -> io::Result<()>;
    /// What comes after the last pair (the TMX footer).
    fn finish(&self, out: &mut dyn Write) -> io::Result<()>;
}

/// The writer of `format`.
pub fn writer(format: Format, opts: WriteOptions) -> Box<dyn Writer> {
    match format {
        Format::Text => Box::new(Text(opts)),
        Format::Jsonl => Box::new(Jsonl(opts)),
        Format::Tsv => Box::new(Tsv(opts)),
        Format::Csv => Box::new(Csv(opts)),
        Format::Tmx => Box::new(Tmx(opts)),
        Format::Html => Box::new(Html(opts)),
    }
}

struct Text(WriteOptions);

impl Writer for Text {
    fn begin(&self, _out: &mut dyn Write) -> io::Result<()> {
        Ok(())
    }

    fn pair(&self, mut out: &mut dyn Write, p: &AlignedPair) -> io::Result<()> {
        let o = &self.0;
        let (en, pl, a) = (p.en, p.pl, p.alignment);
        if o.links {
            writeln!(
                out,
                "English: {}  ({}, confidence {:.2})\nPolish:  {}  ({}, confidence {:.2}){}\nMode:    {} ({})\n",
                en.name,
                en.lang,
                en.lang_confidence,
                pl.name,
                pl.lang,
                pl.lang_confidence,
                if p.swapped { "\n(the files were given Polish first; taken in the right order)" } else { "" },
                a.mode,
                if o.mode_asked {
                    "as asked".to_string()
                } else {
                    format!("estimated: {:.0}% of sentences have a close rendering", a.strong_share * 100.0)
                }
            )?;
            super::text::write_alignment_with(&mut out, a, en, pl, o.only, o.min_score, o.explain)?;
        }
        if o.findings {
            let comparable = crate::qa::is_comparable(a, &o.qa);
            writeln!(
                out,
                "English: {}\nPolish:  {}\nTreated as {} ({:.0}% of sentences unmatched)\n",
                en.name,
                pl.name,
                if comparable { "comparable articles" } else { "a translation" },
                crate::qa::unmatched_share(en, pl, a) * 100.0
            )?;
            super::findings::write_text(&mut *out, p.findings)?;
        }
        Ok(())
    }

    fn finish(&self, _out: &mut dyn Write) -> io::Result<()> {
        Ok(())
    }
}

struct Jsonl(WriteOptions);

impl Writer for Jsonl {
    fn begin(&self, _out: &mut dyn Write) -> io::Result<()> {
        Ok(())
    }

    fn pair(&self, mut out: &mut dyn Write, p: &AlignedPair) -> io::Result<()> {
        let o = &self.0;
        if o.links {
            super::jsonl::write_alignment_noted(
                &mut out,
                p.id,
                p.note,
                p.alignment,
                p.en,
                p.pl,
                o.only,
                o.min_score,
            )?;
        }
        if o.findings {
            super::findings::write_jsonl_noted(out, p.id, p.note, p.findings, p.en, p.pl)?;
        }
        Ok(())
    }

    fn finish(&self, _out: &mut dyn Write) -> io::Result<()> {
        Ok(())
    }
}

/// The value of a column for one link.
fn cell(c: Column, p: &AlignedPair, l: &crate::align::Link, quote: bool) -> String {
    match c {
        Column::Id => p.id.unwrap_or("").to_string(),
        Column::En => super::tsv::side_text(p.en, &l.en, quote),
        Column::Pl => super::tsv::side_text(p.pl, &l.pl, quote),
        Column::Score => format!("{:.3}", l.score),
        Column::Kind => (if quote { "quote" } else { "sentence" }).to_string(),
    }
}

struct Tsv(WriteOptions);

impl Writer for Tsv {
    fn begin(&self, _out: &mut dyn Write) -> io::Result<()> {
        Ok(())
    }

    fn pair(&self, mut out: &mut dyn Write, p: &AlignedPair) -> io::Result<()> {
        let o = &self.0;
        if o.columns == DEFAULT_COLUMNS {
            // The OPUS/Moses rows (one code path with the library's `tsv::write_alignment`).
            return super::tsv::write_alignment(&mut out, p.alignment, p.en, p.pl, o.only, o.min_score);
        }
        let (quote, links) = super::tsv::bitext_links(p.alignment, o.only, o.min_score);
        let mut row = String::new();
        for l in links {
            row.clear();
            for (i, &c) in o.columns.iter().enumerate() {
                if i > 0 {
                    row.push('\t');
                }
                super::tsv::escape(&cell(c, p, l, quote), &mut row);
            }
            row.push('\n');
            out.write_all(row.as_bytes())?;
        }
        Ok(())
    }

    fn finish(&self, _out: &mut dyn Write) -> io::Result<()> {
        Ok(())
    }
}

struct Csv(WriteOptions);

impl Csv {
    fn csv_writer(out: &mut dyn Write) -> csv::Writer<&mut dyn Write> {
        csv::WriterBuilder::new().terminator(csv::Terminator::CRLF).from_writer(out)
    }
}

fn csv_err(e: csv::Error) -> io::Error {
    match e.into_kind() {
        csv::ErrorKind::Io(e) => e,
        other => io::Error::other(format!("{other:?}")),
    }
}

impl Writer for Csv {
    fn begin(&self, out: &mut dyn Write) -> io::Result<()> {
        let mut w = Csv::csv_writer(out);
        w.write_record(self.0.columns.iter().map(|c| c.name())).map_err(csv_err)?;
        w.flush()
    }

    fn pair(&self, out: &mut dyn Write, p: &AlignedPair) -> io::Result<()> {
        let o = &self.0;
        let (quote, links) = super::tsv::bitext_links(p.alignment, o.only, o.min_score);
        let mut w = Csv::csv_writer(out);
        for l in links {
            w.write_record(o.columns.iter().map(|&c| cell(c, p, l, quote))).map_err(csv_err)?;
        }
        w.flush()
    }

    fn finish(&self, _out: &mut dyn Write) -> io::Result<()> {
        Ok(())
    }
}

struct Tmx(WriteOptions);

impl Writer for Tmx {
    fn begin(&self, mut out: &mut dyn Write) -> io::Result<()> {
        super::tmx::write_header(&mut out)
    }

    fn pair(&self, mut out: &mut dyn Write, p: &AlignedPair) -> io::Result<()> {
        let o = &self.0;
        super::tmx::write_alignment(&mut out, p.id, p.alignment, p.en, p.pl, o.only, o.min_score)
    }

    fn finish(&self, mut out: &mut dyn Write) -> io::Result<()> {
        super::tmx::write_footer(&mut out)
    }
}

struct Html(WriteOptions);

impl Writer for Html {
    fn begin(&self, _out: &mut dyn Write) -> io::Result<()> {
        Ok(())
    }

    fn pair(&self, out: &mut dyn Write, p: &AlignedPair) -> io::Result<()> {
        let title = match p.id {
            Some(id) => id.to_string(),
            None => format!("{} ↔ {}", p.en.name, p.pl.name),
        };
        super::html::write_report(out, &title, p.en, p.pl, p.alignment, p.findings, &self.0.qa)
    }

    fn finish(&self, _out: &mut dyn Write) -> io::Result<()> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::output::tsv::tests::{doc, link};

    fn pair_out(format: Format, columns: &[Column]) -> String {
        let en = doc(&["Say \"hi\", then, go.", "Line\nbreak."]);
        let pl = doc(&["Powiedz „cześć”, idź.", "Linia."]);
        let a = Alignment {
            sentences: vec![link(&[0], &[0], 0.9), link(&[1], &[1], 0.5)],
            quotes: vec![],
            ..Default::default()
        };
        let p = AlignedPair {
            id: Some("d,1"),
            en: &en,
            pl: &pl,
            alignment: &a,
            swapped: false,
            note: None,
            findings: &[],
        };
        let w = writer(format, WriteOptions { columns: columns.to_vec(), ..Default::default() });
        let mut out = Vec::new();
        w.begin(&mut out).unwrap();
        w.pair(&mut out, &p).unwrap();
        w.finish(&mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn csv_is_rfc_4180_and_reads_back() {
        let s = pair_out(Format::Csv, &[Column::Id, Column::En, Column::Pl, Column::Score]);
        assert!(s.starts_with("id,en,pl,score\r\n\"d,1\",\"Say \"\"hi\"\", then, go.\""), "{s}");
        let mut r = csv::Reader::from_reader(s.as_bytes());
        let rows: Vec<csv::StringRecord> = r.records().map(|x| x.unwrap()).collect();
        assert_eq!(rows.len(), 2);
        assert_eq!(&rows[1][1], "Line\nbreak.");
        assert_eq!(&rows[0][3], "0.900");
    }

    #[test]
    fn tsv_columns_add_the_id() {
        let s = pair_out(Format::Tsv, &[Column::Id, Column::En, Column::Pl, Column::Score]);
        assert_eq!(s.lines().next().unwrap(), "d,1\tSay \"hi\", then, go.\tPowiedz „cześć”, idź.\t0.900");
        assert_eq!(s.lines().nth(1).unwrap(), "d,1\tLine\\nbreak.\tLinia.\t0.500");
        assert!(Column::parse_list("id,en,xx").is_err());
        assert!(Column::parse_list("en,en").is_err());
    }

    #[test]
    fn a_note_is_on_every_jsonl_record() {
        let en = doc(&["One.", "Two."]);
        let pl = doc(&["Jeden.", "Dwa."]);
        let a = Alignment {
            sentences: vec![link(&[0], &[0], 0.9), link(&[1], &[1], 0.5)],
            quotes: vec![],
            ..Default::default()
        };
        let p = AlignedPair {
            id: Some("a"),
            en: &en,
            pl: &pl,
            alignment: &a,
            swapped: true,
            note: Some("n!"),
            findings: &[],
        };
        let mut out = Vec::new();
        writer(Format::Jsonl, WriteOptions::default()).pair(&mut out, &p).unwrap();
        let s = String::from_utf8(out).unwrap();
        assert_eq!(s.lines().count(), 2);
        for l in s.lines() {
            let v: serde_json::Value = serde_json::from_str(l).unwrap();
            assert_eq!(v["note"], "n!");
            assert_eq!(v["doc"], "a");
        }
    }
}
