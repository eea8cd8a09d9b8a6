#!/usr/bin/env bash
# The injector's overhead on a launch-bound program (100,000 tiny kernels on 4 streams),
# arms interleaved in each of ROUNDS rounds (default 11), medians of the program's own
# wall time (common/arms.py):
#   off          no injector
#   on           the injector exporting to an OTLP sink on this machine
#   nocollector  the injector whose exports fail at once (a closed port): CUPTI
#                collection and span building without the network
#   disabled     the injector loaded with OTEL_SDK_DISABLED=true
# floor.sh measures the same against rawinj.c, the floor any kernel exporter pays.
# Results: $OUT (default /tmp/overhead): overhead.txt, the runs and their summary.
set -u
# shellcheck source=SCRIPTDIR/../common/gpu.sh
. "$(dirname "$0")/../common/gpu.sh"
need libgpu_otel_injector.so kernels otlp_capture
results /tmp/overhead
machine -v name,driver_version,memory.total
sink
sleep 0.5
O=$OUT/overhead.txt
: > "$O"
ARGS=(--launches "${LAUNCHES:-100000}" --streams 4 --elems 256 --iters 0)
RUN=(timeout 120 "$BIN/kernels" "${ARGS[@]}")
P='^kernels:'
for ROUND in $(seq 1 "${ROUNDS:-11}"); do
  arm "$O" off "$P" "${RUN[@]}"
  arm "$O" on "$P" env OTEL_EXPORTER_OTLP_ENDPOINT="$(backend_url)" OTEL_SERVICE_NAME=overhead \
    CUDA_INJECTION64_PATH="$INJ" "${RUN[@]}"
  arm "$O" nocollector "$P" env OTEL_EXPORTER_OTLP_ENDPOINT=http://127.0.0.1:9 CUDA_INJECTION64_PATH="$INJ" "${RUN[@]}"
  arm "$O" disabled "$P" env OTEL_SDK_DISABLED=true CUDA_INJECTION64_PATH="$INJ" "${RUN[@]}"
done
stop "$SINK"
python3 "$COMMON/arms.py" "$O" --base off | tee -a "$O"
