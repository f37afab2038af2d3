//! Hostile input and usage through the binary: endless devices and pipes, symbolic links, named
//! pipes and loops in batch folders, deep HTML, invalid UTF-8, bad option values, untrusted ids on
//! the terminal, resuming a different run, and the input conventions of corpus tools (CSV, columns,
//! presplit text, compressed JSON Lines).
//!
//! `BIALIGN_BIN=/path/to/bialign cargo test --test hostile` runs the same checks against another
//! build (run it under `prlimit --as=2000000000` when that build may read a device without bound).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use serde_json::{json, Value};

fn bin() -> Command {
    match std::env::var_os("BIALIGN_BIN") {
        Some(b) => Command::new(b),
        None => Command::new(env!("CARGO_BIN_EXE_bialign")),
    }
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn sample(side: &str) -> PathBuf {
    root().join(format!("corpus/carrie-diaries/{side}.txt"))
}

/// The first `n` paragraphs of an align-dev article.
fn dev(article: usize, side: &str, n: usize) -> String {
    let p = root().join(format!("corpus/align-dev/wmt20-enpl/a{article:02}/parallel/{side}.txt"));
    let t = std::fs::read_to_string(&p).unwrap();
    t.split("\n\n").take(n).collect::<Vec<_>>().join("\n\n") + "\n"
}

struct Run {
    code: Option<i32>,
    stdout: Vec<u8>,
    stderr: String,
}

impl Run {
    fn out(&self) -> String {
        String::from_utf8_lossy(&self.stdout).into_owned()
    }
}

/// Run the binary in `dir`, killing it after `limit` (a hang is a test failure, not a stuck run).
fn run_in(dir: &Path, args: &[&str], stdin: Option<&[u8]>, limit: Duration) -> Run {
    let mut child = bin()
        .args(args)
        .current_dir(dir)
        .stdin(if stdin.is_some() { Stdio::piped() } else { Stdio::null() })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    if let Some(input) = stdin {
        let mut w = child.stdin.take().unwrap();
        let input = input.to_vec();
        std::thread::spawn(move || {
            let _ = w.write_all(&input);
        });
    }
    let pid = child.id();
    let start = Instant::now();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(child.wait_with_output());
    });
    match rx.recv_timeout(limit) {
        Ok(o) => {
            let o: Output = o.unwrap();
            Run {
                code: o.status.code(),
                stdout: o.stdout,
                stderr: String::from_utf8_lossy(&o.stderr).into_owned(),
            }
        }
        Err(_) => {
            let _ = Command::new("kill").args(["-9", &pid.to_string()]).status();
            panic!("bialign {args:?} still running after {:?}", start.elapsed());
        }
    }
}

fn run(dir: &Path, args: &[&str]) -> Run {
    run_in(dir, args, None, Duration::from_secs(20))
}

fn records(r: &Run) -> Vec<Value> {
    r.out().lines().map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}"))).collect()
}

fn write(p: &Path, s: impl AsRef<[u8]>) {
    if let Some(d) = p.parent() {
        std::fs::create_dir_all(d).unwrap();
    }
    std::fs::write(p, s).unwrap();
}

fn mkfifo(p: &Path) -> bool {
    Command::new("mkfifo").arg(p).status().is_ok_and(|s| s.success())
}

#[test]
fn missing_arguments_and_bad_option_values_are_usage_errors() {
    let t = tempfile::tempdir().unwrap();
    let (en, pl) = (sample("en"), sample("pl"));
    let (en, pl) = (en.to_str().unwrap(), pl.to_str().unwrap());
    for args in [
        vec!["align"],
        vec!["qa"],
        vec!["align", en, pl, "--min-score", "nan"],
        vec!["align", en, pl, "--min-score", "2"],
        vec!["align", en, pl, "--min-score=-0.5"],
        vec!["align", en, pl, "--format", "jsonl", "--columns", "id,en"],
        vec!["align", en, pl, "--format", "csv", "--columns", "en,nope"],
    ] {
        let r = run(t.path(), &args);
        assert_eq!(r.code, Some(2), "{args:?}: {}", r.stderr);
        assert!(!r.stderr.contains("panicked"), "{args:?}: {}", r.stderr);
    }
}

