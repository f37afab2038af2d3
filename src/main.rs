//! The bialign command line: parses arguments, calls the library, prints.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand, ValueEnum};

/// mimalloc: batch allocates and frees many small buffers on several threads. Counted per thread, so
/// that batch measures each pair's memory against `--max-pair-memory` (bialign::batch::memory).
#[global_allocator]
static GLOBAL: bialign::batch::memory::Counting<mimalloc::MiMalloc> =
    bialign::batch::memory::Counting(mimalloc::MiMalloc);

use bialign::ingest::IngestOptions;
use bialign::output::jsonl::Only;
use bialign::output::{escape_terminal, AlignedPair, Column, Format, OutputFile, WriteOptions};
use bialign::{Document, Error, Lang};

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
struct Cli {
    #[command(subcommand)]
    cmd: Cmd,
}

#[derive(Args, Clone)]
struct InputArgs {
    /// Force the input encoding (e.g. utf-8, utf-16le, windows-1250, iso-8859-2) instead of detecting it
    #[arg(long, value_name = "NAME")]
    encoding: Option<String>,
    /// Refuse inputs larger than this many bytes (the limit bounds the read itself: pipes and
    /// devices are read at most this far)
    #[arg(long, value_name = "BYTES", default_value_t = 64 * 1024 * 1024)]
    max_input_bytes: u64,
    /// The input is already split: one sentence per line, a line `<p>` between paragraphs
    /// (hunalign's convention)
    #[arg(long)]
    presplit: bool,
}

