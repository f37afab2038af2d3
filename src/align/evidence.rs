//! The evidence of a link: the names, numbers, lexicon pairs and cognates its two sides share.

use super::features::{key_kind, KeyKind, SentFeat};
use super::{Evidence, Link};
use crate::model::Document;

/// Collect the shared names, numbers, lexicon pairs and cognates of two sets of units.
pub(crate) fn evidence(en: &[(&SentFeat, &str)], pl: &[(&SentFeat, &str)]) -> Evidence {
    let mut ev = Evidence::default();
    for &(fe, te) in en {
        for te_tok in &fe.toks {
            let ew = te.get(te_tok.start as usize..te_tok.end as usize).unwrap_or("");
            let keys = &fe.tok_keys[te_tok.keys.0 as usize..te_tok.keys.1 as usize];
            'tok: for &k in keys {
                for &(fp, tp) in pl {
                    // The first Polish token holding `k`.
                    let pt = if fp.pos_start.len() == fp.keyset.len() + 1 {
                        match fp.position(k) {
                            Some(x) => fp.toks.get(fp.pos_toks[fp.pos_start[x] as usize] as usize),
                            None => continue,
                        }
                    } else {
                        if !fp.has(k) {
                            continue;
                        }
                        fp.toks
                            .iter()
                            .find(|pt| fp.tok_keys[pt.keys.0 as usize..pt.keys.1 as usize].contains(&k))
                    };
                    if let Some(pt) = pt {
                        let list = match key_kind(k) {
                            KeyKind::Lexicon => &mut ev.lexicon,
                            KeyKind::Name => &mut ev.names,
                            KeyKind::Number => &mut ev.numbers,
                            KeyKind::Cognate => &mut ev.cognates,
                        };
                        // A full list takes no more (the text is not even formatted).
                        if list.len() < 8 {
                            let pw = tp.get(pt.start as usize..pt.end as usize).unwrap_or("");
                            let joined = |sep: char| {
                                let mut s = String::with_capacity(ew.len() + 1 + pw.len());
                                s.push_str(ew);
                                s.push(sep);
                                s.push_str(pw);
                                s
                            };
                            let s = match key_kind(k) {
                                KeyKind::Lexicon => joined('='),
                                KeyKind::Name if ew == pw => ew.to_string(),
                                KeyKind::Name | KeyKind::Cognate => joined('~'),
                                KeyKind::Number => ew.to_string(),
                            };
                            if !list.contains(&s) {
                                list.push(s);
                            }
                        }
                        break 'tok;
                    }
                }
            }
        }
    }
    ev
}

/// A link with its evidence.
#[allow(clippy::too_many_arguments)]
pub(super) fn make_link(
    en: &Document,
    pl: &Document,
    ef: &[SentFeat],
    pf: &[SentFeat],
    e: Vec<usize>,
    p: Vec<usize>,
    score: f32,
    method: &str,
) -> Link {
    let es: Vec<(&SentFeat, &str)> = e.iter().map(|&i| (&ef[i], en.slice(en.sentences[i].span))).collect();
    let ps: Vec<(&SentFeat, &str)> = p.iter().map(|&j| (&pf[j], pl.slice(pl.sentences[j].span))).collect();
    let mut ev = evidence(&es, &ps);
    ev.method = Some(method.to_string());
    Link { en: e, pl: p, score, evidence: ev }
}

/// In comparable articles a capitalised word met by the same name on the other side is a name,
/// not content (see [`comparable`]): list such lexicon pairs (`Carrie=Carrie`,
/// `Sebastian=Sebastiana`) with the names. A translated name (`Warsaw=Warszawa`) stays a
/// lexicon pair.
pub(super) fn names_apart(ev: &mut Evidence) {
    let key = |w: &str| crate::lexicon::names::name_key(w);
    let (names, rest): (Vec<String>, Vec<String>) =
        std::mem::take(&mut ev.lexicon).into_iter().partition(|pair| {
            pair.split_once('=').is_some_and(|(a, b)| {
                a.chars().next().is_some_and(char::is_uppercase)
                    && b.chars().next().is_some_and(char::is_uppercase)
                    && key(a) == key(b)
            })
        });
    ev.lexicon = rest;
    for n in names {
        let (a, b) = n.split_once('=').unwrap_or((&n, &n));
        let shown = if a == b { a.to_string() } else { format!("{a}~{b}") };
        if !ev.names.contains(&shown) {
            ev.names.push(shown);
        }
    }
}
