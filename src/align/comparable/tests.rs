//! Tests of the comparable aligner: attribution clauses, content floors, edges and links.

use super::*;
use crate::align::AlignOptions;

fn doc(name: &str, text: &str) -> Document {
    crate::analyze(name, text.as_bytes(), &Default::default()).expect("analyze")
}

fn pairs_of<'a>(
    en: &'a Document,
    pl: &'a Document,
    feats: &'a mut (Vec<SentFeat>, Vec<SentFeat>),
) -> Pairs<'a> {
    let opts = AlignOptions::default();
    let (mut ce, mut cp) = Default::default();
    feats.0 = super::super::doc_features(en, Lang::En, &opts, &mut ce);
    feats.1 = super::super::doc_features(pl, Lang::Pl, &opts, &mut cp);
    Pairs::new(en, pl, &feats.0, &feats.1, FxMap::default(), opts.signals, (&mut ce, &mut cp))
}

/// A retelling may render a sentence through one rare word and its own paraphrase around it
/// ("at night the volcano woke up" for "the volcano erupted"): one shared
/// content word passes the floor, and the model links the pair on the word's rarity.
#[test]
fn one_rare_shared_word_can_link_a_paraphrase() {
    let en = doc(
        "en",
        "The volcano erupted.\n\n\
         Farmers in the valley expect a poor harvest this year.\n\n\
         The ministry promised new roads for the whole region.\n\n\
         Schools will open a week later in September.\n\n\
         The local football club signed a young goalkeeper.\n\n\
         The price of bread rose sharply in the spring.\n\n\
         A new bridge over the river will cost twice as much.\n\n\
         Doctors warn of a long flu season.",
    );
    let pl = doc(
        "pl",
        "Nocą obudził się wulkan.\n\n\
         Rolnicy z doliny spodziewają się słabych zbiorów.\n\n\
         Resort obiecał regionowi nowe drogi.\n\n\
         Szkoły otworzą się tydzień później, we wrześniu.\n\n\
         Miejscowy klub piłkarski podpisał kontrakt z młodym bramkarzem.\n\n\
         Wiosną mocno podrożał chleb.\n\n\
         Nowy most na rzece będzie kosztował dwa razy więcej.\n\n\
         Lekarze ostrzegają przed długim sezonem grypy.",
    );
    let mut feats = Default::default();
    let pairs = pairs_of(&en, &pl, &mut feats);
    let f = pairs.features(0, 0);
    assert!((1.0..1.5).contains(&f.content), "one shared word: {f:?}");
    let kept = edges(&pairs, &Default::default());
    assert!(kept.iter().any(|e| (e.en, e.pl) == (0, 0)), "{f:?} p {} {kept:?}", f.probability());
    // Each sentence finds its own rendering, and no other.
    assert!(kept.iter().all(|e| e.en == e.pl), "{kept:?}");
}

/// The attribution of a quotation is its clause with the verb of saying, not every word outside
/// the marks: in a sentence that narrates, then quotes, the narrative stays content.
#[test]
fn only_the_clause_with_the_verb_of_saying_is_attribution() {
    let classes = |d: &Document, lang: Lang| -> Vec<(String, Class)> {
        let mut cache = Default::default();
        let f = super::super::doc_features(d, lang, &AlignOptions::default(), &mut cache);
        let text = d.slice(d.sentences[0].span);
        f[0].toks
            .iter()
            .zip(token_classes(d, &Speech::of(d), 0, &f[0], lang, &mut cache))
            .map(|(t, ti)| (text[t.start as usize..t.end as usize].to_string(), ti.class))
            .collect()
    };
    let class_of = |v: &[(String, Class)], w: &str| v.iter().find(|(x, _)| x == w).map(|x| x.1);
    let pl = doc("pl", "Burmistrz zawetował budżet portu, nazywając go „kpiną z mieszkańców”.");
    let v = classes(&pl, Lang::Pl);
    assert_eq!(class_of(&v, "zawetował"), Some(Class::Content), "{v:?}");
    assert_eq!(class_of(&v, "budżet"), Some(Class::Content), "{v:?}");
    assert_eq!(class_of(&v, "nazywając"), Some(Class::Attribution), "{v:?}");
    assert_eq!(class_of(&v, "kpiną"), Some(Class::Content), "{v:?}");
    // A plain attribution tail is still the attribution.
    let en = doc("en", "“The port budget is a joke,” the mayor told reporters.");
    let v = classes(&en, Lang::En);
    assert_eq!(class_of(&v, "reporters"), Some(Class::Attribution), "{v:?}");
    assert_eq!(class_of(&v, "budget"), Some(Class::Content), "{v:?}");
    // Reported speech after "that" / "że" is what was said: content, though its clause holds the
    // verb of saying.
    let en = doc("en", "He argued that cheaper ferries required “a new harbour in the north”.");
    let v = classes(&en, Lang::En);
    assert_eq!(class_of(&v, "argued"), Some(Class::Attribution), "{v:?}");
    assert_eq!(class_of(&v, "ferries"), Some(Class::Content), "{v:?}");
    assert_eq!(class_of(&v, "required"), Some(Class::Content), "{v:?}");
    let pl = doc("pl", "Dodał że tańsze promy wymagają „nowego portu na północy”.");
    let v = classes(&pl, Lang::Pl);
    assert_eq!(class_of(&v, "Dodał"), Some(Class::Attribution), "{v:?}");
    assert_eq!(class_of(&v, "promy"), Some(Class::Content), "{v:?}");
}

