//! Step 2 of regenerating the embedded lexicon (step 1: scripts/build_lexicon.py).
//!
//! Reads `DIR/pairs.tsv` (`polish-lemma<TAB>english`), `DIR/forms.tsv`
//! (`inflected-form<TAB>lemma`, hunspell) and `DIR/morfologik.tsv`
//! (`inflected-form<TAB>lemma<TAB>rule`, Morfologik; the rule column is not used), stems the
//! English side with Snowball and writes the binary lexicon:
//! `cargo run --release --example build_lexicon -- DIR src/lexicon/data/lexicon.bin`

use std::path::Path;

/// The first two columns of a TSV file.
fn read_tsv(path: &Path) -> Vec<(String, String)> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines()
        .filter_map(|l| {
            let mut f = l.split('\t');
            Some((f.next()?.to_string(), f.next()?.to_string()))
        })
        .collect()
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() != 2 {
        eprintln!("usage: build_lexicon DIR OUT.bin");
        std::process::exit(2);
    }
    let dir = Path::new(&args[0]);
    let pairs = read_tsv(&dir.join("pairs.tsv"));
    let mut forms = read_tsv(&dir.join("forms.tsv"));
    let hunspell = forms.len();
    forms.extend(read_tsv(&dir.join("morfologik.tsv")));
    let blob = bialign::lexicon::build_blob(&pairs, &forms).unwrap_or_else(|e| panic!("{e}"));
    std::fs::write(&args[1], &blob).unwrap_or_else(|e| panic!("{}: {e}", args[1]));
    eprintln!(
        "{} pairs, {hunspell} hunspell + {} Morfologik forms -> {} ({} bytes)",
        pairs.len(),
        forms.len() - hunspell,
        args[1],
        blob.len()
    );
}
