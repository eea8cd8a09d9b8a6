#!/usr/bin/env bash
# What the open issues still owe a GPU, as steps that each fit one call of at most
# 10 minutes on a lent machine (no Rust toolchain there: carry the release binaries and
# set GPU_OTEL_BIN_DIR). Each step writes under $OUT/<step> (default /tmp/owed) and prints
# what its checks print; run them in this order, as device time allows (STEP="a b" runs
# several in one call):
#   STEP=lease      issue 32 item 1: the sampler lease for minutes at its defaults
#                   (GPU_OTEL_PC_ENABLE unset, 60 s hold): 2 serialized processes, then 4,
#                   LEASE_S (default 200) seconds each
#   STEP=hwbuffer   issue 35: the continuous tier's full hardware buffer, CUPTI's defaults
#                   against GPU_OTEL_PC_WORKER_SLEEP_MS and GPU_OTEL_PC_HW_BUFFER_MB
#   STEP=cost       issue 32 item 2: the serialized tier between bursts against tier off,
#                   decode tokens/s with and without CUDA graphs and the cost per launch
#                   (COST_PART=decode or launch: one half; CANDIDATE=another build's
#                   libgpu_otel_injector.so adds its serialized tier as an arm)
#   STEP=endurance  issue 31 item 4: graph replays as one span each for 490 s, the graph
#                   decode and the compiled training at once (ENDURANCE_ONLY="decode-eager"
#                   runs the eager decode instead: the 8 minutes still owed)
#   STEP=ceiling    issue 31 item 1: PyTorch's decode taken apart on the small pool (the
#                   head alone stopped, 2026-12-06 evening: its two halves next)
#   STEP=profiles   issue 35 item 5: both tiers as profiles, links and source lines
#   STEP=nodescale  issue 34 item 2: the receiver at node scale (no GPU used, 16 cores)
# All seven ran on an H100 on 2026-12-06 (docs/measurements/h100-2026-12-06.md); cost
# (launch, then decode with RAWINJ_PC), profiles, ceiling and nodescale again that
# evening. Owed now:
#   1. STEP=cost COST_PART=launch (CANDIDATE=the build before a7c248b): a burst is now
#      marked open from its Start's return, so a Start slower than the 200 ms idle time no
#      longer lets the collector's flush take the guard against the burst (2 of 5 runs on
#      each stream count kept one burst open, 2026-12-06 late); the exit line's
#      start_max_us and flush_in_burst say whether that was the cause, run by run.
#   2. STEP=ceiling: the argmax alone, amax, sum kept every record; the argmax copied
#      into the tokens stopped them (2026-12-06 late): a kernel and a device-to-device
#      memcpy node a step next (argmax-copy, ew-d2d), each also with CUPTI's memcpy and
#      memset records enabled (CEIL_MEMCPY=1), the default arms now.
#   3. STEP=nodescale PARTS="queue drain": the replay that decompresses and counts
#      beside the task (the drain read back 1.13M spans/s on 8 cores before it; queue end
#      to end at saturation 0.82M against memory mode's 2.37M).
#   4. STEP=profiles: the per-execution link, once bursts close.
# Packing here (x86-64, release builds of this checkout) and running there, several
# steps in one call, each with its own time limit: examples/gpu/lent.sh (its header has
# the packing commands), e.g. bash examples/gpu/lent.sh "cost:300" "nodescale:300".
set -u
GPU_DIR=$(cd "$(dirname "$0")" && pwd)
ROOT=${OUT:-/tmp/owed}
step() { # NAME COMMAND...: one check, its output kept
  local name=$1
  shift
  mkdir -p "$ROOT/$name"
  echo "== $name: $*"
  OUT=$ROOT/$name "$@" 2>&1 | tee "$ROOT/$name/step.log"
}
run_step() {
case $1 in
  lease)
    for n in 2 4; do
      OUT=$ROOT/lease-$n HOLD_MS=60000 \
        bash "$GPU_DIR/pc-sampling/shared-gpu.sh" "${LEASE_S:-200}" "$n" 2>&1 | tail -n 8
    done
    ;;
  hwbuffer) step hwbuffer env ONLY=hwbuffer bash "$GPU_DIR/pc-sampling/profiles.sh" ;;
  cost) step cost env SECONDS_PER_RUN=4 ROUNDS=5 bash "$GPU_DIR/cost/decode.sh" "${COST_PART:-all}" ;;
  endurance)
    step endurance env GPU_OTEL_GRAPH_RECORDS=launches ONLY="${ENDURANCE_ONLY:-decode-graph compiled-train}" \
      bash "$GPU_DIR/carry/endurance.sh" run 490
    ;;
  ceiling)
    step ceiling env ARMS="${CEILING_ARMS:-torch-argmaxcopy-small torch-argmaxcopy-memcpy-small torch-ewd2d-small torch-ewd2d-memcpy-small torch-argmax-small}" \
      bash "$GPU_DIR/cupti-ceiling/run.sh"
    ;;
  profiles) step profiles bash "$GPU_DIR/pc-sampling/profiles.sh" ;;
  nodescale) step nodescale bash "$GPU_DIR/node-scale/node-scale.sh" ;;
  *)
    echo "STEP must be one of: lease hwbuffer cost endurance ceiling profiles nodescale" >&2
    exit 2
    ;;
esac
}
[ -n "${STEP:-}" ] || run_step ""
# Several steps in one call: STEP="lease ceiling".
for s in $STEP; do run_step "$s"; done
