//! Polish attribution rules: "…" - mówi Harris / – dodaje Butler / — powiedziała X / twierdzi X /
//! według X / X mówi: „…” / X: „…”; the verb may come without a subject (pronoun dropped).

use super::speaker::{verbs_pl, Rules};

/// The Polish rules.
pub fn rules() -> Rules {
    Rules {
        verbs: verbs_pl(),
        according: &[("według", ""), ("zdaniem", "")],
        max_descriptors: 4,
        prepositions: &[
            "na", "w", "we", "z", "ze", "do", "od", "przez", "dla", "o", "po", "u", "przed", "za", "pod",
            "nad", "dla",
        ],
    }
}
