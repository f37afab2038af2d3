//! The command line's arguments: every command, option and help text (clap), and how each argument
//! maps to the library's options.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};

use bialign::output::jsonl::Only;
use bialign::output::{Column, Format};
use bialign::IngestOptions;
use bialign::Lang;

#[derive(Parser)]
#[command(
    name = "bialign",
    version = concat!(env!("CARGO_PKG_VERSION"), " (", env!("BIALIGN_COMMIT"), ")"),
    about = "Align sentences and quotations across an English and a Polish news article",
    long_about = "bialign reads an English and a Polish article about the same story (plain text or HTML; \
UTF-8, UTF-16, Windows-1250 or ISO-8859-2), detects each text's language, splits both into sentences, \
extracts quotations with their speakers, and links matching sentences and quotes even when the Polish \
article reorders, drops, merges or adds material.\n\nExit status: 0 success; 1 some documents of a batch \
failed; 2 bad usage or input (a closed output pipe, as with `| head`, is not an error: status 0).\n\nReading \
the TSV output: fields are not quoted; a tab, line feed, carriage return and backslash inside a field are \
written \\t, \\n, \\r and \\\\ (OPUS/Moses style). Read it with quoting off, e.g. pandas \
`read_csv(f, sep=\"\\t\", header=None, quoting=csv.QUOTE_NONE, keep_default_na=False)` then unescape; or \
use --format csv (RFC 4180) or jsonl."
)]
pub struct Cli {
    #[command(subcommand)]
    pub cmd: Cmd,
}

#[derive(Args, Clone)]
pub struct InputArgs {
    /// Force the input encoding (e.g. utf-8, utf-16le, windows-1250, iso-8859-2) instead of detecting it
    #[arg(long, value_name = "NAME")]
    pub encoding: Option<String>,
    /// Refuse inputs larger than this many bytes (the limit bounds the read itself: pipes and
    /// devices are read at most this far)
    #[arg(long, value_name = "BYTES", default_value_t = 64 * 1024 * 1024)]
    pub max_input_bytes: u64,
    /// The input is already split: one sentence per line, a line `<p>` between paragraphs
    /// (hunalign's convention)
    #[arg(long)]
    pub presplit: bool,
}

impl InputArgs {
    pub fn options(&self) -> IngestOptions {
        IngestOptions {
            encoding: self.encoding.clone(),
            html: None,
            max_bytes: self.max_input_bytes,
            presplit: self.presplit,
        }
    }
}

/// Which QA checks run, how severe their findings are, and when `qa` fails.
#[derive(clap::Args, Clone, Default)]
pub struct QaChecks {
    /// Run only these checks (comma-separated ids, e.g. number-mismatch,name-mismatch)
    #[arg(long, value_name = "LIST", value_parser = parse_check_list)]
    pub checks: Option<CheckList>,
    /// Skip these checks (comma-separated ids)
    #[arg(long, value_name = "LIST", value_parser = parse_check_list)]
    pub skip: Option<CheckList>,
    /// Give a check's findings another severity: CHECK=error|warning|style (repeatable)
    #[arg(long = "severity", value_name = "CHECK=LEVEL", value_parser = parse_severity_override)]
    pub severities: Vec<(bialign::qa::Check, bialign::qa::Severity)>,
    /// Exit with status 1 when a finding of this severity or a worse one remains
    #[arg(long, value_enum, value_name = "LEVEL")]
    pub fail_on: Option<FailOn>,
    /// Leave out the findings whose fingerprints FILE lists (one per line; the report's export of
    /// findings marked as false)
    #[arg(long, value_name = "FILE")]
    pub ignore: Option<PathBuf>,
    /// A glossary: `en<TAB>pl[|pl…][<TAB>note]` lines; an English term in a linked sentence whose
    /// Polish side has none of its renderings (inflected forms count) is a `glossary` finding
    #[arg(long, value_name = "FILE")]
    pub glossary: Option<PathBuf>,
    /// Polish terms the translation must not use: `term[<TAB>note]` lines (`forbidden-term` findings)
    #[arg(long, value_name = "FILE")]
    pub forbidden: Option<PathBuf>,
    /// Read the checks, skips, severities, fail-on level, glossary, forbidden terms and ignore list
    /// from a TOML file (docs/CLI.md); options given here override it
    #[arg(long, value_name = "FILE")]
    pub config: Option<PathBuf>,
}

