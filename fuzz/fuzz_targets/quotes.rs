//! Quote extraction (marks, nesting, speakers) on fuzzed text with a fuzzed nesting-depth limit.
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../../tests/common/invariants.rs"]
mod invariants;

fuzz_target!(|data: &[u8]| {
    let Some((&sel, rest)) = data.split_first() else { return };
    let text = String::from_utf8_lossy(rest);
    let opts = bialign::ingest::IngestOptions { html: Some(false), ..Default::default() };
    let Ok(mut doc) = bialign::ingest::ingest_bytes("fuzz", text.as_bytes(), &opts) else { return };
    let lang = if sel & 1 == 0 { bialign::Lang::En } else { bialign::Lang::Pl };
    doc.lang = lang;
    for p in &mut doc.paragraphs {
        p.lang = lang;
    }
    bialign::segment::segment(&mut doc);
    let max_depth = (sel >> 1) as usize % 20;
    bialign::quote::extract_with(&mut doc, &bialign::quote::Options { max_depth });
    invariants::check_document(&doc);
    for q in &doc.quotes {
        assert!((q.depth as usize) < max_depth.max(1), "quote depth {} over the limit {max_depth}", q.depth);
    }
});
