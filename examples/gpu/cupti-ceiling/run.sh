#!/bin/bash
# The CUDA-graph record ceiling, one arm per candidate mechanism (README.md says what
# each asks). A deliberately small CUPTI device-buffer pool (1 MB buffers, limit 4: a
# ceiling of ~130k kernel records) makes each arm take seconds. Run from the repository
# root on the GPU machine:
#
#   bash examples/gpu/cupti-ceiling/run.sh          # writes $OUT/ceiling.tsv and $OUT/raw/
#
# REPLAYS (default 3000) x NODES (default 200) kernels per graph arm; ARMS="a b" runs
# only those arms. Stops starting arms after BUDGET_S (default 480) seconds.
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
OUT=${OUT:-$(mktemp -d)}
BIN=$(mktemp -d)
mkdir -p "$OUT/raw"
. "$HERE/build.sh"

REPLAYS=${REPLAYS:-3000}
NODES=${NODES:-200}
BUDGET_S=${BUDGET_S:-480}
SMALL="CEIL_DEVBUF_BYTES=1048576 CEIL_POOL_LIMIT=4"
START=$(date +%s)

# arm NAME "ENV=... (or -)" "graphloop args"; "none" as ENV runs without injection.
arm() {
  local name=$1 envs=$2 args=$3
  if [ -n "${ARMS:-}" ] && [[ " $ARMS " != *" $name "* ]]; then return; fi
  if [ $(( $(date +%s) - START )) -gt "$BUDGET_S" ]; then
    echo "skipped: time budget" > "$OUT/raw/$name.log"; echo 125 > "$OUT/raw/$name.rc"; return
  fi
  printf '%s | %s\n' "$envs" "$args" > "$OUT/raw/$name.cmd"
  local inj="CUDA_INJECTION64_PATH=$BIN/ceilinj.so CEIL_LABEL=$name"
  [ "$envs" = none ] && { inj=""; envs=""; }
  [ "$envs" = - ] && envs=""
  # shellcheck disable=SC2086
  env $inj $envs timeout 120 "$BIN/graphloop" --label "$name" --replays "$REPLAYS" --nodes "$NODES" $args \
    > "$OUT/raw/$name.log" 2>&1
  echo $? > "$OUT/raw/$name.rc"
  # One short line per arm (the device tool returns only the output's tail).
  echo "$name rc=$(cat "$OUT/raw/$name.rc") $(grep -ho "expected_kernels=[0-9]*\|^ceilinj: label=[^ ]* kernel_records=[0-9]*\|graph_trace_records=[0-9]*\|dropped=[0-9]*" \
    "$OUT/raw/$name.log" | sed 's/^ceilinj: label=[^ ]* //' | tr '\n' ' ')"
}

