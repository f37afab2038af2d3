//! Translation QA on real files: the sample pair, a perturbed copy of its Polish article, and the dev
//! sets' professional translations.

use std::path::Path;
use std::process::Command;

use bialign::qa::{self, Finding, QaOptions, Severity};
use serde_json::Value;

const EN: &str = "corpus/carrie-diaries/en.txt";
const PL: &str = "corpus/carrie-diaries/pl.txt";
/// pl.txt with three changes: "jedną z postaci" → "dwie postacie" inside Harris's quote (the English says
/// "one of the … characters"); Butler's quote attributed to Harris ("- dodaje Harris."); the quote
/// "Kłaniamy się w stronę jednej z tych postaci…" (English: "We have a little nod…") deleted.
const PL_PERTURBED: &str = "tests/data/carrie-pl-perturbed.txt";

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_bialign"))
}

fn qa_jsonl(en: &str, pl: &str) -> Vec<Value> {
    let out = bin().args(["qa", en, pl, "--format", "jsonl"]).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).expect("every line is JSON"))
        .collect()
}

fn spans(v: &Value, side: &str) -> Vec<(usize, usize)> {
    v[side]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| (s["start"].as_u64().unwrap() as usize, s["end"].as_u64().unwrap() as usize))
        .collect()
}

fn overlaps(v: &[(usize, usize)], a: usize, b: usize) -> bool {
    v.iter().any(|&(s, e)| s < b && a < e)
}

fn find(text: &str, needle: &str) -> (usize, usize) {
    let s = text.find(needle).unwrap_or_else(|| panic!("{needle:?} in the text"));
    (s, s + needle.len())
}

#[test]
fn findings_follow_the_json_contract() {
    let fs = qa_jsonl(EN, PL);
    assert!(!fs.is_empty());
    let en = std::fs::read_to_string(EN).unwrap();
    for f in &fs {
        let check = f["check"].as_str().unwrap();
        assert!(qa::Check::parse(check).is_some(), "unknown check {check}");
        assert!(matches!(f["severity"].as_str(), Some("error" | "warning" | "style")));
        assert!(!f["message"].as_str().unwrap().is_empty());
        for (s, e) in spans(f, "en") {
            assert!(s < e && e <= en.len(), "span {s}..{e}");
        }
    }
}

#[test]
fn perturbed_polish_sample_changes_are_found_at_their_spans() {
    let en = std::fs::read_to_string(EN).unwrap();
    let pl = std::fs::read_to_string(PL_PERTURBED).unwrap();
    let fs = qa_jsonl(EN, PL_PERTURBED);
    let errors: Vec<&Value> = fs.iter().filter(|f| f["severity"] == "error").collect();

    // 1. The number inside Harris's quote.
    let one = find(&en, "one of the Sex and the City");
    let dwie = find(&pl, "dwie postacie");
    let number = errors.iter().position(|f| {
        f["check"] == "number-mismatch"
            && overlaps(&spans(f, "en"), one.0, one.0 + 3)
            && overlaps(&spans(f, "pl"), dwie.0, dwie.0 + 4)
    });
    assert!(number.is_some(), "changed number not found: {errors:#?}");

    // 2. Butler's quote now attributed to Harris.
    let butler_quote = find(&en, "It’s one of those breakups");
    let pl_quote = find(&pl, "To jedno z tych rozstań");
    let speaker = errors.iter().position(|f| {
        f["check"] == "speaker-mismatch"
            && overlaps(&spans(f, "en"), butler_quote.0, butler_quote.1)
            && overlaps(&spans(f, "pl"), pl_quote.0, pl_quote.1)
    });
    assert!(speaker.is_some(), "changed speaker not found: {errors:#?}");
    let msg = errors[speaker.unwrap()]["message"].as_str().unwrap();
    assert!(msg.contains("Butler") && msg.contains("Harris"), "{msg}");

    // 3. The dropped quote: its English counterpart is reported as omitted, at the quote.
    let nod = find(&en, "We have a little nod to one of the characters");
    assert!(
        fs.iter().any(|f| f["check"] == "quote-omitted" && overlaps(&spans(f, "en"), nod.0, nod.1)),
        "dropped quote not found"
    );

    // At most 3 other error-severity findings.
    let others = errors.len() - 2;
    assert!(others <= 3, "{others} other errors: {errors:#?}");
}

