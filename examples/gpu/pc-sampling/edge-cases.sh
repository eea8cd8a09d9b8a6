#!/usr/bin/env bash
# PC sampling's edge cases on the GPU, exporting to the project's receiver (its file
# sink), each workload's spans read by pc-sampling/analyze_pc.py and the checker:
#   1. SIGKILL while a burst is open: the open record reaches the receiver and the
#      executions after it read unknown, never false;
#   2. the run-time tier switch through the control file, both directions;
#   3. attribution: 16-launch bursts of one function;
#   4. graph refusal at launch (Rust driver API, PyTorch capture) and PyTorch plain.
# A run still going after its limit is reported HUNG with every thread's stack.
# Results: $OUT (default /tmp/pc-edge-cases): edge-cases-log.txt, an-NAME.json (analyses).
set -u
# shellcheck source=SCRIPTDIR/../common/gpu.sh
. "$(dirname "$0")/../common/gpu.sh"
need libgpu_otel_injector.so gpu-otel-receiver kernels
results /tmp/pc-edge-cases
exec > >(tee "$OUT/edge-cases-log.txt") 2>&1
grep -q GPU_OTEL_PC_CONTROL_FILE "$INJ" || { echo "FATAL: stale injector"; exit 2; }
machine name,uuid,driver_version
command -v gdb || echo "no gdb: a hang is reported from /proc"
receiver any "$OUT/receiver.err" --export-file "$OUT/edge-cases.jsonl"
sleep 1
inj() { # LIMIT_S NAME VAR=VALUE... CMD...: watched for a hang, then its summary lines
  local limit=$1 name=$2; shift 2
  injector "$name"
  watched "$limit" "$OUT/$name.log" "${INJECTOR[@]}" "$@"
  grep -E "^kernels|pc sampling|switch|control file|REFUSES" "$OUT/$name.log" | cut -c1-900
}
KERNELS=(--streams 4 --elems 4096 --iters 20000)

echo "== SIGKILL while a 3 s burst is open (the program stops launching and lingers)"
injector killed
"${INJECTOR[@]}" GPU_OTEL_PC_SAMPLING=serialized GPU_OTEL_PC_BURST_MS=3000 GPU_OTEL_PC_BURST_LAUNCHES=0 \
  GPU_OTEL_PC_MAX_GAP_MS=1 GPU_OTEL_PC_MAX_DUTY_PERMILLE=1000 \
  "$BIN/kernels" --launches 400 "${KERNELS[@]}" --linger-ms 60000 > "$OUT/killed.log" 2>&1 &
K=$!
sleep 9
kill -9 $K
wait $K
echo "killed rc=$?"
cut -c1-300 "$OUT/killed.log"

switcher() { # FILE, then "delay tier" pairs
  local f=$1; shift
  while [ $# -gt 1 ]; do sleep "$1"; echo "$2" > "$f"; shift 2; done
}
for start in serialized continuous; do
  other=$([ $start = serialized ] && echo continuous || echo serialized)
  echo "== tier switch: $start -> $other -> $start"
  f=$OUT/tier-$start
  echo "$start" > "$f"
  switcher "$f" 1 "$other" 1 "$start" &
  SW=$!
  inj 60 "switch-$start" GPU_OTEL_PC_SAMPLING=$start GPU_OTEL_PC_CONTROL_FILE="$f" \
    "$BIN/kernels" --launches 100000 "${KERNELS[@]}"
  wait $SW
done

echo "== attribution: 16-launch bursts of one function, one drain after each Stop"
inj 60 attr GPU_OTEL_PC_SAMPLING=serialized GPU_OTEL_PC_BURST_LAUNCHES=16 GPU_OTEL_PC_TARGET_RATE=100000000 \
  "$BIN/kernels" --launches 120000 "${KERNELS[@]}"

echo "== graph launches under serialized, driver callbacks only: Rust cuGraphLaunch, PyTorch capture"
inj 60 graph-rust GPU_OTEL_PC_SAMPLING=serialized "$BIN/kernels" --launches 4000 --graph-launches 5 --iters 2000
inj 90 torch-graph GPU_OTEL_PC_SAMPLING=serialized python3 "$WORKLOADS/torch_pc.py" graph
inj 90 torch-plain GPU_OTEL_PC_SAMPLING=serialized python3 "$WORKLOADS/torch_pc.py" plain 3

stop "$RC"
tail -1 "$OUT/receiver.err"
for s in killed switch-serialized switch-continuous attr graph-rust torch-graph torch-plain; do
  python3 "$GPU_DIR/pc-sampling/analyze_pc.py" "$OUT/edge-cases.jsonl" $s | tee "$OUT/an-$s.json" | cut -c1-1500
done
"$BIN/gpu-otel-receiver" check "$OUT/edge-cases.jsonl" | tail -12
rm -f "$OUT/edge-cases.jsonl"
ls -la "$OUT"
