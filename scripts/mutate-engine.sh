#!/usr/bin/env bash
# mutate-engine.sh: a mutation check of the test suite itself ("tests that fail when they should").
#
# What it does: applies, one at a time, a handful of deliberate one-line faults to the engine's
# source (DGSE's transitiveD check, run-time dependence tracking, the solver's caches and
# constraint independence, the static control/potential/interactive/heap dependence analysis,
# the interpreter, the expression folder, the run budget), rebuilds, runs a chosen subset of
# `cargo test --release` (fast targets only), and reports for each fault whether at least one
# test failed ("killed") or none did ("SURVIVED"). A surviving fault is a hole in the tests.
# The source file is restored after each fault, also when the script fails or is interrupted
# (Ctrl-C, SIGTERM, SIGHUP): the working tree ends as it started.
#
# Each fault is: an id, the file, an exact fragment of its text (unique in the file; it may
# span lines), the replacement, a one-line description, and the cargo test targets to run. If a
# fragment is not found exactly once the script stops before mutating anything (exit 2): the
# code moved, and the fault must be updated, not dropped.
#
# Usage:
#   scripts/mutate-engine.sh              # baseline run, then every fault
#   scripts/mutate-engine.sh F3 F5        # only these faults (still after the baseline)
#   scripts/mutate-engine.sh --no-baseline F1
#   scripts/mutate-engine.sh --list       # print the faults and exit
#   scripts/mutate-engine.sh --check      # only check that every fragment is found once
# Environment: MUTATE_TEST_TIMEOUT (seconds per `cargo test` run, default 900; a run that
# times out counts as killed and is marked so), MUTATE_LOG_DIR (default: a new temporary
# directory; one build and one test log per fault are kept there).
#
# Runtime: about 18 minutes on 2 shared cores (measured: 1044 s; 13 faults; each costs a release
# rebuild of the crate, 25-60 s, plus its tests; the baseline adds one build and the union of
# the targets).
# Exit status: 0 every fault killed, 1 some fault survived, 2 setup error (dirty baseline, a
# fragment not found once, a mutant that does not compile).
#
# Output: a table `fault | description | result | failing test(s)` and `N killed, M survived`.
# Leaves target/ holding the last mutant's build: the next cargo command rebuilds (the
# restored file gets a new modification time, so cargo cannot mistake the mutant for it).

set -euo pipefail
cd "$(dirname "$0")/.."

# ---------------------------------------------------------------------------------------------
# The faults. fault ID FILE FRAGMENT REPLACEMENT DESCRIPTION TARGETS
# ---------------------------------------------------------------------------------------------
ids=() files=() frags=() repls=() descs=() targets=()
fault() {
  ids+=("$1") files+=("$2") frags+=("$3") repls+=("$4") descs+=("$5") targets+=("$6")
}

fault F1 src/strategy/dgse.rs \
  '&& set.binary_search(&(d as u32)).is_err()' \
  '&& set.binary_search(&(d as u32)).is_err() && false' \
  'DGSE transitiveD (Alg. 2 l.25) always true: every later event counts as dependent on the initiating one' \
  '--test paper_dgse --test dgse_heap'

fault F2 src/vm/ops.rs \
  'Some(Body::Fields(fs)) => fs.get(slot as usize).copied(),' \
  'Some(Body::Fields(fs)) => fs.get(slot as usize).map(|x| Value { d: 0, ..*x }),' \
  'getfield records no use: the value read from an instance field loses the dependences of its write' \
  '--test dgse_field_use --test dgse_heap --test dgse_soundness --test paper_dgse'

fault F3 src/solver.rs \
  'if let Some(c) = self.cache.get(query) {' \
  'if let Some(c) = self.cache.get(&query[..query.len() - 1]) {' \
  'exact query cache looked up with the wrong key (the query minus its last constraint)' \
  '--test paper_spf --test paper_dgse --test reference_schedule2 --test reference_tcas --test reference_wbs'

fault F4 src/solver.rs \
  $'if query.iter().all(|&q| ev.holds(q)) {\n                self.stats.cex_hits += 1;' \
  $'if query.iter().all(|&q| ev.holds(q)) || true {\n                self.stats.cex_hits += 1;' \
  'counterexample cache accepts the most recent model without evaluating it against the query' \
  '--test paper_spf --test paper_dgse --test reference_schedule2 --test reference_tcas --test reference_wbs'

fault F5 src/solver.rs \
  'if !taken[i] && s.iter().any(|v| var_set.contains(v)) {' \
  'if false && !taken[i] && s.iter().any(|v| var_set.contains(v)) {' \
  'constraint independence keeps only the negated constraint, dropping prefix constraints sharing its variables' \
  '--test paper_spf --test paper_dgse --test reference_schedule2 --test reference_tcas --test reference_wbs'

