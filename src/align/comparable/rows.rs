//! The edge model's view of every candidate pair, for fitting and inspection: the rows
//! `scripts/fit_edges.py` fits the model on, and the token trace `examples/dump_edges.rs --trace`
//! shows.

use super::{best_partner_gaps, side, EdgeFeat, Pairs, Side, Trace, MIN_CONTENT, N_EDGE};
use crate::align::features::SentFeat;
use crate::lang::Lang;
use crate::lexicon::fxhash::FxMap;
use crate::model::Document;

/// How the tokens of one sentence fared against the other sentence of an edge: (text, what it met,
/// weight), in token order (see [`EdgeRow::trace`]).
#[doc(hidden)]
pub type TokenTrace = Vec<(String, &'static str, f32)>;

/// One candidate pair as the edge model sees it: the rows `scripts/fit_edges.py` fits [`EDGE_W`] on,
/// and what `examples/dump_edges.rs --trace` shows of a link.
#[doc(hidden)]
#[derive(Debug, Clone)]
pub struct EdgeRow {
    /// English sentence index.
    pub en: usize,
    /// Polish sentence index.
    pub pl: usize,
    /// The model's inputs ([`EdgeFeat::vec`]).
    pub x: [f32; N_EDGE],
    /// Matched content weight on the smaller side (for the [`MIN_CONTENT`] floor).
    pub content: f32,
    /// The model's probability ([`EdgeFeat::probability`]).
    pub p: f32,
    /// When asked for: how each token of the English and of the Polish sentence fared against the
    /// other, as (text, what it met: `matched`, `cognate`, `name`, `unmatched`, `name-unmatched`,
    /// `attribution`, weight).
    pub trace: Option<[TokenTrace; 2]>,
}

/// Every candidate pair's [`EdgeRow`], with the token trace of those `traced` asks for.
#[doc(hidden)]
pub fn edge_rows(
    en: &Document,
    pl: &Document,
    opts: &crate::align::AlignOptions,
    traced: impl Fn(&EdgeRow) -> bool,
) -> Vec<EdgeRow> {
    let (mut ce, mut cp) = Default::default();
    let ef = crate::align::doc_features(en, Lang::En, opts, &mut ce);
    let pf = crate::align::doc_features(pl, Lang::Pl, opts, &mut cp);
    let anchors = crate::align::quotes::sentence_anchors(en, pl, opts);
    let pairs = Pairs::new(en, pl, &ef, &pf, anchors, opts.signals, (&mut ce, &mut cp));
    // The gaps to the best partner are those of the edges over the content floor, as the aligner
    // sees them (the rows under the floor are never edges).
    let mut feats: Vec<(usize, usize, EdgeFeat)> =
        pairs.candidates().into_iter().map(|(i, j)| (i, j, pairs.features(i, j))).collect();
    let mut edges: Vec<(usize, usize, EdgeFeat)> =
        feats.iter().copied().filter(|(_, _, f)| f.content >= MIN_CONTENT).collect();
    best_partner_gaps(&mut edges, ef.len(), pf.len());
    let mut gap = edges.into_iter().map(|(i, j, f)| ((i, j), f.gap)).collect::<FxMap<_, _>>();
    for (i, j, f) in feats.iter_mut() {
        f.gap = gap.remove(&(*i, *j)).unwrap_or(0.0);
    }
    feats
        .into_iter()
        .map(|(i, j, f)| {
            let mut row =
                EdgeRow { en: i, pl: j, x: f.vec(), content: f.content, p: f.probability(), trace: None };
            if traced(&row) {
                row.trace = Some(pairs.trace(i, j));
            }
            row
        })
        .collect()
}

impl Pairs<'_> {
    /// How each token of English sentence `i` and Polish sentence `j` fared (see [`EdgeRow::trace`]).
    fn trace(&self, i: usize, j: usize) -> [TokenTrace; 2] {
        let (ef, pf) = (&self.ef[i], &self.pf[j]);
        let (mut te, mut tp) = (Trace::new(), Trace::new());
        let mut n = 0;
        let every = |f: &SentFeat| (0..f.toks.len() as u32).collect::<Vec<u32>>();
        let none = Side::default();
        side(
            &self.we[i],
            &every(ef),
            &none,
            &self.ke[i],
            pf,
            &self.cp[j],
            &self.xp[j],
            &mut n,
            Some(&mut te),
        );
        side(
            &self.wp[j],
            &every(pf),
            &none,
            &self.kp[j],
            ef,
            &self.ce[i],
            &self.xe[i],
            &mut n,
            Some(&mut tp),
        );
        let words = |doc: &Document, s: usize, f: &SentFeat, tr: Trace| {
            let text = doc.slice(doc.sentences[s].span);
            tr.into_iter()
                .map(|(t, what, w)| {
                    let tok = &f.toks[t];
                    (text.get(tok.start as usize..tok.end as usize).unwrap_or("").to_string(), what, w)
                })
                .collect()
        };
        [words(self.en, i, ef, te), words(self.pl, j, pf, tp)]
    }
}
