//! English attribution rules: "…," Harris says / says Harris / according to Harris / Harris: "…" /
//! "…," she says / executive producer Amy B. Harris tells reporters.

use super::speaker::{verbs_en, Rules};

/// The English rules.
pub fn rules() -> Rules {
    Rules {
        verbs: verbs_en(),
        according: &[("according", "to")],
        max_descriptors: 4,
        prepositions: &["in", "on", "at", "to", "for", "with", "from", "of", "by", "via"],
    }
}
