#!/usr/bin/env bash
# The injector's own cost per launch against the floor any kernel exporter pays
# (cupti-probes/rawinj.c: CUPTI concurrent-kernel activity only, records counted).
# Launch-bound tiny kernels (LAUNCHES, default 300k), on STREAMS (default "1 4"), arms
# interleaved in each of ROUNDS rounds (default 5), medians of the program's own wall
# time, and the median of each round's difference from rawinj.c (common/arms.py). The
# application runs on cores 0-3; the injector exports to the receiver (cores 8-11), which
# exports to a counting backend (12-15), so the export path runs at full rate during the
# measurement. SHORT=1 leaves out the buffer and flush variants.
# Results: $OUT (default /tmp/floor): floor.txt, the runs and their summary.
set -u
# shellcheck source=SCRIPTDIR/../common/gpu.sh
. "$(dirname "$0")/../common/gpu.sh"
need libgpu_otel_injector.so gpu-otel-receiver export-load kernels
results /tmp/floor
machine name,driver_version
rawinj "$OUT"
to_backend 8-11 "$OUT/floor" 600s
O=$OUT/floor.txt
: > "$O"
P='^kernels:|rawinj:|exit: '
RAW=(CUDA_INJECTION64_PATH="$OUT/rawinj.so")
INJENV=(CUDA_INJECTION64_PATH="$INJ" OTEL_EXPORTER_OTLP_ENDPOINT="$(receiver_url)" GPU_OTEL_EXIT_DEADLINE_MS=3000)
launch() { # NAME STREAMS VAR=VALUE...: one run of one arm
  local name=$1 s=$2; shift 2
  arm "$O" "$name s=$s" "$P" env "$@" taskset -c 0-3 "$BIN/kernels" --launches "${LAUNCHES:-300000}" \
    --streams "$s" --elems 256 --iters 1
}
for ROUND in $(seq 1 "${ROUNDS:-5}"); do
  for s in ${STREAMS:-1 4}; do
    launch none "$s" X=1
    launch rawinj "$s" "${RAW[@]}"
    [ -z "${SHORT:-}" ] && launch rawinj_flush100 "$s" "${RAW[@]}" RAWINJ_FLUSH_MS=100
    [ -z "${SHORT:-}" ] && launch rawinj_4mb "$s" "${RAW[@]}" RAWINJ_BUF_MB=4
    launch inj "$s" "${INJENV[@]}"
    [ -z "${SHORT:-}" ] && launch inj_8mb "$s" "${INJENV[@]}" GPU_OTEL_CUPTI_BUFFER_MB=8
    launch inj_flush1s "$s" "${INJENV[@]}" GPU_OTEL_FLUSH_INTERVAL_MS=1000
  done
done
unserve --now
tail -1 "$OUT/floor.receiver.err" | cut -c1-300
python3 "$COMMON/arms.py" "$O" --ref rawinj | tee -a "$O"
