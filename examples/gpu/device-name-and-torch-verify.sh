#!/usr/bin/env bash
# The device name and UUID on the resource, and a PyTorch workload under the injector
# exported to the project's receiver, checked by the checker; on the GPU machine,
# through the device tool (carry .gpu, built as in demo-verify.sh).
set -u
BIN=${BIN:-.gpu}; OUT=${OUT:-/tmp/device-name-out}; mkdir -p "$OUT"
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
date -u +%FT%TZ
"$BIN/gpu-otel-demo" --export-file "$OUT/demo.jsonl" > "$OUT/demo.txt" 2>&1
grep -E "^kernels|^outcomes" "$OUT/demo.txt"
grep -o '"gpu.device.[a-z]*","value":{"stringValue":"[^"]*"' "$OUT/demo.jsonl" | sort -u
"$BIN/gpu-otel-receiver" serve --grpc-endpoint 127.0.0.1:4317 --http-endpoint 127.0.0.1:4318 \
  --metrics-endpoint 127.0.0.1:9464 --export-file "$OUT/torch.jsonl" > /dev/null 2> "$OUT/receiver.err" &
RCV=$!
sleep 1
CUDA_INJECTION64_PATH=$PWD/$BIN/libgpu_otel_injector.so OTEL_SERVICE_NAME=torch-plain \
  timeout 60 python3 examples/gpu/torch_pc.py plain 3 2>&1 | tail -2
kill -TERM $RCV; wait $RCV
tail -1 "$OUT/receiver.err"
"$BIN/gpu-otel-receiver" check "$OUT/torch.jsonl" | tail -2
grep -o '"gpu.device.name","value":{"stringValue":"[^"]*"' "$OUT/torch.jsonl" | sort -u
gzip -f "$OUT"/*.jsonl
