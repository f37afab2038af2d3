//! Tests of the lexicon.

use super::*;

fn ids_en(lex: &Lexicon, w: &str) -> Vec<u32> {
    let mut v = Vec::new();
    lex.en_ids(w, &mut v);
    v
}
fn ids_pl(lex: &Lexicon, w: &str) -> Vec<u32> {
    let mut v = Vec::new();
    lex.pl_ids(w, &mut v);
    v
}
fn shares(lex: &Lexicon, en: &str, pl: &str) -> bool {
    let e = ids_en(lex, en);
    ids_pl(lex, pl).iter().any(|i| e.contains(i))
}

/// Frequent news words added by hand (`supplement.tsv`) count in every form: a verb in one of
/// its past forms, a word whose English side is a stem the dictionary lacks, an inflected noun;
/// the overlay file parses (it is empty right after a rebuild of `lexicon.bin`); and a user's
/// file loaded on top keeps the embedded entries.
#[test]
fn supplement_entries_are_part_of_the_embedded_lexicon() {
    let lex = Lexicon::embedded();
    assert!(shares(lex, "expected", "spodziewała"));
    assert!(shares(lex, "handed", "przekazał"));
    assert!(shares(lex, "migration", "migracji"));
    assert!(shares(lex, "today", "dziś"));
    assert!(shares(lex, "minister", "premierem"));
    assert!(!shares(lex, "migration", "spodziewała"));
    assert!(shares(lex, "trophy", "trofeum"));
    assert!(parse_pairs(OVERLAY, "overlay.tsv").is_ok());
    let dir = std::env::temp_dir().join(format!("bialign-overlay-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("user.lex");
    std::fs::write(&path, "qqwordxyz\tzzslowoxyz\n").unwrap();
    let user = Lexicon::with_user_file(&path).unwrap();
    assert!(shares(&user, "expected", "spodziewała") && shares(&user, "qqwordxyz", "zzslowoxyz"));
    let _ = std::fs::remove_dir_all(&dir);
}

/// An adjective or participle negated by un- reaches its base as well as its own entry, so that
/// a Polish negation written as a separate word matches it; words that only begin with "un" do not.
#[test]
fn a_word_negated_by_un_reaches_its_base() {
    let lex = Lexicon::embedded();
    assert!(shares(lex, "unacceptable", "zaakceptowania"), "nie do zaakceptowania");
    assert!(shares(lex, "unlimited", "ograniczony"), "nieograniczony ~ limited");
    assert!(!ids_en(lex, "unacceptable").is_empty() && ids_en(lex, "unacceptable").len() == 2);
    assert_eq!(ids_en(lex, "under").len(), 1, "no ending of an adjective: no base");
    assert_eq!(ids_en(lex, "understanding"), ids_en(lex, "understand"), "derstanding is no word");
    assert_eq!(lookup::un_adjective_base("unacceptable"), Some("acceptable"));
    assert_eq!(lookup::un_adjective_base("uncover"), None);
    assert_eq!(lookup::un_adjective_base("unfed"), None, "too short a base");
    assert_eq!(lookup::negated_base("nonbinding"), Some("binding"));
    assert_eq!(lookup::negated_base("disc"), None);
}

/// Verbs of telling and the noun of a point of view, which news quotes use and the dictionary
/// lacks (added in `supplement.tsv`).
#[test]
fn supplement_covers_telling_and_points_of_view() {
    let lex = Lexicon::embedded();
    assert!(shares(lex, "tell", "mów"), "Nie mów nam = Don't tell us");
    assert!(shares(lex, "told", "mówił"));
    assert!(shares(lex, "view", "widzenia"), "z punktu widzenia = from the point of view");
    assert!(shares(lex, "couple", "dwoje"));
}

#[test]
fn embedded_lexicon_translates_inflected_forms() {
    let lex = Lexicon::embedded();
    assert!(lex.concept_count() > 10_000, "{lex:?}");
    assert!(shares(lex, "house", "domu"));
    assert!(shares(lex, "President", "prezydenta"));
    assert!(shares(lex, "explosions", "wybuchu"));
    assert!(shares(lex, "government", "rządu"));
    assert!(!shares(lex, "cat", "prezydenta"));
    assert!(ids_pl(lex, "").is_empty() && ids_en(lex, "").is_empty());
    assert!(ids_pl(lex, "qqqqqqq").is_empty());
}

#[test]
fn morfologik_forms_reach_the_lemma_hunspell_misses() {
    let lex = Lexicon::embedded();
    let form = |w: &str| {
        let mut v = Vec::new();
        (lex.pl_lookup(w, Fallbacks::NONE, &mut v), v)
    };
    let reaches = |pl: &str, en: &str| {
        let (r, ids) = form(pl);
        r == Reach::Form && ids_en(lex, en).iter().any(|i| ids.contains(i))
    };
    // suppletive and irregular forms: a plural of another stem, a comparative, a past tense
    assert!(reaches("ludzie", "person"), "ludzie -> człowiek");
    assert!(reaches("lepszej", "good"), "lepszej -> dobry");
    assert!(reaches("szli", "go"), "szli -> iść");
    assert!(reaches("poszła", "go"), "poszła -> pójść");
    assert!(reaches("mam", "have"), "mam -> mieć, not only mama");
    // word formation: a perfective of a borrowed verb, a relational adjective, a feminine noun
    assert!(reaches("zaakceptował", "accept"), "zaakceptować -> akceptować");
    assert!(reaches("lipcowej", "July"), "lipcowy -> lipiec");
    assert!(reaches("inflacyjnej", "inflation"), "inflacyjny -> inflacja");
    assert!(reaches("szefowej", "boss"), "szefowa -> szef");
    // and no translation where Morfologik's lemma has none
    assert_eq!(form("qqqqqqq").0, Reach::None);
}

#[test]
fn lookups_tell_how_a_word_was_reached() {
    let lex = Lexicon::embedded();
    let mut v = Vec::new();
    assert_eq!(lex.pl_lookup("domu", Fallbacks::ALL, &mut v), Reach::Form);
    v.clear();
    assert_eq!(lex.pl_lookup("koalicjantów", Fallbacks::ALL, &mut v), Reach::Prefix);
    assert!(v.contains(&ids_en(lex, "coalition")[0]));
    v.clear();
    assert_eq!(lex.pl_lookup("koalicjantów", Fallbacks::NONE, &mut v), Reach::None);
    assert!(v.is_empty());
    assert_eq!(lex.pl_lookup("trump", Fallbacks::NONE, &mut v), Reach::None);
    assert_eq!(lex.pl_lookup("trump", Fallbacks::ALL, &mut v), Reach::English);
    assert_eq!(v, ids_en(lex, "Trump"));
    // cached answers are the same as fresh ones, appended after what `out` held
    let mut w = vec![7];
    assert_eq!(lex.pl_lookup("domu", Fallbacks::ALL, &mut w), Reach::Form);
    assert_eq!(w[0], 7);
    assert_eq!(&w[1..], ids_pl(lex, "domu"));
}

#[test]
fn lookup_cache_keeps_lexicons_apart() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("u.tsv");
    std::fs::write(&path, "zzwordxyz\tqqslowoxyz\n").unwrap();
    let user = Lexicon::with_user_file(&path).unwrap();
    for _ in 0..3 {
        assert!(ids_pl(Lexicon::embedded(), "qqslowoxyz").is_empty());
        assert!(ids_en(Lexicon::embedded(), "zzwordxyz").is_empty());
        assert!(shares(&user, "zzwordxyz", "qqslowoxyz"));
    }
}

proptest::proptest! {
    #[test]
    fn any_word_looks_up_without_panic(w in "\\PC{0,20}") {
        let lex = Lexicon::embedded();
        let mut v = Vec::new();
        lex.en_ids(&w, &mut v);
        lex.pl_ids(&w, &mut v);
        for id in v {
            proptest::prop_assert!(lex.concept(id).is_some());
        }
    }
}

#[test]
fn concept_names_round_trip() {
    let lex = Lexicon::embedded();
    let id = ids_en(lex, "houses")[0];
    assert_eq!(lex.concept(id), Some("hous"));
    assert_eq!(lex.concept(u32::MAX), None);
}

#[test]
fn prefix_key_counts_characters() {
    assert_eq!(prefix_key("żółwiami"), Some("żółwi"));
    assert_eq!(prefix_key("kot"), None);
    assert_eq!(prefix_key("domek"), Some("domek"));
}

#[test]
fn translation_stems_keep_single_content_words() {
    assert_eq!(translation_stems("explosions"), ["explos"]);
    assert_eq!(translation_stems("to wear"), ["wear"]);
    assert!(translation_stems("dust bunny").is_empty());
    assert_eq!(translation_stems("be"), ["be"]);
}

#[test]
fn build_and_load_a_small_lexicon() {
    let p = |a: &str, b: &str| (a.to_string(), b.to_string());
    let blob =
        build_blob(&[p("kot", "cat"), p("kot", "tomcat"), p("dom", "house")], &[p("kotami", "kot")]).unwrap();
    let lex = Lexicon::from_blob(Cow::Owned(blob)).unwrap();
    assert_eq!(lex.concept_count(), 3);
    assert_eq!(ids_pl(&lex, "Kotami"), {
        let mut v = [ids_en(&lex, "cats")[0], ids_en(&lex, "tomcat")[0]];
        v.sort();
        v
    });
    assert!(Lexicon::from_blob(Cow::Owned(b"garbage".to_vec())).is_err());
}

#[test]
fn user_file_both_formats_and_errors() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("my.lex");
    std::fs::write(&path, "# my words\nflibbertigibbet\tzwariowaniec\n\nkrzesłoxyz @ chairxyz\n").unwrap();
    let lex = Lexicon::with_user_file(&path).unwrap();
    assert!(
        shares(&lex, "flibbertigibbet", "zwariowańca") || shares(&lex, "flibbertigibbet", "zwariowaniec")
    );
    assert!(shares(&lex, "chairxyz", "krzesłoxyz"));
    assert!(shares(&lex, "house", "domu"), "embedded entries stay");
    assert!(!shares(Lexicon::embedded(), "chairxyz", "krzesłoxyz"));

    std::fs::write(&path, "house\tdom\nthis line is malformed\n").unwrap();
    let err = Lexicon::with_user_file(&path).unwrap_err().to_string();
    assert!(err.contains(&format!("{}:2:", path.display())), "{err}");
    let missing = dir.path().join("none.lex");
    assert!(Lexicon::with_user_file(&missing).unwrap_err().to_string().contains("none.lex"));
}