#[derive(Clone, Copy, ValueEnum, PartialEq, Eq)]
pub enum FailOn {
    Error,
    Warning,
}

/// A comma-separated list of check ids, parsed (one value for clap).
#[derive(Clone, Debug)]
pub struct CheckList(pub Vec<bialign::qa::Check>);

fn parse_check_list(s: &str) -> Result<CheckList, String> {
    bialign::qa::config::parse_checks(s).map(CheckList)
}

fn parse_severity_override(s: &str) -> Result<(bialign::qa::Check, bialign::qa::Severity), String> {
    bialign::qa::config::parse_severity_override(s)
}

#[derive(Clone, Copy, ValueEnum, PartialEq, Eq)]
pub enum StageFormat {
    Text,
    Jsonl,
}

/// The formats of `qa`'s findings.
#[derive(Clone, Copy, ValueEnum, PartialEq, Eq)]
pub enum QaFormat {
    Text,
    Jsonl,
    Xlsx,
}

/// `--min-score`: a number from 0 to 1.
fn parse_score(s: &str) -> Result<f32, String> {
    let v: f32 = s.trim().parse().map_err(|e| format!("{e}"))?;
    if !(0.0..=1.0).contains(&v) {
        return Err("a score is a number from 0 to 1".into());
    }
    Ok(v)
}

/// `--margin`: 0 (off), or a ratio of 1 or more.
fn parse_margin(s: &str) -> Result<f32, String> {
    let v: f32 = s.trim().parse().map_err(|e| format!("{e}"))?;
    if !(v == 0.0 || (1.0..=1000.0).contains(&v)) {
        return Err("a margin is 0 (off) or a ratio from 1 to 1000".into());
    }
    Ok(v)
}

/// The list of `--columns` (one argument, so clap keeps it whole).
#[derive(Clone)]
pub struct Columns(pub Vec<Column>);

/// `--columns id,en,pl,score`.
fn parse_columns(s: &str) -> Result<Columns, String> {
    Column::parse_list(s).map(Columns)
}

#[derive(Clone, Copy, ValueEnum, PartialEq, Eq)]
pub enum OnlyArg {
    Sentences,
    Quotes,
}

#[derive(Clone, Copy, ValueEnum, PartialEq, Eq)]
pub enum LangArg {
    Auto,
    En,
    Pl,
}

