#!/usr/bin/env bash
# The README's first command on a GPU: the demo starts the project's receiver, runs the
# CUDA example under the injector and summarizes; the conformance checker then reads what
# the receiver exported. Results: $OUT (default /tmp/demo): device.txt, demo.txt,
# check.txt, the export (gzip).
set -u
# shellcheck source=SCRIPTDIR/../common/gpu.sh
. "$(dirname "$0")/../common/gpu.sh"
need libgpu_otel_injector.so gpu-otel-receiver gpu-otel-demo kernels
results /tmp/demo
machine | tee "$OUT/device.txt"
"$BIN/gpu-otel-demo" --export-file "$OUT/demo.jsonl" 2>&1 | tee "$OUT/demo.txt"
"$BIN/gpu-otel-receiver" check "$OUT/demo.jsonl" > "$OUT/check.txt"
echo "check rc=$?" >> "$OUT/check.txt"
tail -4 "$OUT/check.txt"
gzip -f "$OUT/demo.jsonl"
