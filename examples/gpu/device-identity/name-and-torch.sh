#!/usr/bin/env bash
# The device's name and UUID on the resource of what the demo exports, and a PyTorch
# workload under the injector exported to the project's receiver (its file sink),
# checked by the conformance checker; the names the resources carry are printed.
# Results: $OUT (default /tmp/name-and-torch).
set -u
# shellcheck source=SCRIPTDIR/../common/gpu.sh
. "$(dirname "$0")/../common/gpu.sh"
need libgpu_otel_injector.so gpu-otel-receiver gpu-otel-demo kernels
results /tmp/name-and-torch
date -u +%FT%TZ
"$BIN/gpu-otel-demo" --export-file "$OUT/demo.jsonl" > "$OUT/demo.txt" 2>&1
grep -E "^kernels|^outcomes" "$OUT/demo.txt"
names() { grep -o '"gpu.device.[a-z]*","value":{"stringValue":"[^"]*"' "$1" | sort -u; }
names "$OUT/demo.jsonl"
receiver any "$OUT/receiver.err" --export-file "$OUT/torch.jsonl"
sleep 1
traced torch-plain timeout 60 python3 "$WORKLOADS/torch_pc.py" plain 3 2>&1 | tail -2
stop "$RC"
tail -1 "$OUT/receiver.err"
"$BIN/gpu-otel-receiver" check "$OUT/torch.jsonl" | tail -2
names "$OUT/torch.jsonl"
gzip -f "$OUT"/*.jsonl