#[derive(Subcommand)]
pub enum Cmd {
    /// Align an English and a Polish article (given in either order)
    Align(AlignArgs),
    /// Check an aligned pair for translation problems (numbers, names, quotes, speakers, omissions…)
    Qa {
        /// The two articles (the language detector decides which is English and which Polish), or one
        /// bilingual file read as its segment pairs: TMX (.tmx), XLIFF 1.2/2.x (.xlf, .xliff) or
        /// en<TAB>pl lines (.tsv)
        #[arg(num_args = 1..=2, required = true, value_names = ["EN", "PL"])]
        files: Vec<PathBuf>,
        /// Output format of the findings (xlsx: a spreadsheet with one row per finding, written to
        /// -o FILE or a redirected standard output, never to a terminal)
        #[arg(long, value_enum, default_value_t = QaFormat::Text)]
        format: QaFormat,
        /// Also write a self-contained HTML report (the articles side by side) to FILE
        #[arg(long, value_name = "FILE")]
        html: Option<PathBuf>,
        /// Align and check the pair as a translation or as comparable articles (auto: estimated per pair)
        #[arg(long, value_enum, default_value_t = ModeArg::Auto)]
        mode: ModeArg,
        /// Write the findings to FILE instead of standard output
        #[arg(short = 'o', long, value_name = "FILE")]
        output: Option<PathBuf>,
        #[command(flatten)]
        checks: QaChecks,
        #[command(flatten)]
        input: InputArgs,
    },
    /// Print the decoded article text (what all offsets index for non-UTF-8 or HTML input)
    Ingest {
        /// The file to read (`-` for standard input)
        file: PathBuf,
        /// Show the paragraphs one per block with their byte spans instead of the raw text
        #[arg(long)]
        paragraphs: bool,
        #[command(flatten)]
        input: InputArgs,
    },
    /// Detect the language of whole files, paragraphs or lines
    Detect {
        /// Files to examine
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Unit of detection
        #[arg(long, value_enum, default_value_t = ByArg::Document)]
        by: ByArg,
        #[arg(long, value_enum, default_value_t = StageFormat::Text)]
        format: StageFormat,
        #[command(flatten)]
        input: InputArgs,
    },
    /// Split an article into sentences
    Split {
        file: PathBuf,
        /// Language rules to use; `auto` routes each paragraph by its detected language
        #[arg(long, value_enum, default_value_t = LangArg::Auto)]
        lang: LangArg,
        #[arg(long, value_enum, default_value_t = StageFormat::Text)]
        format: StageFormat,
        #[command(flatten)]
        input: InputArgs,
    },
    /// Align many article pairs on every core (folders of pairs, a manifest TSV, JSON Lines, `-`)
    #[command(long_about = "Align many article pairs on every core.\n\nINPUT: a folder of pair folders \
(ID/en.*, ID/pl.*, walked recursively), a folder of NAME.en.* + NAME.pl.* files, a folder with en/NAME and \
pl/NAME, a manifest TSV (id<TAB>en_path<TAB>pl_path, paths relative to the manifest), or JSON Lines records \
{\"id\",\"en\",\"pl\"} in a file or on standard input (`-`). Output is in input order. A failed pair \
becomes an error record {\"doc\",\"error\"} (JSONL) or a line on stderr (TSV, TMX) and the run goes on; \
exit status 1 if any pair failed. With -o the output is written to FILE.bialign-part with a journal \
FILE.bialign-journal and renamed when complete; --resume continues an interrupted run.")]
    Batch(BatchArgs),
    /// Pair the stories: which English and which Polish articles of two collections tell the same story
    #[command(
        long_about = "Pair the stories: find which English and which Polish articles of two unpaired \
collections tell the same story.\n\nEach INPUT is a folder (every file one article, walked recursively; its id \
is its path inside the folder), a JSON Lines file of {\"id\",\"text\"} records (optionally \"date\" \
YYYY-MM-DD, \"url\", \"title\"), or `-` (JSON Lines on standard input). Give EN_INPUT PL_INPUT, or one or more \
INPUTs with --mixed to sort the documents by their detected language. Output: JSON Lines \
{\"en\",\"pl\",\"score\",\"evidence\"} per pair, one-to-one unless --many; --emit-records writes \
{\"id\",\"en\",\"pl\"} records with both texts instead, which `bialign batch -` reads; --align aligns \
every pair as batch does. A bad record or file is one error line on standard error and the run goes \
on; exit status 1 if any document failed."
    )]
    Pair(PairArgs),
    /// Extract quotations with their kind and speaker
    Quotes {
        file: PathBuf,
        #[arg(long, value_enum, default_value_t = StageFormat::Text)]
        format: StageFormat,
        #[command(flatten)]
        input: InputArgs,
    },
    /// Print a shell completion script (bash, zsh, fish, elvish, powershell)
    Completions {
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Print the manual page (roff) of bialign, or of one command
    Man {
        /// The command (default: bialign itself)
        command: Option<String>,
    },
}