#[test]
fn an_endless_device_or_pipe_is_cut_at_the_limit() {
    let t = tempfile::tempdir().unwrap();
    let pl = sample("pl");
    let r = run(t.path(), &["align", "/dev/zero", pl.to_str().unwrap(), "--max-input-bytes", "100000"]);
    assert_eq!(r.code, Some(2), "{}", r.stderr);
    assert!(r.stderr.contains("/dev/zero") && r.stderr.contains("limit of 100000 bytes"), "{}", r.stderr);

    // A named pipe that never ends (as `<(yes)` would be).
    let fifo = t.path().join("endless");
    if !mkfifo(&fifo) {
        return;
    }
    let writer = {
        let fifo = fifo.clone();
        std::thread::spawn(move || {
            if let Ok(mut f) = std::fs::OpenOptions::new().write(true).open(&fifo) {
                let block = "All work and no play. ".repeat(1000);
                while f.write_all(block.as_bytes()).is_ok() {}
            }
        })
    };
    let r = run(t.path(), &["align", "endless", pl.to_str().unwrap(), "--max-input-bytes", "1000000"]);
    assert_eq!(r.code, Some(2), "{}", r.stderr);
    assert!(r.stderr.contains("endless") && r.stderr.contains("limit of 1000000 bytes"), "{}", r.stderr);
    writer.join().unwrap();
}

/// A batch folder holding a good pair, a side that is a symbolic link to a file outside the folder,
/// a symbolic link loop and a side that is a named pipe nobody writes.
#[test]
fn batch_folders_skip_links_pipes_and_loops() {
    let t = tempfile::tempdir().unwrap();
    let (en, pl) = (dev(0, "en", 2), dev(0, "pl", 2));
    let c = t.path().join("c");
    write(&c.join("a/en.txt"), &en);
    write(&c.join("a/pl.txt"), &pl);
    let secret = "The private key of this machine is right here. Nobody else should ever read it.\n";
    write(&t.path().join("secret.txt"), secret);
    std::os::unix::fs::symlink(t.path().join("secret.txt"), c.join("b-link/en.txt"))
        .or_else(|_| {
            std::fs::create_dir_all(c.join("b-link"))?;
            std::os::unix::fs::symlink(t.path().join("secret.txt"), c.join("b-link/en.txt"))
        })
        .unwrap();
    write(&c.join("b-link/pl.txt"), &pl);
    std::os::unix::fs::symlink("..", c.join("loop")).unwrap();
    let have_fifo = {
        std::fs::create_dir_all(c.join("d-pipe")).unwrap();
        write(&c.join("d-pipe/pl.txt"), &pl);
        mkfifo(&c.join("d-pipe/en.txt"))
    };

    let r = run(t.path(), &["batch", "c"]);
    assert_eq!(r.code, Some(1), "{}", r.stderr);
    assert!(!r.out().contains("private key"), "a linked file outside the folder was read");
    assert!(r.stderr.contains("b-link/en.txt") && r.stderr.contains("--follow"), "{}", r.stderr);
    if have_fifo {
        assert!(r.stderr.contains("d-pipe/en.txt: skipped: a named pipe"), "{}", r.stderr);
    }
    let recs = records(&r);
    assert!(recs.iter().any(|v| v["doc"] == "a" && v.get("error").is_none()), "{recs:?}");
    assert!(recs.iter().any(|v| v["doc"] == "b-link" && v["kind"] == "record"), "{recs:?}");

    // --follow reads the link; the loop is still walked once.
    let r = run(t.path(), &["batch", "c", "--follow", "--format", "tsv"]);
    assert!(r.code.is_some_and(|c| c <= 1), "{}", r.stderr);
    let docs: Vec<String> = {
        let r = run(t.path(), &["batch", "c", "--follow"]);
        let mut d: Vec<String> = records(&r).iter().map(|v| v["doc"].as_str().unwrap().to_string()).collect();
        d.dedup();
        d
    };
    assert!(docs.len() <= 4, "a loop is walked once: {docs:?}");
    assert!(docs.contains(&"b-link".to_string()), "{docs:?}");
}

