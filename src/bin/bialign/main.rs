//! The bialign command line: parses the arguments ([`args`]), calls the library, reports failures as
//! one line and an exit status. Every command is a few calls into the library.

mod alloc;
mod args;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Parser;

use args::{
    AlignArgs, BatchArgs, Cli, Cmd, Columns, InputArgs, ModeArg, OnlyArg, PairArgs, QaChecks, QaFormat,
};
use bialign::output::stage::{write_detections, write_quotes, write_sentences, write_text, Unit};
use bialign::output::{
    escape_terminal, write_pair_to, AlignedPair, Column, Format, OutputFile, WriteOptions,
};
use bialign::qa::config::QaConfig;
use bialign::{AlignOptions, Document, Error};

/// mimalloc: batch allocates and frees many small buffers on several threads. Counted per thread, so
/// that batch measures each pair's memory against `--max-pair-memory` (bialign::batch::memory).
#[global_allocator]
static GLOBAL: bialign::batch::memory::Counting<mimalloc::MiMalloc> =
    bialign::batch::memory::Counting(mimalloc::MiMalloc);

/// A failure the CLI reports as one line and an exit status.
struct Failure {
    msg: String,
    code: u8,
}

impl From<Error> for Failure {
    fn from(e: Error) -> Self {
        // The reader went away (`bialign … | head`): it has all it wanted, so the run ends quietly
        // with status 0, as `cat` and `grep` do.
        if e.is_broken_pipe() {
            return Failure { msg: String::new(), code: 0 };
        }
        Failure { msg: e.to_string(), code: 2 }
    }
}

