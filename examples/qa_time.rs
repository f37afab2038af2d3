//! Time the QA checks on the dev sets' parallel articles (all checks, then with one check disabled):
//! `cargo run --release --example qa_time`.

fn main() {
    use bialign::qa::{check, Check, QaOptions};
    let mut pairs = Vec::new();
    let t0 = std::time::Instant::now();
    for a in std::fs::read_dir("corpus/align-dev/wmt20-enpl").unwrap().flatten() {
        let d = a.path().join("parallel");
        let o = bialign::IngestOptions::default();
        let en = bialign::analyze_file(&d.join("en.txt"), &o).unwrap();
        let pl = bialign::analyze_file(&d.join("pl.txt"), &o).unwrap();
        let al = bialign::align(&en, &pl, &Default::default());
        pairs.push((en, pl, al));
    }
    println!("analyze+align: {:?}", t0.elapsed());
    for dis in
        [vec![], vec![], vec![Check::NameMismatch], vec![Check::Untranslated], vec![Check::NumberMismatch]]
    {
        let t = std::time::Instant::now();
        let opts = QaOptions { disabled: dis.clone(), ..Default::default() };
        let n: usize = pairs.iter().map(|(e, p, a)| check(e, p, a, &opts).len()).sum();
        println!("{dis:?}: {n} findings, {:?}", t.elapsed());
    }
}
