#!/usr/bin/env bash
# The carry rate on the GPU machine (carry .gpu: the release injector, receiver,
# export-load, kernels, otlp_capture). Each workload runs under the
# injector exporting OTLP/gRPC to the project's receiver, which exports to a counting
# backend (export-load backend); the workload is pinned to cores 0-7, the receiver
# and the backend to 8-15. Counted at both ends: CUPTI's kernel records (the
# injector's exit line) and the kernel spans the backend holds.
#   carry-verify.sh carry     # 2M launches, 15 s PyTorch training, 4-thread serialized
#   carry-verify.sh tiers     # raw output of each tier through `gpu-otel-receiver check`
#   carry-verify.sh load      # export-load on 16 cores: null sink and into the receiver
#                             # (producer on 0-3, receiver on 4-11, backend on 12-15)
set -u
G=$PWD/.gpu; OUT=${OUT:-/tmp/carry}; mkdir -p "$OUT"
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
INJ=$G/libgpu_otel_injector.so
date -u +%FT%TZ; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; nproc

serve() { # name: counting backend on 4319, receiver on 4317 exporting to it
  taskset -c 12-15 "$G/export-load" backend --listen 127.0.0.1:4319 --idle-exit 3s > "$OUT/$1.backend.json" 2>/dev/null &
  BK=$!
  taskset -c ${RECEIVER_CORES:-8-11} "$G/gpu-otel-receiver" serve --grpc-endpoint 127.0.0.1:4317 --http-endpoint 127.0.0.1:4318 \
    --metrics-endpoint 127.0.0.1:9464 --export-endpoint http://127.0.0.1:4319 > /dev/null 2> "$OUT/$1.receiver.err" &
  RC=$!; sleep 0.7
}
unserve() { kill -TERM $RC; wait $RC; wait $BK; }
report() { # name
  local inj; inj=$(grep -o 'exit: [0-9]* kernel records.*' "$OUT/$1.log" | head -1)
  echo "== $1"; echo "injector: $inj" | cut -c1-400
  grep -h "maxrss\|torch_train\|^kernels:" "$OUT/$1.log"
  echo "backend: $(cat "$OUT/$1.backend.json")"
  tail -1 "$OUT/$1.receiver.err" | cut -c1-300
  python3 - "$OUT/$1.log" "$OUT/$1.backend.json" <<'PY'
import json, re, sys
log = open(sys.argv[1]).read()
m = re.search(r"exit: (\d+) kernel records, (\d+) kernel spans", log)
d = re.search(r"cupti_dropped=(\d+)", log)
b = json.load(open(sys.argv[2]))
rec, exp = int(m.group(1)), int(m.group(2))
print(f"carry: records_cupti={rec} exported={exp} backend_kernel_spans={b['kernel_spans']} "
      f"lost={rec - b['kernel_spans']} cupti_dropped={d.group(1)} equal={rec == b['kernel_spans']}")
PY
}
case_run() { # name env... -- cmd...
  local name=$1; shift; serve "$name"
  env CUDA_INJECTION64_PATH=$INJ OTEL_EXPORTER_OTLP_ENDPOINT=http://127.0.0.1:4317 OTEL_SERVICE_NAME=$name \
    GPU_OTEL_EXIT_DEADLINE_MS=5000 taskset -c 0-7 python3 examples/gpu/maxrss.py "$@" > "$OUT/$name.log" 2>&1
  unserve; report "$name"
}
KLAUNCH="--streams 1 --elems 256 --iters 1"
case "${1:-carry}" in
carry)
  if [ -z "${SKIP_BASELINE:-}" ]; then
    taskset -c 0-7 python3 examples/gpu/maxrss.py "$G/kernels" --launches 2000000 $KLAUNCH 2>&1 | tail -2 | sed 's/^/baseline launch2m: /'
  fi
  case_run launch2m "$G/kernels" --launches 2000000 $KLAUNCH
  if [ -z "${SKIP_BASELINE:-}" ]; then
    taskset -c 0-7 python3 examples/gpu/maxrss.py python3 examples/gpu/torch_train.py 15 2>&1 | tail -2 | sed 's/^/baseline torch15: /'
  fi
  case_run torch15 python3 examples/gpu/torch_train.py 15
  case_run serialized4t env GPU_OTEL_PC_SAMPLING=serialized "$G/kernels" --launches 200000 --threads 4 --streams 4 --elems 256 --iters 1
  ;;
