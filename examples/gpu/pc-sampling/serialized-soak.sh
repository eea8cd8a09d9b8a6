#!/usr/bin/env bash
# The serialized tier for minutes: each workload runs under the injector with
# GPU_OTEL_PC_SAMPLING=serialized, exporting OTLP/gRPC to the project's receiver, which
# exports to a counting backend (export-load backend). Counted at both ends
# (common/both_ends.py): CUPTI's kernel records (the injector's exit line) against the
# kernel spans the backend holds, and the "unknown" share at the backend; the receiver's
# own counters are scraped from /metrics before it stops (unknown by reason, unknown
# stamps it settled).
#   serialized-soak.sh training SECONDS  # PyTorch training into a receiver with its
#                                        # persistent queue (MODES=queued) or in memory
#                                        # (MODES=memory); one process per GPU
#   serialized-soak.sh launchbound       # 2M tiny launches (>= 200k launches/s)
#   serialized-soak.sh memory SECONDS    # PyTorch training, tier off then serialized:
#                                        # the injector's budget peak and maxrss
# Results: $OUT (default /tmp/serialized-soak).
set -u
# shellcheck source=SCRIPTDIR/../common/gpu.sh
. "$(dirname "$0")/../common/gpu.sh"
need libgpu_otel_injector.so gpu-otel-receiver export-load kernels
results /tmp/serialized-soak
machine name,driver_version
nproc

declare -A RCS BKS
serve() { # NAME BASE CORES [receiver options...]: receiver and backend on ports from BASE
  local name=$1 cores=$3
  PORT_BASE=$2
  shift 3
  backend "$cores" "$OUT/$name.backend.json" 5s
  receiver "$cores" "$OUT/$name.receiver.err" --export-endpoint "$(backend_url)" "$@"
  RCS[$name]=$RC
  BKS[$name]=$BK
}
unserve_name() { # NAME BASE: /metrics scraped, the receiver stopped, the backend awaited
  PORT_BASE=$2
  python3 -c "import urllib.request, sys; sys.stdout.write(urllib.request.urlopen('$(metrics_url)').read().decode())" \
    > "$OUT/$1.metrics" 2> /dev/null
  stop "${RCS[$1]}"
  backend_done "${BKS[$1]}"
}
app() { # NAME BASE CORES TIER CMD...
  local name=$1 cores=$3 tier=$4
  PORT_BASE=$2
  shift 4
  traced "$name" GPU_OTEL_PC_SAMPLING="$tier" GPU_OTEL_EXIT_DEADLINE_MS=10000 taskset -c "$cores" \
    python3 "$COMMON/maxrss.py" "$@" > "$OUT/$name.log" 2>&1
}
report() { # NAME: the run counted at both ends (serve, app and unserve_name of one NAME)
  python3 "$COMMON/both_ends.py" "$OUT/$1.log" --backend "$OUT/$1.backend.json" --metrics "$OUT/$1.metrics" --name "$1"
}
case "${1:-training}" in
training)
  # MODES: which receivers, each with its own training process. Two serialized-tier
  # processes on one GPU at once do not work (H200, 2026-12-01: the second one's CUPTI
  # delivered no kernel record at all), so run one mode per call there.
  S=${2:-360}
  MODES=${MODES:-queued memory}
  rm -rf "$OUT/queue"
  mkdir -p "$OUT/queue"
  i=0
  pids=()
  for m in $MODES; do
    base=$((4317 + 1000 * i))
    extra=()
    [ "$m" = queued ] && extra=(--queue-dir "$OUT/queue")
    serve "torch-$m" $base $((8 + 4 * i))-$((11 + 4 * i)) "${extra[@]}"
    sleep 1
    app "torch-$m" $base $((4 * i))-$((3 + 4 * i)) serialized python3 "$WORKLOADS/torch_train.py" "$S" &
    pids+=($!)
    i=$((i + 1))
  done
  wait "${pids[@]}"
  i=0
  for m in $MODES; do unserve_name "torch-$m" $((4317 + 1000 * i)); i=$((i + 1)); done
  for m in $MODES; do report "torch-$m"; done
  ;;
launchbound)
  serve launchbound 4317 8-11
  sleep 1
  app launchbound 4317 0-7 serialized "$BIN/kernels" --launches 2000000 --streams 1 --elems 256 --iters 1
  unserve_name launchbound 4317
  grep -h '^kernels:' "$OUT/launchbound.log"
  report launchbound
  ;;
memory)
  S=${2:-60}
  for t in off serialized; do
    serve "mem-$t" 4317 8-11
    sleep 1
    app "mem-$t" 4317 0-7 "$t" python3 "$WORKLOADS/torch_train.py" "$S"
    unserve_name "mem-$t" 4317
    report "mem-$t"
  done
  ;;
*)
  echo "usage: serialized-soak.sh training SECONDS | launchbound | memory SECONDS" >&2
  exit 2
  ;;
esac
