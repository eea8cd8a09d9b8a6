#!/usr/bin/env bash
# The serialized tier under concurrent launchers: 2-launch bursts at 50% duty
# (>= 1000 bursts in a run) with 4 (and 2) launcher threads, in three configurations of
# the injector, exporting to a sink. A run still going after its limit is reported HUNG
# with every thread's stack (or kernel wait channel, without gdb).
# Results: $OUT (default /tmp/concurrent-launchers): a log per run.
set -u
# shellcheck source=SCRIPTDIR/../common/gpu.sh
. "$(dirname "$0")/../common/gpu.sh"
need libgpu_otel_injector.so kernels otlp_capture
results /tmp/concurrent-launchers
machine name,uuid,driver_version
sink
sleep 0.5
mt() { # NAME LIMIT_S THREADS VAR=VALUE...
  local name=$1 limit=$2 threads=$3; shift 3
  injector "$name"
  watched "$limit" "$OUT/$name.log" "${INJECTOR[@]}" OTEL_EXPORTER_OTLP_ENDPOINT="$(backend_url)" \
    GPU_OTEL_PC_SAMPLING=serialized GPU_OTEL_PC_BURST_MS=1 GPU_OTEL_PC_MAX_DUTY_PERMILLE=500 \
    GPU_OTEL_PC_TARGET_RATE=100000000 GPU_OTEL_PC_BURST_LAUNCHES=2 "$@" \
    "$BIN/kernels" --launches 600000 --streams 8 --threads "$threads" --elems 4096 --iters 64
  grep -E "^kernels|pc sampling" "$OUT/$name.log" | cut -c1-700
}
echo "== driver callbacks only, sync before Start (the default)"
mt mt4-default 45 4
mt mt2-default 45 2
echo "== driver callbacks only, no sync before Start"
mt mt4-nosync 45 4 GPU_OTEL_PC_SYNC_BEFORE_START=0
echo "== runtime and driver callbacks, no sync before Start"
mt mt4-rt-nosync 45 4 GPU_OTEL_PC_SYNC_BEFORE_START=0 GPU_OTEL_PC_RUNTIME_CALLBACKS=1
stop "$SINK"
