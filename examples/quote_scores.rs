//! Why two quotes were or were not paired: the quote-pair features and score of the aligner.
//!
//! Usage: cargo run --release --example quote_scores -- EN PL [EN_QUOTE...]
//!   prints every candidate pair (English quote index, Polish quote index, features | texts), or only
//!   those of the given English quotes; with `EN,EN/PL` (e.g. `33,34/9`) it scores that group link.
//! Quote indices are those of `bialign quotes FILE --format jsonl` (line number - 1). The features are
//! listed in the documentation of `bialign::align::quotes::quote_candidates`.

use bialign::align::quotes::{group_score, quote_candidates};
use bialign::AlignOptions;
use bialign::IngestOptions;
fn main() {
    let a: Vec<String> = std::env::args().collect();
    let o = IngestOptions::default();
    let en = bialign::analyze_file(a[1].as_ref(), &o).unwrap();
    let pl = bialign::analyze_file(a[2].as_ref(), &o).unwrap();
    let opts = AlignOptions::default();
    let al = bialign::align::align(&en, &pl, &opts);
    if a.len() > 3 && a[3].contains('/') {
        let (e, p) = a[3].split_once('/').unwrap();
        let ea: Vec<usize> = e.split(',').map(|s| s.parse().unwrap()).collect();
        let pb: Vec<usize> = p.split(',').map(|s| s.parse().unwrap()).collect();
        println!("{:?}", group_score(&en, &pl, &al.sentences, &opts, al.mode, &ea, &pb));
        return;
    }
    let want: Vec<usize> = a[3..].iter().map(|s| s.parse().unwrap()).collect();
    for (e, p, f) in quote_candidates(&en, &pl, &al.sentences, &opts, al.mode) {
        if want.is_empty() || want.contains(&e) {
            println!(
                "{e} {p} {:?} | {:.60} | {:.60}",
                f,
                en.slice(en.quotes[e].span),
                pl.slice(pl.quotes[p].span)
            );
        }
    }
}