// The arguments of `bialign align` (its help text is on `Cmd::Align`).
#[derive(Args)]
pub struct AlignArgs {
    /// The two articles; the language detector decides which is English and which Polish
    #[arg(num_args = 2, required = true, value_names = ["EN", "PL"])]
    pub files: Vec<PathBuf>,
    /// Output format (tsv: OPUS/Moses rows, no quoting; csv: RFC 4180; tmx: TMX 1.4b; html: the
    /// side-by-side report of `qa --html`)
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// TSV and CSV columns, from id, en, pl, score, kind
    #[arg(long, value_name = "LIST", value_parser = parse_columns)]
    pub columns: Option<Columns>,
    /// Only write sentence links or only quote links
    #[arg(long, value_enum)]
    pub only: Option<OnlyArg>,
    /// Drop links scoring below this, from 0 to 1 (unmatched units are still listed)
    #[arg(long, default_value_t = 0.0, value_parser = parse_score)]
    pub min_score: f32,
    /// Align as a translation or as comparable articles (auto: estimated per pair)
    #[arg(long, value_enum, default_value_t = ModeArg::Auto)]
    pub mode: ModeArg,
    /// In the text format, show the evidence of each link (what was matched, how it was found)
    #[arg(long)]
    pub explain: bool,
    /// Write to FILE instead of standard output
    #[arg(short = 'o', long, value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Add your own EN-PL lexicon entries: TSV `en<TAB>pl` lines, or hunalign's `pl @ en` lines
    #[arg(long, value_name = "FILE")]
    pub lexicon: Option<PathBuf>,
    /// Score only the first BYTES of each sentence (0: all of it)
    #[arg(long, value_name = "BYTES", default_value_t = bialign::align::DEFAULT_MAX_SENTENCE_BYTES)]
    pub max_sentence_bytes: usize,
    #[command(flatten)]
    pub input: InputArgs,
}

// The arguments of `bialign batch` (its help text is on `Cmd::Batch`).
#[derive(Args)]
pub struct BatchArgs {
    /// Folders, manifest TSV files or JSON Lines files (`-`: JSON Lines on standard input)
    #[arg(required = true, value_name = "INPUT")]
    pub inputs: Vec<PathBuf>,
    /// Write to FILE (via a partial file and a journal) instead of standard output
    #[arg(short = 'o', long, value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Output format: jsonl (records with "doc"), tsv (en/pl/score rows, no quoting), csv (RFC
    /// 4180, with a header row) or tmx (TMX 1.4b)
    #[arg(long, value_enum, default_value_t = Format::Jsonl)]
    pub format: Format,
    /// TSV and CSV columns, from id, en, pl, score, kind (e.g. id,en,pl,score)
    #[arg(long, value_name = "LIST", value_parser = parse_columns)]
    pub columns: Option<Columns>,
    /// Follow symbolic links in folders (loops are detected and skipped)
    #[arg(long)]
    pub follow: bool,
    /// Memory budget per pair in bytes, estimated before any work and measured after each stage; a
    /// pair over it becomes an error record (0: no limit)
    #[arg(long, value_name = "BYTES", default_value_t = bialign::batch::DEFAULT_MAX_PAIR_MEMORY)]
    pub max_pair_memory: u64,
    /// Only write sentence links or only quote links (TSV and TMX write sentence links by default)
    #[arg(long, value_enum)]
    pub only: Option<OnlyArg>,
    /// Drop links scoring below this, from 0 to 1
    #[arg(long, default_value_t = 0.0, value_parser = parse_score)]
    pub min_score: f32,
    /// Align as a translation or as comparable articles (auto: estimated per pair)
    #[arg(long, value_enum, default_value_t = ModeArg::Auto)]
    pub mode: ModeArg,
    /// Worker threads (0: one per core)
    #[arg(short = 'j', long, default_value_t = 0)]
    pub jobs: usize,
    /// Continue an interrupted run writing to the same -o FILE with the same inputs and options
    #[arg(long, requires = "output")]
    pub resume: bool,
    /// No progress bar and no per-pair notes on standard error
    #[arg(short = 'q', long)]
    pub quiet: bool,
    /// Add translation-QA findings after each pair's links (JSON Lines output only)
    #[arg(long)]
    pub qa: bool,
    /// Add your own EN-PL lexicon entries: TSV `en<TAB>pl` lines, or hunalign's `pl @ en` lines
    #[arg(long, value_name = "FILE")]
    pub lexicon: Option<PathBuf>,
    /// Time budget per pair in seconds; a pair over it becomes an error record (0: no limit)
    #[arg(long, value_name = "SECS", default_value_t = 300.0)]
    pub pair_timeout: f64,
    /// Score only the first BYTES of each sentence (0: all of it)
    #[arg(long, value_name = "BYTES", default_value_t = bialign::align::DEFAULT_MAX_SENTENCE_BYTES)]
    pub max_sentence_bytes: usize,
    /// With INPUT `-` redirected from a JSON Lines file: read only LEN bytes from byte START (a
    /// line start), as a task of a distributed job reads its share of one file (lines numbered
    /// from START)
    #[arg(long, value_name = "START:LEN", value_parser = parse_byte_range)]
    pub byte_range: Option<(u64, u64)>,
    /// Pairs per chunk, the unit of work and of the journal (0: the default; output is the same)
    #[arg(long, value_name = "N", default_value_t = 0, hide = true)]
    pub chunk_pairs: usize,
    #[command(flatten)]
    pub input: InputArgs,
}

