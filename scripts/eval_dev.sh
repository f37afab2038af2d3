#!/usr/bin/env bash
# Align every article variant of the dev set and score it with score_align.py.
# Usage: scripts/eval_dev.sh [SET_DIR] [PRED_DIR] [extra score_align.py args...]
# Default SET_DIR: corpus/align-dev (a copy of the project's dev set); PRED_DIR: target/pred.
set -euo pipefail
cd "$(dirname "$0")/.."
set_dir=${1:-corpus/align-dev}
pred=${2:-target/pred}
shift $(( $# > 2 ? 2 : $# )) || true
bin=${BIALIGN_BIN:-target/release/bialign}
[ -x "$bin" ] || cargo build --release --quiet
rm -rf "$pred"
for g in $(cd "$set_dir" && find . -name gold.json -printf '%h\n' | sort); do
  d=${g#./}
  mkdir -p "$pred/$(dirname "$d")"
  "$bin" align "$set_dir/$d/en.txt" "$set_dir/$d/pl.txt" --format jsonl > "$pred/$d.jsonl"
done
python3 "$set_dir/score_align.py" "$set_dir" "$pred" "$@"