#[test]
fn sample_pair_is_treated_as_comparable_and_its_report_shows_quote_pairs() {
    let out = bin().args(["qa", EN, PL]).output().unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("Treated as comparable articles"), "{text}");
    assert!(text.lines().last().unwrap().starts_with("Summary: "), "{text}");

    let dir = tempfile::tempdir().unwrap();
    let html = dir.path().join("r.html");
    let out = bin().args(["qa", EN, PL, "--html"]).arg(&html).output().unwrap();
    assert!(out.status.success());
    let h = std::fs::read_to_string(&html).unwrap();
    // Comparable articles: each quote pair is a link of its own. The gold's 8 speech quote pairs
    // (two of them a Polish quote merging two English ones, two an English quote split over two
    // Polish ones) and one more partial rendering of Harris's words, all with speakers on both sides.
    assert!(h.contains("<h2>Quote pairs (9, in 9 links)</h2>"), "quote pairs heading");
    assert!(h.contains("9 with speakers on both sides"), "quote pairs with speakers");
    // Quote pairs with their speakers, and quotes of one article only, labelled in the text.
    assert!(h.contains("<td class=\"spk\">Amy B. Harris</td>"), "speakers shown");
    assert!(h.contains("only EN"), "quotes only in the English article are labelled");
    assert!(h.contains("Quotes only in the English article ("));
}

/// On the dev sets' parallel variant (professional translations): sentence pairs with at least one
/// error-severity finding fewer than 5%, and at most one error-or-warning finding per 20 sentence pairs.
#[test]
fn parallel_dev_sets_have_few_errors() {
    let root = Path::new("corpus/align-dev");
    let mut pairs = 0usize;
    let mut flagged = 0usize;
    let mut by_check = std::collections::BTreeMap::<&str, usize>::new();
    let mut articles = 0;
    let mut serious = 0usize;
    for source in std::fs::read_dir(root).unwrap().flatten().filter(|e| e.path().is_dir()) {
        for art in std::fs::read_dir(source.path()).unwrap().flatten() {
            let dir = art.path().join("parallel");
            if !dir.join("en.txt").is_file() {
                continue;
            }
            articles += 1;
            let opts = bialign::IngestOptions::default();
            let en = bialign::analyze_file(&dir.join("en.txt"), &opts).unwrap();
            let pl = bialign::analyze_file(&dir.join("pl.txt"), &opts).unwrap();
            let a = bialign::align(&en, &pl, &bialign::AlignOptions::default());
            let fs = qa::check(&en, &pl, &a, &QaOptions::default());
            serious += fs.iter().filter(|f| f.severity <= Severity::Warning).count();
            let errors: Vec<&Finding> = fs.iter().filter(|f| f.severity == Severity::Error).collect();
            for f in &errors {
                *by_check.entry(f.check.as_str()).or_default() += 1;
            }
            for l in a.sentences.iter().filter(|l| !l.en.is_empty() && !l.pl.is_empty()) {
                pairs += 1;
                let hit = errors.iter().any(|f| {
                    l.en.iter().any(|&i| f.en.iter().any(|s| en.sentences[i].span.overlap(s) > 0))
                        || l.pl.iter().any(|&i| f.pl.iter().any(|s| pl.sentences[i].span.overlap(s) > 0))
                });
                flagged += hit as usize;
            }
        }
    }
    assert!(articles >= 10, "dev sets found: {articles}");
    let share = flagged as f64 / pairs.max(1) as f64;
    println!(
        "parallel dev sets: {articles} articles, {pairs} sentence pairs, {flagged} with an error ({:.2}%); \
         errors by check: {by_check:?}",
        share * 100.0
    );
    assert!(share < 0.05, "{flagged} of {pairs} sentence pairs have an error ({:.1}%)", share * 100.0);
    println!(
        "error or warning findings: {serious} ({:.2} per 20 sentence pairs)",
        serious as f64 * 20.0 / pairs as f64
    );
    assert!(serious * 20 <= pairs, "{serious} error or warning findings for {pairs} sentence pairs");
}

