#!/usr/bin/env bash
# Measures spf and dgse on every bundled subject's min and max configurations (the DGSE paper's
# Table 5) and writes one JSON line per run to the file given (default table5.jsonl).
# Usage: scripts/table5.sh [OUT.jsonl] [BUDGET_SECS]   (release build; takes a while)
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-table5.jsonl}
budget=${2:-120}
cargo build --release -q
bin=target/release/jsymex
: > "$out"
for name in $($bin subjects | awk '{print $1}'); do
  for cfg in min max; do
    if ! $bin subjects | awk -v n="$name" '$1 == n' | grep -q "$cfg"; then continue; fi
    tmp=$(mktemp)
    $bin compare --subject "$name:$cfg" --strategies spf,dgse --budget "$budget" --format json > "$tmp" 2>/dev/null || true
    python3 -c '
import json, sys
name, cfg, path = sys.argv[1:4]
try:
    rows = json.load(open(path))
except Exception as e:
    rows = []
if isinstance(rows, dict):
    rows = rows.get("rows", rows.get("runs", [rows]))
for r in rows:
    r.pop("paths_over_time", None)
    r["subject"], r["config"] = name, cfg
    print(json.dumps(r))
' "$name" "$cfg" "$tmp" >> "$out"
    rm -f "$tmp"
  done
done