#[test]
fn folder_naming_patterns_and_folders_with_no_pair() {
    let t = tempfile::tempdir().unwrap();
    let (en, pl) = (dev(1, "en", 1), dev(1, "pl", 1));
    write(&t.path().join("u/story1_en.txt"), &en);
    write(&t.path().join("u/story1_pl.txt"), &pl);
    write(&t.path().join("w/english.txt"), &en);
    write(&t.path().join("w/polish.txt"), &pl);
    for (dir, doc) in [("u", "story1"), ("w", "w")] {
        let r = run(t.path(), &["batch", dir]);
        assert_eq!(r.code, Some(0), "{dir}: {}", r.stderr);
        let recs = records(&r);
        assert!(!recs.is_empty() && recs.iter().all(|v| v["doc"] == doc), "{dir}: {recs:?}");
    }
    std::fs::create_dir_all(t.path().join("empty")).unwrap();
    let r = run(t.path(), &["batch", "empty"]);
    assert_eq!(r.code, Some(2), "{}", r.stderr);
    assert!(r.stderr.contains("no article pairs"), "{}", r.stderr);
    write(&t.path().join("odd/notes.txt"), &en);
    write(&t.path().join("odd/draft.txt"), &pl);
    let r = run(t.path(), &["batch", "odd"]);
    assert_eq!(r.code, Some(2), "{}", r.stderr);
    assert!(
        r.stderr.contains("notes.txt") && r.stderr.contains("draft.txt"),
        "names skipped files: {}",
        r.stderr
    );
}

#[test]
fn a_few_invalid_utf8_bytes_are_replaced_with_offsets_into_the_file() {
    let t = tempfile::tempdir().unwrap();
    let mut bytes = std::fs::read(sample("en")).unwrap();
    let at = bytes.windows(5).position(|w| w == b" the ").unwrap();
    bytes.splice(at..at, [0xFF, 0xFE]);
    write(&t.path().join("en.txt"), &bytes);
    let pl = sample("pl");
    let r = run(t.path(), &["align", "en.txt", pl.to_str().unwrap(), "--format", "jsonl"]);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert!(r.stderr.contains("2 invalid UTF-8 bytes replaced"), "{}", r.stderr);
    let mut checked = 0;
    for v in records(&r) {
        for s in v["en"].as_array().unwrap() {
            let (a, b) = (s["start"].as_u64().unwrap() as usize, s["end"].as_u64().unwrap() as usize);
            if a > at + 2 {
                assert_eq!(std::str::from_utf8(&bytes[a..b]).unwrap(), s["text"].as_str().unwrap());
                checked += 1;
            }
        }
    }
    assert!(checked > 10, "{checked} spans after the bad bytes");
}

#[test]
fn deeply_nested_html_is_read_in_linear_time() {
    let t = tempfile::tempdir().unwrap();
    let n = 100_000;
    let page = format!(
        "<html><body>{}<p>The council met on Monday. It voted for the plan.</p>{}</body></html>",
        "<div>".repeat(n),
        "</div>".repeat(n)
    );
    write(&t.path().join("deep.html"), page);
    let start = Instant::now();
    let r = run(t.path(), &["ingest", "deep.html"]);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert!(r.out().contains("The council met on Monday."), "{}", r.out());
    assert!(start.elapsed() < Duration::from_secs(10), "{:?}", start.elapsed());
}

#[test]
fn csv_reads_back_with_a_standard_reader_and_columns_add_the_id() {
    let t = tempfile::tempdir().unwrap();
    let (en, pl) = (sample("en"), sample("pl"));
    let (en, pl) = (en.to_str().unwrap(), pl.to_str().unwrap());
    let tsv = run(t.path(), &["align", en, pl, "--format", "tsv"]);
    let csv_out = run(t.path(), &["align", en, pl, "--format", "csv"]);
    assert_eq!(csv_out.code, Some(0), "{}", csv_out.stderr);
    let mut rd = csv::Reader::from_reader(&csv_out.stdout[..]);
    assert_eq!(rd.headers().unwrap(), vec!["en", "pl", "score"]);
    let rows: Vec<csv::StringRecord> = rd.records().map(Result::unwrap).collect();
    assert_eq!(rows.len(), tsv.out().lines().count());
    for (row, line) in rows.iter().zip(tsv.out().lines()) {
        let f: Vec<&str> = line.split('\t').collect();
        assert_eq!(&row[2], f[2]);
        assert_eq!(row[0].replace('\n', "\\n").replace('\t', "\\t"), f[0]);
    }

    let input: String = (0..3)
        .map(|i| {
            json!({"id": format!("d{i}"), "en": dev(i, "en", 2), "pl": dev(i, "pl", 2)}).to_string() + "\n"
        })
        .collect();
    write(&t.path().join("in.jsonl"), &input);
    let r = run(t.path(), &["batch", "in.jsonl", "-q", "--format", "tsv", "--columns", "id,en,pl,score"]);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let mut ids: Vec<String> = r.out().lines().map(|l| l.split('\t').next().unwrap().to_string()).collect();
    ids.dedup();
    assert_eq!(ids, ["d0", "d1", "d2"]);
    assert!(r.out().lines().all(|l| l.split('\t').count() == 4));
}