mod robustness {
    use bialign::{Alignment, Evidence, Link};
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(40))]
        /// Any texts with any (even nonsensical) alignment: the checks and the HTML report never panic,
        /// and every finding's spans lie inside its document.
        #[test]
        fn checks_and_report_never_panic(
            en_text in "[A-Za-z0-9 ,.?!\"“”„()\\[\\]\n]{0,300}",
            pl_text in "[a-ząęłńóśźżA-Z0-9 ,.?!\"„”»«()\n]{0,300}",
            links in proptest::collection::vec((0usize..12, 0usize..12, any::<bool>(), any::<bool>()), 0..10),
        ) {
            let opts = bialign::IngestOptions::default();
            let (Ok(en), Ok(pl)) = (bialign::analyze("en", en_text.as_bytes(), &opts),
                                    bialign::analyze("pl", pl_text.as_bytes(), &opts)) else { return Ok(()) };
            let mk = |e: usize, p: usize, he: bool, hp: bool| Link {
                en: if he { vec![e] } else { vec![] },
                pl: if hp { vec![p] } else { vec![] },
                score: 0.5,
                evidence: Evidence::default(),
            };
            let a = Alignment {
                sentences: links.iter().map(|&(e, p, he, hp)| mk(e, p, he, hp)).collect(),
                quotes: links.iter().map(|&(e, p, he, hp)| mk(p, e, hp, he)).collect(),
                ..Default::default()
            };
            let fs = bialign::qa::check(&en, &pl, &a, &bialign::qa::QaOptions::default());
            for f in &fs {
                prop_assert!(f.en.iter().all(|s| s.end <= en.text.len()));
                prop_assert!(f.pl.iter().all(|s| s.end <= pl.text.len()));
            }
            let mut out = Vec::new();
            bialign::output::html::write_report(&mut out, "t", &en, &pl, &a, &fs, &Default::default()).unwrap();
            let real = bialign::align(&en, &pl, &bialign::AlignOptions::default());
            let _ = bialign::qa::check(&en, &pl, &real, &bialign::qa::QaOptions::default());
        }
    }
}

#[test]
fn qa_takes_the_files_in_either_order_and_reports_bad_input_in_one_line() {
    let a = qa_jsonl(EN, PL_PERTURBED);
    let b = qa_jsonl(PL_PERTURBED, EN);
    assert_eq!(a, b, "the language detector puts English first");
    let out = bin().args(["qa", EN, "no/such/file.txt"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "{err}");
    let out = bin().args(["qa", EN, PL, "--mode", "translation"]).output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("Treated as a translation") && text.contains("== Errors"), "{text}");
}

