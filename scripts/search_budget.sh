#!/usr/bin/env bash
# search_budget.sh: the subpath paper's budget experiment (OOPSLA 2013, Tables 4-5) on the
# bundled subjects whose large configurations do not finish: every search order under
# `compare --budget B`, then a table of branch coverage per order and subject, the average,
# and on how many subjects each order is best (ties count for each tied order).
#
# Usage: scripts/search_budget.sh [BUDGET_SECS] [OUT_DIR]     (default 60 s, budget-out/)
# Writes OUT_DIR/SUBJECT.json (compare --format json), OUT_DIR/SUBJECT.svg (compare --plot:
# paths and branch coverage over time) and prints the markdown table (also OUT_DIR/table.md).
# Runtime: about 16 orders x 5 subjects x BUDGET (subpath-combined spends one budget in four
# quarters): 80 minutes at 60 s, 7 minutes at 5 s. JSYMEX=PATH runs that binary instead of
# building target/release/jsymex (so that a long run is not affected by rebuilds); ORDERS=a,b
# runs only those orders (to redo some rows of the table).
set -euo pipefail
cd "$(dirname "$0")/.."
budget=${1:-60}
out=${2:-budget-out}
mkdir -p "$out"
if [ -n "${JSYMEX:-}" ]; then
  bin=$JSYMEX
else
  cargo build --release -q
  bin=target/release/jsymex
fi
subjects=(cli:max nanoxml:max replace:max print_tokens2:max siena:max)
orders=${ORDERS:-spf,random-state,random-path,nurs:covnew,nurs:md2u,nurs:depth,nurs:icnt,random-path+nurs:covnew,random-path+nurs:md2u,random-path+nurs:depth,random-path+nurs:icnt,subpath-1,subpath-2,subpath-4,subpath-8,subpath-combined}
for s in "${subjects[@]}"; do
  name=${s%%:*}
  $bin compare -q --subject "$s" --strategies "$orders" --budget "$budget" --seed 1 \
    --format json --output "$out/$name.json" --plot "$out/$name.svg" || true
done
python3 - "$out" "$budget" "${subjects[@]}" <<'PY' | tee "$out/table.md"
import json, sys
out, budget, subjects = sys.argv[1], sys.argv[2], sys.argv[3:]
rows = {}
for s in subjects:
    name = s.split(':')[0]
    try:
        runs = json.load(open(f"{out}/{name}.json"))["runs"]
    except Exception as e:
        print(f"<!-- {s}: no result ({e}) -->")
        continue
    for r in runs:
        rows.setdefault(r["strategy"], {})[s] = (r["branch_coverage"], r["feasible_paths"], r["stop"])
orders = list(rows)
done = [s for s in subjects if any(s in rows[o] for o in orders)]
best = {o: 0 for o in orders}
for s in done:
    top = max(rows[o][s][0] for o in orders if s in rows[o])
    for o in orders:
        if s in rows[o] and abs(rows[o][s][0] - top) < 1e-9:
            best[o] += 1
print(f"Branch coverage (reachable view, %) and feasible paths after --budget {budget} s per order:\n")
print("| order | " + " | ".join(done) + " | average | best on |")
print("|---|" + "---|" * (len(done) + 2))
for o in orders:
    cells = [f"{100 * rows[o][s][0]:.1f} ({rows[o][s][1]})" if s in rows[o] else "-" for s in done]
    avg = sum(100 * rows[o][s][0] for s in done if s in rows[o]) / max(1, len(done))
    print(f"| {o} | " + " | ".join(cells) + f" | {avg:.2f} | {best[o]} |")
PY