tiers)
  for t in off continuous serialized; do
    "$G/otlp_capture" --listen 127.0.0.1:4320 --out "$OUT/tier-$t.jsonl" 2>/dev/null & CAP=$!; sleep 0.5
    env CUDA_INJECTION64_PATH=$INJ OTEL_EXPORTER_OTLP_ENDPOINT=http://127.0.0.1:4320 OTEL_SERVICE_NAME=tier-$t \
      GPU_OTEL_PC_SAMPLING=$t GPU_OTEL_EXIT_DEADLINE_MS=5000 python3 examples/gpu/torch_train.py 6 > "$OUT/tier-$t.log" 2>&1
    sleep 0.5; kill -TERM $CAP; wait $CAP
    echo "== tier $t: $(grep -o 'exit: [0-9]* kernel records, [0-9]* kernel spans' "$OUT/tier-$t.log")"
    "$G/gpu-otel-receiver" check "$OUT/tier-$t.jsonl" 2>&1 | tail -4
  done
  # A serialized-tier capture for the GPU-free demo: everything the exporter thread
  # received (kernel records, PC samples, windows), replayable through the same path.
  "$G/otlp_capture" --listen 127.0.0.1:4320 --out "$OUT/capture-otlp.jsonl" 2>/dev/null & CAP=$!; sleep 0.5
  env CUDA_INJECTION64_PATH=$INJ OTEL_EXPORTER_OTLP_ENDPOINT=http://127.0.0.1:4320 OTEL_SERVICE_NAME=h200-serialized \
    GPU_OTEL_PC_SAMPLING=serialized GPU_OTEL_RECORD_DUMP="$OUT/h200_serialized_capture.jsonl" \
    python3 examples/gpu/torch_train.py 2 > "$OUT/capture.log" 2>&1
  sleep 0.5; kill -TERM $CAP; wait $CAP
  echo "== capture: $(grep -o 'exit: [0-9]* kernel records, [0-9]* kernel spans' "$OUT/capture.log"); $(wc -l < "$OUT/h200_serialized_capture.jsonl") dump lines"
  grep -o 'serialized stamps[^;]*' "$OUT/capture.log"
  "$G/gpu-otel-receiver" check "$OUT/capture-otlp.jsonl" 2>&1 | tail -2
  gzip -9 -f "$OUT/h200_serialized_capture.jsonl"
  ;;
capture)
  # A serialized-tier capture for the GPU-free demo: the CUDA example on 4 streams
  # (~98 us kernels) with 10 ms bursts at the 5% ceiling (several windows a second),
  # killed (SIGKILL) while it lingers after its work, so the last burst never closes
  # and all three values occur. The dump is flushed every 200 ms, so the kill costs it
  # only its last moments.
  "$G/otlp_capture" --listen 127.0.0.1:4320 --out "$OUT/killed-otlp.jsonl" 2>/dev/null & CAP=$!; sleep 0.5
  env CUDA_INJECTION64_PATH=$INJ OTEL_EXPORTER_OTLP_ENDPOINT=http://127.0.0.1:4320 OTEL_SERVICE_NAME=h200-serialized \
    GPU_OTEL_PC_SAMPLING=serialized GPU_OTEL_PC_BURST_LAUNCHES=0 GPU_OTEL_PC_TARGET_RATE=100000000 \
    GPU_OTEL_PC_MAX_DUTY_PERMILLE=50 GPU_OTEL_PC_BURST_MS=10 GPU_OTEL_RECORD_DUMP="$OUT/h200_serialized_capture.jsonl" \
    "$G/kernels" --launches ${CAPTURE_LAUNCHES:-60000} --streams 4 --elems 4096 --iters 20000 --linger-ms 5000 > "$OUT/killed.log" 2>&1 &
  APP=$!
  for _ in $(seq 1 200); do grep -q '^kernels:' "$OUT/killed.log" && break; sleep 0.1; done
  sleep 0.6; kill -KILL $APP; wait $APP; echo "killed: rc=$?"; grep '^kernels:' "$OUT/killed.log"
  sleep 1; kill -TERM $CAP; wait $CAP
  echo "== capture: $(wc -l < "$OUT/h200_serialized_capture.jsonl") dump lines, $(grep -c '"sampling"' "$OUT/h200_serialized_capture.jsonl") sampling messages"
  "$G/gpu-otel-receiver" check "$OUT/killed-otlp.jsonl" 2>&1 | tail -3
  gzip -9 -f "$OUT/h200_serialized_capture.jsonl"; ls -la "$OUT/h200_serialized_capture.jsonl.gz"
  ;;
load)
  for r in 1000000 2000000; do
    echo "null sink rate=$r: $(taskset -c 0-3 "$G/export-load" produce --sink null --rate $r --seconds 5 2>/dev/null)"
  done
  for r in ${LOAD_RATES:-100000 250000 500000 1000000}; do
    RECEIVER_CORES=${LOAD_RECEIVER_CORES:-4-11} serve "load$r"
    taskset -c 0-3 "$G/export-load" produce --rate $r --seconds 6 --endpoint http://127.0.0.1:4317 > "$OUT/load$r.json" 2>/dev/null
    unserve
    echo "into receiver rate=$r: $(cat "$OUT/load$r.json")"; echo "   backend: $(cat "$OUT/load$r.backend.json")"
    tail -1 "$OUT/load$r.receiver.err" | cut -c1-300
  done
  ;;
esac
