#!/usr/bin/env bash
# The host unharmed: a program under the injector where CUPTI cannot be loaded (a path
# that does not exist; no CUDA lib64 on the loader's path and a directory for a library)
# must run on with one line from the injector; and beside torch.profiler, which also
# subscribes to CUPTI, in both orders (CUDA work before the profiler opens, "late"; the
# profiler first, "early"): who keeps CUPTI, what each reports, the injector's kernel
# spans checked by carry/analyze_kernels.py; then torch.profiler alone as the reference.
# Results: $OUT (default /tmp/coexistence): no-cupti.txt, torch.txt, the record dump.
set -u
# shellcheck source=SCRIPTDIR/../common/gpu.sh
. "$(dirname "$0")/../common/gpu.sh"
need libgpu_otel_injector.so kernels otlp_capture
results /tmp/coexistence
machine -v name,driver_version,memory.total

echo "== CUPTI absent: GPU_OTEL_CUPTI_PATH points nowhere"
CUDA_INJECTION64_PATH=$INJ GPU_OTEL_CUPTI_PATH=/nonexistent/libcupti.so.13 OTEL_SERVICE_NAME=no-cupti \
  timeout 60 "$BIN/kernels" --launches 1000 2>&1 | tee "$OUT/no-cupti.txt"
echo "rc=${PIPESTATUS[0]}"
echo "== no CUDA lib64 on the loader's path, and the CUPTI path a directory"
(
  export LD_LIBRARY_PATH=
  CUDA_INJECTION64_PATH=$INJ GPU_OTEL_CUPTI_PATH=/tmp OTEL_SERVICE_NAME=no-cupti-torch timeout 120 \
    python3 -c 'import torch; x=torch.ones(1000,device="cuda"); print("torch ok", float((x*2).sum()))'
) 2>&1 | tee -a "$OUT/no-cupti.txt"

echo "== torch.profiler also subscribes"
capture "$OUT/capture.jsonl"
sleep 0.5
for mode in late early; do
  T0=$(date +%s%N)
  traced "torch-$mode" OTEL_EXPORTER_OTLP_ENDPOINT="$(capture_url)" GPU_OTEL_RECORD_DUMP="$OUT/torch-$mode.jsonl" \
    timeout 180 python3 "$WORKLOADS/torch_profiler.py" "$mode" 2>&1 | tail -n 15
  echo "rc=${PIPESTATUS[0]}"
  T1=$(date +%s%N)
  sleep 1
  python3 "$GPU_DIR/carry/analyze_kernels.py" "$OUT/capture.jsonl" "torch-$mode" "$T0" "$T1"
done 2>&1 | tee "$OUT/torch.txt"
stop "$CAP"
echo "== torch.profiler alone, no injector (the reference)"
timeout 180 python3 "$WORKLOADS/torch_profiler.py" late 2>&1 | tail -n 5 | tee -a "$OUT/torch.txt"
gzip -f "$OUT/capture.jsonl" "$OUT"/torch-*.jsonl
