#!/usr/bin/env bash
# The GPU each kernel span names, against nvidia-smi: the CUDA example runs under the
# injector, exporting to otlp_capture, with and without CUDA_VISIBLE_DEVICES=0; every
# kernel span's resource must carry hw.id = the UUID nvidia-smi prints for the GPU it ran
# on (with one GPU: that GPU). Prints one line per case: the kernel spans, what their
# resources name, and nvidia-smi's list. Results: $OUT (default /tmp/identity).
set -u
# shellcheck source=SCRIPTDIR/../common/gpu.sh
. "$(dirname "$0")/../common/gpu.sh"
need libgpu_otel_injector.so kernels otlp_capture
results /tmp/identity
date -u +%FT%TZ
nvidia-smi -L
nvidia-smi --query-gpu=index,uuid,name --format=csv,noheader > "$OUT/smi.csv"
for case in all cvd0; do
  capture "$OUT/$case.jsonl"
  sleep 0.5
  extra=(X=1)
  [ "$case" = cvd0 ] && extra=(CUDA_VISIBLE_DEVICES=0)
  traced "identity-$case" OTEL_EXPORTER_OTLP_ENDPOINT="$(capture_url)" "${extra[@]}" \
    "$BIN/kernels" --launches 2000 --streams 2 > "$OUT/$case.log" 2>&1
  sleep 0.5
  stop "$CAP"
  python3 "$GPU_DIR/device-identity/named_by.py" "$OUT/$case.jsonl" "$OUT/smi.csv" "$case"
done
