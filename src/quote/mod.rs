//! Quotations, their kinds and speakers.
//!
//! (Foundation baseline: finds nothing. Issue 4 builds it.)

use crate::model::Document;

/// Find the quotations of the document (needs paragraphs and sentences).
pub fn extract(doc: &mut Document) {
    doc.quotes.clear();
}
