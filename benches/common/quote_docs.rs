//! The documents of the quote bench and of `examples/quote_vs_split.rs`: the sample pair and the dev
//! news set's parallel variants (both languages), ingested, routed and split into sentences, so that
//! sentence splitting and quotation extraction can be timed alone on the same text.

use std::path::{Path, PathBuf};

use bialign::Document;
use bialign::IngestOptions;

/// The corpus files, in a fixed order (run from the repository root).
fn files() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> =
        vec!["corpus/carrie-diaries/en.txt".into(), "corpus/carrie-diaries/pl.txt".into()];
    let dev = Path::new("corpus/align-dev/wmt20-enpl");
    let mut arts: Vec<_> =
        std::fs::read_dir(dev).map(|r| r.flatten().map(|e| e.path()).collect()).unwrap_or_default();
    arts.sort();
    for a in arts {
        for side in ["en.txt", "pl.txt"] {
            let p = a.join("parallel").join(side);
            if p.exists() {
                files.push(p);
            }
        }
    }
    files
}

/// The documents, ingested, routed and segmented (a file that cannot be read panics: the corpus is
/// part of the repository).
pub fn load() -> Vec<Document> {
    files()
        .iter()
        .map(|p| {
            let mut d = bialign::ingest::ingest_bytes(
                &p.display().to_string(),
                &std::fs::read(p).expect("corpus file"),
                &IngestOptions::default(),
            )
            .expect("corpus file ingests");
            bialign::lang::route(&mut d);
            bialign::segment::segment(&mut d);
            d
        })
        .collect()
}