#[test]
fn presplit_input_takes_lines_as_sentences_and_p_as_a_paragraph_mark() {
    let t = tempfile::tempdir().unwrap();
    write(
        &t.path().join("en.txt"),
        "The mayor opened the bridge. Dr. Smith cut the ribbon.\n<p>\nRain fell all day.\n",
    );
    write(
        &t.path().join("pl.txt"),
        "Burmistrz otworzył most. Dr Smith przeciął wstęgę.\n<p>\nCały dzień padał deszcz.\n",
    );
    let r = run(
        t.path(),
        &["align", "en.txt", "pl.txt", "--presplit", "--format", "tsv", "--mode", "translation"],
    );
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let out = r.out();
    assert!(!out.contains("<p>"), "the paragraph mark is no sentence: {out}");
    assert_eq!(out.lines().count(), 2, "one line is one sentence: {out}");
    assert!(out.starts_with("The mayor opened the bridge. Dr. Smith cut the ribbon.\t"), "{out}");
}

#[test]
fn gzip_and_zstd_json_lines_give_the_output_of_the_plain_file() {
    let t = tempfile::tempdir().unwrap();
    let input: String = (0..2)
        .map(|i| {
            json!({"id": format!("z{i}"), "en": dev(i, "en", 2), "pl": dev(i, "pl", 2)}).to_string() + "\n"
        })
        .collect();
    write(&t.path().join("in.jsonl"), &input);
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    gz.write_all(input.as_bytes()).unwrap();
    write(&t.path().join("in.gz.data"), gz.finish().unwrap());
    write(&t.path().join("in.zst.data"), zstd::encode_all(input.as_bytes(), 1).unwrap());
    let plain = run(t.path(), &["batch", "in.jsonl", "-q"]);
    assert_eq!(plain.code, Some(0), "{}", plain.stderr);
    for f in ["in.gz.data", "in.zst.data"] {
        let r = run(t.path(), &["batch", f, "-q"]);
        assert_eq!(r.code, Some(0), "{f}: {}", r.stderr);
        assert!(r.stdout == plain.stdout, "{f}: output differs from the plain file's");
    }
}

#[test]
fn completions_man_page_and_version() {
    let t = tempfile::tempdir().unwrap();
    let r = run(t.path(), &["completions", "bash"]);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert!(r.out().contains("bialign") && r.out().contains("--max-input-bytes"));
    let r = run(t.path(), &["man"]);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert!(r.out().starts_with(".ie") || r.out().contains(".TH bialign"), "{}", r.out());
    let r = run(t.path(), &["--version"]);
    let v = r.out();
    assert!(v.starts_with("bialign ") && v.contains(" (") && v.trim_end().ends_with(')'), "{v}");
}

#[test]
fn untrusted_ids_cannot_drive_the_terminal_or_forge_lines() {
    let t = tempfile::tempdir().unwrap();
    let id = "x\u{1b}[2J\u{1b}[31mRED\nbialign batch: 99 pairs done, 0 failed";
    let input = json!({"id": id, "en": 1, "pl": "Tekst."}).to_string() + "\n";
    let r = run_in(t.path(), &["batch", "-"], Some(input.as_bytes()), Duration::from_secs(20));
    assert_eq!(r.code, Some(1), "{}", r.stderr);
    assert!(!r.stderr.contains('\u{1b}'), "an escape reached the terminal: {:?}", r.stderr);
    assert!(
        !r.stderr.lines().any(|l| l.starts_with("bialign batch: 99 pairs")),
        "a forged summary line: {:?}",
        r.stderr
    );
    let recs = records(&r);
    assert!(recs[0]["error"].as_str().unwrap().contains("RED"), "the JSON record keeps the id: {recs:?}");
}