/// A quote pair is evidence for the sentences around it, never a link by itself: one planted
/// on two sentences that share no content leaves them unlinked, while the same anchor on a
/// real rendering raises its probability.
#[test]
fn a_planted_false_quote_pair_creates_no_sentence_link() {
    let en = doc(
        "en",
        "The council approved the new bridge budget on Monday.\n\n\
         “We expect the first trains in spring,” Mayor Anna Kowalska told Radio Gdańsk.",
    );
    let pl = doc(
        "pl",
        "Rada miasta zatwierdziła w poniedziałek nowy budżet mostu.\n\n\
         „Wczoraj padał deszcz” – dodała Anna Kowalska w Radiu Gdańsk.",
    );
    let opts = AlignOptions::default();
    let lang = crate::lang::Lang::En;
    let (mut ce, mut cp) = Default::default();
    let ef = super::super::doc_features(&en, lang, &opts, &mut ce);
    let pf = super::super::doc_features(&pl, crate::lang::Lang::Pl, &opts, &mut cp);
    let mut planted = FxMap::default();
    planted.insert((1u32, 1u32), 0.99f32);
    planted.insert((0u32, 0u32), 0.99f32);
    let with = Pairs::new(&en, &pl, &ef, &pf, planted, opts.signals, (&mut ce, &mut cp));
    let without = Pairs::new(&en, &pl, &ef, &pf, FxMap::default(), opts.signals, (&mut ce, &mut cp));
    let kept = edges(&with, &Default::default());
    // Past the deadline nothing more is scored.
    let late = crate::deadline::Deadline::after(Some(std::time::Duration::ZERO));
    assert!(!kept.is_empty() && edges(&with, &late).is_empty());
    assert!(!kept.iter().any(|e| (e.en, e.pl) == (1, 1)), "{kept:?}");
    // Shared names and the anchor alone would pass the model: the content floor stops them.
    assert!(with.features(1, 1).content < MIN_CONTENT);
    // The rendering is linked either way; the anchor only adds to it.
    assert!(kept.iter().any(|e| (e.en, e.pl) == (0, 0)), "{kept:?}");
    assert!(with.features(0, 0).probability() > without.features(0, 0).probability());
}

/// Token classes read each word's facts from the word cache the features were built with; given
/// another cache, whose entries hold other words at the same places, they compute the facts anew
/// instead of reading the wrong word's.
#[test]
fn token_classes_never_read_another_caches_words() {
    let opts = AlignOptions::default();
    let a = doc("pl", "Premier powiedział dziennikarzom o nowym budżecie.");
    let b = doc("pl", "Kamery nagrały eksplozję w porcie przemysłowym.");
    let (mut ca, mut cb) = (Default::default(), Default::default());
    let fa = super::super::doc_features(&a, Lang::Pl, &opts, &mut ca);
    let fb = super::super::doc_features(&b, Lang::Pl, &opts, &mut cb);
    // Both caches number their words from 0: the facts of `a`'s words ("powiedział", a verb of
    // saying, second) now fill `ca`'s entries at the places `b`'s words ("nagrały") hold in `cb`.
    let _ = token_classes(&a, &Speech::of(&a), 0, &fa[0], Lang::Pl, &mut ca);
    let own = token_classes(&b, &Speech::of(&b), 0, &fb[0], Lang::Pl, &mut cb);
    let other = token_classes(&b, &Speech::of(&b), 0, &fb[0], Lang::Pl, &mut ca);
    let view = |v: &[TokInfo]| v.iter().map(|t| (t.class, t.w, t.cog)).collect::<Vec<_>>();
    assert_eq!(view(&own), view(&other));
}

