#!/usr/bin/env bash
# Every kernel a span, counted at both ends: each workload runs under the injector
# exporting OTLP/gRPC to the project's receiver, which exports to a counting backend
# (export-load backend); the workload is pinned to cores 0-7, the receiver to 8-11 and the
# backend to 12-15. Counted: CUPTI's kernel records (the injector's exit line) against
# the kernel spans the backend holds (common/both_ends.py).
#   carry.sh carry     # 2M launches, 15 s PyTorch training, 4-thread serialized tier
#   carry.sh tiers     # the raw output of each tier through `gpu-otel-receiver check`
#   carry.sh capture   # a serialized-tier record dump, SIGKILLed mid-burst (the demo's fixture)
#   carry.sh load      # export-load on 16 cores: null sink and into the receiver
#                      # (producer on 0-3, receiver on 4-11, backend on 12-15)
# SKIP_BASELINE=1 leaves out the runs without the injector (their maxrss). Results: $OUT
# (default /tmp/carry).
set -u
# shellcheck source=SCRIPTDIR/../common/gpu.sh
. "$(dirname "$0")/../common/gpu.sh"
need libgpu_otel_injector.so gpu-otel-receiver export-load kernels otlp_capture
results /tmp/carry
machine name,driver_version
nproc

# run NAME [VAR=VALUE...] CMD...: one workload into the receiver and the backend, counted.
run() {
  local name=$1; shift
  to_backend "${RECEIVER_CORES:-8-11}" "$OUT/$name"
  traced "$name" taskset -c 0-7 python3 "$COMMON/maxrss.py" "$@" > "$OUT/$name.log" 2>&1
  unserve
  echo "== $name"
  grep -h "maxrss\|torch_train\|^kernels:" "$OUT/$name.log"
  tail -1 "$OUT/$name.receiver.err" | cut -c1-300
  python3 "$COMMON/both_ends.py" "$OUT/$name.log" --backend "$OUT/$name.backend.json" --name "$name"
}
baseline() { # NAME CMD...: the same workload without the injector, for its maxrss
  local name=$1; shift
  [ -n "${SKIP_BASELINE:-}" ] && return
  taskset -c 0-7 python3 "$COMMON/maxrss.py" "$@" 2>&1 | tail -2 | sed "s/^/baseline $name: /"
}
# captured NAME LOG [VAR=VALUE...] CMD...: one workload straight into otlp_capture
# ($OUT/NAME.jsonl), its output in LOG.
captured() {
  local name=$1 log=$2; shift 2
  capture "$OUT/$name.jsonl"
  sleep 0.5
  traced "$name" OTEL_EXPORTER_OTLP_ENDPOINT="$(capture_url)" "$@" > "$log" 2>&1
  sleep 0.5
  stop "$CAP"
}
exit_counts() { grep -o 'exit: [0-9]* kernel records, [0-9]* kernel spans' "$1"; }

KLAUNCH=(--streams 1 --elems 256 --iters 1)
case "${1:-carry}" in
carry)
  baseline launch2m "$BIN/kernels" --launches 2000000 "${KLAUNCH[@]}"
  run launch2m "$BIN/kernels" --launches 2000000 "${KLAUNCH[@]}"
  baseline torch15 python3 "$WORKLOADS/torch_train.py" 15
  run torch15 python3 "$WORKLOADS/torch_train.py" 15
  run serialized4t env GPU_OTEL_PC_SAMPLING=serialized "$BIN/kernels" --launches 200000 --threads 4 --streams 4 \
    --elems 256 --iters 1
  ;;
