//! Output files as every command writes them (`align -o`, `qa -o`, `qa --html`, `batch -o`): through
//! symbolic links to their targets, `-` and `/dev/stdout` as standard output, devices written in
//! place, one complete output even with two runs at once, and a failed write never renamed into
//! place.

use std::fs::File;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_bialign"))
}

fn sample(side: &str) -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join(format!("corpus/carrie-diaries/{side}.txt"))
        .display()
        .to_string()
}

fn run(args: &[&str], dir: &Path) -> Output {
    bin().args(args).current_dir(dir).output().unwrap()
}

/// Run with standard output redirected to the file `to` (as `> to` would).
fn run_into(args: &[&str], dir: &Path, to: &Path) -> Output {
    let f = File::create(to).unwrap();
    bin().args(args).current_dir(dir).stdout(Stdio::from(f)).output().unwrap()
}

fn ok(o: &Output) {
    assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
}

fn names(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

/// The sample pair as a one-record JSON Lines batch input.
fn batch_input(dir: &Path) -> PathBuf {
    let rec = serde_json::json!({
        "id": "carrie",
        "en": std::fs::read_to_string(sample("en")).unwrap(),
        "pl": std::fs::read_to_string(sample("pl")).unwrap(),
    });
    let p = dir.join("in.jsonl");
    std::fs::write(&p, format!("{rec}\n")).unwrap();
    p
}

#[cfg(unix)]
#[test]
fn output_through_a_symlink_writes_its_target_and_keeps_the_link() {
    use std::os::unix::fs::symlink;
    let t = tempfile::tempdir().unwrap();
    let d = t.path();
    let (en, pl) = (sample("en"), sample("pl"));
    let expected = run(&["align", &en, &pl, "--format", "tsv"], d);
    ok(&expected);
    batch_input(d);
    let expected_batch = run(&["batch", "in.jsonl"], d);
    ok(&expected_batch);

    std::fs::create_dir(d.join("store")).unwrap();
    for (link, target) in [("a.tsv", "store/a.tsv"), ("b.jsonl", "store/b.jsonl"), ("c.html", "store/c.html")]
    {
        std::fs::write(d.join(target), "old\n").unwrap();
        symlink(target, d.join(link)).unwrap();
    }
    // A dangling link: its target is created.
    symlink("store/new.tsv", d.join("new.tsv")).unwrap();

    ok(&run(&["align", &en, &pl, "--format", "tsv", "-o", "a.tsv"], d));
    ok(&run(&["align", &en, &pl, "--format", "tsv", "-o", "new.tsv"], d));
    ok(&run(&["batch", "in.jsonl", "-o", "b.jsonl"], d));
    ok(&run(&["qa", &en, &pl, "--html", "c.html", "-o", "/dev/null"], d));

    for link in ["a.tsv", "b.jsonl", "c.html", "new.tsv"] {
        assert!(
            std::fs::symlink_metadata(d.join(link)).unwrap().file_type().is_symlink(),
            "{link} is still a link"
        );
    }
    assert!(std::fs::read(d.join("store/a.tsv")).unwrap() == expected.stdout);
    assert!(std::fs::read(d.join("store/new.tsv")).unwrap() == expected.stdout);
    assert!(std::fs::read(d.join("store/b.jsonl")).unwrap() == expected_batch.stdout);
    // The report holds a random nonce, so it is checked for being one whole report.
    let report = std::fs::read_to_string(d.join("store/c.html")).unwrap();
    assert!(report.starts_with("<!DOCTYPE html>") && report.trim_end().ends_with("</html>"));
    // Nothing left beside the targets (no temporary, partial or journal file).
    assert_eq!(names(&d.join("store")), ["a.tsv", "b.jsonl", "c.html", "new.tsv"]);
}

/// `/dev/fd/1` and `/proc/self/fd/1` are what `/dev/stdout` links to; the unit tests of
/// `output::file` check that `/dev/stdout` itself resolves to standard output. (Run as root, a build
/// that renames a file over `/dev/stdout` destroys the machine's link, so the test avoids it.)
#[test]
fn dev_stdout_writes_to_the_redirected_standard_output() {
    let t = tempfile::tempdir().unwrap();
    let d = t.path();
    let (en, pl) = (sample("en"), sample("pl"));
    let expected = run(&["align", &en, &pl, "--format", "jsonl"], d);
    ok(&expected);
    let to = d.join("redirected.jsonl");
    ok(&run_into(&["align", &en, &pl, "--format", "jsonl", "-o", "/dev/fd/1"], d, &to));
    assert!(std::fs::read(&to).unwrap() == expected.stdout);

    let html = d.join("report.html");
    ok(&run_into(&["qa", &en, &pl, "--html", "/proc/self/fd/1", "-o", "/dev/null"], d, &html));
    let report = std::fs::read_to_string(&html).unwrap();
    assert!(report.starts_with("<!DOCTYPE html>") && report.trim_end().ends_with("</html>"));

    batch_input(d);
    let expected_batch = run(&["batch", "in.jsonl"], d);
    ok(&expected_batch);
    let to = d.join("batch.jsonl");
    ok(&run_into(&["batch", "in.jsonl", "-o", "/dev/fd/1"], d, &to));
    assert!(std::fs::read(&to).unwrap() == expected_batch.stdout);
}

#[test]
fn dash_is_standard_output_and_creates_no_file() {
    let t = tempfile::tempdir().unwrap();
    let d = t.path();
    let (en, pl) = (sample("en"), sample("pl"));
    let expected = run(&["align", &en, &pl, "--format", "tsv"], d);
    let o = run(&["align", &en, &pl, "--format", "tsv", "-o", "-"], d);
    ok(&o);
    assert!(o.stdout == expected.stdout);
    let o = run(&["qa", &en, &pl, "-o", "-", "--format", "jsonl"], d);
    ok(&o);
    assert!(!o.stdout.is_empty());
    let o = run(&["qa", &en, &pl, "--html", "-", "-o", "/dev/null"], d);
    ok(&o);
    assert!(String::from_utf8_lossy(&o.stdout).starts_with("<!DOCTYPE html>"));
    assert!(names(d).is_empty(), "{:?}", names(d));
}

#[test]
fn a_full_disk_is_an_error_naming_the_file_and_exits_2() {
    if !Path::new("/dev/full").exists() {
        return;
    }
    let t = tempfile::tempdir().unwrap();
    let (en, pl) = (sample("en"), sample("pl"));
    let o = run(&["align", &en, &pl, "-o", "/dev/full"], t.path());
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("/dev/full") && err.contains("No space left"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
}

#[test]
fn a_closed_pipe_ends_quietly_with_status_0() {
    let t = tempfile::tempdir().unwrap();
    let (en, pl) = (sample("en"), sample("pl"));
    // Many copies of the pair, so the output is far larger than a pipe buffer.
    let en_big = t.path().join("en.txt");
    let pl_big = t.path().join("pl.txt");
    std::fs::write(&en_big, std::fs::read_to_string(&en).unwrap().repeat(40)).unwrap();
    std::fs::write(&pl_big, std::fs::read_to_string(&pl).unwrap().repeat(40)).unwrap();
    let mut child = bin()
        .args(["align", "en.txt", "pl.txt", "--format", "jsonl"])
        .current_dir(t.path())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take()); // the reader goes away at once, as `| head -0` would
    let o = child.wait_with_output().unwrap();
    assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(o.stderr.is_empty(), "{}", String::from_utf8_lossy(&o.stderr));
}

#[test]
fn a_second_batch_on_an_output_in_use_refuses() {
    let t = tempfile::tempdir().unwrap();
    let d = t.path();
    batch_input(d);
    // Another run holds the journal's lock.
    let journal = File::create(d.join("out.jsonl.bialign-journal")).unwrap();
    journal.lock().unwrap();
    let o = run(&["batch", "in.jsonl", "-o", "out.jsonl"], d);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("out.jsonl") && err.contains("another bialign run"), "{err}");
    assert!(!d.join("out.jsonl").exists());
    drop(journal);
    ok(&run(&["batch", "in.jsonl", "-o", "out.jsonl"], d));
    assert!(d.join("out.jsonl").exists());
}

