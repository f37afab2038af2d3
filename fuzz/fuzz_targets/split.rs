//! Sentence splitting with English or Polish rules forced (whatever the language detector says):
//! sentences on character boundaries, inside their paragraph, covering every non-whitespace byte.
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
    invariants::check_sentences(&doc);
});