#[test]
fn a_pair_over_the_memory_budget_becomes_an_error_record() {
    let t = tempfile::tempdir().unwrap();
    let input: String = (0..2)
        .map(|i| {
            json!({"id": format!("m{i}"), "en": dev(i, "en", 2), "pl": dev(i, "pl", 2)}).to_string() + "\n"
        })
        .collect();
    let r = run_in(
        t.path(),
        &["batch", "-", "-q", "--max-pair-memory", "1000"],
        Some(input.as_bytes()),
        Duration::from_secs(20),
    );
    assert_eq!(r.code, Some(1), "{}", r.stderr);
    let recs = records(&r);
    assert_eq!(recs.len(), 2, "{recs:?}");
    for v in &recs {
        assert_eq!(v["kind"], "limit", "{v}");
        assert!(v["error"].as_str().unwrap().contains("--max-pair-memory"), "{v}");
    }
}

#[test]
fn an_overlong_id_is_an_error_record_with_a_short_id() {
    let t = tempfile::tempdir().unwrap();
    let long = "i".repeat(100_000);
    let input = json!({"id": long, "en": dev(0, "en", 1), "pl": dev(0, "pl", 1)}).to_string() + "\n";
    let r = run_in(t.path(), &["batch", "-", "-q"], Some(input.as_bytes()), Duration::from_secs(20));
    assert_eq!(r.code, Some(1), "{}", r.stderr);
    assert!(r.stdout.len() < 10_000, "the id is not repeated: {} bytes", r.stdout.len());
    let recs = records(&r);
    assert_eq!(recs.len(), 1);
    assert!(recs[0]["error"].as_str().unwrap().contains("over the limit"), "{}", recs[0]);
}

#[test]
fn the_output_may_not_be_an_input_and_a_byte_range_past_the_end_is_refused() {
    let t = tempfile::tempdir().unwrap();
    let input = json!({"id": "a", "en": dev(0, "en", 1), "pl": dev(0, "pl", 1)}).to_string() + "\n";
    write(&t.path().join("x.jsonl"), &input);
    let r = run(t.path(), &["batch", "x.jsonl", "-o", "x.jsonl"]);
    assert_eq!(r.code, Some(2), "{}", r.stderr);
    assert_eq!(std::fs::read_to_string(t.path().join("x.jsonl")).unwrap(), input, "the input is kept");
    let o = bin()
        .args(["batch", "-", "--byte-range", "100000:10"])
        .stdin(std::fs::File::open(t.path().join("x.jsonl")).unwrap())
        .output()
        .unwrap();
    let r = Run {
        code: o.status.code(),
        stdout: o.stdout,
        stderr: String::from_utf8_lossy(&o.stderr).into_owned(),
    };
    assert_eq!(r.code, Some(2), "{}", r.stderr);
    assert!(r.stderr.contains("past the end"), "{}", r.stderr);
}