tiers)
  for t in off continuous serialized; do
    captured "tier-$t" "$OUT/tier-$t.log" GPU_OTEL_PC_SAMPLING=$t python3 "$WORKLOADS/torch_train.py" 6
    echo "== tier $t: $(exit_counts "$OUT/tier-$t.log")"
    "$BIN/gpu-otel-receiver" check "$OUT/tier-$t.jsonl" 2>&1 | tail -4
  done
  # A serialized-tier capture: everything the exporter thread received (kernel records,
  # PC samples, windows), replayable through the same path.
  captured h200-serialized "$OUT/capture.log" GPU_OTEL_PC_SAMPLING=serialized \
    GPU_OTEL_RECORD_DUMP="$OUT/h200_serialized_capture.jsonl" python3 "$WORKLOADS/torch_train.py" 2
  echo "== capture: $(exit_counts "$OUT/capture.log"); $(wc -l < "$OUT/h200_serialized_capture.jsonl") dump lines"
  grep -o 'serialized stamps[^;]*' "$OUT/capture.log"
  "$BIN/gpu-otel-receiver" check "$OUT/h200-serialized.jsonl" 2>&1 | tail -2
  gzip -9 -f "$OUT/h200_serialized_capture.jsonl"
  ;;
capture)
  # The serialized-tier capture behind the GPU-free demo: the CUDA example on 4 streams
  # (~98 us kernels) with 10 ms bursts at the 5% ceiling (several windows a second),
  # killed (SIGKILL) while it lingers after its work, so the last burst never closes
  # and all three values occur. The dump is flushed every 200 ms, so the kill costs it
  # only its last moments.
  capture "$OUT/killed-otlp.jsonl"
  sleep 0.5
  injector h200-serialized
  "${INJECTOR[@]}" OTEL_EXPORTER_OTLP_ENDPOINT="$(capture_url)" GPU_OTEL_PC_SAMPLING=serialized \
    GPU_OTEL_PC_BURST_LAUNCHES=0 GPU_OTEL_PC_TARGET_RATE=100000000 GPU_OTEL_PC_MAX_DUTY_PERMILLE=50 \
    GPU_OTEL_PC_BURST_MS=10 GPU_OTEL_RECORD_DUMP="$OUT/h200_serialized_capture.jsonl" \
    "$BIN/kernels" --launches "${CAPTURE_LAUNCHES:-60000}" --streams 4 --elems 4096 --iters 20000 --linger-ms 5000 \
    > "$OUT/killed.log" 2>&1 &
  APP=$!
  for _ in $(seq 1 200); do grep -q '^kernels:' "$OUT/killed.log" && break; sleep 0.1; done
  sleep 0.6
  kill -KILL $APP
  wait $APP
  echo "killed: rc=$?"
  grep '^kernels:' "$OUT/killed.log"
  sleep 1
  stop "$CAP"
  echo "== capture: $(wc -l < "$OUT/h200_serialized_capture.jsonl") dump lines," \
    "$(grep -c '"sampling"' "$OUT/h200_serialized_capture.jsonl") sampling messages"
  "$BIN/gpu-otel-receiver" check "$OUT/killed-otlp.jsonl" 2>&1 | tail -3
  gzip -9 -f "$OUT/h200_serialized_capture.jsonl"
  ls -la "$OUT/h200_serialized_capture.jsonl.gz"
  ;;
load)
  for r in 1000000 2000000; do
    echo "null sink rate=$r: $(taskset -c 0-3 "$BIN/export-load" produce --sink null --rate $r --seconds 5 2>/dev/null)"
  done
  for r in ${LOAD_RATES:-100000 250000 500000 1000000}; do
    to_backend "${LOAD_RECEIVER_CORES:-4-11}" "$OUT/load$r"
    taskset -c 0-3 "$BIN/export-load" produce --rate "$r" --seconds 6 --endpoint "$(receiver_url)" \
      > "$OUT/load$r.json" 2>/dev/null
    unserve
    echo "into receiver rate=$r: $(cat "$OUT/load$r.json")"
    echo "   backend: $(cat "$OUT/load$r.backend.json")"
    tail -1 "$OUT/load$r.receiver.err" | cut -c1-300
  done
  ;;
*)
  echo "usage: carry.sh carry|tiers|capture|load" >&2
  exit 2
  ;;
esac
