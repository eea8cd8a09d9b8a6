#!/usr/bin/env bash
# Kernels launched == spans received: the CUDA example (examples/src/bin/kernels.rs,
# 10,000 launches on 4 streams, every buffer self-checked) under the injector, exporting
# OTLP/gRPC to otlp_capture; carry/analyze_kernels.py checks every span: one per launch,
# distinct correlation ids, under its slice root, inside the program's run by the shell's
# clock, no overlap and no launch-order inversion on a stream. Keeps the analysis and the
# first 400 kernel records the injector received (GPU_OTEL_RECORD_DUMP: the replay
# fixture's source). Results: $OUT (default /tmp/kernel-spans).
set -u
# shellcheck source=SCRIPTDIR/../common/gpu.sh
. "$(dirname "$0")/../common/gpu.sh"
need libgpu_otel_injector.so kernels otlp_capture
results /tmp/kernel-spans
machine -v name,driver_version,memory.total 2>&1 | tee "$OUT/machine.txt"

capture "$OUT/capture.jsonl"
sleep 0.5
T0=$(date +%s%N)
traced kernels-example OTEL_EXPORTER_OTLP_ENDPOINT="$(capture_url)" GPU_OTEL_RECORD_DUMP="$OUT/records.jsonl" \
  timeout 120 "$BIN/kernels" --launches 10000 --streams 4 --elems 4096 --iters 64 > "$OUT/example.out" 2> "$OUT/example.err"
echo "rc=$?"
T1=$(date +%s%N)
cat "$OUT/example.out" "$OUT/example.err"
sleep 1
stop "$CAP"
LAUNCHED=$(sed -n 's/.*launched=\([0-9]*\).*/\1/p' "$OUT/example.out")
python3 "$GPU_DIR/carry/analyze_kernels.py" "$OUT/capture.jsonl" kernels-example "$T0" "$T1" "$LAUNCHED" \
  | tee "$OUT/example-analysis.json"
wc -l "$OUT/records.jsonl"
head -n 400 "$OUT/records.jsonl" > "$OUT/records-head.jsonl"
rm -f "$OUT/records.jsonl"
gzip -f "$OUT/capture.jsonl"