/// The crash and fault points exist in test builds only (see `batch::crash_point`).
#[cfg(debug_assertions)]
#[test]
fn resume_after_a_crash_at_the_end_of_a_run_succeeds_with_the_complete_output() {
    let t = tempfile::tempdir().unwrap();
    let d = t.path();
    batch_input(d);
    let clean = run(&["batch", "in.jsonl"], d);
    ok(&clean);
    for point in ["before-done", "before-rename", "after-rename", "before-journal-removal"] {
        let _ = std::fs::remove_file(d.join("out.jsonl"));
        let o = bin()
            .args(["batch", "in.jsonl", "-o", "out.jsonl"])
            .current_dir(d)
            .env("BIALIGN_CRASH_AT", point)
            .output()
            .unwrap();
        assert!(!o.status.success(), "{point}: the run was to crash");
        let o = run(&["batch", "in.jsonl", "-o", "out.jsonl", "--resume"], d);
        ok(&o);
        assert!(std::fs::read(d.join("out.jsonl")).unwrap() == clean.stdout, "{point}");
        assert_eq!(names(d), ["in.jsonl", "out.jsonl"], "{point}");
    }
}

#[cfg(debug_assertions)]
#[test]
fn a_failed_write_to_disk_keeps_the_old_output_and_exits_2() {
    let t = tempfile::tempdir().unwrap();
    let d = t.path();
    batch_input(d);
    std::fs::write(d.join("out.jsonl"), "old\n").unwrap();
    let o = bin()
        .args(["batch", "in.jsonl", "-o", "out.jsonl"])
        .current_dir(d)
        .env("BIALIGN_FAULT", "sync")
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("out.jsonl") && err.contains("disk"), "{err}");
    assert_eq!(std::fs::read_to_string(d.join("out.jsonl")).unwrap(), "old\n");
    // The partial output and its journal stay for --resume.
    ok(&run(&["batch", "in.jsonl", "-o", "out.jsonl", "--resume"], d));
    assert_ne!(std::fs::read_to_string(d.join("out.jsonl")).unwrap(), "old\n");
}
