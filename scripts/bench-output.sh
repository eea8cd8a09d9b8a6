#!/usr/bin/env bash
# What leaves the node, per span: bytes on the wire and receiver CPU for each export
# compression, replaying a real capture through the receiver at a fixed rate.
#
#   cargo build --release -p gpu-otel-receiver --example loadgen --bin gpu-otel-receiver
#   scripts/bench-output.sh     # REPS=5 RATE=20000 REQUESTS=1000 SPANS=200 ARMS="none gzip zstd"
#
# The H200 table (16 cores: the receiver on 8, loadgen on 5, the sink on 3; ~2.5 minutes):
#   RECEIVER_CPUS=0-7 LOAD_CPUS=8-12 SINK_CPUS=13-15 \
#     RATE=500000 REQUESTS=3000 CONCURRENCY=16 \
#     ARMS="none gzip zstd gzip+metrics gzip+metrics+sampling" scripts/bench-output.sh
# An arm is the export compression (none, gzip, zstd), optionally with "+metrics": kernel
# metrics on (metrics.enabled, a 1 s interval so several intervals fall in a run), and
# "+sampling": output sampling on at its defaults (1 trace in 100 whole, 1 in 100 of the
# other "false" kernels, slow outliers, every "true" and "unknown"). With metrics, the
# executions the metrics counted are printed beside the kernel spans sent (equal: the
# metrics saw every span, sampled or not).
#
# OTLP/gRPC in (loadgen --replay CAPTURE, open loop at RATE spans/s over CONCURRENCY
# connections) -> the receiver on RECEIVER_CPUS, exporting over OTLP/gRPC with the arm's
# compression -> a counting sink (loadgen --sink) on SINK_CPUS. Arms are interleaved,
# REPS rounds, medians. Per run: spans sent and counted at the sink (must be equal), the
# bytes the sink read from its connections (the TCP payload: HTTP/2 and gRPC framing
# included) per span, and the receiver's CPU seconds (utime+stime from /proc/PID/stat,
# from before the load until the sink had nothing more) per span.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/bench-lib.sh
source scripts/bench-lib.sh

REPS=${REPS:-5}
RATE=${RATE:-20000}
REQUESTS=${REQUESTS:-1000}
SPANS=${SPANS:-200}
CONCURRENCY=${CONCURRENCY:-4}
RECEIVER_CPUS=${RECEIVER_CPUS:-1}
LOAD_CPUS=${LOAD_CPUS:-0}
SINK_CPUS=${SINK_CPUS:-$LOAD_CPUS}
ARMS=${ARMS:-"none gzip zstd"}
CAPTURE=${CAPTURE:-receiver/tests/fixtures/h200_demo_receiver_output.jsonl.gz}
BIN=${BIN:-${CARGO_TARGET_DIR:-target}/release}
LOADGEN=${LOADGEN:-$BIN/examples/loadgen}
IN=127.0.0.1:16317
METRICS=127.0.0.1:16464
SINK=127.0.0.1:16319
IDLE=3 # the sink prints once nothing came for this long
TCK=$(getconf CLK_TCK)
WORK=$(mktemp -d /tmp/bench-output.XXXXXX)

for f in "$BIN/gpu-otel-receiver" "$LOADGEN" "$CAPTURE"; do
  [[ -e $f ]] || { echo "missing $f (see the build command at the top)" >&2; exit 1; }
done

