#!/usr/bin/env bash
# Times `jsymex run --strategy spf` with one worker and with two (best of N runs each) and prints
# the speedup: the README's "Parallel exploration" table. Usage: scripts/workers.sh [RUNS]
# (default 3); build first with `cargo build --release`.
set -euo pipefail
cd "$(dirname "$0")/.."
J=./target/release/jsymex
RUNS=${1:-3}
[ -x "$J" ] || { echo "build first: cargo build --release" >&2; exit 2; }
best() { # best wall time in ms of RUNS runs of: jsymex run ARGS
  local best=""
  for _ in $(seq "$RUNS"); do
    local t0 t1 ms
    t0=$(date +%s%N); "$J" run "$@" >/dev/null 2>&1 || true; t1=$(date +%s%N)
    ms=$(( (t1 - t0) / 1000000 ))
    if [ -z "$best" ] || [ "$ms" -lt "$best" ]; then best=$ms; fi
  done
  echo "$best"
}
printf '| run | 1 worker (ms) | 2 workers (ms) | speedup |\n|---|---|---|---|\n'
while IFS='|' read -r name args; do
  # shellcheck disable=SC2086
  one=$(best $args --strategy spf --snapshots off --workers 1)
  # shellcheck disable=SC2086
  two=$(best $args --strategy spf --snapshots off --workers 2)
  printf '| %s | %s | %s | %sx |\n' "$name" "$one" "$two" "$(awk -v a="$one" -v b="$two" 'BEGIN { printf "%.2f", a / b }')"
done <<'CASES'
schedule2:max|--subject schedule2:max
cli:max --max-paths 3000|--subject cli:max --max-paths 3000
print_tokens2:ci|--subject print_tokens2:ci
cli:ci|--subject cli:ci
schedule2:ci|--subject schedule2:ci
tcas:ci|--subject tcas:ci
nanoxml:ci|--subject nanoxml:ci
wbs:ci|--subject wbs:ci
Figure 4, N = 14|--classpath @examples --driver Fig4.blocks(int[]) --array-len 14
CASES