# Controls: the app alone; graphs with CUPTI's defaults (far below the 24.9M ceiling);
# eager launches on the small pool (no ceiling expected).
arm nolib                none "--mode graph"
arm graph-defaults       -    "--mode graph"
arm eager-small          "$SMALL" "--mode eager"
# The ceiling and its calibration: records stop at ~pool x buffer / 32 B?
arm graph-small          "$SMALL CEIL_PROGRESS_MS=250" "--mode graph"
arm graph-pool8          "CEIL_DEVBUF_BYTES=1048576 CEIL_POOL_LIMIT=8" "--mode graph"
arm graph-devbuf2m       "CEIL_DEVBUF_BYTES=2097152 CEIL_POOL_LIMIT=4" "--mode graph"
# Flushing: CUPTI's own period, ours plain, ours forced, forced after a context sync.
arm flush-period         "$SMALL CEIL_FLUSH_PERIOD_MS=10" "--mode graph"
arm flush-plain          "$SMALL CEIL_FLUSH_MS=20" "--mode graph"
arm flush-forced         "$SMALL CEIL_FLUSH_MS=20 CEIL_FLUSH_FORCED=1" "--mode graph"
arm sync-flush-forced    "$SMALL CEIL_FLUSH_MS=20 CEIL_FLUSH_FORCED=1 CEIL_SYNC_FLUSH=1" "--mode graph"
arm app-no-sync          "$SMALL" "--mode graph --sync-every 0"
# The kinds: disable+enable, KIND_KERNEL, graph-level records beside or instead.
arm toggle-kind          "$SMALL CEIL_TOGGLE_MS=100" "--mode graph"
arm kind-kernel          "$SMALL CEIL_KIND_KERNEL=1" "--mode graph"
arm graph-trace-beside   "$SMALL CEIL_GRAPH_TRACE=1" "--mode graph"
arm graph-trace-only     "$SMALL CEIL_GRAPH_TRACE_ONLY=1" "--mode graph"
# Detach and attach again.
arm finalize-reattach    "$SMALL CEIL_FINALIZE_MS=150" "--mode graph"
# The graph's life: destroy and instantiate again (and recapture) every 100 replays.
arm reinst100            "$SMALL" "--mode graph --reinst 100"
arm reinst100-forced     "$SMALL CEIL_FLUSH_MS=20 CEIL_FLUSH_FORCED=1" "--mode graph --reinst 100"
arm recapture100         "$SMALL" "--mode graph --reinst 100 --recapture 1"
# Allocation attributes.
arm prealloc0            "$SMALL CEIL_PREALLOC=0" "--mode graph"
arm prealloc1            "$SMALL CEIL_PREALLOC=1" "--mode graph"
arm pinned-host          "$SMALL CEIL_PINNED=1" "--mode graph"
arm per-thread-off       "$SMALL CEIL_PTB=0" "--mode graph"
# Scope: several graphs, two contexts; eager work after the pool is exhausted.
arm graphs4              "$SMALL" "--mode graph --graphs 4"
arm contexts2            "$SMALL" "--mode graph --contexts 2"
arm graph-then-eager     "$SMALL" "--mode graph-then-eager"
arm graph-destroy-eager  "$SMALL" "--mode graph-then-eager --destroy-before-eager 1"
# The expected count from callbacks alone (exec created -> kernel nodes; launches).
arm callbacks-count      "$SMALL CEIL_CB=1" "--mode graph --graphs 2 --reinst 500"

