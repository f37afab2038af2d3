//! Tests of the people of an article: name forms and role holders.
use super::*;

#[test]
fn name_forms_meet() {
    for (a, b) in
        [("Tusk", "Tuska"), ("Nawrocki", "Nawrockiego"), ("Trump", "Trumpowi"), ("Putin", "Putinem")]
    {
        assert!(same_name(&fold(a), &fold(b)), "{a} {b}");
    }
    assert!(!same_name(&fold("Tusk"), &fold("Tuskolandia")));
    assert!(!same_name("duda", "dudy"), "three letters are too few to tell");
}

/// The names the sentence splitter's name finder would give People: each name's first
/// occurrence, in the nominative.
fn named_spans(text: &str, names: &[&str]) -> Vec<(Span, bool)> {
    names
        .iter()
        .map(|n| {
            let at = text.find(n).unwrap();
            (Span::new(at, at + n.len()), false)
        })
        .collect()
}

#[test]
fn roles_bind_to_the_person_given_them() {
    let text = "Wczoraj głos zabrał premier Jan Wiśniewski. Potem prezes NBP Adam Nowak. Ewa Lis, rzeczniczka rządu.";
    let mut book = NameBook::new(text);
    let named = named_spans(text, &["Jan Wiśniewski", "Adam Nowak", "Ewa Lis"]);
    let mut p = People::new(text, Lang::Pl, &named, &[], &mut book);
    assert_eq!(p.role("premier", None, None, text.len(), &mut book).as_deref(), Some("Jan Wiśniewski"));
    assert_eq!(p.role("chief", None, None, 0, &mut book).as_deref(), Some("Adam Nowak"));
    assert_eq!(p.role("spokesperson", None, None, 0, &mut book).as_deref(), Some("Ewa Lis"));
    // No holder of the role, and everyone named holds another office: no one.
    assert_eq!(p.role("pope", None, None, text.len(), &mut book).as_deref(), None);
    // No holder of the role: the person mentioned last who holds no other office.
    let text = "Premier Jan Wiśniewski i Ewa Lis rozmawiali o szkołach.";
    let mut book = NameBook::new(text);
    let named = named_spans(text, &["Jan Wiśniewski", "Ewa Lis"]);
    let mut p = People::new(text, Lang::Pl, &named, &[], &mut book);
    assert_eq!(p.role("pope", None, None, text.len(), &mut book).as_deref(), Some("Ewa Lis"));
}