// The arguments of `bialign pair` (its help text is on `Cmd::Pair`).
#[derive(Args)]
pub struct PairArgs {
    /// EN_INPUT PL_INPUT (with --mixed: any number of INPUTs)
    #[arg(required = true, value_name = "INPUT")]
    pub inputs: Vec<PathBuf>,
    /// One collection of both languages: each document goes to the side of its detected language
    #[arg(long)]
    pub mixed: bool,
    /// Let a document pair with several: every candidate that is the best of its English or of
    /// its Polish document is a pair
    #[arg(long)]
    pub many: bool,
    /// Make no pair scoring below this, from 0 to 1, unless it stands out (see --margin)
    #[arg(long, default_value_t = bialign::pair::DEFAULT_MIN_SCORE, value_parser = parse_score)]
    pub min_score: f32,
    /// Still make a pair under --min-score (down to half of it) when it scores this many times the
    /// best rival either document has left unpaired (0: never; else 1 or more)
    #[arg(long, value_name = "RATIO", default_value_t = bialign::pair::DEFAULT_MARGIN, value_parser = parse_margin)]
    pub margin: f32,
    /// Also list the documents left without a partner ({"unpaired":"en"|"pl","id",…})
    #[arg(long, conflicts_with_all = ["emit_records", "align"])]
    pub unpaired: bool,
    /// Write the best N candidates of every document ({"candidates":"en"|"pl","id","top"}) after the pairs
    #[arg(long, value_name = "N", default_value_t = 0, conflicts_with_all = ["emit_records", "align"])]
    pub candidates: usize,
    /// Write batch input records {"id":"EN_ID|PL_ID","en":TEXT,"pl":TEXT} instead of pairs
    #[arg(long, conflicts_with = "align")]
    pub emit_records: bool,
    /// Write every document's keys ({"side":"en"|"pl","id","date","keys":[[KEY,COUNT,TEXT],…]})
    /// instead of pairing: the input of a pairing job elsewhere (examples/spark/pair_corpus.py)
    #[arg(long, conflicts_with_all = ["emit_records", "align", "unpaired", "candidates", "many"])]
    pub emit_keys: bool,
    /// Align every pair and write batch's link records instead of pairs
    #[arg(long)]
    pub align: bool,
    /// Documents that both have a date pair only within this many days (0: dates are ignored)
    #[arg(long, value_name = "DAYS", default_value_t = bialign::pair::DEFAULT_DATE_WINDOW)]
    pub date_window: u32,
    /// How candidates are scored: evidence (names, numbers, lexicon, speakers) or tfidf (the
    /// plain baseline: TF-IDF cosine over lexicon-translated lemmas)
    #[arg(long, value_enum, default_value_t = PairMethod::Evidence)]
    pub method: PairMethod,
    /// Write to FILE instead of standard output
    #[arg(short = 'o', long, value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// No progress lines and no summary on standard error
    #[arg(short = 'q', long)]
    pub quiet: bool,
    /// Add your own EN-PL lexicon entries: TSV `en<TAB>pl` lines, or hunalign's `pl @ en` lines
    #[arg(long, value_name = "FILE")]
    pub lexicon: Option<PathBuf>,
    #[command(flatten)]
    pub input: InputArgs,
}