impl InputArgs {
    fn options(&self) -> IngestOptions {
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
struct QaChecks {
    /// Run only these checks (comma-separated ids, e.g. number-mismatch,name-mismatch)
    #[arg(long, value_name = "LIST", value_parser = parse_check_list)]
    checks: Option<CheckList>,
    /// Skip these checks (comma-separated ids)
    #[arg(long, value_name = "LIST", value_parser = parse_check_list)]
    skip: Option<CheckList>,
    /// Give a check's findings another severity: CHECK=error|warning|style (repeatable)
    #[arg(long = "severity", value_name = "CHECK=LEVEL", value_parser = parse_severity_override)]
    severities: Vec<(bialign::qa::Check, bialign::qa::Severity)>,
    /// Exit with status 1 when a finding of this severity or a worse one remains
    #[arg(long, value_enum, value_name = "LEVEL")]
    fail_on: Option<FailOn>,
    /// Leave out the findings whose fingerprints FILE lists (one per line; the report's export of
    /// findings marked as false)
    #[arg(long, value_name = "FILE")]
    ignore: Option<PathBuf>,
}

#[derive(Clone, Copy, ValueEnum, PartialEq, Eq)]
enum FailOn {
    Error,
    Warning,
}

/// A comma-separated list of check ids, parsed (one value for clap).
#[derive(Clone, Debug)]
struct CheckList(Vec<bialign::qa::Check>);

fn parse_check_list(s: &str) -> Result<CheckList, String> {
    bialign::qa::config::parse_checks(s).map(CheckList)
}

fn parse_severity_override(s: &str) -> Result<(bialign::qa::Check, bialign::qa::Severity), String> {
    bialign::qa::config::parse_severity_override(s)
}

#[derive(Clone, Copy, ValueEnum, PartialEq, Eq)]
enum StageFormat {
    Text,
    Jsonl,
}

/// `--min-score`: a number from 0 to 1.
fn parse_score(s: &str) -> Result<f32, String> {
    let v: f32 = s.trim().parse().map_err(|e| format!("{e}"))?;
    if !(0.0..=1.0).contains(&v) {
        return Err("a score is a number from 0 to 1".into());
    }
    Ok(v)
}

/// The list of `--columns` (one argument, so clap keeps it whole).
#[derive(Clone)]
struct Columns(Vec<Column>);

/// `--columns id,en,pl,score`.
fn parse_columns(s: &str) -> Result<Columns, String> {
    Column::parse_list(s).map(Columns)
}

#[derive(Clone, Copy, ValueEnum, PartialEq, Eq)]
enum OnlyArg {
    Sentences,
    Quotes,
}

#[derive(Clone, Copy, ValueEnum, PartialEq, Eq)]
enum LangArg {
    Auto,
    En,
    Pl,
}

#[derive(Subcommand)]
enum Cmd {
    /// Align an English and a Polish article (given in either order)
    Align {
        /// The two articles; the language detector decides which is English and which Polish
        #[arg(num_args = 2, required = true, value_names = ["EN", "PL"])]
        files: Vec<PathBuf>,
        /// Output format (tsv: OPUS/Moses rows, no quoting; csv: RFC 4180; tmx: TMX 1.4b; html: the
        /// side-by-side report of `qa --html`)
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
        /// TSV and CSV columns, from id, en, pl, score, kind
        #[arg(long, value_name = "LIST", value_parser = parse_columns)]
        columns: Option<Columns>,
        /// Only write sentence links or only quote links
        #[arg(long, value_enum)]
        only: Option<OnlyArg>,
        /// Drop links scoring below this, from 0 to 1 (unmatched units are still listed)
        #[arg(long, default_value_t = 0.0, value_parser = parse_score)]
        min_score: f32,
        /// Align as a translation or as comparable articles (auto: estimated per pair)
        #[arg(long, value_enum, default_value_t = ModeArg::Auto)]
        mode: ModeArg,
        /// In the text format, show the evidence of each link (what was matched, how it was found)
        #[arg(long)]
        explain: bool,
        /// Write to FILE instead of standard output
        #[arg(short = 'o', long, value_name = "FILE")]
        output: Option<PathBuf>,
        /// Add your own EN-PL lexicon entries: TSV `en<TAB>pl` lines, or hunalign's `pl @ en` lines
        #[arg(long, value_name = "FILE")]
        lexicon: Option<PathBuf>,
        /// Score only the first BYTES of each sentence (0: all of it)
        #[arg(long, value_name = "BYTES", default_value_t = bialign::align::DEFAULT_MAX_SENTENCE_BYTES)]
        max_sentence_bytes: usize,
        #[command(flatten)]
        input: InputArgs,
    },
    /// Check an aligned pair for translation problems (numbers, names, quotes, speakers, omissions…)
    Qa {
        /// The two articles (the language detector decides which is English and which Polish), or one
        /// bilingual file read as its segment pairs: TMX (.tmx), XLIFF 1.2/2.x (.xlf, .xliff) or
        /// en<TAB>pl lines (.tsv)
        #[arg(num_args = 1..=2, required = true, value_names = ["EN", "PL"])]
        files: Vec<PathBuf>,
        /// Output format of the findings
        #[arg(long, value_enum, default_value_t = StageFormat::Text)]
        format: StageFormat,
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
    Batch {
        /// Folders, manifest TSV files or JSON Lines files (`-`: JSON Lines on standard input)
        #[arg(required = true, value_name = "INPUT")]
        inputs: Vec<PathBuf>,
        /// Write to FILE (via a partial file and a journal) instead of standard output
        #[arg(short = 'o', long, value_name = "FILE")]
        output: Option<PathBuf>,
        /// Output format: jsonl (records with "doc"), tsv (en/pl/score rows, no quoting), csv (RFC
        /// 4180, with a header row) or tmx (TMX 1.4b)
        #[arg(long, value_enum, default_value_t = Format::Jsonl)]
        format: Format,
        /// TSV and CSV columns, from id, en, pl, score, kind (e.g. id,en,pl,score)
        #[arg(long, value_name = "LIST", value_parser = parse_columns)]
        columns: Option<Columns>,
        /// Follow symbolic links in folders (loops are detected and skipped)
        #[arg(long)]
        follow: bool,
        /// Memory budget per pair in bytes, estimated before any work and measured after each stage; a
        /// pair over it becomes an error record (0: no limit)
        #[arg(long, value_name = "BYTES", default_value_t = bialign::batch::DEFAULT_MAX_PAIR_MEMORY)]
        max_pair_memory: u64,
        /// Only write sentence links or only quote links (TSV and TMX write sentence links by default)
        #[arg(long, value_enum)]
        only: Option<OnlyArg>,
        /// Drop links scoring below this, from 0 to 1
        #[arg(long, default_value_t = 0.0, value_parser = parse_score)]
        min_score: f32,
        /// Align as a translation or as comparable articles (auto: estimated per pair)
        #[arg(long, value_enum, default_value_t = ModeArg::Auto)]
        mode: ModeArg,
        /// Worker threads (0: one per core)
        #[arg(short = 'j', long, default_value_t = 0)]
        jobs: usize,
        /// Continue an interrupted run writing to the same -o FILE with the same inputs and options
        #[arg(long, requires = "output")]
        resume: bool,
        /// No progress bar and no per-pair notes on standard error
        #[arg(short = 'q', long)]
        quiet: bool,
        /// Add translation-QA findings after each pair's links (JSON Lines output only)
        #[arg(long)]
        qa: bool,
        /// Add your own EN-PL lexicon entries: TSV `en<TAB>pl` lines, or hunalign's `pl @ en` lines
        #[arg(long, value_name = "FILE")]
        lexicon: Option<PathBuf>,
        /// Time budget per pair in seconds; a pair over it becomes an error record (0: no limit)
        #[arg(long, value_name = "SECS", default_value_t = 300.0)]
        pair_timeout: f64,
        /// Score only the first BYTES of each sentence (0: all of it)
        #[arg(long, value_name = "BYTES", default_value_t = bialign::align::DEFAULT_MAX_SENTENCE_BYTES)]
        max_sentence_bytes: usize,
        /// With INPUT `-` redirected from a JSON Lines file: read only LEN bytes from byte START (a
        /// line start), as a task of a distributed job reads its share of one file (lines numbered
        /// from START)
        #[arg(long, value_name = "START:LEN", value_parser = parse_byte_range)]
        byte_range: Option<(u64, u64)>,
        /// Pairs per chunk, the unit of work and of the journal (0: the default; output is the same)
        #[arg(long, value_name = "N", default_value_t = 0, hide = true)]
        chunk_pairs: usize,
        #[command(flatten)]
        input: InputArgs,
    },
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
    Pair {
        /// EN_INPUT PL_INPUT (with --mixed: any number of INPUTs)
        #[arg(required = true, value_name = "INPUT")]
        inputs: Vec<PathBuf>,
        /// One collection of both languages: each document goes to the side of its detected language
        #[arg(long)]
        mixed: bool,
        /// Let a document pair with several: every candidate that is the best of its English or of
        /// its Polish document is a pair
        #[arg(long)]
        many: bool,
        /// Make no pair scoring below this, from 0 to 1
        #[arg(long, default_value_t = bialign::pair::DEFAULT_MIN_SCORE, value_parser = parse_score)]
        min_score: f32,
        /// Also list the documents left without a partner ({"unpaired":"en"|"pl","id",…})
        #[arg(long, conflicts_with_all = ["emit_records", "align"])]
        unpaired: bool,
        /// Write the best N candidates of every document ({"candidates":"en"|"pl","id","top"}) after the pairs
        #[arg(long, value_name = "N", default_value_t = 0, conflicts_with_all = ["emit_records", "align"])]
        candidates: usize,
        /// Write batch input records {"id":"EN_ID|PL_ID","en":TEXT,"pl":TEXT} instead of pairs
        #[arg(long, conflicts_with = "align")]
        emit_records: bool,
        /// Align every pair and write batch's link records instead of pairs
        #[arg(long)]
        align: bool,
        /// Documents that both have a date pair only within this many days (0: dates are ignored)
        #[arg(long, value_name = "DAYS", default_value_t = bialign::pair::DEFAULT_DATE_WINDOW)]
        date_window: u32,
        /// How candidates are scored: evidence (names, numbers, lexicon, speakers) or tfidf (the
        /// plain baseline: TF-IDF cosine over lexicon-translated lemmas)
        #[arg(long, value_enum, default_value_t = PairMethod::Evidence)]
        method: PairMethod,
        /// Write to FILE instead of standard output
        #[arg(short = 'o', long, value_name = "FILE")]
        output: Option<PathBuf>,
        /// No progress lines and no summary on standard error
        #[arg(short = 'q', long)]
        quiet: bool,
        /// Add your own EN-PL lexicon entries: TSV `en<TAB>pl` lines, or hunalign's `pl @ en` lines
        #[arg(long, value_name = "FILE")]
        lexicon: Option<PathBuf>,
        #[command(flatten)]
        input: InputArgs,
    },
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

/// How the two articles relate (`align`, `batch` and `qa` share the choice).
#[derive(Clone, Copy, ValueEnum, PartialEq, Eq)]
enum ModeArg {
    /// Decide per pair from the pair itself
    Auto,
    /// One article translates the other, sentence by sentence
    Translation,
    /// Two write-ups of one story (reordered, partial, merged, added material)
    Comparable,
}

impl ModeArg {
    fn mode(self) -> Option<bialign::align::Mode> {
        match self {
            ModeArg::Auto => None,
            ModeArg::Translation => Some(bialign::align::Mode::Translation),
            ModeArg::Comparable => Some(bialign::align::Mode::Comparable),
        }
    }
}

#[derive(Clone, Copy, ValueEnum, PartialEq, Eq)]
enum PairMethod {
    Evidence,
    Tfidf,
}

#[derive(Clone, Copy, ValueEnum, PartialEq, Eq)]
enum ByArg {
    Document,
    Paragraph,
    Line,
}

/// A failure the CLI reports as one line and an exit status.
struct Failure {
    msg: String,
    code: u8,
}

impl From<Error> for Failure {
    fn from(e: Error) -> Self {
        if e.is_broken_pipe() {
            return Failure::closed_pipe();
        }
        Failure { msg: e.to_string(), code: 2 }
    }
}

impl Failure {
    /// An error writing the output `out`, named in the message.
    fn writing(out: &OutputFile) -> impl FnOnce(std::io::Error) -> Failure + '_ {
        move |e| {
            if e.kind() == std::io::ErrorKind::BrokenPipe {
                return Failure::closed_pipe();
            }
            Failure { msg: format!("{}: cannot write: {e}", out.name().display()), code: 2 }
        }
    }
}

impl Failure {
    /// The reader went away (`bialign … | head`): it has all it wanted, so the run ends quietly with
    /// status 0, as `cat` and `grep` do.
    fn closed_pipe() -> Failure {
        Failure { msg: String::new(), code: 0 }
    }
}

fn main() -> ExitCode {
    GLOBAL.install();
    let cli = Cli::parse();
    match run(cli) {
        Ok(code) => ExitCode::from(code),
        Err(f) => {
            if !f.msg.is_empty() {
                eprintln!("bialign: {}", escape_terminal(&f.msg));
            }
            ExitCode::from(f.code)
        }
    }
}

/// Settings of `align` and `qa`.
struct PairArgs {
    format: Format,
    only: Option<OnlyArg>,
    columns: Option<Columns>,
    min_score: f32,
    max_sentence_bytes: usize,
    mode: ModeArg,
    explain: bool,
    lexicon: Option<PathBuf>,
}

fn run(cli: Cli) -> Result<u8, Failure> {
    match cli.cmd {
        Cmd::Qa { files, format, html, mode, output, checks, input } => {
            let format = match format {
                StageFormat::Text => Format::Text,
                StageFormat::Jsonl => Format::Jsonl,
            };
            let args = PairArgs {
                format,
                only: None,
                columns: None,
                min_score: 0.0,
                max_sentence_bytes: bialign::align::DEFAULT_MAX_SENTENCE_BYTES,
                mode,
                explain: false,
                lexicon: None,
            };
            cmd_qa(&files, &args, &checks, html.as_deref(), output.as_deref(), &input)
        }
        Cmd::Ingest { file, paragraphs, input } => cmd_ingest(&file, paragraphs, &input),
        Cmd::Detect { files, by, format, input } => cmd_detect(&files, by, format, &input),
        Cmd::Split { file, lang, format, input } => cmd_split(&file, lang, format, &input),
        Cmd::Quotes { file, format, input } => cmd_quotes(&file, format, &input),
        Cmd::Completions { shell } => {
            let mut cmd = <Cli as clap::CommandFactory>::command();
            let mut out = OutputFile::create(None)?;
            clap_complete::generate(shell, &mut cmd, "bialign", &mut out);
            out.commit()?;
            Ok(0)
        }
        Cmd::Man { command } => cmd_man(command.as_deref()),
        Cmd::Align {
            files,
            format,
            columns,
            only,
            min_score,
            mode,
            explain,
            output,
            lexicon,
            max_sentence_bytes,
            input,
        } => {
            let args =
                PairArgs { format, only, columns, min_score, max_sentence_bytes, mode, explain, lexicon };
            cmd_align(&files[0], &files[1], &args, output.as_deref(), &input)
        }
        Cmd::Pair {
            inputs,
            mixed,
            many,
            min_score,
            unpaired,
            candidates,
            emit_records,
            align,
            date_window,
            method,
            output,
            quiet,
            lexicon,
            input,
        } => {
            if !mixed && inputs.len() != 2 {
                return Err(Failure {
                    msg:
                        "pair: give EN_INPUT PL_INPUT, or --mixed INPUT… for one collection of both languages"
                            .into(),
                    code: 2,
                });
            }
            let opts = bialign::pair::PairOptions {
                method: match method {
                    PairMethod::Evidence => bialign::pair::Method::Evidence,
                    PairMethod::Tfidf => bialign::pair::Method::TfIdf,
                },
                many,
                min_score,
                date_window: (date_window > 0).then_some(date_window),
                candidates: bialign::pair::DEFAULT_CANDIDATES.max(candidates),
            };
            let out = PairOut { unpaired, candidates, emit_records, align, quiet };
            cmd_pair(&inputs, mixed, &opts, &out, output.as_deref(), lexicon.as_deref(), &input)
        }
        Cmd::Batch {
            inputs,
            output,
            format,
            columns,
            follow,
            max_pair_memory,
            only,
            min_score,
            mode,
            jobs,
            resume,
            quiet,
            qa,
            lexicon,
            pair_timeout,
            max_sentence_bytes,
            byte_range,
            chunk_pairs,
            input,
        } => {
            if qa && format != Format::Jsonl {
                return Err(Failure {
                    msg: "--qa writes findings as JSON Lines records: use it with --format jsonl".into(),
                    code: 2,
                });
            }
            if !(pair_timeout.is_finite() && pair_timeout >= 0.0) {
                return Err(Failure {
                    msg: "--pair-timeout: a number of seconds, 0 or more".into(),
                    code: 2,
                });
            }
            let mut align =
                bialign::AlignOptions { max_sentence_bytes, mode: mode.mode(), ..Default::default() };
            if let Some(path) = &lexicon {
                align.lexicon = Some(bialign::align::lexicon_with_user_file(path)?);
            }
            let opts = bialign::batch::BatchOptions {
                format,
                columns: columns_for(format, columns)?,
                follow,
                max_pair_memory,
                only: only_of(only),
                min_score,
                jobs,
                ingest: input.options(),
                // `-o -` is standard output, like no -o.
                output: output.filter(|p| p.as_os_str() != "-"),
                resume,
                quiet,
                progress: std::io::IsTerminal::is_terminal(&std::io::stderr()),
                align,
                qa,
                lexicon_file: lexicon,
                pair_timeout: (pair_timeout > 0.0)
                    .then(|| std::time::Duration::try_from_secs_f64(pair_timeout).ok())
                    .flatten(),
                stdin_range: byte_range,
                chunk_pairs,
                ..Default::default()
            };
            let summary = bialign::batch::run(&inputs, &opts)?;
            eprintln!("{}", summary.render());
            Ok(if summary.totals.failed > 0 { 1 } else { 0 })
        }
    }
}

/// The columns of TSV and CSV output (`--columns` only fits those formats).
fn columns_for(format: Format, columns: Option<Columns>) -> Result<Vec<Column>, Failure> {
    match columns {
        None => Ok(bialign::output::writer::DEFAULT_COLUMNS.to_vec()),
        Some(c) if matches!(format, Format::Tsv | Format::Csv) => Ok(c.0),
        Some(_) => Err(Failure { msg: "--columns applies to --format tsv and csv".into(), code: 2 }),
    }
}

/// `bialign man [COMMAND]`: the roff manual page.
fn cmd_man(command: Option<&str>) -> Result<u8, Failure> {
    let root = <Cli as clap::CommandFactory>::command();
    let cmd = match command {
        None => root,
        Some(name) => match root.find_subcommand(name) {
            Some(c) => c.clone().name(&*Box::leak(format!("bialign-{name}").into_boxed_str())),
            None => return Err(Failure { msg: format!("man: no command '{name}'"), code: 2 }),
        },
    };
    let mut out = OutputFile::create(None)?;
    clap_mangen::Man::new(cmd).render(&mut out).map_err(Failure::writing(&out))?;
    out.commit()?;
    Ok(0)
}

fn cmd_ingest(file: &Path, paragraphs: bool, input: &InputArgs) -> Result<u8, Failure> {
    let doc = bialign::ingest_file(file, &input.options())?;
    warn_replaced(&doc);
    let mut out = OutputFile::create(None)?;
    let w = |out: &mut OutputFile| -> std::io::Result<()> {
        if paragraphs {
            for p in &doc.paragraphs {
                writeln!(out, "[{}..{}] {}", p.span.start, p.span.end, doc.slice(p.span))?;
            }
        } else {
            out.write_all(doc.text.as_bytes())?;
            if !doc.text.ends_with('\n') {
                writeln!(out)?;
            }
        }
        Ok(())
    };
    w(&mut out).map_err(Failure::writing(&out))?;
    out.commit()?;
    Ok(0)
}

fn cmd_detect(files: &[PathBuf], by: ByArg, format: StageFormat, input: &InputArgs) -> Result<u8, Failure> {
    let mut out = OutputFile::create(None)?;
    for file in files {
        let doc = bialign::ingest_file(file, &input.options())?;
        let name = file.display().to_string();
        let jsonl = format == StageFormat::Jsonl;
        let w = |out: &mut OutputFile| -> std::io::Result<()> {
            match by {
                ByArg::Document => bialign::output::stage::write_detection(
                    out,
                    jsonl,
                    &name,
                    None,
                    doc.lang,
                    doc.lang_confidence,
                ),
                ByArg::Paragraph => {
                    for p in &doc.paragraphs {
                        bialign::output::stage::write_detection(
                            out,
                            jsonl,
                            &name,
                            Some((p.span, doc.slice(p.span))),
                            p.lang,
                            p.confidence,
                        )?;
                    }
                    Ok(())
                }
                ByArg::Line => {
                    for span in bialign::ingest::line_spans(&doc.text) {
                        let t = doc.slice(span);
                        let d = bialign::lang::detect(t);
                        bialign::output::stage::write_detection(
                            out,
                            jsonl,
                            &name,
                            Some((span, t)),
                            d.lang,
                            d.confidence,
                        )?;
                    }
                    Ok(())
                }
            }
        };
        w(&mut out).map_err(Failure::writing(&out))?;
    }
    out.commit()?;
    Ok(0)
}

fn cmd_split(file: &Path, lang: LangArg, format: StageFormat, input: &InputArgs) -> Result<u8, Failure> {
    let forced = match lang {
        LangArg::Auto => None,
        LangArg::En => Some(Lang::En),
        LangArg::Pl => Some(Lang::Pl),
    };
    // A language given on the command line skips routing: splitting reads only the paragraphs' language.
    let mut doc = bialign::ingest_file_in(file, &input.options(), forced)?;
    if input.presplit {
        bialign::ingest::presplit_sentences(&mut doc);
    } else {
        bialign::segment::segment(&mut doc);
    }
    let mut out = OutputFile::create(None)?;
    bialign::output::stage::write_sentences(&mut out, format == StageFormat::Jsonl, &doc)
        .map_err(Failure::writing(&out))?;
    out.commit()?;
    Ok(0)
}

fn cmd_quotes(file: &Path, format: StageFormat, input: &InputArgs) -> Result<u8, Failure> {
    let doc = bialign::analyze_file(file, &input.options())?;
    let mut out = OutputFile::create(None)?;
    bialign::output::stage::write_quotes(&mut out, format == StageFormat::Jsonl, &doc)
        .map_err(Failure::writing(&out))?;
    out.commit()?;
    Ok(0)
}

/// `START:LEN` of `batch --byte-range`.
fn parse_byte_range(s: &str) -> Result<(u64, u64), String> {
    let (a, b) = s.split_once(':').ok_or_else(|| "expected START:LEN (bytes)".to_string())?;
    let start = a.trim().parse::<u64>().map_err(|e| format!("START: {e}"))?;
    let len = b.trim().parse::<u64>().map_err(|e| format!("LEN: {e}"))?;
    Ok((start, len))
}

fn only_of(only: Option<OnlyArg>) -> Only {
    match only {
        None => Only::Both,
        Some(OnlyArg::Sentences) => Only::Sentences,
        Some(OnlyArg::Quotes) => Only::Quotes,
    }
}

/// A warning for invalid UTF-8 bytes that were replaced in a document.
fn warn_replaced(doc: &Document) {
    if doc.replaced_bytes > 0 {
        eprintln!(
            "bialign: warning: {}: {} invalid UTF-8 bytes replaced (U+001A, one for one: offsets unchanged)",
            escape_terminal(&doc.name),
            doc.replaced_bytes
        );
    }
}

/// Read both files and decide which is English and which Polish.
fn load_pair(a: &Path, b: &Path, input: &InputArgs) -> Result<(Document, Document, bool), Failure> {
    let da = bialign::analyze_file(a, &input.options())?;
    let db = bialign::analyze_file(b, &input.options())?;
    warn_replaced(&da);
    warn_replaced(&db);
    let (en, pl, swapped) = bialign::lang::order_pair(da, db)?;
    Ok((en, pl, swapped))
}

/// Write one aligned pair through the writer of `format` to `path` (standard output when `None`).
fn write_pair(
    path: Option<&Path>,
    format: Format,
    opts: WriteOptions,
    pair: &AlignedPair,
) -> Result<(), Failure> {
    let w = bialign::output::writer(format, opts);
    let mut out = OutputFile::create(path)?;
    let res = w.begin(&mut out).and_then(|_| w.pair(&mut out, pair)).and_then(|_| w.finish(&mut out));
    res.map_err(Failure::writing(&out))?;
    out.commit()?;
    Ok(())
}

fn cmd_align(
    a: &Path,
    b: &Path,
    args: &PairArgs,
    output: Option<&Path>,
    input: &InputArgs,
) -> Result<u8, Failure> {
    let columns = columns_for(args.format, args.columns.clone())?;
    let (en, pl, swapped) = load_pair(a, b, input)?;
    let mode = args.mode.mode();
    let mut opts = bialign::AlignOptions {
        min_score: args.min_score,
        max_sentence_bytes: args.max_sentence_bytes,
        mode,
        ..Default::default()
    };
    // BIALIGN_DISABLE=lexicon,names,… switches evidence sources off (for ablations).
    if let Ok(off) = std::env::var("BIALIGN_DISABLE") {
        opts.signals = bialign::align::Signals::without(&off);
    }
    if let Some(path) = &args.lexicon {
        opts.lexicon = Some(bialign::align::lexicon_with_user_file(path)?);
    }
    let alignment = bialign::align(&en, &pl, &opts);
    let qa = bialign::qa::QaOptions { lexicon: opts.lexicon.clone(), ..Default::default() };
    let findings =
        if args.format == Format::Html { bialign::qa::check(&en, &pl, &alignment, &qa) } else { Vec::new() };
    let wopts = WriteOptions {
        only: only_of(args.only),
        min_score: args.min_score,
        explain: args.explain,
        mode_asked: mode.is_some(),
        columns,
        qa,
        ..Default::default()
    };
    let pair = AlignedPair {
        id: None,
        en: &en,
        pl: &pl,
        alignment: &alignment,
        swapped,
        note: None,
        findings: &findings,
    };
    write_pair(output, args.format, wopts, &pair)?;
    Ok(0)
}

fn cmd_qa(
    files: &[PathBuf],
    args: &PairArgs,
    checks: &QaChecks,
    html: Option<&Path>,
    output: Option<&Path>,
    input: &InputArgs,
) -> Result<u8, Failure> {
    let opts = bialign::qa::QaOptions {
        mode: match args.mode {
            ModeArg::Auto => bialign::qa::Mode::Auto,
            ModeArg::Translation => bialign::qa::Mode::Translation,
            ModeArg::Comparable => bialign::qa::Mode::Comparable,
        },
        disabled: bialign::qa::Check::ALL
            .into_iter()
            .filter(|c| {
                checks.checks.as_ref().is_some_and(|only| !only.0.contains(c))
                    || checks.skip.as_ref().is_some_and(|skip| skip.0.contains(c))
            })
            .collect(),
        severities: checks.severities.clone(),
        ignore: match &checks.ignore {
            Some(path) => {
                let text = std::fs::read_to_string(path)
                    .map_err(|e| Failure { msg: format!("{}: {e}", path.display()), code: 2 })?;
                bialign::qa::config::IgnoreList::parse(&text)
                    .map_err(|e| Failure { msg: format!("{}: {e}", path.display()), code: 2 })?
            }
            None => Default::default(),
        },
        ..Default::default()
    };
    let (en, pl, alignment, swapped, findings) = match files {
        [a, b] => {
            let (en, pl, swapped) = load_pair(a, b, input)?;
            let alignment = bialign::align(
                &en,
                &pl,
                &bialign::AlignOptions { mode: args.mode.mode(), ..Default::default() },
            );
            let findings = bialign::qa::check(&en, &pl, &alignment, &opts);
            (en, pl, alignment, swapped, findings)
        }
        [file] => {
            let bad = |msg: String| Failure { msg: format!("{}: {msg}", file.display()), code: 2 };
            let Some(format) = bialign::qa::bilingual::Format::of_path(file) else {
                return Err(bad(
                    "qa reads two articles, or one bilingual file named .tmx, .xlf, .xliff or .tsv".into(),
                ));
            };
            let (name, bytes) = bialign::ingest::read_input(file, &input.options())?;
            let text_opts = bialign::ingest::IngestOptions { html: Some(false), ..input.options() };
            let doc = bialign::ingest::ingest_bytes(&name, &bytes, &text_opts)?;
            let segs = bialign::qa::bilingual::parse(&doc.text, format).map_err(bad)?;
            let name = file.display().to_string();
            let (en, pl, alignment, findings) = bialign::qa::bilingual::check_segments(&name, &segs, &opts)
                .map_err(|e| bad(e.to_string()))?;
            (en, pl, alignment, false, findings)
        }
        _ => return Err(Failure { msg: "qa takes one bilingual file or two articles".into(), code: 2 }),
    };
    let pair = AlignedPair {
        id: None,
        en: &en,
        pl: &pl,
        alignment: &alignment,
        swapped,
        note: None,
        findings: &findings,
    };
    let wopts = WriteOptions { links: false, findings: true, qa: opts, ..Default::default() };
    if let Some(path) = html {
        write_pair(Some(path), Format::Html, wopts.clone(), &pair)?;
    }
    write_pair(output, args.format, wopts, &pair)?;
    let level = match checks.fail_on {
        Some(FailOn::Error) => Some(bialign::qa::Severity::Error),
        Some(FailOn::Warning) => Some(bialign::qa::Severity::Warning),
        None => None,
    };
    Ok(u8::from(level.is_some_and(|l| bialign::qa::config::fails(&findings, l))))
}

/// What `pair` writes.
struct PairOut {
    unpaired: bool,
    candidates: usize,
    emit_records: bool,
    align: bool,
    quiet: bool,
}

fn cmd_pair(
    inputs: &[PathBuf],
    mixed: bool,
    opts: &bialign::pair::PairOptions,
    what: &PairOut,
    output: Option<&Path>,
    lexicon: Option<&Path>,
    input: &InputArgs,
) -> Result<u8, Failure> {
    use bialign::pair::{input as pin, Collection};
    use serde_json::json;
    let lex = lexicon.map(bialign::lexicon::Lexicon::with_user_file).transpose()?.map(std::sync::Arc::new);
    let mut coll = Collection::new(lex);
    let progress = !what.quiet && std::io::IsTerminal::is_terminal(&std::io::stderr());
    let ropts = pin::ReadOptions {
        ingest: input.options(),
        keep_sources: what.emit_records || what.align,
        progress_every: if progress { 10_000 } else { 0 },
    };
    let mut on_error = |e: &Error| eprintln!("bialign: {}", escape_terminal(&e.to_string()));
    let started = std::time::Instant::now();
    let loaded = pin::load(&mut coll, inputs, mixed, &ropts, &mut on_error)?;
    let read = started.elapsed();
    let pairing = coll.pair(opts);
    let times = (read, started.elapsed() - read);
    let side_name = ["en", "pl"];
    // The batch records of the pairs, to standard output or to the file batch reads for --align.
    let emit = |out: &mut dyn Write| -> Result<usize, Failure> {
        let mut failed = 0;
        for p in &pairing.pairs {
            let texts = [(0, p.en), (1, p.pl)]
                .map(|(s, i)| pin::read_text(&loaded.sources[s][i], &loaded.inputs, &input.options()));
            match texts {
                [Ok(en), Ok(pl)] => {
                    let id = format!("{}|{}", coll.id(0, p.en), coll.id(1, p.pl));
                    let r = json!({"id": id, "en": en, "pl": pl});
                    writeln!(out, "{r}")
                        .map_err(|e| Failure { msg: format!("cannot write: {e}"), code: 2 })?;
                }
                [a, b] => {
                    for e in [a.err(), b.err()].into_iter().flatten() {
                        on_error(&e);
                        failed += 1;
                    }
                }
            }
        }
        Ok(failed)
    };
    let mut failed = loaded.failed;
    if what.align {
        let mut tmp = tempfile::NamedTempFile::new()
            .map_err(|e| Failure { msg: format!("cannot create a temporary file: {e}"), code: 2 })?;
        {
            let mut w = std::io::BufWriter::new(tmp.as_file_mut());
            failed += emit(&mut w)?;
            w.flush().map_err(|e| Failure { msg: format!("temporary file: {e}"), code: 2 })?;
        }
        if !what.quiet {
            eprintln!("{}", pair_summary(&coll, &pairing, failed, times));
        }
        let bopts = bialign::batch::BatchOptions {
            format: Format::Jsonl,
            columns: bialign::output::writer::DEFAULT_COLUMNS.to_vec(),
            ingest: input.options(),
            output: output.filter(|p| p.as_os_str() != "-").map(Path::to_path_buf),
            quiet: what.quiet,
            progress,
            ..Default::default()
        };
        let summary = bialign::batch::run(&[tmp.path().to_path_buf()], &bopts)?;
        if !what.quiet {
            eprintln!("{}", summary.render());
        }
        return Ok(u8::from(failed > 0 || summary.totals.failed > 0));
    }
    let mut out = OutputFile::create(output)?;
    if what.emit_records {
        failed += emit(&mut out)?;
    } else {
        let w = |out: &mut OutputFile| -> std::io::Result<()> {
            for p in &pairing.pairs {
                let ev = coll.evidence(p.en, p.pl);
                let r = json!({"en": coll.id(0, p.en), "pl": coll.id(1, p.pl),
                    "score": round3(p.score), "evidence": ev});
                writeln!(out, "{r}")?;
            }
            if what.unpaired {
                for (s, &side) in side_name.iter().enumerate() {
                    for i in 0..coll.len(s) {
                        if pairing.paired[s][i] {
                            continue;
                        }
                        let mut r = json!({"unpaired": side, "id": coll.id(s, i)});
                        if let Some(&(j, score)) = pairing.candidates[s][i].first() {
                            r["best"] = json!({"id": coll.id(1 - s, j as usize), "score": round3(score)});
                        }
                        writeln!(out, "{r}")?;
                    }
                }
            }
            if what.candidates > 0 {
                for (s, &side) in side_name.iter().enumerate() {
                    for i in 0..coll.len(s) {
                        let top: Vec<serde_json::Value> = pairing.candidates[s][i]
                            .iter()
                            .take(what.candidates)
                            .map(|&(j, score)| json!({"id": coll.id(1 - s, j as usize), "score": round3(score)}))
                            .collect();
                        writeln!(out, "{}", json!({"candidates": side, "id": coll.id(s, i), "top": top}))?;
                    }
                }
            }
            Ok(())
        };
        w(&mut out).map_err(Failure::writing(&out))?;
    }
    out.commit()?;
    if !what.quiet {
        eprintln!("{}", pair_summary(&coll, &pairing, failed, times));
    }
    Ok(u8::from(failed > 0))
}

fn round3(x: f32) -> f64 {
    (f64::from(x) * 1000.0).round() / 1000.0
}

/// The summary line of `pair` on standard error.
fn pair_summary(
    coll: &bialign::pair::Collection,
    p: &bialign::pair::Pairing,
    failed: usize,
    (read, paired): (std::time::Duration, std::time::Duration),
) -> String {
    let left = |s: usize| p.paired[s].iter().filter(|&&b| !b).count();
    let (keys, postings) = coll.index_size();
    format!(
        "bialign: pair: {} English and {} Polish documents, {} pairs; {} English and {} Polish unpaired; {} failed; index {} keys, {} postings; read {:.1} s, paired {:.1} s",
        coll.len(0),
        coll.len(1),
        p.pairs.len(),
        left(0),
        left(1),
        failed,
        keys,
        postings,
        read.as_secs_f64(),
        paired.as_secs_f64()
    )
}
