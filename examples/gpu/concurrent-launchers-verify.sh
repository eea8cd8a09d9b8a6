#!/usr/bin/env bash
# The serialized tier under concurrent launchers: 2-launch bursts at 50% duty
# (>= 1000 bursts in a run) with 4 launcher threads, in three configurations of the
# injector, exporting to a sink. A run still going after its limit is reported HUNG
# with every thread's kernel wait channel. Carry .gpu (built as in demo-verify.sh).
set -u
G=$PWD/.gpu; OUT=${OUT:-/tmp/mt-out}; mkdir -p "$OUT"
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
date -u +%FT%TZ; nvidia-smi --query-gpu=name,uuid,driver_version --format=csv,noheader
"$G/otlp_capture" --listen 127.0.0.1:4319 --out /dev/null 2>/dev/null &
SINK=$!
sleep 0.5
MT="OTEL_EXPORTER_OTLP_ENDPOINT=http://127.0.0.1:4319 GPU_OTEL_PC_SAMPLING=serialized GPU_OTEL_PC_BURST_MS=1 GPU_OTEL_PC_MAX_DUTY_PERMILLE=500 GPU_OTEL_PC_TARGET_RATE=100000000 GPU_OTEL_PC_BURST_LAUNCHES=2"
mt() { # name limit_s threads env...
  local name=$1 limit=$2 threads=$3; shift 3
  env CUDA_INJECTION64_PATH="$G/libgpu_otel_injector.so" OTEL_SERVICE_NAME=$name $MT "$@" \
    "$G/kernels" --launches 600000 --streams 8 --threads $threads --elems 4096 --iters 64 > "$OUT/$name.log" 2>&1 &
  local p=$! t=0
  while kill -0 $p 2>/dev/null && [ $t -lt $limit ]; do sleep 1; t=$((t + 1)); done
  if kill -0 $p 2>/dev/null; then
    echo "HUNG: $name after ${limit}s"
    for k in /proc/$p/task/*; do echo "  $(cat $k/comm) wchan=$(cat $k/wchan)"; done | sort | uniq -c
    kill -9 $p
  fi
  wait $p 2>/dev/null; echo "$name rc=$? (~${t}s)"
  grep -E "^kernels|pc sampling" "$OUT/$name.log" | cut -c1-700
}
echo "== driver callbacks only, sync before Start (the default)"
mt mt4-default 45 4
mt mt2-default 45 2
echo "== driver callbacks only, no sync before Start"
mt mt4-nosync 45 4 GPU_OTEL_PC_SYNC_BEFORE_START=0
echo "== runtime and driver callbacks, no sync before Start"
mt mt4-rt-nosync 45 4 GPU_OTEL_PC_SYNC_BEFORE_START=0 GPU_OTEL_PC_RUNTIME_CALLBACKS=1
kill $SINK
