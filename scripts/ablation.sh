#!/usr/bin/env bash
# Ablation of the aligner's evidence sources on the dev set: sentence and quote F1 (all variants,
# and per variant) with each source switched off through BIALIGN_DISABLE (the fitted weights are
# kept; the source simply contributes nothing).
# Usage: scripts/ablation.sh [SET_DIR]   (BIALIGN_BIN as for eval_dev.sh)
set -euo pipefail
cd "$(dirname "$0")/.."
set_dir=${1:-corpus/align-dev}
printf '%-14s %8s %8s %8s %8s %8s %8s\n' "switched off" "sent F1" "parallel" "deleted" "reorder" "compar" "quote F1"
for off in none lexicon names cognates numbers punctuation length position; do
  out=$(BIALIGN_DISABLE=$off scripts/eval_dev.sh "$set_dir" "target/ablation/$off" 2>/dev/null)
  # columns: ... | sP sR sF1 | qP qR qF1 | ...; pick sF1 and qF1 by position from the end
  row() { echo "$out" | grep -E "^$1 " | sed 's/|/ /g' | awk '{print $5, $8}'; }
  read -r all_s all_q <<<"$(row ALL)"
  printf '%-14s %8s %8s %8s %8s %8s %8s\n' "$off" "$all_s" "$(row variant=parallel | cut -d' ' -f1)" \
    "$(row variant=deleted | cut -d' ' -f1)" "$(row variant=reordered | cut -d' ' -f1)" \
    "$(row variant=comparable | cut -d' ' -f1)" "$all_q"
done
