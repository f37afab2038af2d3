//! The batch input parsers on arbitrary bytes: JSON Lines records (plain, or through the gzip and
//! zstd decoders when the bytes start with their magic numbers) and manifest TSV lines. Every line
//! is a record or an error, never a panic; no id is longer than the limit; line numbers go up; a
//! line over the line limit is an error, never held in memory.
#![no_main]

use std::io::BufRead;

use bialign::batch::{compressed, input, PairSource};
use bialign::ingest::jsonl::{Record, Records, MAX_ID_BYTES};
use libfuzzer_sys::fuzz_target;

fn check_jsonl(r: Box<dyn BufRead + Send>, max_line: u64) {
    let mut last = 0;
    // A compression bomb is bounded by time, not memory; stop after a few thousand lines.
    for (line, rec) in Records::new(r, "fuzz", max_line).take(5000) {
        assert!(line > last, "line numbers go up: {line} after {last}");
        last = line;
        if let Ok(Record::Pair { id, .. } | Record::Single { id, .. }) = &rec {
            assert!(id.len() <= MAX_ID_BYTES, "an id of {} bytes", id.len());
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&mode, bytes)) = data.split_first() else { return };
    let max_line = [64u64, 1024, 1 << 20][(mode as usize / 3) % 3];
    match mode % 3 {
        0 => check_jsonl(Box::new(std::io::Cursor::new(bytes.to_vec())), max_line),
        1 => {
            let mut r = std::io::BufReader::new(std::io::Cursor::new(bytes.to_vec()));
            match compressed::sniff(&mut r) {
                Ok(Some(kind)) => {
                    if let Ok(d) = compressed::decoder(kind, r) {
                        check_jsonl(d, max_line)
                    }
                }
                _ => check_jsonl(Box::new(r), max_line),
            }
        }
        _ => {
            let r = std::io::Cursor::new(bytes.to_vec());
            for job in input::manifest(r, "fuzz.tsv".into(), "/base".into()).take(5000) {
                assert!(
                    job.id.len() <= MAX_ID_BYTES.max("fuzz.tsv:".len() + 20),
                    "an id of {} bytes",
                    job.id.len()
                );
                if let PairSource::Files { en, pl } = &job.source {
                    assert!(en.is_absolute() && pl.is_absolute(), "paths resolved against the base");
                }
            }
        }
    }
});
