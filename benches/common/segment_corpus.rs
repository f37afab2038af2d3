//! The text of the segment bench and of `examples/segment_passes.rs`: the sample article and every
//! dev article (parallel variant) of one language, one paragraph a line.

use std::path::Path;

/// The sample article of `lang` and all dev articles of `lang`, concatenated.
pub fn corpus(lang: &str) -> String {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus");
    let mut text = std::fs::read_to_string(root.join("carrie-diaries").join(format!("{lang}.txt"))).unwrap();
    let dev = root.join("align-dev").join("wmt20-enpl");
    let mut arts: Vec<_> = std::fs::read_dir(&dev).unwrap().map(|e| e.unwrap().path()).collect();
    arts.sort();
    for a in arts {
        text.push('\n');
        text.push_str(&std::fs::read_to_string(a.join("parallel").join(format!("{lang}.txt"))).unwrap());
    }
    text
}
