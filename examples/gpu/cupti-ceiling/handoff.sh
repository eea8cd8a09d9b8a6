#!/bin/bash
# Two questions about shared GPUs, on the GPU machine, from the repository root:
#
#   bash examples/gpu/cupti-ceiling/handoff.sh      # writes $OUT/cost.tsv, $OUT/handoff.tsv
#
# 1. Cost: what a subscribed callback on cuGraphLaunch (empty, or doing the expected-count
#    work: exec id -> kernel nodes) adds per graph replay and per eager launch, against
#    CUPTI activity alone, graph-level records alone (GRAPH_TRACE) and no injection;
#    ROUNDS (default 5) interleaved rounds.
# 2. Hand-off: what torch.profiler sees in a process ceilinj holds CUPTI in, and whether
#    ceilinj can step aside (disable, forced flush, unsubscribe) for a profiler window
#    and come back after it without a crash, with records resuming.
# PART=cost or PART=handoff runs one part.
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
OUT=${OUT:-$(mktemp -d)}
BIN=$(mktemp -d)
mkdir -p "$OUT/cost" "$OUT/handoff"
. "$HERE/build.sh"
ROUNDS=${ROUNDS:-5}
PART=${PART:-all}
START=$(date +%s)

# run DIR NAME "ENV... | none" COMMAND...
run() {
  local dir=$1 name=$2 envs=$3
  shift 3
  printf '%s | %s\n' "$envs" "$*" > "$dir/$name.cmd"
  local inj="CUDA_INJECTION64_PATH=$BIN/ceilinj.so CEIL_LABEL=$name"
  [ "$envs" = none ] && { inj=""; envs=""; }
  # shellcheck disable=SC2086
  env $inj $envs timeout 180 "$@" > "$dir/$name.log" 2>&1
  echo $? > "$dir/$name.rc"
}

if [ "$PART" != handoff ]; then
  # Decode-shaped (200 kernels a replay, a sync per replay), launch-bound graphs (1 kernel,
  # no sync) and launch-bound eager launches; cores pinned to keep the rounds comparable.
  W_decode="--mode graph --nodes 200 --replays 2000 --sync-every 1 --time-launch 1"
  W_graph1="--mode graph --nodes 1 --replays 200000 --sync-every 0 --time-launch 1"
  W_eager1="--mode eager --nodes 1 --replays 200000 --sync-every 0"
  for r in $(seq 1 "$ROUNDS"); do
    for w in decode graph1 eager1; do
      wargs=W_$w
      for a in none activity cb-empty cb-count graph-trace; do
        case $a in
          none) e=none ;;
          activity) e="CEIL_FLUSH_PERIOD_MS=100" ;;
          cb-empty) e="CEIL_FLUSH_PERIOD_MS=100 CEIL_CB=2 CEIL_CB_EAGER=1" ;;
          cb-count) e="CEIL_FLUSH_PERIOD_MS=100 CEIL_CB=1 CEIL_CB_EAGER=1" ;;
          graph-trace) e="CEIL_FLUSH_PERIOD_MS=100 CEIL_GRAPH_TRACE_ONLY=1" ;;
        esac
        # shellcheck disable=SC2086
        run "$OUT/cost" "$w.$a.r$r" "$e" taskset -c 2-5 "$BIN/graphloop" --label "$w.$a.r$r" ${!wargs}
      done
    done
  done
  python3 "$HERE/summarize.py" "$OUT/cost" "$OUT/cost.tsv" rc app.ns_per_replay app.launch_ns \
    app.eager_ns_per_launch lib.kernel_records lib.cb_graph_launches lib.cb_kernel_launches > /dev/null
  python3 - "$OUT/cost.tsv" <<'EOF'
import csv, statistics, sys
rows = list(csv.DictReader(open(sys.argv[1]), delimiter="\t"))
groups = {}
for r in rows:
    w, a, _ = r["arm"].split(".")
    key = "app.eager_ns_per_launch" if w.startswith("eager") else "app.ns_per_replay"
    if r.get("rc") == "0" and r.get(key):
        groups.setdefault((w, a), []).append(float(r[key]))
        if r.get("app.launch_ns") and float(r["app.launch_ns"]) > 0:
            groups.setdefault((w, a + "/host-launch"), []).append(float(r["app.launch_ns"]))
print("workload  arm                  median_ns  rounds  (per replay; eager1: per launch)")
for (w, a), v in sorted(groups.items()):
    print(f"{w:9} {a:20} {statistics.median(v):9.0f}  {len(v)}")
EOF
fi

if [ "$PART" != cost ]; then
  if ! python3 -c "import torch; assert torch.cuda.is_available()" 2>/dev/null; then
    echo "handoff: no CUDA-enabled PyTorch here; skipped" | tee "$OUT/handoff/skipped.log"
  else
    py="python3 $HERE/torch_handoff.py"
    ctl="$OUT/handoff/control"
    common="CEIL_CB=1 CEIL_FLUSH_PERIOD_MS=100 CEIL_HANDOFF_FILE=$ctl"
    # shellcheck disable=SC2086
    {
      rm -f "$ctl"*; run "$OUT/handoff" reference none $py none
      rm -f "$ctl"*; run "$OUT/handoff" plain "$common" $py plain
      rm -f "$ctl"*; run "$OUT/handoff" handoff "$common" $py handoff
      rm -f "$ctl"*; run "$OUT/handoff" handoff-late "$common" $py late
      rm -f "$ctl"*; run "$OUT/handoff" handoff-teardown "$common TEARDOWN_CUPTI=1" $py handoff
      rm -f "$ctl"*; run "$OUT/handoff" handoff-keep-subscriber "$common CEIL_HANDOFF_UNSUB=0" $py handoff
      rm -f "$ctl"*; run "$OUT/handoff" handoff-finalize "$common CEIL_HANDOFF_FINALIZE=1" $py handoff
      rm -f "$ctl"*; run "$OUT/handoff" activity-only-plain "CEIL_FLUSH_PERIOD_MS=100 CEIL_HANDOFF_FILE=$ctl" $py plain
      rm -f "$ctl"*; run "$OUT/handoff" activity-only-handoff "CEIL_FLUSH_PERIOD_MS=100 CEIL_HANDOFF_FILE=$ctl" $py handoff
    }
    for f in "$OUT"/handoff/*.log; do
      grep -h -i "cupti\|kineto\|warn\|error\|Segmentation\|Aborted" "$f" | grep -v "^ceilinj: label" \
        | sort | uniq -c | head -8 | sed "s|^|$(basename "$f" .log): |"
    done
    python3 "$HERE/summarize.py" "$OUT/handoff" "$OUT/handoff.tsv" rc torch.w1_cuda_events torch.w2_cuda_events \
      lib.phase0_records lib.phase1_records lib.phase2_records lib.phase3_records lib.phase4_records \
      lib.subscribe_rc lib.buffers_foreign torch.ack1 torch.ack3
  fi
fi
echo "done in $(( $(date +%s) - START )) s; results in $OUT"