/// A usage error (status 2).
fn usage(msg: impl Into<String>) -> Failure {
    Failure { msg: msg.into(), code: 2 }
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

fn run(cli: Cli) -> Result<u8, Failure> {
    match cli.cmd {
        Cmd::Align(args) => cmd_align(args),
        Cmd::Qa { files, format, html, mode, output, checks, input } => {
            cmd_qa(&files, format, mode, &checks, html.as_deref(), output.as_deref(), &input)
        }
        Cmd::Ingest { file, paragraphs, input } => {
            // The text and the paragraph spans: no language is needed.
            let doc = bialign::read_document(&file, &input.options())?;
            warn_replaced(&doc);
            OutputFile::create(None)?.write_with(|out| write_text(out, &doc, paragraphs))?;
            Ok(0)
        }
        Cmd::Detect { files, by, format, input } => {
            let mut out = OutputFile::create(None)?;
            let unit = Unit::from(by);
            for file in &files {
                // Only what the unit reports is detected: the file's language, each paragraph's
                // (the routing of the other stages), or each line's on its own.
                let mut doc = bialign::read_document(file, &input.options())?;
                match unit {
                    Unit::Document => bialign::lang::route_document(&mut doc),
                    Unit::Paragraph => bialign::lang::route(&mut doc),
                    Unit::Line => {}
                }
                write_detections(&mut out, format.jsonl(), &file.display().to_string(), &doc, unit)
                    .map_err(|e| out.write_error(&e))?;
            }
            out.commit()?;
            Ok(0)
        }
        Cmd::Split { file, lang, format, input } => {
            // A language given on the command line skips routing: splitting reads only the paragraphs' language.
            let doc = bialign::split_file(&file, &input.options(), lang.lang())?;
            OutputFile::create(None)?.write_with(|out| write_sentences(out, format.jsonl(), &doc))?;
            Ok(0)
        }
        Cmd::Quotes { file, format, input } => {
            let doc = bialign::analyze_file(&file, &input.options())?;
            OutputFile::create(None)?.write_with(|out| write_quotes(out, format.jsonl(), &doc))?;
            Ok(0)
        }
        Cmd::Completions { shell } => {
            let mut cmd = <Cli as clap::CommandFactory>::command();
            OutputFile::create(None)?.write_with(|out| {
                clap_complete::generate(shell, &mut cmd, "bialign", out);
                Ok(())
            })?;
            Ok(0)
        }
        Cmd::Man { command } => {
            let root = <Cli as clap::CommandFactory>::command();
            let cmd = match command.as_deref() {
                None => root,
                Some(name) => match root.find_subcommand(name) {
                    Some(c) => c.clone().name(&*Box::leak(format!("bialign-{name}").into_boxed_str())),
                    None => return Err(usage(format!("man: no command '{name}'"))),
                },
            };
            OutputFile::create(None)?.write_with(|out| clap_mangen::Man::new(cmd).render(out))?;
            Ok(0)
        }
        Cmd::Pair(args) => cmd_pair_args(args),
        Cmd::Batch(args) => cmd_batch(args),
    }
}

/// `align`: analyse both files, align them, write the links in the chosen format.
fn cmd_align(args: AlignArgs) -> Result<u8, Failure> {
    let AlignArgs {
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
    } = args;
    let columns = columns_for(format, columns)?;
    let (en, pl, swapped) = load_pair(&files[0], &files[1], &input)?;
    let mut opts = AlignOptions { min_score, max_sentence_bytes, mode: mode.mode(), ..Default::default() };
    // BIALIGN_DISABLE=lexicon,names,… switches evidence sources off (for ablations).
    if let Ok(off) = std::env::var("BIALIGN_DISABLE") {
        opts.signals = bialign::align::Signals::without(&off);
    }
    if let Some(path) = &lexicon {
        opts.lexicon = Some(bialign::align::lexicon_with_user_file(path)?);
    }
    let alignment = bialign::align(&en, &pl, &opts);
    let qa = bialign::qa::QaOptions { lexicon: opts.lexicon.clone(), ..Default::default() };
    // The HTML report shows the QA findings beside the links.
    let findings =
        if format == Format::Html { bialign::qa::check(&en, &pl, &alignment, &qa) } else { Vec::new() };
    let wopts = WriteOptions {
        only: OnlyArg::only(only),
        min_score,
        explain,
        mode_asked: mode.mode().is_some(),
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
    write_pair_to(output.as_deref(), format, wopts, &pair)?;
    Ok(0)
}

/// `pair`: check the inputs and options, then [`cmd_pair`].
fn cmd_pair_args(args: PairArgs) -> Result<u8, Failure> {
    let PairArgs {
        inputs,
        mixed,
        many,
        min_score,
        margin,
        unpaired,
        candidates,
        emit_records,
        emit_keys,
        align,
        date_window,
        method,
        output,
        quiet,
        lexicon,
        input,
    } = args;
    if !mixed && inputs.len() != 2 {
        return Err(usage(
            "pair: give EN_INPUT PL_INPUT, or --mixed INPUT… for one collection of both languages",
        ));
    }
    let opts = bialign::pair::PairOptions {
        method: method.into(),
        many,
        min_score,
        margin,
        date_window: (date_window > 0).then_some(date_window),
        candidates: bialign::pair::DEFAULT_CANDIDATES.max(candidates),
    };
    let out = PairOut { unpaired, candidates, emit_records, emit_keys, align, quiet };
    cmd_pair(&inputs, mixed, &opts, &out, output.as_deref(), lexicon.as_deref(), &input)
}

/// `batch`: the options of a batch run, then the run and its summary line.
fn cmd_batch(args: BatchArgs) -> Result<u8, Failure> {
    let BatchArgs {
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
    } = args;
    if qa && format != Format::Jsonl {
        return Err(usage("--qa writes findings as JSON Lines records: use it with --format jsonl"));
    }
    if !(pair_timeout.is_finite() && pair_timeout >= 0.0) {
        return Err(usage("--pair-timeout: a number of seconds, 0 or more"));
    }
    let mut align = AlignOptions { max_sentence_bytes, mode: mode.mode(), ..Default::default() };
    if let Some(path) = &lexicon {
        align.lexicon = Some(bialign::align::lexicon_with_user_file(path)?);
    }
    let opts = bialign::batch::BatchOptions {
        format,
        columns: columns_for(format, columns)?,
        follow,
        max_pair_memory,
        only: OnlyArg::only(only),
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

/// The columns of TSV and CSV output (`--columns` only fits those formats).
fn columns_for(format: Format, columns: Option<Columns>) -> Result<Vec<Column>, Failure> {
    match columns {
        None => Ok(bialign::output::writer::DEFAULT_COLUMNS.to_vec()),
        Some(c) if matches!(format, Format::Tsv | Format::Csv) => Ok(c.0),
        Some(_) => Err(usage("--columns applies to --format tsv and csv")),
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

/// Read both files, warn about replaced bytes, and decide which is English and which Polish.
fn load_pair(a: &Path, b: &Path, input: &InputArgs) -> Result<(Document, Document, bool), Failure> {
    let da = bialign::analyze_file(a, &input.options())?;
    let db = bialign::analyze_file(b, &input.options())?;
    warn_replaced(&da);
    warn_replaced(&db);
    Ok(bialign::order_pair(da, db)?)
}

/// `qa`: two articles aligned and checked, or one bilingual file's segments checked; the findings
/// written as text or JSON Lines, and as an HTML report with `--html`.
fn cmd_qa(
    files: &[PathBuf],
    format: QaFormat,
    mode: ModeArg,
    checks: &QaChecks,
    html: Option<&Path>,
    output: Option<&Path>,
    input: &InputArgs,
) -> Result<u8, Failure> {
    if format == QaFormat::Xlsx {
        refuse_binary_to_terminal(output, "XLSX")?;
    }
    // The command line overrides the configuration file.
    let mut config = checks.config.as_deref().map(QaConfig::read).transpose()?.unwrap_or_default();
    if let Some(only) = &checks.checks {
        config.checks = Some(only.0.clone());
    }
    if let Some(skip) = &checks.skip {
        config.skip = skip.0.clone();
    }
    config.severities.extend(checks.severities.iter().copied());
    config.fail_on = checks.fail_on.map(|f| f.severity()).or(config.fail_on);
    for (flag, conf) in [
        (&checks.ignore, &mut config.ignore),
        (&checks.glossary, &mut config.glossary),
        (&checks.forbidden, &mut config.forbidden),
    ] {
        if flag.is_some() {
            conf.clone_from(flag);
        }
    }
    let opts = config.qa_options(mode.qa_mode())?;
    let (en, pl, alignment, swapped, findings) = match files {
        [a, b] => {
            let (en, pl, swapped) = load_pair(a, b, input)?;
            let alignment =
                bialign::align(&en, &pl, &AlignOptions { mode: mode.mode(), ..Default::default() });
            let findings = bialign::qa::check(&en, &pl, &alignment, &opts);
            (en, pl, alignment, swapped, findings)
        }
        [file] => {
            let (en, pl, alignment, findings) =
                bialign::qa::bilingual::check_file(file, &input.options(), &opts)?;
            (en, pl, alignment, false, findings)
        }
        _ => return Err(usage("qa takes one bilingual file or two articles")),
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
        write_pair_to(Some(path), Format::Html, wopts.clone(), &pair)?;
    }
    match format {
        QaFormat::Xlsx => OutputFile::create(output)?
            .write_with(|out| bialign::output::xlsx::write_findings(out, None, &findings, &en, &pl))?,
        QaFormat::Jsonl => write_pair_to(output, Format::Jsonl, wopts, &pair)?,
        QaFormat::Text => write_pair_to(output, Format::Text, wopts, &pair)?,
    }
    let level = config.fail_on;
    Ok(u8::from(level.is_some_and(|l| bialign::qa::config::fails(&findings, l))))
}

/// Refuse to write a binary `format` where `output` (`None`: standard output) is a terminal.
fn refuse_binary_to_terminal(output: Option<&Path>, format: &str) -> Result<(), Failure> {
    use bialign::output::Destination;
    use std::io::IsTerminal;
    let dest = match output {
        None => Destination::Stdout,
        Some(p) => Destination::resolve(p)?,
    };
    let terminal = match &dest {
        Destination::Stdout => std::io::stdout().is_terminal(),
        Destination::Stderr => std::io::stderr().is_terminal(),
        Destination::Direct(p) => is_terminal_device(p),
        Destination::File(_) => false,
    };
    if terminal {
        return Err(usage(format!(
            "refusing to write {format} (a binary file) to a terminal: give -o FILE or redirect standard output"
        )));
    }
    Ok(())
}

/// Whether `path` is a terminal device: opened without waiting (a FIFO or a serial line would
/// block an ordinary open), only when it is a character device.
#[cfg(target_os = "linux")]
fn is_terminal_device(path: &Path) -> bool {
    use std::io::IsTerminal;
    use std::os::unix::fs::{FileTypeExt, OpenOptionsExt};
    std::fs::metadata(path).is_ok_and(|m| m.file_type().is_char_device())
        && std::fs::OpenOptions::new()
            .write(true)
            .custom_flags(libc::O_NONBLOCK | libc::O_NOCTTY)
            .open(path)
            .is_ok_and(|f| f.is_terminal())
}

#[cfg(not(target_os = "linux"))]
fn is_terminal_device(_path: &Path) -> bool {
    false
}

/// What `pair` writes.
struct PairOut {
    unpaired: bool,
    candidates: usize,
    emit_records: bool,
    emit_keys: bool,
    align: bool,
    quiet: bool,
}

/// `pair`: load both collections, pair them, write the pairs (or batch records, or batch's output of
/// the aligned pairs) and the summary line.
fn cmd_pair(
    inputs: &[PathBuf],
    mixed: bool,
    opts: &bialign::pair::PairOptions,
    what: &PairOut,
    output: Option<&Path>,
    lexicon: Option<&Path>,
    input: &InputArgs,
) -> Result<u8, Failure> {
    use bialign::pair::{input as pin, write, Collection};
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
    if what.emit_keys {
        OutputFile::create(output)?.write_with(|out| write::write_keys(out, &coll))?;
        return Ok(u8::from(loaded.failed > 0));
    }
    let pairing = coll.pair(opts);
    let paired = started.elapsed() - read;
    let mut failed = loaded.failed;
    let summary = |failed| write::summary(&coll, &pairing, failed, read, paired);
    if what.align {
        // The records go to a temporary file that batch then reads as its input.
        let mut tmp = tempfile::NamedTempFile::new()
            .map_err(|e| usage(format!("cannot create a temporary file: {e}")))?;
        let name = tmp.path().display().to_string();
        {
            let mut w = std::io::BufWriter::new(tmp.as_file_mut());
            failed += write::write_records(
                &mut w,
                &name,
                &coll,
                &pairing,
                &loaded,
                &input.options(),
                &mut on_error,
            )?;
            w.flush().map_err(|e| usage(format!("{name}: {e}")))?;
        }
        if !what.quiet {
            eprintln!("{}", summary(failed));
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
        let batch = bialign::batch::run(&[tmp.path().to_path_buf()], &bopts)?;
        if !what.quiet {
            eprintln!("{}", batch.render());
        }
        return Ok(u8::from(failed > 0 || batch.totals.failed > 0));
    }
    let mut out = OutputFile::create(output)?;
    if what.emit_records {
        let name = out.name().display().to_string();
        failed +=
            write::write_records(&mut out, &name, &coll, &pairing, &loaded, &input.options(), &mut on_error)?;
        out.commit()?;
    } else {
        out.write_with(|out| write::write_pairs(out, &coll, &pairing, what.unpaired, what.candidates))?;
    }
    if !what.quiet {
        eprintln!("{}", summary(failed));
    }
    Ok(u8::from(failed > 0))
}
