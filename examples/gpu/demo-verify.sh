#!/usr/bin/env bash
# The README's first command on a GPU machine, through the device tool:
#   cargo build --release -p gpu-otel-examples -p gpu-otel-injector -p gpu-otel-receiver
#   mkdir -p .gpu && cp target/release/{gpu-otel-demo,gpu-otel-receiver,kernels,libgpu_otel_injector.so} .gpu/
#   run: bash examples/gpu/demo-verify.sh   (carry .gpu)
# The demo starts the project's receiver, runs the CUDA example under the injector,
# and summarizes; the conformance checker then reads what the receiver exported.
set -u
BIN=${BIN:-.gpu}
OUT=${OUT:-/tmp/demo-out}
mkdir -p "$OUT"
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
{
  date -u +%FT%TZ
  nvidia-smi --query-gpu=name,driver_version,uuid --format=csv,noheader
} | tee "$OUT/device.txt"
cd "$BIN" || exit 1
./gpu-otel-demo --export-file "$OUT/demo.jsonl" 2>&1 | tee "$OUT/demo.txt"
./gpu-otel-receiver check "$OUT/demo.jsonl" > "$OUT/check.txt"
echo "check rc=$?" >> "$OUT/check.txt"
tail -4 "$OUT/check.txt"
gzip -f "$OUT/demo.jsonl"