fault F6 src/analysis/dataflow.rs \
  'let Some(d) = e.dir else { continue };' \
  'let Some(d) = e.dir.filter(|d| *d == 0) else { continue };' \
  'static control dependence (post-dominators) skips every branch successor but the fall-through' \
  '--test analysis_paper --test paper_dgse --test dgse_soundness'

fault F7 src/analysis/heap.rs \
  'if direct.is_empty() {' \
  'if true || direct.is_empty() {' \
  'heap analysis: no interactive pairs <Heap(L), n> (Definition 4 across invocations)' \
  '--test dgse_field_use --test dgse_heap --test paper_dgse --test analysis_paper'

fault F8 src/analysis/heap.rs \
  'out.insert((b as u32, d), s);' \
  'drop(s);' \
  'heap analysis: no potential sources through the heap (alt_mods empty, Definition 3 across invocations)' \
  '--test dgse_heap --test paper_dgse --test analysis_paper'

fault F9 src/vm/ops.rs \
  'Cond::Lt => a < b,' \
  'Cond::Lt => a <= b,' \
  'interpreter: the concrete `<` of if_icmplt/iflt is off by one (<=)' \
  '--test paper_spf --test differential_java --test reference_tcas'

fault F10 src/symbolic/expr.rs \
  'let combine = if op == inner { BinOp::Add } else { BinOp::Sub };' \
  'let combine = if op == inner { BinOp::Sub } else { BinOp::Add };' \
  'fold_linear: (x+c1)+c2 combines the constants with the wrong operator' \
  '--test robust --test differential_java --test symbolic_api'

fault F11 src/budget.rs \
  'self.deadline.map(|d| d.saturating_duration_since(Instant::now()))' \
  'self.deadline.map(|d| d.saturating_duration_since(Instant::now()) + Duration::from_secs(60))' \
  'budget: remaining() overstates the time left by 60 s (solver layers and Z3 outlive --timeout)' \
  '--test robust'

fault F12 src/analysis/dataflow.rs \
  'if via_d && via_alt {' \
  'if via_d && via_alt && false {' \
  'static analysis: no potential dependence (Definition 3) inside a method' \
  '--test analysis_paper --test paper_dgse --test dgse_soundness'

fault F13 src/analysis/interactive.rs \
  'while let Some((ni, nk)) = work.pop() {' \
  'while let Some((ni, nk)) = work.pop().filter(|_| false) {' \
  'interactive dependence: Algorithm 3 base case only, its inductive step dropped' \
  '--test analysis_paper --test paper_dgse --test dgse_soundness'

# ---------------------------------------------------------------------------------------------
# Arguments.
# ---------------------------------------------------------------------------------------------
baseline=1 list=0 check_only=0 chosen=()
for a in "$@"; do
  case $a in
    --no-baseline) baseline=0 ;;
    --list) list=1 ;;
    --check) check_only=1 ;;
    -h | --help) sed -n '2,/^$/p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    F*) chosen+=("$a") ;;
    *) echo "unknown argument: $a (see --help)" >&2; exit 2 ;;
  esac
