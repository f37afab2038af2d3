//! Durability of `batch -o`: a run ended at any moment (kill -9 at named points of the run and at
//! timed offsets, SIGTERM), then `--resume`, gives exactly the output of one uninterrupted run; two
//! runs on one output never mix; a full disk or a failed write to disk is an error naming the file,
//! with a non-zero exit, and never renames a partial file into place.
//!
//! The named points and faults (`BIALIGN_CRASH_AT`, `BIALIGN_FAULT`) exist in test builds only
//! (debug assertions on; see `batch::sink`): under `cargo test --release` those tests are left out.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_bialign"))
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

const VARIANTS: [&str; 4] = ["parallel", "comparable", "reordered", "deleted"];

/// A JSON Lines corpus of `n` short pairs (the first paragraphs of the dev-set articles in the
/// repository), small enough that a debug build runs it in well under a second.
fn corpus(n: usize) -> String {
    let mut s = String::new();
    for i in 0..n {
        let (a, v) = (i % 30, VARIANTS[(i / 30) % 4]);
        let side = |lang: &str| {
            let p = root().join(format!("corpus/align-dev/wmt20-enpl/a{a:02}/{v}/{lang}.txt"));
            let t = std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
            t.split("\n\n").take(1 + i % 2).collect::<Vec<_>>().join("\n\n") + "\n"
        };
        let rec = serde_json::json!({"id": format!("p{i:03}"), "en": side("en"), "pl": side("pl")});
        s.push_str(&rec.to_string());
        s.push('\n');
    }
    s
}

/// Pairs of the corpus and pairs per chunk: 16 chunks, each a step of the journal.
const PAIRS: usize = 32;
const CHUNK: &str = "2";

/// The arguments of a batch run writing `out` (`resume`: with --resume).
fn args(out: &str, resume: bool) -> Vec<String> {
    let mut a: Vec<String> = ["batch", "in.jsonl", "-o", out, "-j", "1", "-q", "--chunk-pairs", CHUNK]
        .iter()
        .map(|s| s.to_string())
        .collect();
    if resume {
        a.push("--resume".into());
    }
    a
}

fn run_env(dir: &Path, out: &str, resume: bool, env: &[(&str, &str)]) -> Output {
    let mut c = bin();
    c.args(args(out, resume)).current_dir(dir);
    for (k, v) in env {
        c.env(k, v);
    }
    c.output().unwrap()
}

