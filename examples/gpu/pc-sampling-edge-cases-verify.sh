#!/usr/bin/env bash
# PC sampling's edge cases on the GPU (concurrent launchers and overhead have their own
# scripts: concurrent-launchers-verify.sh, pc-sampling-overhead-verify.sh), one `run` call
# (carry .gpu, built as in demo-verify.sh), exporting to the project's receiver:
#   1. SIGKILL while a burst is open: the open record reaches the receiver and the
#      executions after it read unknown, never false;
#   2. run-time tier switch through the control file, both directions;
#   3. attribution: 16-launch bursts of one function;
#   4. graph refusal at launch (Rust driver API, PyTorch capture) and PyTorch plain.
# A run still going after its limit is reported HUNG with every thread's stack.
# Results under $OUT: edge-cases-log.txt, edge-cases.jsonl.gz (the receiver's output), analyses.
set -u
G=$PWD/.gpu; OUT=${OUT:-/tmp/pc-edge-cases}; mkdir -p "$OUT"
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
exec > >(tee "$OUT/edge-cases-log.txt") 2>&1
grep -q GPU_OTEL_PC_CONTROL_FILE "$G/libgpu_otel_injector.so" || { echo "FATAL: stale injector"; exit 2; }
date -u +%FT%TZ; nvidia-smi --query-gpu=name,uuid,driver_version --format=csv,noheader
command -v gdb || echo "no gdb: a hang is reported from /proc"
"$G/gpu-otel-receiver" serve --grpc-endpoint 127.0.0.1:4317 --http-endpoint 127.0.0.1:4318 \
  --metrics-endpoint 127.0.0.1:9464 --export-file "$OUT/edge-cases.jsonl" > /dev/null 2> "$OUT/receiver.err" &
R=$!
sleep 1
stacks() { # every thread of pid $1
  if command -v gdb > /dev/null; then
    gdb -p "$1" -batch -ex "thread apply all bt 14" 2>/dev/null | grep -E "^Thread|^#" | cut -c1-160 | head -200
  else
    for t in /proc/$1/task/*; do echo "$(cat $t/comm) wchan=$(cat $t/wchan) syscall=$(cut -d' ' -f1 $t/syscall)"; done
  fi
}
# limit_s name env... -- command: runs in the background, reports HUNG with stacks
# past the limit, prints the injector's and the program's summary lines.
inj() {
  local limit=$1 name=$2; shift 2
  env CUDA_INJECTION64_PATH="$G/libgpu_otel_injector.so" OTEL_SERVICE_NAME=$name "$@" > "$OUT/$name.log" 2>&1 &
  local p=$! t=0
  while kill -0 $p 2>/dev/null && [ $t -lt $limit ]; do sleep 1; t=$((t + 1)); done
  if kill -0 $p 2>/dev/null; then echo "HUNG: $name still running after ${limit}s"; stacks $p; kill -9 $p; fi
  wait $p; echo "$name rc=$? after ~${t}s"
  grep -E "^kernels|pc sampling|switch|control file|REFUSES" "$OUT/$name.log" | cut -c1-900
}
echo "== SIGKILL while a 3 s burst is open (the program stops launching and lingers)"
env CUDA_INJECTION64_PATH="$G/libgpu_otel_injector.so" OTEL_SERVICE_NAME=killed GPU_OTEL_PC_SAMPLING=serialized \
  GPU_OTEL_PC_BURST_MS=3000 GPU_OTEL_PC_BURST_LAUNCHES=0 GPU_OTEL_PC_MAX_GAP_MS=1 GPU_OTEL_PC_MAX_DUTY_PERMILLE=1000 \
  "$G/kernels" --launches 400 --streams 4 --elems 4096 --iters 20000 --linger-ms 60000 > "$OUT/killed.log" 2>&1 &
K=$!; sleep 9; kill -9 $K; wait $K; echo "killed rc=$?"; cat "$OUT/killed.log" | cut -c1-300

switcher() { # file, then "delay tier" pairs
  local f=$1; shift
  while [ $# -gt 1 ]; do sleep "$1"; echo "$2" > "$f"; shift 2; done
}
for start in serialized continuous; do
  other=$([ $start = serialized ] && echo continuous || echo serialized)
  echo "== tier switch: $start -> $other -> $start"
  f=$OUT/tier-$start; echo "$start" > "$f"
  switcher "$f" 1 "$other" 1 "$start" &
  SW=$!
  inj 60 switch-$start GPU_OTEL_PC_SAMPLING=$start GPU_OTEL_PC_CONTROL_FILE="$f" \
    "$G/kernels" --launches 100000 --streams 4 --elems 4096 --iters 20000
  wait $SW
done

echo "== attribution: 16-launch bursts of one function, one drain after each Stop"
inj 60 attr GPU_OTEL_PC_SAMPLING=serialized GPU_OTEL_PC_BURST_LAUNCHES=16 GPU_OTEL_PC_TARGET_RATE=100000000 \
  "$G/kernels" --launches 120000 --streams 4 --elems 4096 --iters 20000

echo "== graph launches under serialized, driver callbacks only: Rust cuGraphLaunch, PyTorch capture"
inj 60 graph-rust GPU_OTEL_PC_SAMPLING=serialized "$G/kernels" --launches 4000 --graph-launches 5 --iters 2000
inj 90 torch-graph GPU_OTEL_PC_SAMPLING=serialized python3 examples/gpu/torch_pc.py graph
inj 90 torch-plain GPU_OTEL_PC_SAMPLING=serialized python3 examples/gpu/torch_pc.py plain 3

kill -TERM $R; wait $R
tail -1 "$OUT/receiver.err"
for s in killed switch-serialized switch-continuous attr graph-rust torch-graph torch-plain; do
  python3 examples/gpu/analyze_pc.py "$OUT/edge-cases.jsonl" $s | tee "$OUT/an-$s.json" | cut -c1-1500
done
"$G/gpu-otel-receiver" check "$OUT/edge-cases.jsonl" | tail -12
ls -la "$OUT"; rm -f "$OUT/edge-cases.jsonl"
