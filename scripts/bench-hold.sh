#!/usr/bin/env bash
# The receiver's memory while it holds every serialized kernel span for the full
# reconcile delay: `loadgen --tier held` sends serialized-tier producers' GPU-shaped
# kernel spans without windows, so nothing settles them early, at $RATE spans/s for
# $SECONDS_ s. The receiver (default configuration, gRPC export without compression to
# loadgen's counting sink) runs on core $SERVER_CPU, the load generator and the sink on
# $LOAD_CPU.
#
#   cargo build --release -p gpu-otel-receiver --example loadgen --bin gpu-otel-receiver
#   scripts/bench-hold.sh              # RATE=100000 SECONDS_=20 SPANS=200 CONCURRENCY=4
#
# It prints the receiver's RSS before the load, its peak (sampled every 100 ms, and the
# kernel's VmHWM), the most spans and bytes held at once (from /metrics), how many left
# early because the hold was full (0 means every span waited the full delay), the spans'
# delivery time (send to arrival at the sink, p50/p99), and the spans counted at the
# sink against those sent.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/bench-lib.sh
source scripts/bench-lib.sh

RATE=${RATE:-100000}
TIER=${TIER:-held} # off: the same load with nothing held, for the baseline
SECONDS_=${SECONDS_:-20}
SPANS=${SPANS:-200}
CONCURRENCY=${CONCURRENCY:-4}
SERVER_CPU=${SERVER_CPU:-1}
LOAD_CPU=${LOAD_CPU:-0}
BIN=${BIN:-target/release}
RECEIVER=${RECEIVER:-gpu-otel-receiver}
IN=127.0.0.1:14317
SINK=127.0.0.1:14319
METRICS=127.0.0.1:19464
WORK=$(mktemp -d /tmp/bench-hold.XXXXXX)
REQUESTS=$((RATE * SECONDS_ / SPANS / CONCURRENCY * CONCURRENCY))

status_kb() { sed -n "s/^$2:[[:space:]]*\([0-9]*\) kB/\1/p" "/proc/$1/status"; }
metric() { curl -s "http://$METRICS/metrics" | awk -v m="$1" '$1 == m {print $2}'; }

taskset -c "$LOAD_CPU" "$BIN/examples/loadgen" --sink "$SINK" >"$WORK/sink" 2>"$WORK/sink.err" &
sink=$!
PIDS+=("$sink")
wait_port "$SINK"
taskset -c "$SERVER_CPU" "$BIN/$RECEIVER" serve --grpc-endpoint "$IN" \
  --http-endpoint 127.0.0.1:14318 --metrics-endpoint "$METRICS" \
  --export-endpoint "http://$SINK" --export-protocol grpc >"$WORK/server" 2>&1 &
srv=$!
PIDS+=("$srv")
wait_port "$IN"
sleep 1
rss0=$(status_kb "$srv" VmRSS)
(
  peak=0 held=0 bytes=0
  while kill -0 "$srv" 2>/dev/null; do
    r=$(status_kb "$srv" VmRSS || echo 0)
    h=$(metric gpu_otel_receiver_kernel_spans_held || echo 0)
    b=$(metric gpu_otel_receiver_kernel_spans_held_bytes || echo 0)
    ((${r:-0} > peak)) && peak=$r
    ((${h%.*} > held)) && held=${h%.*}
    ((${b%.*} > bytes)) && bytes=${b%.*}
    echo "$peak $held $bytes" >"$WORK/peak"
    sleep 0.1
  done
) &
sampler=$!
out=$(taskset -c "$LOAD_CPU" "$BIN/examples/loadgen" --target "$IN" --metrics "$METRICS" \
  --requests "$REQUESTS" --spans "$SPANS" --concurrency "$CONCURRENCY" --rate "$RATE" \
  --gpu-shaped --tier "$TIER")
early=$(metric 'gpu_otel_receiver_spans_released_total{reason="hold_full"}' || echo "?")
deadline=$(metric 'gpu_otel_receiver_spans_released_total{reason="deadline"}' || echo "?")
hwm=$(status_kb "$srv" VmHWM)
kill "$srv"
wait "$srv" 2>/dev/null || true
wait "$sampler" 2>/dev/null || true
wait "$sink" || true
read -r peak held bytes <"$WORK/peak"
counted=$(sed -n 's/.*"spans":\([0-9]*\).*/\1/p' "$WORK/sink")
d50=$(sed -n 's/.*"delivery_p50_ms":\([0-9.]*\).*/\1/p' "$WORK/sink")
d99=$(sed -n 's/.*"delivery_p99_ms":\([0-9.]*\).*/\1/p' "$WORK/sink")
echo "# $(date -u +%FT%TZ) $(nproc) cores; receiver on cpu $SERVER_CPU; $RATE spans/s for ${SECONDS_} s, $SPANS spans per request"
echo "$out"
echo "rss_before_mib=$((rss0 / 1024)) rss_peak_mib=$((peak / 1024)) vm_hwm_mib=$((hwm / 1024))" \
  "held_max=$held held_bytes_max_mib=$((bytes / 1048576)) released_early=$early" \
  "released_deadline=$deadline delivery_p50_ms=$d50 delivery_p99_ms=$d99" \
  "sink_spans=${counted:-0} sent=$(field spans "$out")"