# What PyTorch's graphs do that graphloop's do not (2026-12-05: PyTorch's decode hit the
# ceiling under the injector, which forces no flush; graphloop on the small pool did not):
# one difference per arm, then all of them, then PyTorch's own decode on the small pool.
arm pt-global            "$SMALL" "--mode graph --capture-mode global"
arm pt-autofree          "$SMALL" "--mode graph --instantiate-flags 1"
arm pt-other-stream      "$SMALL" "--mode graph --replay-stream other"
arm pt-legacy-stream     "$SMALL" "--mode graph --replay-stream legacy"
arm pt-copy-nodes        "$SMALL" "--mode graph --copy-nodes 1"
arm pt-all               "$SMALL" "--mode graph --capture-mode global --instantiate-flags 1 --replay-stream other --copy-nodes 1"
# torch_arm NAME "ENV..." [SCRIPT ARGS...]: a PyTorch workload (default workloads/decode.py
# --graph) for TORCH_S seconds (default 8) under ceilinj; its line says replays x kernel
# nodes, ceilinj's the records.
torch_arm() {
  local name=$1 envs=$2
  shift 2
  [ $# -gt 0 ] || set -- decode.py --graph
  if [ -n "${ARMS:-}" ] && [[ " $ARMS " != *" $name "* ]]; then return; fi
  python3 -c "import torch; assert torch.cuda.is_available()" 2> /dev/null || return
  printf '%s | %s\n' "$envs" "$*" > "$OUT/raw/$name.cmd"
  local script=$1
  shift
  # shellcheck disable=SC2086
  env CUDA_INJECTION64_PATH="$BIN/ceilinj.so" CEIL_LABEL="$name" $envs timeout 120 \
    python3 "$HERE/../workloads/$script" "$@" --seconds "${TORCH_S:-8}" > "$OUT/raw/$name.log" 2>&1
  echo $? > "$OUT/raw/$name.rc"
  echo "$name rc=$(cat "$OUT/raw/$name.rc") $(grep -ho "graph_replays=[0-9]*\|kernel_nodes=[0-9-]*\|kernel_records=[0-9]*\|other_records=[0-9]*\|dropped=[0-9]*" \
    "$OUT/raw/$name.log" | tr '\n' ' ')"
}
torch_arm torch-decode-small "$SMALL"
torch_arm torch-decode-defaults ""
# PyTorch's decode, taken apart (2026-12-06: every pt-* arm kept its records, the decode
# did not): one kind of op per graph, with and without decode.py's copy to the host
# after each replay.
torch_arm torch-ew-small "$SMALL" graph_ops.py --ops elementwise
torch_arm torch-ew-copy-small "$SMALL" graph_ops.py --ops elementwise --host-copy 1
torch_arm torch-mm-small "$SMALL" graph_ops.py --ops matmul
torch_arm torch-softmax-small "$SMALL" graph_ops.py --ops softmax
# How decode.py captures, against PyTorch's plain path; a wait after every replay as
# graphloop does.
torch_arm torch-ew-plain-small "$SMALL" graph_ops.py --ops elementwise --capture plain
torch_arm torch-ew-sync1-small "$SMALL" graph_ops.py --ops elementwise --sync-every 1
# 2026-12-06: all of the above kept every record; the decode's own shapes next.
torch_arm torch-gemm-small "$SMALL" graph_ops.py --ops gemm
torch_arm torch-sdpa-small "$SMALL" graph_ops.py --ops sdpa
# decode.py's own ops one at a time (it attends with matmul and softmax, not sdpa), and
# the decode itself with one block and with none (embedding, final norm and head only):
# the arm that stops names the op, the layer counts say whether the size of the graph
# matters.
torch_arm torch-linear-small "$SMALL" graph_ops.py --ops linear
torch_arm torch-head-small "$SMALL" graph_ops.py --ops head
# 2026-12-06 evening (H100): the head alone stopped (87,100 of 233,600 records after 3
# buffers), every other op kept all: its two halves apart.
torch_arm torch-logits-small "$SMALL" graph_ops.py --ops logits
torch_arm torch-argmax-small "$SMALL" graph_ops.py --ops argmax
# 2026-12-06 night (H100): the logits kept every record (152,000 of 152,000), the argmax
# written into the tokens stopped (65,424 of 582,400 after 2 buffers): the argmax apart
# from the copy, over a short row, and the same reduction without an index.
torch_arm torch-argmaxonly-small "$SMALL" graph_ops.py --ops argmax-only
torch_arm torch-argmax768-small "$SMALL" graph_ops.py --ops argmax-768
torch_arm torch-amax-small "$SMALL" graph_ops.py --ops amax
torch_arm torch-sum-small "$SMALL" graph_ops.py --ops sum
torch_arm torch-tokcopy-small "$SMALL" graph_ops.py --ops tokcopy
# 2026-12-06 late (H100): the argmax alone, over 768, amax and sum each kept every record;
# the copy into the tokens alone has no kernel node (a memcpy node). So the argmax with
# its copy: a kernel and a device-to-device memcpy node a step, and the same with the
# smallest kernel (pt-copy-nodes above, one memset and one device-to-host copy node per
# 200 kernels, kept every record: here a copy follows every kernel, device to device).
torch_arm torch-argmaxcopy-small "$SMALL" graph_ops.py --ops argmax-copy
torch_arm torch-ewd2d-small "$SMALL" graph_ops.py --ops ew-d2d
# The same two with CUPTI's memcpy and memset records enabled too: whether the device
# buffers a memcpy node's work touches come back once its records are read.
torch_arm torch-argmaxcopy-memcpy-small "$SMALL CEIL_MEMCPY=1" graph_ops.py --ops argmax-copy
torch_arm torch-ewd2d-memcpy-small "$SMALL CEIL_MEMCPY=1" graph_ops.py --ops ew-d2d
torch_arm torch-layernorm-small "$SMALL" graph_ops.py --ops layernorm
torch_arm torch-kvcache-small "$SMALL" graph_ops.py --ops kvcache
torch_arm torch-decode-l1-small "$SMALL" decode.py --graph --layers 1
torch_arm torch-decode-l0-small "$SMALL" decode.py --graph --layers 0

python3 "$HERE/summarize.py" "$OUT/raw" "$OUT/ceiling.tsv" rc app.expected_kernels app.expected_graph_kernels lib.kernel_records graph_records/expected \
  records/expected lib.graph_kernel_records lib.eager_kernel_records lib.graph_trace_records lib.other_records lib.dropped \
  graph_trace/replays lib.ts_zero lib.buffers_requested lib.buffers_completed lib.expected_graph_kernels max_rss_mb app.wall_s
echo "wrote $OUT/ceiling.tsv ($(( $(date +%s) - START )) s)"