done
sel=()
for i in "${!ids[@]}"; do
  if ((${#chosen[@]} == 0)) || [[ " ${chosen[*]} " == *" ${ids[$i]} "* ]]; then sel+=("$i"); fi
done
for c in "${chosen[@]}"; do
  [[ " ${ids[*]} " == *" $c "* ]] || { echo "no fault $c (see --list)" >&2; exit 2; }
done
if ((list)); then
  for i in "${sel[@]}"; do printf '%s\t%s\t%s\n\t%s\n' "${ids[$i]}" "${files[$i]}" "${descs[$i]}" "${targets[$i]}"; done
  exit 0
fi

# Replaces FRAG by REPL in FILE (both from the environment); exit 3 unless FRAG occurs exactly
# once. With DRY=1 only counts.
edit() {
  FILE=$1 FRAG=$2 REPL=$3 DRY=${4:-0} python3 - <<'EOF'
import os, sys
path, frag, repl = os.environ["FILE"], os.environ["FRAG"], os.environ["REPL"]
text = open(path, encoding="utf-8").read()
n = text.count(frag)
if n != 1:
    sys.stderr.write(f"{path}: fragment found {n} times (expected exactly 1):\n{frag}\n")
    sys.exit(3)
if os.environ["DRY"] != "1":
    with open(path, "w", encoding="utf-8") as f:
        f.write(text.replace(frag, repl, 1))
EOF
}

bad=0
for i in "${sel[@]}"; do
  edit "${files[$i]}" "${frags[$i]}" "${repls[$i]}" 1 || { echo "fault ${ids[$i]}: update its fragment" >&2; bad=1; }
done
((bad == 0)) || exit 2
if ((check_only)); then echo "every fragment found exactly once"; exit 0; fi

# ---------------------------------------------------------------------------------------------
# Restoring the source, whatever happens.
# ---------------------------------------------------------------------------------------------
logdir=${MUTATE_LOG_DIR:-$(mktemp -d "${TMPDIR:-/tmp}/mutate-engine.XXXXXX")}
mkdir -p "$logdir"
backup=$(mktemp "${TMPDIR:-/tmp}/mutate-engine-backup.XXXXXX")
mutated=""  # the file currently holding a fault
child=""    # the `timeout cargo ...` running in the background

restore() {
  if [[ -n $mutated ]]; then
    # A plain copy (new mtime): cargo then rebuilds instead of keeping the mutant's objects.
    cp "$backup" "$mutated"
    mutated=""
  fi
}

cleanup() {
  local rc=$?
  trap - EXIT INT TERM HUP
  if [[ -n $child ]]; then
    # `timeout` forwards the signal to its whole process group (cargo, rustc, test binaries).
    kill -TERM "$child" 2>/dev/null || true
    wait "$child" 2>/dev/null || true
  fi
  restore
  rm -f "$backup"
  if ((rc != 0)) && [[ -z ${finished:-} ]]; then
    echo "mutate-engine: stopped (status $rc); sources restored; logs in $logdir" >&2
  fi
  exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
trap 'exit 129' HUP

# Runs a command under a timeout in the background, so that a signal reaches the trap at once.
# Returns the command's status (124 on timeout).
run() {
  local out=$1 rc=0
  shift
  timeout --kill-after=30 "${MUTATE_TEST_TIMEOUT:-900}" "$@" >"$out" 2>&1 &
  child=$!
  wait "$child" || rc=$?
  child=""
  return "$rc"
}

# The failing tests named in a cargo test log, as target::test.
failing_tests() {
  awk '
    /^ *Running unittests src\/lib.rs/ { bin = "lib"; next }
    /^ *Running / { bin = $2; sub(/^tests\//, "", bin); sub(/\.rs$/, "", bin); next }
    /^test .* \.\.\. FAILED$/ { print bin "::" $2 }
  ' "$1" | sort -u | paste -sd' ' -
}

t_start=$(date +%s)

# ---------------------------------------------------------------------------------------------
# Baseline: the chosen targets must pass on the unmodified source.
# ---------------------------------------------------------------------------------------------
if ((baseline)); then
  union=()
  for i in "${sel[@]}"; do
    read -ra ts <<<"${targets[$i]}"
    for t in "${ts[@]}"; do
      [[ $t == --test || " ${union[*]} " == *" --test $t "* ]] || union+=(--test "$t")
    done
  done
  echo "baseline: building and running ${union[*]}"
  t0=$(date +%s)
  if ! run "$logdir/baseline.log" cargo test --release --no-fail-fast "${union[@]}"; then
    echo "baseline fails without any fault (see $logdir/baseline.log): $(failing_tests "$logdir/baseline.log")" >&2
    exit 2
  fi
  echo "baseline: ok ($(($(date +%s) - t0)) s)"
fi

# ---------------------------------------------------------------------------------------------
# The faults, one at a time.
# ---------------------------------------------------------------------------------------------
killed=0 survived=0 broken=0
rows=()
for i in "${sel[@]}"; do
  id=${ids[$i]} file=${files[$i]}
  read -ra tgt <<<"${targets[$i]}"
  t0=$(date +%s)
  cp "$file" "$backup"
  mutated=$file
  edit "$file" "${frags[$i]}" "${repls[$i]}"
  echo "$id: $file: ${descs[$i]}"
  if ! run "$logdir/$id.build.log" cargo test --release --no-run "${tgt[@]}"; then
    restore
    echo "  does not build (see $logdir/$id.build.log)"
    rows+=("$id|${descs[$i]}|BUILD FAILED|-")
    broken=$((broken + 1))
    continue
  fi
  rc=0
  run "$logdir/$id.test.log" cargo test --release --no-fail-fast "${tgt[@]}" || rc=$?
  restore
  fails=$(failing_tests "$logdir/$id.test.log")
  if ((rc == 0)); then
    result=SURVIVED
    survived=$((survived + 1))
  elif ((rc == 124 || rc == 137)); then
    result="killed (timeout)"
    killed=$((killed + 1))
  else
    result=killed
    killed=$((killed + 1))
  fi
  echo "  $result in $(($(date +%s) - t0)) s${fails:+: $fails}"
  rows+=("$id|${descs[$i]}|$result|${fails:--}")
done

# ---------------------------------------------------------------------------------------------
# Report.
# ---------------------------------------------------------------------------------------------
echo
echo "fault | description | result | failing test(s)"
echo "--- | --- | --- | ---"
for r in "${rows[@]}"; do
  IFS='|' read -r a b c d <<<"$r"
  echo "$a | $b | $c | $d"
done
echo
summary="$killed killed, $survived survived"
if ((broken)); then summary+=", $broken did not build"; fi
echo "$summary"
echo "($(($(date +%s) - t_start)) s; logs in $logdir)"
finished=1
if ((broken)); then exit 2; fi
if ((survived)); then exit 1; fi
exit 0
