#!/usr/bin/env bash
# Throughput of the receiver with and without its persistent queue: OTLP/gRPC in,
# reconcile, OTLP/gRPC out to a counting sink (`loadgen --sink`), everything on this
# machine's cores. Arms (interleaved, $REPS rounds, medians):
#   memory          the queue off (requests kept in memory, as before)
#   queue-group     queue.dir set, fsync: group (the default, group_window 2ms)
#   queue-request   queue.dir set, fsync: request (one commit and fsync per request)
#   queue-group-0ms (ARMS=) fsync: group, group_window 0: only what arrived during the
#                   previous commit shares the next
# The queue lives in $QUEUE_ROOT (default: a fresh directory under /var/tmp, on disk).
#
#   cargo build --release -p gpu-otel-receiver --example loadgen --bin gpu-otel-receiver
#   scripts/bench-queue.sh            # REPS=5 REQUESTS=2000 CONCURRENCY="4 16"
#
# Per run: spans accepted per second and the acknowledgement latency p50/p99 (loadgen,
# sent until answered), spans exported end to end per second (until /metrics counts them
# all), and the queue's commits (fsyncs) with the requests each covered on average.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/bench-lib.sh
source scripts/bench-lib.sh

REPS=${REPS:-5}
REQUESTS=${REQUESTS:-2000}
CONCURRENCY=${CONCURRENCY:-"4 16"}
ARMS=${ARMS:-"memory queue-group queue-request"}
BIN=${BIN:-${CARGO_TARGET_DIR:-target}/release}
QUEUE_ROOT=${QUEUE_ROOT:-$(mktemp -d /var/tmp/bench-queue.XXXXXX)}
IN=127.0.0.1:15317
METRICS=127.0.0.1:15464
SINK=127.0.0.1:15319
WORK=$(mktemp -d /tmp/bench-queue.XXXXXX)

for f in "$BIN/gpu-otel-receiver" "$BIN/examples/loadgen"; do
  [[ -x $f ]] || { echo "missing $f (see the build command at the top)" >&2; exit 1; }
done

PIDS=()
cleanup() {
  for p in "${PIDS[@]}"; do kill "$p" 2>/dev/null || true; done
  for p in "${PIDS[@]}"; do wait "$p" 2>/dev/null || true; done
  rm -rf "$QUEUE_ROOT"
}
trap cleanup EXIT

metric() { # name
  curl -s "http://$METRICS/metrics" | awk -v n="$1" '$1 == n {print $2}'
}

run_arm() { # arm connections rep
  local arm=$1 conn=$2 rep=$3
  local log=$WORK/$arm.$conn.$rep
  "$BIN/examples/loadgen" --sink "$SINK" >"$log.sink" 2>&1 &
  local sink=$!
  PIDS+=("$sink")
  wait_port "$SINK"
  local cfg=$log.yaml
  case $arm in
    memory) : >"$cfg" ;;
    queue-group) printf 'queue:\n  dir: %s\n  fsync: group\n' "$QUEUE_ROOT/$arm.$conn.$rep" >"$cfg" ;;
    queue-request) printf 'queue:\n  dir: %s\n  fsync: request\n' "$QUEUE_ROOT/$arm.$conn.$rep" >"$cfg" ;;
    queue-group-0ms) printf 'queue:\n  dir: %s\n  fsync: group\n  group_window: 0ms\n' "$QUEUE_ROOT/$arm.$conn.$rep" >"$cfg" ;;
  esac
  "$BIN/gpu-otel-receiver" serve --config "$cfg" --grpc-endpoint "$IN" \
    --http-endpoint 127.0.0.1:15318 --metrics-endpoint "$METRICS" \
    --export-endpoint "http://$SINK" --export-protocol grpc >"$log.server" 2>&1 &
  local srv=$!
  PIDS+=("$srv")
  wait_port "$IN"
  sleep 0.5
  local out commits
  out=$("$BIN/examples/loadgen" --target "$IN" --metrics "$METRICS" --requests "$REQUESTS" \
    --concurrency "$conn")
  commits=$(metric gpu_otel_receiver_queue_commits_total)
  kill "$srv" "$sink" 2>/dev/null || true
  wait "$srv" "$sink" 2>/dev/null || true
  PIDS=()
  rm -rf "${QUEUE_ROOT:?}/$arm.$conn.$rep"
  awk -v arm="$arm" -v conn="$conn" -v rep="$rep" -v requests="$(field requests "$out")" \
    -v acc="$(field accepted_spans_per_s "$out")" -v p50="$(field ack_p50_ms "$out")" \
    -v p99="$(field ack_p99_ms "$out")" -v refused="$(field refused_requests "$out")" \
    -v e2e="$(field end_to_end_spans_per_s "$out")" -v want="$(field expected_exported "$out")" \
    -v got="$(field exported "$out")" -v commits="${commits:-0}" 'BEGIN {
      printf "%s conn=%s rep=%s accepted_spans_per_s=%.0f ack_p50_ms=%.2f ack_p99_ms=%.2f e2e_spans_per_s=%.0f refused=%d exported_all=%s commits=%d requests_per_commit=%.1f\n",
        arm, conn, rep, acc, p50, p99, e2e, refused, (got == want ? "yes" : "NO"), commits, (commits > 0 ? requests / commits : 0)
    }' | tee -a "$WORK/runs"
}

echo "# $(date -u +%FT%TZ) $(nproc) cores; $REQUESTS requests of 100 kernel + 100 plain spans + 4 windows; queue in $QUEUE_ROOT ($(df -T "$QUEUE_ROOT" | awk 'NR==2 {print $2}'))"
for rep in $(seq "$REPS"); do
  for conn in $CONCURRENCY; do
    for arm in $ARMS; do run_arm "$arm" "$conn" "$rep"; done
  done
done

median() { # arm conn key
  grep "^$1 conn=$2 " "$WORK/runs" | tr ' ' '\n' | sed -n "s/^$3=//p" | sort -g |
    awk '{v[NR]=$1} END {if (NR == 0) print "-"; else if (NR % 2) print v[(NR+1)/2]; else print (v[NR/2]+v[NR/2+1])/2}'
}

echo
echo "| arm | connections | accepted spans/s | ack p50 ms | ack p99 ms | end to end spans/s | requests per commit | all exported |"
echo "|---|---|---|---|---|---|---|---|"
for conn in $CONCURRENCY; do
  for arm in $ARMS; do
    ok=$(grep "^$arm conn=$conn " "$WORK/runs" | grep -c "exported_all=yes" || true)
    n=$(grep -c "^$arm conn=$conn " "$WORK/runs" || true)
    echo "| $arm | $conn | $(median "$arm" "$conn" accepted_spans_per_s) | $(median "$arm" "$conn" ack_p50_ms) | $(median "$arm" "$conn" ack_p99_ms) | $(median "$arm" "$conn" e2e_spans_per_s) | $(median "$arm" "$conn" requests_per_commit) | $ok/$n |"
  done
done
echo "runs: $WORK/runs"