/// `--checks`, `--skip`, `--severity`, `--ignore` and `--fail-on` on the perturbed sample: the gate exits
/// 1 on an error, an ignore list of the fingerprints a run printed empties a later run, and the
/// fingerprints survive an edit elsewhere in the Polish article.
#[test]
fn checks_severities_ignore_list_and_fail_on_gate_the_run() {
    let run = |args: &[&str]| {
        let out = bin().args(["qa", EN, PL_PERTURBED]).args(args).output().unwrap();
        let lines: Vec<Value> = String::from_utf8(out.stdout)
            .unwrap()
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        (out.status.code(), lines)
    };
    let (code, all) = run(&["--format", "jsonl", "--fail-on", "error"]);
    assert_eq!(code, Some(1), "an error is found, so --fail-on error fails");
    assert!(all.iter().any(|f| f["severity"] == "error"));
    let (code, _) = run(&["--format", "jsonl"]);
    assert_eq!(code, Some(0), "without --fail-on, findings do not fail the run");

    let (_, numbers) = run(&["--format", "jsonl", "--checks", "number-mismatch"]);
    assert!(!numbers.is_empty() && numbers.iter().all(|f| f["check"] == "number-mismatch"));
    let (_, skipped) = run(&["--format", "jsonl", "--skip", "number-mismatch,name-mismatch"]);
    assert!(!skipped.is_empty());
    assert!(skipped.iter().all(|f| f["check"] != "number-mismatch" && f["check"] != "name-mismatch"));
    let (code, styled) = run(&[
        "--format",
        "jsonl",
        "--checks",
        "number-mismatch",
        "--severity",
        "number-mismatch=style",
        "--fail-on",
        "warning",
    ]);
    assert_eq!(code, Some(0), "a style finding does not fail --fail-on warning");
    assert!(styled.iter().all(|f| f["severity"] == "style") && styled.len() == numbers.len());

    // Every finding marked as false: the next run reports nothing and passes the gate.
    let dir = tempfile::tempdir().unwrap();
    let ignore = dir.path().join("ignore.txt");
    let list: String =
        all.iter().map(|f| format!("{}\t{}\n", f["fingerprint"].as_str().unwrap(), f["check"])).collect();
    std::fs::write(&ignore, format!("# marked false\n{list}")).unwrap();
    let (code, left) =
        run(&["--format", "jsonl", "--fail-on", "warning", "--ignore", ignore.to_str().unwrap()]);
    assert_eq!((code, left.len()), (Some(0), 0), "{left:#?}");

    // A paragraph added at the start of the Polish article moves every offset; the fingerprints hold.
    let edited = dir.path().join("pl.txt");
    let pl = std::fs::read_to_string(PL_PERTURBED).unwrap();
    std::fs::write(&edited, format!("Wstęp redakcji, dopisany później.\n\n{pl}")).unwrap();
    let out = bin().args(["qa", EN]).arg(&edited).args(["--format", "jsonl"]).output().unwrap();
    let moved: Vec<Value> =
        String::from_utf8(out.stdout).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    let prints = |v: &[Value]| -> std::collections::HashSet<String> {
        v.iter()
            .filter(|f| f["check"] == "number-mismatch")
            .map(|f| f["fingerprint"].as_str().unwrap().to_string())
            .collect()
    };
    assert!(!prints(&numbers).is_empty());
    assert!(prints(&numbers).is_subset(&prints(&moved)), "fingerprints changed with the offsets");

    // Bad configuration: one line naming the problem, status 2.
    for args in [&["--checks", "nonsense"][..], &["--severity", "number-mismatch=fatal"][..]] {
        let out = bin().args(["qa", EN, PL]).args(args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
    }
    let bad = dir.path().join("bad.txt");
    std::fs::write(&bad, "not a fingerprint\n").unwrap();
    let out = bin().args(["qa", EN, PL, "--ignore"]).arg(&bad).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("bad.txt") && err.contains("line 1") && err.lines().count() == 1, "{err}");
}

