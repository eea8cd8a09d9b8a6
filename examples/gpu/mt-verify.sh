#!/usr/bin/env bash
# The serialized tier under concurrent launchers (issue 5): back-to-back 1 ms bursts
# with 4 and with 2 application threads launching, then the default controller with one
# thread, exporting to the project's receiver. A hang shows as rc=124.
set -u
G=$PWD/.gpu; OUT=${OUT:-/tmp/mt-out}; mkdir -p "$OUT"
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
date -u +%FT%TZ
"$G/gpu-otel-receiver" serve --grpc-endpoint 127.0.0.1:4317 --http-endpoint 127.0.0.1:4318 \
  --metrics-endpoint 127.0.0.1:9464 --export-file "$OUT/mt.jsonl" > /dev/null 2> "$OUT/receiver.err" &
R=$!
sleep 1
inj() { env CUDA_INJECTION64_PATH="$G/libgpu_otel_injector.so" GPU_OTEL_PC_SAMPLING=serialized "$@" 2>&1 \
  | grep -E "^kernels|pc sampling" | cut -c1-700; echo "rc=${PIPESTATUS[0]}"; }
for t in 4 2; do
  echo "-- $t threads, 1 ms bursts back to back"
  inj OTEL_SERVICE_NAME=mt$t GPU_OTEL_PC_BURST_MS=1 GPU_OTEL_PC_MAX_DUTY_PERMILLE=500 \
    GPU_OTEL_PC_TARGET_RATE=100000000 GPU_OTEL_PC_BURST_LAUNCHES=2 \
    timeout 60 "$G/kernels" --launches 400000 --streams 8 --threads $t --elems 4096 --iters 64
done
echo "-- 1 thread, default controller"
inj OTEL_SERVICE_NAME=st timeout 60 "$G/kernels" --launches 40000 --streams 4 --elems 4096 --iters 20000
kill -TERM $R; wait $R
tail -1 "$OUT/receiver.err"
"$G/gpu-otel-receiver" check "$OUT/mt.jsonl" | tail -5
rm -f "$OUT/mt.jsonl"