/// Only a sentence's live tokens are read per pair, the rest coming from its fixed totals: for
/// every pair of a retelling this gives what reading every token gives (the same matches and
/// names, the same totals up to float rounding).
#[test]
fn live_tokens_give_what_every_token_gives() {
    let en = doc(
        "en",
        "Anna Kowalska, the mayor of Gdańsk, opened the new tram line on Monday.\n\n\
         The line cost 300 million zloty and links the airport with the old town.\n\n\
         \"It is the biggest investment of the decade,\" Kowalska told reporters.\n\n\
         Critics say the city should have repaired its roads first.",
    );
    let pl = doc(
        "pl",
        "W poniedziałek prezydent Gdańska Anna Kowalska otworzyła nową linię tramwajową.\n\n\
         Inwestycja kosztowała 300 mln zł.\n\n\
         Tramwaj połączy lotnisko ze starym miastem.\n\n\
         – To największa inwestycja dekady – powiedziała Kowalska dziennikarzom.\n\n\
         Pogoda w weekend będzie słoneczna.",
    );
    let mut feats = Default::default();
    let p = pairs_of(&en, &pl, &mut feats);
    let every = |n: usize| (0..n as u32).collect::<Vec<u32>>();
    let none = Side::default();
    let close = |a: f32, b: f32| (a - b).abs() <= 1e-4 * a.abs().max(1.0);
    let mut live_matches = 0;
    for i in 0..p.ef.len() {
        for j in 0..p.pf.len() {
            for en_side in [true, false] {
                let (w, ks, lv, y, ycog, yweak) = if en_side {
                    (&p.we[i], &p.ke[i], &p.le[i], &p.pf[j], &p.cp[j], &p.xp[j])
                } else {
                    (&p.wp[j], &p.kp[j], &p.lp[j], &p.ef[i], &p.ce[i], &p.xe[i])
                };
                let (mut n1, mut n2) = (0, 0);
                let fast = side(w, &lv.toks, &lv.base, ks, y, ycog, yweak, &mut n1, None);
                let full = side(w, &every(w.len()), &none, ks, y, ycog, yweak, &mut n2, None);
                assert_eq!(n1, n2, "names of pair ({i}, {j})");
                assert_eq!(fast.matched.to_bits(), full.matched.to_bits(), "pair ({i}, {j})");
                assert_eq!(fast.idf_matched.to_bits(), full.idf_matched.to_bits(), "pair ({i}, {j})");
                assert_eq!(fast.idf_names.to_bits(), full.idf_names.to_bits(), "pair ({i}, {j})");
                assert!(
                    close(fast.content, full.content),
                    "pair ({i}, {j}): {} {}",
                    fast.content,
                    full.content
                );
                assert!(close(fast.idf_total, full.idf_total), "pair ({i}, {j})");
                live_matches += (fast.matched > 0.0) as usize;
            }
        }
    }
    assert!(live_matches >= 4, "the fixture's renderings match: {live_matches}");
    // Most tokens of a sentence find nothing in the other article and are not read per pair.
    let (live, all): (usize, usize) =
        p.le.iter()
            .zip(&p.we)
            .map(|(l, w)| (l.toks.len(), w.len()))
            .fold((0, 0), |a, b| (a.0 + b.0, a.1 + b.1));
    assert!(live < all, "{live} of {all} tokens live");
}