/// The perturbed sample aligned by bialign and written as TMX (`align --format tmx`), as TSV
/// (`--format tsv`) and as XLIFF 2.0 (made here from the TSV): `qa` gives the same segment-level
/// findings for each, the changed number among them.
#[test]
fn tmx_xliff_and_tsv_of_the_same_segments_give_the_same_findings() {
    let dir = tempfile::tempdir().unwrap();
    let write = |format: &str, name: &str| {
        let out = bin()
            .args(["align", EN, PL_PERTURBED, "--only", "sentences", "--format", format])
            .output()
            .unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        let path = dir.path().join(name);
        std::fs::write(&path, &out.stdout).unwrap();
        (path, String::from_utf8(out.stdout).unwrap())
    };
    let (tmx, _) = write("tmx", "pair.tmx");
    let (tsv, tsv_text) = write("tsv", "pair.tsv");
    // XLIFF 2.0 from the TSV's segment pairs (bialign's TSV escapes undone, XML escaped).
    let unescape = |s: &str| s.replace("\\n", "\n").replace("\\t", "\t").replace("\\\\", "\\");
    let esc = |s: &str| s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;");
    let mut xlf = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<xliff version=\"2.0\" \
         xmlns=\"urn:oasis:names:tc:xliff:document:2.0\" srcLang=\"en\" trgLang=\"pl\"><file id=\"f1\">\n",
    );
    for (i, line) in tsv_text.lines().enumerate() {
        let f: Vec<&str> = line.split('\t').collect();
        xlf.push_str(&format!(
            "<unit id=\"u{i}\"><segment><source>{}</source><target>{}</target></segment></unit>\n",
            esc(&unescape(f[0])),
            esc(&unescape(f[1]))
        ));
    }
    xlf.push_str("</file></xliff>\n");
    let xliff = dir.path().join("pair.xlf");
    std::fs::write(&xliff, xlf).unwrap();
    let findings = |path: &Path| -> Vec<Value> {
        let out = bin().arg("qa").arg(path).args(["--format", "jsonl"]).output().unwrap();
        assert!(out.status.success(), "{}: {}", path.display(), String::from_utf8_lossy(&out.stderr));
        String::from_utf8(out.stdout).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect()
    };
    let (a, b, c) = (findings(&tmx), findings(&tsv), findings(&xliff));
    assert!(!a.is_empty());
    assert_eq!(a, b, "TMX and TSV");
    assert_eq!(a, c, "TMX and XLIFF");
    assert!(
        a.iter().any(|f| f["check"] == "number-mismatch" && f["severity"] == "error"),
        "the changed number is found in the segments: {a:#?}"
    );
    assert!(a.iter().all(|f| f["check"] != "omitted-passage" && f["check"] != "quote-drift"));
    // A placeholder dropped in one segment is a tag mismatch of that segment; --fail-on error gates it.
    let tags = dir.path().join("tags.tsv");
    std::fs::write(
        &tags,
        "Press {0} to save the file.\tNaciśnij, aby zapisać plik.\nIt is ready.\tJest gotowe.\n",
    )
    .unwrap();
    let out = bin().arg("qa").arg(&tags).args(["--format", "jsonl", "--fail-on", "error"]).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    let fs: Vec<Value> =
        String::from_utf8(out.stdout).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    let tag: Vec<&Value> = fs.iter().filter(|f| f["check"] == "tag-mismatch").collect();
    assert_eq!(tag.len(), 1, "{fs:#?}");
    assert_eq!(tag[0]["en"][0]["text"], "Press {0} to save the file.");
    // Bad input: one line naming the file.
    let bad = dir.path().join("bad.tmx");
    std::fs::write(&bad, "<tmx><body><tu>").unwrap();
    let out = bin().arg("qa").arg(&bad).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("bad.tmx") && err.contains("XML") && err.lines().count() == 1, "{err}");
}

/// A short translated pair written for these tests: the prime minister's visit, with a glossary
/// term rendered one way and once another, a forbidden phrase, a repeated word, a double space and
/// one English sentence translated two ways.
const TERMS_EN: &str = "The prime minister visited the flooded town of Nowa Wieś on Monday.\n\n\
The prime minister promised 40 million zlotys for new embankments.\n\n\
Residents said the water rose during the night.\n\n\
The mayor thanked the volunteers.\n\n\
Residents said the water rose during the night.\n";
const TERMS_PL: &str = "Premier odwiedził w poniedziałek zalane miasteczko Nowa Wieś.\n\n\
Szef rządu obiecał 40 milionów złotych na nowe wały, w każdym bądź razie na ich część.\n\n\
Mieszkańcy mówili, że woda podniosła się się w nocy.\n\n\
Burmistrz podziękował  wolontariuszom.\n\n\
Mieszkańcy opowiadali, że woda wzbierała nocą.\n";

fn terms_run(dir: &Path, extra: &[&str]) -> (Vec<Value>, std::process::Output) {
    let (en, pl) = (dir.join("en.txt"), dir.join("pl.txt"));
    std::fs::write(&en, TERMS_EN).unwrap();
    std::fs::write(&pl, TERMS_PL).unwrap();
    let out = bin()
        .args([
            "qa",
            en.to_str().unwrap(),
            pl.to_str().unwrap(),
            "--format",
            "jsonl",
            "--mode",
            "translation",
        ])
        .args(extra)
        .output()
        .unwrap();
    let findings =
        String::from_utf8_lossy(&out.stdout).lines().filter_map(|l| serde_json::from_str(l).ok()).collect();
    (findings, out)
}

fn of_check<'a>(fs: &'a [Value], check: &str) -> Vec<&'a Value> {
    fs.iter().filter(|f| f["check"] == check).collect()
}

