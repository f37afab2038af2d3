//! English attribution rules: "…," Harris says / says Harris / according to Harris / Harris: "…" /
//! "…," she says / executive producer Amy B. Harris tells reporters.

use std::sync::OnceLock;

use super::speaker::{pronouns_en, verbs_en, Rules};

/// The English rules (built once).
pub fn rules() -> &'static Rules {
    static R: OnceLock<Rules> = OnceLock::new();
    R.get_or_init(|| {
        Rules::new(
            crate::lang::Lang::En,
            verbs_en(),
            &[("according", "to")],
            4,
            &["in", "on", "at", "to", "for", "with", "from", "of", "by", "via"],
            pronouns_en(),
        )
    })
}
