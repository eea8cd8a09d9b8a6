#!/usr/bin/env bash
# PC sampling's overhead table: fixed work on 4 streams (~98 us kernels), every arm
# exporting to a sink on the same machine, arms interleaved, ROUNDS rounds (default 5),
# medians (common/arms.py: wall time against tier off, duty, bursts, launches serialized,
# (PC, stall) pairs and ms per 1000 pairs). Pinned arms: 10 ms time-only bursts at the
# duty ceiling (the gap sits on the duty floor: a huge target rate), so a ~7 s run holds
# at least 7 cycles even at 1%. "fixed50": 50 ms time-only bursts at the default target
# rate and 5% ceiling (a fixed-burst controller). "default": the burst controller.
# Results: $OUT (default /tmp/pc-overhead): overhead.txt, the runs and their summary.
set -u
# shellcheck source=SCRIPTDIR/../common/gpu.sh
. "$(dirname "$0")/../common/gpu.sh"
need libgpu_otel_injector.so kernels otlp_capture
results /tmp/pc-overhead
machine name,uuid,driver_version
sink
sleep 0.5
O=$OUT/overhead.txt
: > "$O"
injector ovh
RUN=("${INJECTOR[@]}" OTEL_EXPORTER_OTLP_ENDPOINT="$(backend_url)" GPU_OTEL_EXIT_DEADLINE_MS=300)
WORK=(timeout 60 "$BIN/kernels" --launches "${LAUNCHES:-300000}" --streams 4 --elems 4096 --iters 20000)
P='^kernels:|pc sampling'
PIN=(GPU_OTEL_PC_SAMPLING=serialized GPU_OTEL_PC_BURST_LAUNCHES=0 GPU_OTEL_PC_TARGET_RATE=100000000 GPU_OTEL_PC_BURST_MS=10)
for ROUND in $(seq 1 "${ROUNDS:-5}"); do
  arm "$O" off "$P" "${RUN[@]}" GPU_OTEL_PC_SAMPLING=off "${WORK[@]}"
  arm "$O" continuous "$P" "${RUN[@]}" GPU_OTEL_PC_SAMPLING=continuous "${WORK[@]}"
  for permille in 100 50 25 10; do
    arm "$O" "pin$permille" "$P" "${RUN[@]}" "${PIN[@]}" GPU_OTEL_PC_MAX_DUTY_PERMILLE=$permille "${WORK[@]}"
  done
  arm "$O" default "$P" "${RUN[@]}" GPU_OTEL_PC_SAMPLING=serialized "${WORK[@]}"
  arm "$O" fixed50 "$P" "${RUN[@]}" GPU_OTEL_PC_SAMPLING=serialized GPU_OTEL_PC_BURST_LAUNCHES=0 "${WORK[@]}"
done
stop "$SINK"
python3 "$COMMON/arms.py" "$O" --base off --fields duty,bursts,launches_serialized --per pairs | tee -a "$O"
