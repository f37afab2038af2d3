//! Polish attribution rules: "…" - mówi Harris / – dodaje Butler / — powiedziała X / twierdzi X /
//! według X / X mówi: „…” / X: „…”; the verb may come without a subject (pronoun dropped).

use std::sync::OnceLock;

use super::speaker::{pronouns_pl, verbs_pl, Rules};

/// The Polish rules (built once).
pub fn rules() -> &'static Rules {
    static R: OnceLock<Rules> = OnceLock::new();
    R.get_or_init(|| {
        Rules::new(
            crate::lang::Lang::Pl,
            verbs_pl(),
            &[("według", ""), ("zdaniem", "")],
            // Up to eight words between the verb and the name: "powiedział podczas czwartkowej
            // konferencji prasowej prezes NBP Adam Glapiński", "mówiła wzruszona pełnomocniczka rządu
            // do spraw osób niepełnosprawnych Anna Lis".
            8,
            &[
                "na", "w", "we", "z", "ze", "do", "od", "przez", "dla", "o", "po", "u", "przed", "za", "pod",
                "nad", "dla",
            ],
            pronouns_pl(),
        )
    })
}
