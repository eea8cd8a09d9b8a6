#!/usr/bin/env bash
# How fast the persistent queue's backlog leaves once the backend is back: the receiver
# takes REQUESTS requests of 200 GPU-shaped spans while its backend is down, is stopped
# (the backlog stays on disk) and started again with the backend up, so that every
# request is read back, decompressed and decoded by the replay stage; the drain rate is
# the spans exported per second from the first to the last (/metrics), the receiver's
# CPU over the same run beside it. Export uncompressed, so that the replay, not the
# export's gzip, is what is measured.
#
#   cargo build --release -p gpu-otel-receiver --example loadgen --bin gpu-otel-receiver
#   scripts/bench-drain.sh                 # REPS=5 REQUESTS=3000 ARMS=gpu-otel-receiver
#
# ARMS names builds in $BIN (copy another build there, e.g. gpu-otel-receiver-base, to
# compare two in one interleaved run); SERVER_CPU pins the receiver (taskset list).
# Prints one line per run and the median per arm.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/bench-lib.sh
source scripts/bench-lib.sh

REPS=${REPS:-5}
REQUESTS=${REQUESTS:-3000}
ARMS=${ARMS:-gpu-otel-receiver}
BIN=${BIN:-${CARGO_TARGET_DIR:-target}/release}
SERVER_CPU=${SERVER_CPU:-}
IN=127.0.0.1:15417
METRICS=127.0.0.1:15564
SINK=127.0.0.1:15419
WORK=$(mktemp -d /tmp/bench-drain.XXXXXX)
QUEUE=$(mktemp -d /var/tmp/bench-drain.XXXXXX)
trap 'stop_started; rm -rf "$QUEUE"' EXIT
PIN=()
[[ -n $SERVER_CPU ]] && PIN=(taskset -c "$SERVER_CPU")

serve() { # build log: the receiver, in the background; its pid in SRV
  "${PIN[@]}" "$BIN/$1" serve --config "$WORK/queue.yaml" --grpc-endpoint "$IN" \
    --http-endpoint 127.0.0.1:15418 --metrics-endpoint "$METRICS" \
    --export-endpoint "http://$SINK" --export-protocol grpc >"$2" 2>&1 &
  SRV=$!
  PIDS+=("$SRV")
  wait_port "$IN"
}

run() { # build rep
  local build=$1 rep=$2 log=$WORK/$1.$2
  rm -rf "$QUEUE/q"
  printf 'queue:\n  dir: %s\n  fsync: group\n' "$QUEUE/q" >"$WORK/queue.yaml"
  export OTEL_EXPORTER_OTLP_TRACES_COMPRESSION=none
  serve "$build" "$log.fill"
  "$BIN/examples/loadgen" --target "$IN" --no-metrics --gpu-shaped --requests "$REQUESTS" \
    --spans 200 --concurrency 8 >"$log.load" 2>&1
  local want
  want=$(grep -o 'expected_exported=[0-9]*' "$log.load" | cut -d= -f2)
  kill -INT "$SRV"
  wait "$SRV" || true
  "$BIN/examples/loadgen" --sink "$SINK" --sink-idle-ms 600000 >"$log.sink" 2>&1 &
  local sink=$!
  PIDS+=("$sink")
  wait_port "$SINK"
  serve "$build" "$log.drain"
  local t0="" e0=0 e=0 now=0 n=0
  while ((n < 6000)); do
    e=$(exported_now "$METRICS")
    now=$(date +%s.%N)
    [[ -z $t0 ]] && ((e > 0)) && { t0=$now; e0=$e; }
    [[ -n $t0 ]] && ((e >= want)) && break
    n=$((n + 1))
    sleep 0.02
  done
  local cpu
  cpu=$(cpu_ticks "$SRV")
  kill "$SRV" "$sink" 2>/dev/null || true
  wait "$SRV" "$sink" 2>/dev/null || true
  awk -v b="$build" -v r="$rep" -v w="$want" -v e="$e" -v e0="$e0" -v t0="${t0:-$now}" -v t1="$now" \
    -v cpu="$cpu" -v tck="$(getconf CLK_TCK)" 'BEGIN {
      d = t1 - t0; if (d <= 0) d = 1e-9
      printf "%s rep=%s want=%d exported=%d all=%s drain_spans_per_s=%.0f server_cpu_s=%.2f\n",
        b, r, w, e, (e >= w ? "yes" : "NO"), (e - e0) / d, cpu / tck
    }'
}

for rep in $(seq "$REPS"); do
  for arm in $ARMS; do
    run "$arm" "$rep" | tee -a "$WORK/runs.txt"
  done
done
echo "# $(date -u +%FT%TZ) $(nproc) cores; $REQUESTS requests of 200 spans read back; medians of $REPS:"
for arm in $ARMS; do
  echo "$arm drain_spans_per_s=$(median_of "$WORK/runs.txt" "$arm " drain_spans_per_s) server_cpu_s=$(median_of "$WORK/runs.txt" "$arm " server_cpu_s)"
done
echo "runs: $WORK/runs.txt"
