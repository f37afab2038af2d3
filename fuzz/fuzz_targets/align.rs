//! Two fuzzed documents (split at the first 0xFF byte) aligned both ways: links tile both documents,
//! quote links point at quotes, align(A, B) mirrors align(B, A), the JSON Lines output parses.
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../../tests/common/invariants.rs"]
mod invariants;

use bialign::{AlignOptions, Lang};
use std::sync::OnceLock;

fn options() -> &'static AlignOptions {
    static OPTS: OnceLock<AlignOptions> = OnceLock::new();
    OPTS.get_or_init(AlignOptions::default)
}

fuzz_target!(|data: &[u8]| {
    let cut = data.iter().position(|&b| b == 0xFF).unwrap_or(data.len() / 2);
    let (a, b) = (&data[..cut], data.get(cut + 1..).unwrap_or(&[]));
    let opts = bialign::ingest::IngestOptions { html: Some(false), ..Default::default() };
    let (Ok(mut en), Ok(mut pl)) = (bialign::analyze("en", a, &opts), bialign::analyze("pl", b, &opts)) else {
        return;
    };
    // Whatever the detector said, treat them as an English and a Polish article.
    en.lang = Lang::En;
    pl.lang = Lang::Pl;
    let ab = bialign::align(&en, &pl, options());
    invariants::check_alignment(&ab, &en, &pl);
    let mut out = Vec::new();
    bialign::output::jsonl::write_alignment(&mut out, Some("fuzz"), &ab, &en, &pl, Default::default(), 0.0)
        .expect("writing to memory");
    invariants::check_jsonl(&out);
});