/// The index of shared keys marks exactly the pairs that share a key or a cognate key, over more
/// than 64 Polish sentences (two words a row).
#[test]
fn sharing_rows_agree_with_share_any() {
    let topics = ["bridge", "river", "harvest", "school", "winter", "election", "museum", "railway"];
    let en_text: Vec<String> = (0..30).map(|k| format!("{} number {}.", topics[k % 8], k + 2)).collect();
    let pl_words = ["most", "rzeka", "żniwa", "szkoła", "zima", "wybory", "muzeum", "kolej"];
    let pl_text: Vec<String> = (0..70).map(|k| format!("{} {}.", pl_words[k % 8], k + 3)).collect();
    let en = doc("en", &en_text.join("\n\n"));
    let pl = doc("pl", &pl_text.join("\n\n"));
    let mut feats = Default::default();
    let pairs = pairs_of(&en, &pl, &mut feats);
    let (ne, np) = (pairs.ef.len(), pairs.pf.len());
    assert!(np > 64, "{np} Polish sentences");
    let rows = pairs.sharing_rows();
    let words = np.div_ceil(64);
    let mut shared = 0;
    for i in 0..ne {
        for j in 0..np {
            let bit = rows[i * words + j / 64] >> (j % 64) & 1 == 1;
            assert_eq!(bit, pairs.share_any(i, j), "pair {i}-{j}");
            shared += usize::from(bit);
        }
    }
    assert!(shared > 0 && shared < ne * np, "{shared} of {} pairs share something", ne * np);
}

/// The gap to the best partner: 0 for a pair that is the best candidate of both its sentences, and
/// otherwise how far its share falls below the best of each; the model scores the same pair lower
/// when its sentences have better partners elsewhere.
#[test]
fn best_partner_gaps_measure_the_fall_below_each_sentences_best() {
    let with = |en: f32, pl: f32| EdgeFeat { idf_share_en: en, idf_share_pl: pl, ..EdgeFeat::default() };
    // English sentence 0 shares much with Polish 0 and a little with Polish 1; English 1 shares
    // a little with Polish 1 only.
    let mut e = vec![(0, 0, with(0.6, 0.5)), (0, 1, with(0.2, 0.1)), (1, 1, with(0.3, 0.2))];
    best_partner_gaps(&mut e, 2, 2);
    let gaps: Vec<f32> = e.iter().map(|x| x.2.gap).collect();
    assert!(gaps[0].abs() < 1e-6 && gaps[2].abs() < 1e-6, "mutual best partners: {gaps:?}");
    // (0, 1): 1.1 - 0.3 below English 0's best, 0.5 - 0.3 below Polish 1's best.
    assert!((gaps[1] - 1.0).abs() < 1e-5, "{gaps:?}");
    let alone = EdgeFeat { contain_en: 0.5, contain_pl: 0.5, ..with(0.4, 0.4) };
    let trailing = EdgeFeat { gap: 1.0, ..alone };
    assert!(alone.probability() > trailing.probability());
}

/// The rows the edge model is fitted on see the gaps the aligner sees: each kept edge has the
/// probability of its row, and the fixture's renderings, each the other's best partner, have no gap.
#[test]
fn edge_rows_score_as_the_aligner_does() {
    let en = doc(
        "en",
        "Anna Kowalska, the mayor of Gdańsk, opened the new tram line on Monday.\n\n\
         The line cost 300 million zloty and links the airport with the old town.\n\n\
         Critics say the city should have repaired its old roads before building the tram line.",
    );
    let pl = doc(
        "pl",
        "W poniedziałek prezydent Gdańska Anna Kowalska otworzyła nową linię tramwajową.\n\n\
         Linia kosztowała 300 mln zł i łączy lotnisko ze starym miastem.\n\n\
         Krytycy uważają, że miasto powinno najpierw naprawić stare drogi.",
    );
    let mut feats = Default::default();
    let pairs = pairs_of(&en, &pl, &mut feats);
    let kept = edges(&pairs, &Default::default());
    let rows = edge_rows(&en, &pl, &AlignOptions::default(), |_| false);
    for e in &kept {
        let r = rows.iter().find(|r| (r.en, r.pl) == (e.en, e.pl)).expect("a row per edge");
        assert!((r.p - e.p).abs() < 1e-6, "{e:?} {r:?}");
    }
    for k in 0..3 {
        assert!(kept.iter().any(|e| (e.en, e.pl) == (k, k)), "{kept:?}");
        let r = rows.iter().find(|r| (r.en, r.pl) == (k, k)).expect("a row");
        assert_eq!(r.x[N_EDGE - 1], 0.0, "{r:?}");
    }
    let trailing = rows.iter().filter(|r| r.content >= MIN_CONTENT && r.x[N_EDGE - 1] > 0.0).count();
    assert!(trailing > 0, "a pair over the floor trails a better partner: {rows:?}");
}