fn err(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn names(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

/// The output of one uninterrupted run over the corpus (computed once for all the tests).
fn clean_output() -> Vec<u8> {
    static CLEAN: std::sync::OnceLock<Vec<u8>> = std::sync::OnceLock::new();
    CLEAN
        .get_or_init(|| {
            let t = tempfile::tempdir().unwrap();
            std::fs::write(t.path().join("in.jsonl"), corpus(PAIRS)).unwrap();
            let o = run_env(t.path(), "clean.jsonl", false, &[]);
            assert_eq!(o.status.code(), Some(0), "{}", err(&o));
            let clean = std::fs::read(t.path().join("clean.jsonl")).unwrap();
            assert!(clean.iter().filter(|&&b| b == b'\n').count() > PAIRS);
            clean
        })
        .clone()
}

/// A folder with the corpus as `in.jsonl`, and the output of one uninterrupted run.
fn setup() -> (tempfile::TempDir, Vec<u8>) {
    let clean = clean_output();
    let t = tempfile::tempdir().unwrap();
    std::fs::write(t.path().join("in.jsonl"), corpus(PAIRS)).unwrap();
    (t, clean)
}

/// `--resume` (until it succeeds) gives the clean output and leaves only the input and the output.
fn resume_gives_clean(dir: &Path, clean: &[u8], what: &str) {
    let o = run_env(dir, "out.jsonl", true, &[]);
    assert_eq!(o.status.code(), Some(0), "{what}: {}", err(&o));
    let out = std::fs::read(dir.join("out.jsonl")).unwrap();
    assert!(out == clean, "{what}: the resumed output differs from one uninterrupted run");
    assert_eq!(names(dir), ["in.jsonl", "out.jsonl"], "{what}");
}

/// Crash at each point of `points` in turn (the first run fresh, the next ones resuming unless the
/// point is written `fresh:POINT`), then resume to the end.
#[cfg(debug_assertions)]
fn crash_sequence(points: &[&str]) {
    let (t, clean) = setup();
    let d = t.path();
    for (k, point) in points.iter().enumerate() {
        let (fresh, point) = match point.strip_prefix("fresh:") {
            Some(p) => (true, p),
            None => (k == 0, *point),
        };
        let o = run_env(d, "out.jsonl", !fresh, &[("BIALIGN_CRASH_AT", point)]);
        #[cfg(unix)]
        {
            use std::os::unix::process::ExitStatusExt;
            assert_eq!(
                o.status.signal(),
                Some(6),
                "{points:?}: the run was to crash at {point}: {}",
                err(&o)
            );
        }
        assert!(!o.status.success());
    }
    resume_gives_clean(d, &clean, &format!("{points:?}"));
}

#[cfg(debug_assertions)]
#[test]
fn kill_9_at_named_points_of_the_run_then_resume_gives_one_clean_output() {
    // 16 moments: before anything is written, at each step of a chunk (its records written,
    // flushed, journaled) early, midway and at the last chunk, and at every step of the end.
    for point in [
        "journal-cleared",
        "part-created",
        "opened",
        "chunk-written:0",
        "chunk-flushed:0",
        "chunk-journaled:0",
        "chunk-written:6",
        "chunk-flushed:9",
        "chunk-journaled:11",
        "chunk-journaled:15",
        "footer-written",
        "before-done",
        "before-rename",
        "after-rename",
        "before-journal-removal",
        "after-journal-removal",
    ] {
        crash_sequence(&[point]);
    }
}

#[cfg(debug_assertions)]
#[test]
fn kill_9_during_resumed_runs_then_resume_gives_one_clean_output() {
    // 5 more moments, in runs that resume an interrupted one: right after taking it over, after
    // cutting the partial file back to its journal, midway, and during the final rename.
    crash_sequence(&["chunk-written:4", "resume-opened"]);
    crash_sequence(&["chunk-journaled:3", "resume-truncated", "chunk-flushed:10", "before-rename"]);
    // A fresh run (no --resume) over the leftovers of an interrupted one, killed before its own
    // journal header: the old journal must not be taken for the new partial file's.
    crash_sequence(&["chunk-journaled:8", "fresh:part-created"]);
}

/// Wait until the journal at `j` holds at least `lines` lines (or the child ended).
fn wait_for_journal(child: &mut Child, j: &Path, lines: usize) {
    let start = Instant::now();
    loop {
        let n = std::fs::read_to_string(j).map(|s| s.lines().count()).unwrap_or(0);
        if n >= lines || child.try_wait().unwrap().is_some() {
            return;
        }
        assert!(start.elapsed() < Duration::from_secs(60), "the run made no progress");
        std::thread::sleep(Duration::from_millis(1));
    }
}

#[test]
fn kill_9_at_timed_offsets_then_resume_gives_one_clean_output() {
    // 8 moments: after the journal holds 1 (the header), 4, 9 and 14 lines, and 0, 40, 120 and
    // 300 ms after the start (whatever the run was doing then; one that finished is resumed too).
    let (t, clean) = setup();
    let d = t.path();
    let journal = d.join("out.jsonl.bialign-journal");
    let mut killed_mid_run = 0;
    for (lines, delay_ms) in [(1, 0), (4, 0), (9, 0), (14, 0), (0, 0), (0, 40), (0, 120), (0, 300)] {
        let _ = std::fs::remove_file(d.join("out.jsonl"));
        let mut child =
            bin().args(args("out.jsonl", false)).current_dir(d).stderr(Stdio::null()).spawn().unwrap();
        if lines > 0 {
            wait_for_journal(&mut child, &journal, lines);
        }
        std::thread::sleep(Duration::from_millis(delay_ms));
        let _ = child.kill(); // SIGKILL
        let status = child.wait().unwrap();
        if !status.success() {
            killed_mid_run += 1;
        }
        resume_gives_clean(d, &clean, &format!("kill after {lines} journal lines, {delay_ms} ms"));
    }
    assert!(killed_mid_run >= 5, "only {killed_mid_run} of 8 runs were killed before they finished");
}

#[cfg(unix)]
#[test]
fn sigterm_leaves_a_resumable_run_and_a_non_zero_status() {
    use std::os::unix::process::ExitStatusExt;
    let (t, clean) = setup();
    let d = t.path();
    let journal = d.join("out.jsonl.bialign-journal");
    // The run waits after its 6th chunk (13 journal lines): SIGTERM reaches it midway.
    let mut child = bin()
        .args(args("out.jsonl", false))
        .current_dir(d)
        .env("BIALIGN_PAUSE_AT", "chunk-journaled:5")
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    wait_for_journal(&mut child, &journal, 13);
    let k = Command::new("kill").args(["-TERM", &child.id().to_string()]).status().unwrap();
    assert!(k.success());
    let status = child.wait().unwrap();
    // The default action of SIGTERM: the process ends at once, with the signal as its status.
    assert_eq!(status.signal(), Some(15), "{status:?}");
    assert!(!status.success());
    assert!(!d.join("out.jsonl").exists(), "the run finished before SIGTERM");
    assert!(journal.exists() && d.join("out.jsonl.bialign-part").exists());
    resume_gives_clean(d, &clean, "after SIGTERM");
}

#[test]
fn two_runs_on_one_output_never_mix() {
    let (t, clean) = setup();
    let d = t.path();
    let journal = d.join("out.jsonl.bialign-journal");
    // The second run starts while the first is midway (waiting after its 3rd chunk): it is refused
    // and the first completes.
    let mut first = bin()
        .args(args("out.jsonl", false))
        .current_dir(d)
        .env("BIALIGN_PAUSE_AT", "chunk-journaled:2")
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    wait_for_journal(&mut first, &journal, 7);
    let second = run_env(d, "out.jsonl", false, &[]);
    assert_eq!(second.status.code(), Some(2), "{}", err(&second));
    let e = err(&second);
    assert!(e.contains("out.jsonl") && e.contains("another bialign run is writing this output"), "{e}");
    assert_eq!(e.lines().count(), 1, "{e}");
    let first = first.wait_with_output().unwrap();
    assert_eq!(first.status.code(), Some(0), "{}", err(&first));
    assert!(std::fs::read(d.join("out.jsonl")).unwrap() == clean);
    // Started together, at small offsets: each run completes or is refused, and the file holds one
    // complete output.
    for offset_ms in [0, 5, 60] {
        std::fs::remove_file(d.join("out.jsonl")).unwrap();
        let a = bin().args(args("out.jsonl", false)).current_dir(d).stderr(Stdio::piped()).spawn().unwrap();
        std::thread::sleep(Duration::from_millis(offset_ms));
        let b = bin().args(args("out.jsonl", false)).current_dir(d).stderr(Stdio::piped()).spawn().unwrap();
        let (a, b) = (a.wait_with_output().unwrap(), b.wait_with_output().unwrap());
        for o in [&a, &b] {
            assert!(
                o.status.code() == Some(0)
                    || (o.status.code() == Some(2) && err(o).contains("another bialign run")),
                "offset {offset_ms} ms: {:?} {}",
                o.status,
                err(o)
            );
        }
        assert!(a.status.success() || b.status.success(), "offset {offset_ms} ms: neither run completed");
        assert!(std::fs::read(d.join("out.jsonl")).unwrap() == clean, "offset {offset_ms} ms");
        assert_eq!(names(d), ["in.jsonl", "out.jsonl"], "offset {offset_ms} ms");
    }
}

#[cfg(debug_assertions)]
#[test]
fn a_full_disk_fails_naming_the_file_and_the_run_resumes() {
    let (t, clean) = setup();
    let d = t.path();
    std::fs::write(d.join("out.jsonl"), "old\n").unwrap();
    // The output's disk fills up midway.
    let limit = (clean.len() / 2).to_string();
    let o = run_env(d, "out.jsonl", false, &[("BIALIGN_FAULT", &format!("full:{limit}"))]);
    assert_eq!(o.status.code(), Some(2), "{}", err(&o));
    let e = err(&o);
    assert!(e.contains("out.jsonl") && e.contains("No space left on device"), "{e}");
    assert_eq!(e.lines().count(), 1, "{e}");
    assert_eq!(std::fs::read_to_string(d.join("out.jsonl")).unwrap(), "old\n", "a partial file was renamed");
    // The journal's disk fills up.
    let o = run_env(d, "out.jsonl", true, &[("BIALIGN_FAULT", "journal-full")]);
    assert_eq!(o.status.code(), Some(2), "{}", err(&o));
    let e = err(&o);
    assert!(e.contains("out.jsonl.bialign-journal") && e.contains("No space left on device"), "{e}");
    assert_eq!(std::fs::read_to_string(d.join("out.jsonl")).unwrap(), "old\n");
    // Room again: the run resumes to one complete output.
    resume_gives_clean(d, &clean, "after a full disk");
}

#[cfg(debug_assertions)]
#[test]
fn a_failed_write_to_disk_is_never_renamed_into_place() {
    let (t, clean) = setup();
    let d = t.path();
    std::fs::write(d.join("out.jsonl"), "old\n").unwrap();
    let o = run_env(d, "out.jsonl", false, &[("BIALIGN_FAULT", "sync")]);
    assert_eq!(o.status.code(), Some(2), "{}", err(&o));
    let e = err(&o);
    assert!(e.contains("out.jsonl") && e.contains("cannot write it to disk"), "{e}");
    assert_eq!(std::fs::read_to_string(d.join("out.jsonl")).unwrap(), "old\n");
    resume_gives_clean(d, &clean, "after a failed fsync");
    // align -o, qa -o and qa --html: the same for a single output file.
    let (en, pl) = (root().join("corpus/carrie-diaries/en.txt"), root().join("corpus/carrie-diaries/pl.txt"));
    let (en, pl) = (en.to_str().unwrap(), pl.to_str().unwrap());
    for cmd in [
        vec!["align", en, pl, "-o", "out.tsv"],
        vec!["qa", en, pl, "-o", "out.tsv"],
        vec!["qa", en, pl, "--html", "out.tsv"],
    ] {
        let d = tempfile::tempdir().unwrap();
        std::fs::write(d.path().join("out.tsv"), "old\n").unwrap();
        let o = bin().args(&cmd).current_dir(d.path()).env("BIALIGN_FAULT", "sync").output().unwrap();
        assert_eq!(o.status.code(), Some(2), "{cmd:?}: {}", err(&o));
        let e = err(&o);
        assert!(e.contains("out.tsv") && e.contains("disk"), "{cmd:?}: {e}");
        assert_eq!(std::fs::read_to_string(d.path().join("out.tsv")).unwrap(), "old\n", "{cmd:?}");
        assert_eq!(names(d.path()), ["out.tsv"], "{cmd:?}: a temporary file was left");
    }
}

/// `corpus(n)` with pair `bad` made of two Polish sides (an error record, kind `language`).
#[cfg(debug_assertions)]
fn corpus_with_failure(n: usize, bad: usize) -> String {
    corpus(n)
        .lines()
        .enumerate()
        .map(|(k, l)| {
            let mut r: serde_json::Value = serde_json::from_str(l).unwrap();
            if k == bad {
                r["en"] = r["pl"].clone();
            }
            r.to_string() + "\n"
        })
        .collect()
}

#[cfg(debug_assertions)]
#[test]
fn a_pair_that_failed_before_a_crash_is_recognised_by_resume() {
    let t = tempfile::tempdir().unwrap();
    let d = t.path();
    std::fs::write(d.join("in.jsonl"), corpus_with_failure(8, 2)).unwrap();
    let o = run_env(d, "clean.jsonl", false, &[]);
    assert_eq!(o.status.code(), Some(1), "one pair fails: {}", err(&o));
    let clean = std::fs::read(d.join("clean.jsonl")).unwrap();
    assert!(String::from_utf8_lossy(&clean).contains(r#""kind":"language""#));
    // The run ends after the chunk that holds the failed pair (pairs 2 and 3).
    let o = run_env(d, "out.jsonl", false, &[("BIALIGN_CRASH_AT", "chunk-written:2")]);
    assert!(!o.status.success());
    let o = run_env(d, "out.jsonl", true, &[]);
    assert_eq!(o.status.code(), Some(1), "the resumed run refused: {}", err(&o));
    assert!(std::fs::read(d.join("out.jsonl")).unwrap() == clean, "the resumed output differs from one run");
}

#[cfg(debug_assertions)]
#[test]
fn a_refused_allocation_ends_one_run_and_resume_records_that_pair_as_failed() {
    let t = tempfile::tempdir().unwrap();
    let d = t.path();
    std::fs::write(d.join("in.jsonl"), corpus(8)).unwrap();
    let o = run_env(d, "clean.jsonl", false, &[]);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    let clean = std::fs::read_to_string(d.join("clean.jsonl")).unwrap();
    std::fs::remove_file(d.join("clean.jsonl")).unwrap();
    // The system refuses memory while pair 5 (p005) is aligned: the process ends, as a real refusal
    // ends it (stable Rust aborts on a failed allocation).
    let o = run_env(d, "out.jsonl", false, &[("BIALIGN_FAULT", "refuse-alloc:5")]);
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        assert_eq!(o.status.signal(), Some(6), "{}", err(&o));
    }
    assert!(!o.status.success());
    assert!(d.join("out.jsonl.bialign-aborts").exists(), "{:?}", names(d));
    // Resumed, that pair is an error record and every other pair is as in one clean run; a second
    // abort on the same pair does not happen.
    let o = run_env(d, "out.jsonl", true, &[]);
    assert_eq!(o.status.code(), Some(1), "{}", err(&o));
    let out = std::fs::read_to_string(d.join("out.jsonl")).unwrap();
    let of = |s: &str, keep: bool| -> Vec<String> {
        s.lines().filter(|l| l.contains(r#""p005""#) == keep).map(str::to_string).collect()
    };
    assert_eq!(of(&out, false), of(&clean, false), "the other pairs differ from one clean run");
    let failed = of(&out, true);
    assert_eq!(failed.len(), 1, "{failed:?}");
    let rec: serde_json::Value = serde_json::from_str(&failed[0]).unwrap();
    assert_eq!(rec["kind"], "limit");
    assert!(rec["error"].as_str().unwrap().contains("refused an allocation"), "{rec}");
    assert_eq!(names(d), ["in.jsonl", "out.jsonl"], "the journal and the abort log are removed");
}

/// A batch run of the corpus in `dir` writing `out` with `jobs` worker threads, and `env` set.
#[cfg(debug_assertions)]
fn run_jobs(dir: &Path, out: &str, resume: bool, jobs: &str, env: &[(&str, &str)]) -> Output {
    let mut a = args(out, resume);
    let j = a.iter().position(|s| s == "-j").unwrap();
    a[j + 1] = jobs.to_string();
    let mut c = bin();
    c.args(a).current_dir(dir).envs(env.iter().copied());
    c.output().unwrap()
}

#[cfg(all(debug_assertions, unix))]
fn killed(o: &Output, what: &str) {
    use std::os::unix::process::ExitStatusExt;
    assert_eq!(o.status.signal(), Some(9), "{what}: the run was to be killed (SIGKILL): {}", err(o));
}

#[cfg(all(debug_assertions, unix))]
#[test]
fn a_run_killed_while_a_pair_is_aligned_resumes_to_one_clean_output() {
    // SIGKILL (as the out-of-memory killer sends it) as pair 5 starts, once: resumed, that pair is
    // aligned again and the output is exactly one uninterrupted run's, with 1 and with 2 workers.
    for jobs in ["1", "2"] {
        let (t, clean) = setup();
        let d = t.path();
        let o = run_jobs(d, "out.jsonl", false, jobs, &[("BIALIGN_FAULT", "kill-at-pair:5")]);
        killed(&o, "the first run");
        assert!(d.join("out.jsonl.bialign-inflight").exists(), "{:?}", names(d));
        let o = run_jobs(d, "out.jsonl", true, jobs, &[]);
        assert_eq!(o.status.code(), Some(0), "-j {jobs}: {}", err(&o));
        assert!(
            std::fs::read(d.join("out.jsonl")).unwrap() == clean,
            "-j {jobs}: the output differs from one run"
        );
        assert_eq!(names(d), ["in.jsonl", "out.jsonl"], "-j {jobs}: the journal and its logs are removed");
    }
}

/// Run the corpus with `env` (which kills the process while pair `bad` is aligned) fresh, then
/// resumed, each killed; then resumed once more with `env` still set: that run completes, pair `bad`
/// is an error record in its place, and every other record is as in one uninterrupted run.
#[cfg(all(debug_assertions, unix))]
fn killed_twice_then_recorded_as_failed(jobs: &str, env: &[(&str, &str)], bad: usize) {
    let (t, clean) = setup();
    let d = t.path();
    let clean = String::from_utf8(clean).unwrap();
    for (resume, what) in [(false, "the first run"), (true, "the first resumed run")] {
        let o = run_jobs(d, "out.jsonl", resume, jobs, env);
        killed(&o, &format!("-j {jobs}, {what}"));
    }
    let o = run_jobs(d, "out.jsonl", true, jobs, env);
    assert_eq!(o.status.code(), Some(1), "-j {jobs}: the second resumed run: {}", err(&o));
    let out = std::fs::read_to_string(d.join("out.jsonl")).unwrap();
    let tag = format!("\"p{bad:03}\"");
    let failed: Vec<&str> = out.lines().filter(|l| l.contains(&tag)).collect();
    assert_eq!(failed.len(), 1, "-j {jobs}: {failed:?}");
    let rec: serde_json::Value = serde_json::from_str(failed[0]).unwrap();
    assert_eq!(rec["kind"], "limit", "{rec}");
    let msg = rec["error"].as_str().unwrap();
    assert!(
        msg.contains("killed twice while this pair was being aligned") && msg.contains("memory"),
        "{rec}"
    );
    // In order, nothing lost or repeated: the clean output with that pair's records replaced by the
    // error record.
    let mut expected: Vec<&str> = Vec::new();
    for l in clean.lines() {
        match (l.contains(&tag), expected.last() == Some(&failed[0])) {
            (false, _) => expected.push(l),
            (true, false) => expected.push(failed[0]),
            (true, true) => {}
        }
    }
    assert!(clean.lines().filter(|l| l.contains(&tag)).count() >= 1);
    assert_eq!(out.lines().collect::<Vec<_>>(), expected, "-j {jobs}: the other pairs differ from one run");
    assert_eq!(names(d), ["in.jsonl", "out.jsonl"], "-j {jobs}: the journal and its logs are removed");
}

#[cfg(all(debug_assertions, unix))]
#[test]
fn a_pair_in_flight_at_two_kills_becomes_an_error_record_and_the_run_completes() {
    killed_twice_then_recorded_as_failed("1", &[("BIALIGN_FAULT", "kill-at-pair:5")], 5);
}

#[cfg(all(debug_assertions, unix))]
#[test]
fn with_two_workers_only_the_pair_in_flight_at_both_kills_is_blamed() {
    // Pair 6 (the other worker's) waits 2 s as it starts, so it is in flight, beside pair 5, when
    // pair 5 gets the process killed 300 ms after it starts. Resumed, each of the two is aligned
    // alone: the second kill falls on pair 5 only, and pair 6 is aligned as in one clean run.
    killed_twice_then_recorded_as_failed(
        "2",
        &[
            ("BIALIGN_FAULT", "kill-at-pair:5:300"),
            ("BIALIGN_PAUSE_AT", "pair-started:6"),
            ("BIALIGN_PAUSE_MS", "2000"),
        ],
        5,
    );
}

#[cfg(debug_assertions)]
#[test]
fn a_run_that_ends_with_an_error_is_no_kill_for_the_in_flight_log() {
    // The disk is full from the first chunk (pairs 0 and 1, on one worker) while pair 2, the other
    // worker's, waits as it starts: the run fails with pair 2 in flight, and its section of the
    // in-flight log ends with `end`, so --resume gives pair 2 no strike (a killed run's has none).
    let (t, clean) = setup();
    let d = t.path();
    let env =
        [("BIALIGN_FAULT", "full:1"), ("BIALIGN_PAUSE_AT", "pair-started:2"), ("BIALIGN_PAUSE_MS", "1000")];
    let o = run_jobs(d, "out.jsonl", false, "2", &env);
    assert_eq!(o.status.code(), Some(2), "{}", err(&o));
    assert!(err(&o).contains("No space left on device"), "{}", err(&o));
    let log = std::fs::read_to_string(d.join("out.jsonl.bialign-inflight")).unwrap();
    assert!(log.starts_with("run\n") && log.contains("+2\n") && !log.contains("-2\n"), "{log}");
    assert!(log.contains("\nend\n"), "the failed run did not note its end: {log}");
    let o = run_jobs(d, "out.jsonl", true, "2", &[]);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    assert!(std::fs::read(d.join("out.jsonl")).unwrap() == clean, "the resumed output differs from one run");
    assert_eq!(names(d), ["in.jsonl", "out.jsonl"]);
}
