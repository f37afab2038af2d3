//! Raw bytes (any encoding, maybe HTML) through the per-document stages: ingest, language, sentences,
//! quotes. Either an error or a document satisfying the cross-stage invariants.
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../../tests/common/invariants.rs"]
mod invariants;

fuzz_target!(|data: &[u8]| {
    // The first byte picks the HTML mode so that both the text and the HTML paths are explored.
    let (mode, bytes) = match data.split_first() {
        Some((m, rest)) => (*m, rest),
        None => (0, data),
    };
    let html = match mode % 3 {
        0 => None,
        1 => Some(true),
        _ => Some(false),
    };
    let opts = bialign::ingest::IngestOptions { html, ..Default::default() };
    if let Ok(doc) = bialign::analyze("fuzz", bytes, &opts) {
        invariants::check_document(&doc);
    }
});