run_arm() { # arm rep
  local arm=$1 rep=$2
  local log=$WORK/$arm.$rep compression=${1%%+*}
  : >"$log.yaml"
  if [[ $arm == *+metrics* ]]; then
    printf 'metrics:\n  enabled: true\n  interval: 1s\n' >>"$log.yaml"
  fi
  if [[ $arm == *+sampling* ]]; then
    printf 'sampling:\n  enabled: true\n' >>"$log.yaml"
  fi
  # No `timeout` in between: $! must be the sink itself, whose reads are counted.
  taskset -c "$SINK_CPUS" "$LOADGEN" --sink "$SINK" \
    >"$log.sink" 2>"$log.sink.err" &
  local sink=$!
  PIDS+=("$sink")
  wait_port "$SINK"
  OTEL_EXPORTER_OTLP_TRACES_COMPRESSION=$compression \
    taskset -c "$RECEIVER_CPUS" "$BIN/gpu-otel-receiver" serve --config "$log.yaml" --grpc-endpoint "$IN" \
    --http-endpoint 127.0.0.1:16318 --metrics-endpoint "$METRICS" \
    --export-endpoint "http://$SINK" --export-protocol grpc >"$log.receiver" 2>&1 &
  local srv=$!
  PIDS+=("$srv")
  wait_port "$IN"
  sleep 0.5
  local c0 c1 out
  c0=$(cpu_ticks "$srv")
  # --no-metrics: with sampling on, fewer spans leave than were sent, and polling
  # /metrics for them would cost the receiver the CPU being measured. The receiver's CPU
  # is read once the sink has had nothing for its idle time: every span was exported.
  out=$(taskset -c "$LOAD_CPUS" "$LOADGEN" --target "$IN" --no-metrics \
    --requests "$REQUESTS" --spans "$SPANS" --concurrency "$CONCURRENCY" --rate "$RATE" \
    --replay "$CAPTURE")
  wait "$sink" || true
  c1=$(cpu_ticks "$srv")
  kill "$srv" 2>/dev/null || true
  wait "$srv" 2>/dev/null || true
  PIDS=()
  local sent counted bytes kernels metric
  sent=$(field spans "$out")
  counted=$(sed -n 's/.*"spans":\([0-9]*\).*/\1/p' "$log.sink")
  bytes=$(sed -n 's/.*"wire_bytes":\([0-9]*\).*/\1/p' "$log.sink")
  kernels=$(sed -n 's/.*"kernel_spans":\([0-9]*\).*/\1/p' "$log.sink")
  metric=$(sed -n 's/.*"metric_executions":\([0-9]*\).*/\1/p' "$log.sink")
  awk -v arm="$arm" -v rep="$rep" -v sent="$sent" -v got="${counted:-0}" \
    -v refused="$(field refused_requests "$out")" -v acc="$(field accepted_spans_per_s "$out")" \
    -v p99="$(field ack_p99_ms "$out")" -v c0="$c0" -v c1="$c1" -v bytes="${bytes:-0}" -v kernels="${kernels:-0}" -v metric="${metric:-0}" \
    -v tck="$TCK" 'BEGIN {
      cpu = (c1 - c0) / tck
      sampled = arm ~ /sampling/
      printf "%s rep=%s sent=%d sink_spans=%d sink_kernel_spans=%d metric_executions=%d ok=%s refused=%d accepted_spans_per_s=%.0f ack_p99_ms=%.2f wire_bytes=%d bytes_per_span=%.1f receiver_cpu_s=%.2f cpu_us_per_span=%.3f\n",
        arm, rep, sent, got, kernels, metric, ((sampled || got == sent) && refused == 0 ? "yes" : "NO"), refused, acc, p99,
        bytes, bytes / sent, cpu, cpu * 1e6 / sent
    }' | tee -a "$WORK/runs"
}

echo "# $(date -u +%FT%TZ) $(nproc) cores ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs));" \
  "receiver on cpus $RECEIVER_CPUS, loadgen on $LOAD_CPUS, sink on $SINK_CPUS;" \
  "replay of $CAPTURE: $REQUESTS requests of up to $SPANS spans, $CONCURRENCY connections, $RATE spans/s"
for rep in $(seq "$REPS"); do
  for arm in $ARMS; do run_arm "$arm" "$rep"; done
done

median() { median_of "$WORK/runs" "$1 " "$2"; } # arm key

echo
echo "| arm | bytes per span sent (wire) | receiver CPU µs per span | accepted spans/s | ack p99 ms | kernel spans at the sink | executions in the metrics | ok |"
echo "|---|---|---|---|---|---|---|---|"
for arm in $ARMS; do
  ok=$(grep "^$arm " "$WORK/runs" | grep -c "ok=yes" || true)
  n=$(grep -c "^$arm " "$WORK/runs" || true)
  echo "| $arm | $(median "$arm" bytes_per_span) | $(median "$arm" cpu_us_per_span) | $(median "$arm" accepted_spans_per_s) | $(median "$arm" ack_p99_ms) | $(median "$arm" sink_kernel_spans) | $(median "$arm" metric_executions) | $ok/$n |"
done
echo "runs: $WORK/runs"
