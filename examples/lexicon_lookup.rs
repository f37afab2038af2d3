//! Look words up in the embedded EN-PL lexicon: which English concepts (Snowball stems) a Polish
//! word reaches, and how (a known form, or a prefix fallback); and the concept of an English word.
//! Handy when checking why two sentences did or did not share lexicon evidence.
//!
//! Usage: cargo run --release --example lexicon_lookup -- WORD...   (pl:WORD or en:WORD; default pl)

use bialign::lexicon::{Fallbacks, Lexicon};

fn main() {
    let lex = Lexicon::embedded();
    for arg in std::env::args().skip(1) {
        let (lang, word) = arg.split_once(':').unwrap_or(("pl", arg.as_str()));
        let mut ids = Vec::new();
        let how = if lang == "en" {
            lex.en_ids(word, &mut ids);
            String::new()
        } else {
            format!(" ({:?})", lex.pl_lookup(word, Fallbacks::ALL, &mut ids))
        };
        let names: Vec<&str> = ids.iter().filter_map(|&i| lex.concept(i)).collect();
        println!("{lang}:{word}{how} -> {}", names.join(", "));
    }
}