/// How the two articles relate (`align`, `batch` and `qa` share the choice).
#[derive(Clone, Copy, ValueEnum, PartialEq, Eq)]
pub enum ModeArg {
    /// Decide per pair from the pair itself
    Auto,
    /// One article translates the other, sentence by sentence
    Translation,
    /// Two write-ups of one story (reordered, partial, merged, added material)
    Comparable,
}

impl ModeArg {
    pub fn mode(self) -> Option<bialign::Mode> {
        match self {
            ModeArg::Auto => None,
            ModeArg::Translation => Some(bialign::Mode::Translation),
            ModeArg::Comparable => Some(bialign::Mode::Comparable),
        }
    }
}

#[derive(Clone, Copy, ValueEnum, PartialEq, Eq)]
pub enum PairMethod {
    Evidence,
    Tfidf,
}

#[derive(Clone, Copy, ValueEnum, PartialEq, Eq)]
pub enum ByArg {
    Document,
    Paragraph,
    Line,
}

impl OnlyArg {
    /// The links `--only` keeps (both kinds without it).
    pub fn only(only: Option<OnlyArg>) -> Only {
        match only {
            None => Only::Both,
            Some(OnlyArg::Sentences) => Only::Sentences,
            Some(OnlyArg::Quotes) => Only::Quotes,
        }
    }
}

impl LangArg {
    /// The language `split --lang` forces (`None`: route each paragraph).
    pub fn lang(self) -> Option<Lang> {
        match self {
            LangArg::Auto => None,
            LangArg::En => Some(Lang::En),
            LangArg::Pl => Some(Lang::Pl),
        }
    }
}

impl ModeArg {
    /// The same choice as QA's mode.
    pub fn qa_mode(self) -> bialign::qa::Mode {
        match self {
            ModeArg::Auto => bialign::qa::Mode::Auto,
            ModeArg::Translation => bialign::qa::Mode::Translation,
            ModeArg::Comparable => bialign::qa::Mode::Comparable,
        }
    }
}

impl From<ByArg> for bialign::output::stage::Unit {
    fn from(by: ByArg) -> Self {
        match by {
            ByArg::Document => Self::Document,
            ByArg::Paragraph => Self::Paragraph,
            ByArg::Line => Self::Line,
        }
    }
}

impl From<PairMethod> for bialign::pair::Method {
    fn from(m: PairMethod) -> Self {
        match m {
            PairMethod::Evidence => Self::Evidence,
            PairMethod::Tfidf => Self::TfIdf,
        }
    }
}

impl FailOn {
    /// The least severity that fails the run.
    pub fn severity(self) -> bialign::qa::Severity {
        match self {
            FailOn::Error => bialign::qa::Severity::Error,
            FailOn::Warning => bialign::qa::Severity::Warning,
        }
    }
}

impl StageFormat {
    /// Is the output JSON Lines?
    pub fn jsonl(self) -> bool {
        self == StageFormat::Jsonl
    }
}

/// `START:LEN` of `batch --byte-range`.
fn parse_byte_range(s: &str) -> Result<(u64, u64), String> {
    let (a, b) = s.split_once(':').ok_or_else(|| "expected START:LEN (bytes)".to_string())?;
    let start = a.trim().parse::<u64>().map_err(|e| format!("START: {e}"))?;
    let len = b.trim().parse::<u64>().map_err(|e| format!("LEN: {e}"))?;
    Ok((start, len))
}