/// Interrupt a run, then try to resume it with other texts under the same ids, and with another
/// input limit: both are refused; the same inputs and settings resume.
#[test]
fn resume_refuses_other_inputs_and_settings() {
    let t = tempfile::tempdir().unwrap();
    let recs: Vec<Value> = (0..400)
        .map(|i| json!({"id": format!("r{i:02}"), "en": dev(i % 30, "en", 3), "pl": dev(i % 30, "pl", 3)}))
        .collect();
    let jsonl = |recs: &[Value]| recs.iter().map(|r| r.to_string() + "\n").collect::<String>();
    write(&t.path().join("in.jsonl"), jsonl(&recs));
    let journal = t.path().join("out.bialign-journal");
    let mut child = bin()
        .args(["batch", "in.jsonl", "-o", "out", "--jobs", "1"])
        .current_dir(t.path())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let start = Instant::now();
    while std::fs::read_to_string(&journal).map(|s| s.lines().count()).unwrap_or(0) < 4 {
        assert!(start.elapsed() < Duration::from_secs(20), "no progress in the journal");
        if child.try_wait().unwrap().is_some() {
            panic!("the run ended before it could be interrupted");
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    child.kill().unwrap();
    child.wait().unwrap();

    let mut other = recs.clone();
    other[0]["en"] = json!(dev(29, "en", 3));
    write(&t.path().join("in.jsonl"), jsonl(&other));
    let r = run(t.path(), &["batch", "in.jsonl", "-o", "out", "--resume"]);
    assert_eq!(r.code, Some(2), "other texts under the same ids: {}", r.stderr);
    assert!(r.stderr.contains("r00"), "{}", r.stderr);

    write(&t.path().join("in.jsonl"), jsonl(&recs));
    let r = run(t.path(), &["batch", "in.jsonl", "-o", "out", "--resume", "--max-input-bytes", "1000000"]);
    assert_eq!(r.code, Some(2), "another --max-input-bytes: {}", r.stderr);
    assert!(r.stderr.contains("max-input-bytes"), "{}", r.stderr);

    let r = run(t.path(), &["batch", "in.jsonl", "-o", "out", "--resume"]);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let clean = run(t.path(), &["batch", "in.jsonl"]);
    assert!(std::fs::read(t.path().join("out")).unwrap() == clean.stdout, "resumed output differs");
}

/// A scraper's stray control character in a short text is kept (offsets into the file's bytes);
/// a text of mostly control characters is still binary data.
#[test]
fn a_stray_control_character_is_tolerated_and_binary_is_still_refused() {
    let t = tempfile::tempdir().unwrap();
    let en = "The council met on Monday.\u{2} It voted for the new bridge over the river.\n";
    write(&t.path().join("en.txt"), en);
    write(&t.path().join("pl.txt"), "Rada zebrała się w poniedziałek. Głosowała za nowym mostem na rzece.\n");
    let r = run(t.path(), &["align", "en.txt", "pl.txt", "--format", "jsonl", "--mode", "translation"]);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    for v in records(&r) {
        for s in v["en"].as_array().unwrap() {
            let (a, b) = (s["start"].as_u64().unwrap() as usize, s["end"].as_u64().unwrap() as usize);
            assert_eq!(&en[a..b], s["text"].as_str().unwrap());
        }
    }
    write(&t.path().join("bin.txt"), b"ab\x01\x02\x03\x04\x05\x06\x07\x08cd\x0e\x0f\x10\x11\x12\n");
    let r = run(t.path(), &["ingest", "bin.txt"]);
    assert_eq!(r.code, Some(2), "{}", r.stderr);
    assert!(r.stderr.contains("bin.txt") && r.stderr.contains("binary"), "{}", r.stderr);
}

/// The budget is also measured as the pair is aligned (a counting allocator), not only estimated
/// from its text beforehand: with the estimate turned off (a test-build switch), a pair whose stages
/// take more than the budget still becomes an error record, and the run goes on.
#[cfg(debug_assertions)]
#[test]
fn a_pair_over_its_measured_memory_budget_becomes_an_error_record() {
    let t = tempfile::tempdir().unwrap();
    // About 300 KB a side: some 20 MB to align; a short pair takes under 8 MB (the first on a
    // thread also loads the word lists).
    let big_en = dev(1, "en", 100).repeat(48);
    let big_pl = dev(1, "pl", 100).repeat(48);
    let input = [
        json!({"id": "small1", "en": dev(0, "en", 2), "pl": dev(0, "pl", 2)}),
        json!({"id": "big", "en": big_en, "pl": big_pl}),
        json!({"id": "small2", "en": dev(2, "en", 2), "pl": dev(2, "pl", 2)}),
    ]
    .iter()
    .map(|r| r.to_string() + "\n")
    .collect::<String>();
    let mut child = bin()
        .args(["batch", "-", "-q", "-j", "1", "--max-pair-memory", "11000000"])
        .current_dir(t.path())
        .env("BIALIGN_FAULT", "no-memory-estimate")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut w = child.stdin.take().unwrap();
    std::thread::spawn(move || w.write_all(input.as_bytes()));
    let o = child.wait_with_output().unwrap();
    assert_eq!(o.status.code(), Some(1), "{}", String::from_utf8_lossy(&o.stderr));
    let recs: Vec<Value> =
        String::from_utf8_lossy(&o.stdout).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    let errors: Vec<&Value> = recs.iter().filter(|v| v.get("error").is_some()).collect();
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert_eq!((errors[0]["doc"].as_str(), errors[0]["kind"].as_str()), (Some("big"), Some("limit")));
    let msg = errors[0]["error"].as_str().unwrap();
    assert!(msg.contains("bytes of memory by the end of") && msg.contains("--max-pair-memory"), "{msg}");
    for id in ["small1", "small2"] {
        assert!(recs.iter().any(|v| v["doc"] == id && v.get("error").is_none()), "{id} was not aligned");
    }
}
