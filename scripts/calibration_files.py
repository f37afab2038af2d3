"""What each generated calibration file holds: its path, the commands that regenerate it, the data,
and its models' names and feature names (shared by scripts/fit_calibration.py and
scripts/fit_edges.py). Pure Python, no dependencies."""

QUOTE_FEATURES = ["best joining sentence link", "coverage", "ln(1 + matched weight)",
                  "speaker agreement", "|ln length ratio|", "same rank in linked sentences",
                  "title with scare quote", "speech with title or scare quote", "containment",
                  "long but unconfirmed"]

TRANSLATION = {
    "path": "src/align/calibrate/translation.rs",
    "commands": ["cargo run --release --example dump_features -- corpus/align-dev target/calib",
                 "python3 scripts/fit_calibration.py target/calib --write src/align/calibrate/translation.rs"],
    "data": ["Data: the dev set in the repository (corpus/align-dev), rows of its parallel and deleted",
             "variants; the script checks the fit on the reordered and comparable variants."],
    "models": [
        ("PAIR", "super::N_PAIR", "Bead model", ["coverage", "ln(1 + matched weight)", "numbers shared",
                                                "numbers on one side", "punctuation", "length", "short"]),
        ("LINK", "super::N_LINK", "Link model", ["bead logit", "diagonal neighbours linked (0..2)",
                                                "inside a gap bounded on both sides", "leftover pass",
                                                "bead size beyond 1-1"]),
        ("QUOTE", "super::N_QUOTE", "Quote link model", QUOTE_FEATURES),
        ("QUOTE_OWN", "super::N_QUOTE", "Quote model on the quotes' own evidence (sentence features unused)",
         QUOTE_FEATURES),
    ],
}

EDGES = {
    "path": "src/align/calibrate/edges.rs",
    "commands": ["cargo run --release --example dump_edges -- ../shared/eval/real-dev > target/edges.tsv",
                 "python3 scripts/fit_edges.py target/edges.tsv --min-content 1.0 --keep 0.4 "
                 "--write src/align/calibrate/edges.rs"],
    "data": ["Data: the 14 real comparable pairs of ../shared/eval/real-dev (third-party news kept outside",
             "the repository; see docs/EVALUATION.md), every candidate sentence pair over the content floor."],
    "models": [
        ("EDGE", "super::N_EDGE", "Comparable edge model",
         ["containment EN", "containment PL", "ln(1 + rare matched, smaller side)",
          "ln(1 + rare matched, larger side)", "rare matched share EN", "rare matched share PL",
          "names shared", "numbers shared", "numbers on one side", "position", "length",
          "quote anchor", "ln(1 + rare shared names)", "gap to the best partners"]),
        ("EDGE_SCORE", "1", "Comparable link score: Platt scaling of the edge model's logit, fitted on "
         "its leave-one-pair-out probabilities, so that a reported score says how often such links "
         "are right", ["edge logit"]),
    ],
}

COMPARABLE_QUOTES = {
    "path": "src/align/calibrate/comparable_quotes.rs",
    "commands": ["cargo run --release --example dump_edges -- ../shared/eval/real-dev --quotes target/quotes.tsv "
                 "> /dev/null",
                 "python3 scripts/fit_edges.py target/quotes.tsv --quotes --columns 0,1,2,3,4,8 --keep 0.45 "
                 "--write src/align/calibrate/comparable_quotes.rs"],
    "data": ["Data: the 14 real comparable pairs of ../shared/eval/real-dev (third-party news kept outside",
             "the repository; see docs/EVALUATION.md), every candidate speech quote pair."],
    "models": [
        ("COMPARABLE_QUOTE", "super::N_COMPARABLE_QUOTE", "Comparable quote model",
         ["best joining sentence link", "coverage", "ln(1 + matched weight)", "speaker agreement",
          "|ln length ratio|", "containment"]),
    ],
}


def models(spec, fitted):
    """The models of `spec` with their fitted (bias, weights) from `fitted` (by name)."""
    return [(name, size, fitted[name][0], fitted[name][1], doc, feats)
            for name, size, doc, feats in spec["models"]]