#[test]
fn glossary_forbidden_terms_repeated_words_spaces_and_consistency_are_found() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("terms.tsv"),
        "# house glossary\nprime minister\tpremier\tnot \"szef rządu\"\nvolunteer\twolontariusz\n",
    )
    .unwrap();
    std::fs::write(dir.path().join("forbidden.txt"), "w każdym bądź razie\tuse: w każdym razie\n").unwrap();
    let g = dir.path().join("terms.tsv");
    let f = dir.path().join("forbidden.txt");
    let (fs, out) =
        terms_run(dir.path(), &["--glossary", g.to_str().unwrap(), "--forbidden", f.to_str().unwrap()]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let pl = TERMS_PL;
    // The second sentence renders "prime minister" as "Szef rządu": reported; the first has "Premier",
    // and the fourth "wolontariuszom" (an inflected form of the term): not reported.
    let gloss = of_check(&fs, "glossary");
    assert_eq!(gloss.len(), 1, "{gloss:?}");
    let (a, b) = find(pl, "Szef rządu obiecał");
    assert!(overlaps(&spans(gloss[0], "pl"), a, b), "{gloss:?}");
    assert!(gloss[0]["message"].as_str().unwrap().contains("“premier”"));
    let forb = of_check(&fs, "forbidden-term");
    assert_eq!(forb.len(), 1, "{forb:?}");
    assert_eq!(spans(forb[0], "pl"), vec![find(pl, "w każdym bądź razie")]);
    let rep = of_check(&fs, "repeated-word");
    assert_eq!(rep.len(), 1, "{rep:?}");
    assert_eq!(spans(rep[0], "pl"), vec![find(pl, "się się")]);
    let sp = of_check(&fs, "double-space");
    assert_eq!(sp.len(), 1, "{sp:?}");
    assert_eq!(spans(sp[0], "pl"), vec![find(pl, "  ")]);
    let inc = of_check(&fs, "inconsistency");
    assert_eq!(inc.len(), 1, "{inc:?}");
    assert_eq!(spans(inc[0], "en").len(), 2);
    // Without the lists, no glossary or forbidden-term findings.
    let (plain, _) = terms_run(dir.path(), &[]);
    assert!(of_check(&plain, "glossary").is_empty() && of_check(&plain, "forbidden-term").is_empty());
}

#[test]
fn a_toml_configuration_sets_the_checks_and_lists_and_the_command_line_overrides_it() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("project")).unwrap();
    std::fs::write(dir.path().join("project/terms.tsv"), "prime minister\tpremier\n").unwrap();
    let conf = dir.path().join("project/qa.toml");
    std::fs::write(
        &conf,
        "skip = [\"double-space\"]\nglossary = \"terms.tsv\"\nfail-on = \"warning\"\n\n[severity]\nglossary = \"error\"\n",
    )
    .unwrap();
    let (fs, out) = terms_run(dir.path(), &["--config", conf.to_str().unwrap()]);
    assert_eq!(
        out.status.code(),
        Some(1),
        "fail-on warning from the file: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(of_check(&fs, "double-space").is_empty(), "skipped by the file");
    let gloss = of_check(&fs, "glossary");
    assert_eq!(gloss.len(), 1);
    assert_eq!(gloss[0]["severity"], "error", "severity from the file");
    // --skip on the command line replaces the file's list; --severity comes after the file's.
    let (fs, _) = terms_run(
        dir.path(),
        &["--config", conf.to_str().unwrap(), "--skip", "repeated-word", "--severity", "glossary=style"],
    );
    assert_eq!(of_check(&fs, "double-space").len(), 1);
    assert!(of_check(&fs, "repeated-word").is_empty());
    assert_eq!(of_check(&fs, "glossary")[0]["severity"], "style");
    // A key the file format does not know is one error line naming the file, status 2.
    std::fs::write(&conf, "skipp = [\"double-space\"]\n").unwrap();
    let (_, out) = terms_run(dir.path(), &["--config", conf.to_str().unwrap()]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2));
    assert!(err.contains("qa.toml") && err.contains("skipp") && err.lines().count() == 1, "{err}");
    // So is a glossary line that is not en<TAB>pl.
    std::fs::write(dir.path().join("bad.tsv"), "prime minister premier\n").unwrap();
    let bad = dir.path().join("bad.tsv");
    let (_, out) = terms_run(dir.path(), &["--glossary", bad.to_str().unwrap()]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2));
    assert!(err.contains("bad.tsv: line 1:"), "{err}");
}

