//! Step 2 of regenerating the embedded lexicon (step 1: scripts/build_lexicon.py).
//!
//! Reads `DIR/pairs.tsv` (`polish-lemma<TAB>english`) and `DIR/forms.tsv`
//! (`inflected-form<TAB>lemma`), stems the English side with Snowball and writes the binary
//! lexicon: `cargo run --release --example build_lexicon -- DIR src/lexicon/data/lexicon.bin`

use std::path::Path;

fn read_tsv(path: &Path) -> Vec<(String, String)> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines().filter_map(|l| l.split_once('\t')).map(|(a, b)| (a.to_string(), b.to_string())).collect()
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() != 2 {
        eprintln!("usage: build_lexicon DIR OUT.bin");
        std::process::exit(2);
    }
    let dir = Path::new(&args[0]);
    let pairs = read_tsv(&dir.join("pairs.tsv"));
    let forms = read_tsv(&dir.join("forms.tsv"));
    let blob = bialign::lexicon::build_blob(&pairs, &forms).unwrap_or_else(|e| panic!("{e}"));
    std::fs::write(&args[1], &blob).unwrap_or_else(|e| panic!("{}: {e}", args[1]));
    eprintln!("{} pairs, {} forms -> {} ({} bytes)", pairs.len(), forms.len(), args[1], blob.len());
}
