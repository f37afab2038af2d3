#!/usr/bin/env bash
# Run every cargo-fuzz target of fuzz/ for SECONDS each (default 600), one after another, starting from
# the committed seeds (fuzz/seeds/<target>) and keeping the grown corpus in fuzz/corpus/<target>
# (git-ignored). Crashes land in fuzz/artifacts/<target>/; the script exits non-zero on the first one.
#
#   cargo install cargo-fuzz                 # once
#   scripts/fuzz_all.sh 600                  # 10 minutes per target
#   scripts/fuzz_all.sh 30 split quotes      # a short run of some targets
#
# cargo-fuzz needs nightly compiler flags; on a stable toolchain RUSTC_BOOTSTRAP=1 enables them.
# Logs: fuzz/logs/<target>.log (the last "#N DONE" line holds the number of executions).
set -euo pipefail
cd "$(dirname "$0")/../fuzz"
secs="${1:-600}"
shift || true
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=(ingest split quotes align batch_input)
export RUSTC_BOOTSTRAP=1
mkdir -p logs
cargo fuzz build -O
for t in "${targets[@]}"; do
  mkdir -p "corpus/$t"
  echo "=== $t: ${secs}s ==="
  # -rss_limit_mb: a run over 2 GB is a bug (the release target is < 1 GB for 20,000 sentences).
  # -timeout: one input taking over 25 s is a hang.
  cargo fuzz run -O "$t" "corpus/$t" "seeds/$t" -- \
    -max_total_time="$secs" -rss_limit_mb=2048 -timeout=25 -max_len=65536 -print_final_stats=1 \
    > "logs/$t.log" 2>&1 || { tail -40 "logs/$t.log"; echo "FUZZ CRASH in $t (see fuzz/artifacts/$t)"; exit 1; }
  grep -E "^#[0-9]+ +DONE|stat::number_of_executed_units" "logs/$t.log" | tail -2
done