/// A headline or line whose break was lost joins the next sentence with no final mark between them, so
/// the splitter sees one sentence and the aligner links it whole. The part the other side does not
/// render is reported as added (Polish) or left out (English), at its own span; the clean translation
/// of the same article gets neither finding.
#[test]
fn a_sentence_glued_to_its_neighbour_without_a_final_mark_is_reported_at_its_own_span() {
    let dir = "tests/data/qa";
    let of = |fs: &[Value], check: &str| -> Vec<Value> {
        fs.iter().filter(|f| f["check"] == check).cloned().collect()
    };
    let clean = qa_jsonl(&format!("{dir}/glued-en.txt"), &format!("{dir}/glued-pl-clean.txt"));
    assert!(of(&clean, "added-passage").is_empty() && of(&clean, "omitted-passage").is_empty(), "{clean:?}");

    let pl = std::fs::read_to_string(format!("{dir}/glued-pl.txt")).unwrap();
    let fs = qa_jsonl(&format!("{dir}/glued-en.txt"), &format!("{dir}/glued-pl.txt"));
    let added = of(&fs, "added-passage");
    let (a, b) = find(&pl, "Orkiestra Filharmonii Bałtyckiej zagra w sobotę koncert dla dzieci");
    assert_eq!(added.len(), 1, "{fs:?}");
    assert_eq!(spans(&added[0], "pl"), vec![(a, b)], "the glued line alone, not the sentence it joins");
    assert_eq!(added[0]["severity"], "warning");

    let en = std::fs::read_to_string(format!("{dir}/glued-en-extra.txt")).unwrap();
    let fs = qa_jsonl(&format!("{dir}/glued-en-extra.txt"), &format!("{dir}/glued-pl-clean.txt"));
    let omitted = of(&fs, "omitted-passage");
    let (a, b) = find(&en, "The local football club signs a young goalkeeper from Spain");
    assert_eq!(omitted.len(), 1, "{fs:?}");
    assert_eq!(spans(&omitted[0], "en"), vec![(a, b)]);
}

/// A title left out of the translation is an omission even when a word of it appears elsewhere in the
/// linked sentence (here inside the other title): a title is given whole or not at all.
#[test]
fn a_title_left_out_is_reported_though_a_word_of_it_is_in_the_sentence() {
    let dir = "tests/data/qa";
    let omitted = |pl: &str| -> Vec<Value> {
        qa_jsonl(&format!("{dir}/title-en.txt"), &format!("{dir}/{pl}"))
            .into_iter()
            .filter(|f| f["check"] == "quote-omitted")
            .collect()
    };
    assert!(omitted("title-pl-clean.txt").is_empty());
    let en = std::fs::read_to_string(format!("{dir}/title-en.txt")).unwrap();
    let fs = omitted("title-pl.txt");
    assert_eq!(fs.len(), 1, "{fs:?}");
    assert_eq!(spans(&fs[0], "en"), vec![find(&en, "River Songs")]);
}

/// A Polish quote given to someone else, named with the institution's acronym both articles use
/// ("rzecznik UEFA Kowalczyk" for "UEFA spokesman Daniel Marsh"), is a changed speaker: the acronym
/// names the institution, not the person.
#[test]
fn a_speaker_changed_beside_an_institution_acronym_is_a_speaker_mismatch() {
    let dir = "tests/data/qa";
    let mismatches = |pl: &str| -> Vec<Value> {
        qa_jsonl(&format!("{dir}/speaker-en.txt"), &format!("{dir}/{pl}"))
            .into_iter()
            .filter(|f| f["check"] == "speaker-mismatch")
            .collect()
    };
    assert!(mismatches("speaker-pl-clean.txt").is_empty());
    let pl = std::fs::read_to_string(format!("{dir}/speaker-pl.txt")).unwrap();
    let fs = mismatches("speaker-pl.txt");
    assert_eq!(fs.len(), 1, "{fs:?}");
    let (a, b) = find(&pl, "UEFA Kowalczyk");
    assert!(overlaps(&spans(&fs[0], "pl"), a, b), "{:?}", fs[0]);
    assert!(fs[0]["message"].as_str().unwrap().contains("Daniel Marsh"));
}
