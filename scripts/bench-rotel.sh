#!/usr/bin/env bash
# Throughput of OTLP/gRPC in -> (reconcile) -> OTLP/gRPC out on ONE pinned core: the
# receiver (tier off requests; serialized requests with their windows) side by side with
# rotel-agent (pip `rotel`, a pass-through) on the same core, the same load generator and
# the same counting sink. The server under test runs on core $SERVER_CPU, the load
# generator and the sink on core $LOAD_CPU (the sink on $SINK_CPU when set). Arms are
# interleaved, $REPS rounds; medians.
#
#   cargo build --release -p gpu-otel-receiver --example loadgen --bin gpu-otel-receiver
#   scripts/bench-rotel.sh            # REPS=3 REQUESTS=2000 SPANS=200 CONCURRENCY=4
#
# The sink is `loadgen --sink`, a counting OTLP/gRPC backend that accepts gzip: rotel-agent
# 0.0.1-alpha10 compresses its gRPC export with gzip whatever --otlp-exporter-compression
# says, and export-load's backend refuses gzip. So that both servers do the same work, the
# receiver exports with gzip too (RECEIVER_COMPRESSION=none for its default).
#
# Per run it prints: spans accepted per second and the acknowledgement latency p50/p99
# (loadgen, sent until answered), the delivery time p50/p99 of the spans (the sink, from
# the send time loadgen puts on each request's scope until the span arrives), spans counted at the sink (must equal what the server
# should export: every span sent, plus two window spans per serialized request for the
# receiver), end-to-end spans/s (loadgen start until the sink's last count), and the
# server's CPU seconds (utime+stime from /proc/PID/stat, from before the load until the
# sink has counted everything) with accepted spans per CPU-second.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/bench-lib.sh
source scripts/bench-lib.sh

REPS=${REPS:-3}
REQUESTS=${REQUESTS:-2000}
SPANS=${SPANS:-200}
CONCURRENCY=${CONCURRENCY:-4}
RATE=${RATE:-0} # spans/s in all, paced (0: each connection as fast as answers come)
SERVER_CPU=${SERVER_CPU:-1}
LOAD_CPU=${LOAD_CPU:-0}
SINK_CPU=${SINK_CPU:-$LOAD_CPU}
BIN=${BIN:-target/release}
ROTEL=${ROTEL:-$(find .venv -name rotel-agent -type f 2>/dev/null | head -n1)}
RECEIVER_COMPRESSION=${RECEIVER_COMPRESSION:-gzip}
ARMS=${ARMS:-"receiver-off receiver-serialized rotel-off rotel-serialized"}
IN=127.0.0.1:14317
SINK=127.0.0.1:14319
IDLE=3
TCK=$(getconf CLK_TCK)
WORK=$(mktemp -d /tmp/bench-rotel.XXXXXX)

for f in "$BIN/gpu-otel-receiver" "$BIN/examples/loadgen"; do
  [[ -x $f ]] || { echo "missing $f (see the build commands at the top)" >&2; exit 1; }
done
[[ -x $ROTEL ]] || { echo "rotel-agent not found (set ROTEL=)" >&2; exit 1; }

run_arm() { # arm rep
  local arm=$1 rep=$2 server=${1%-*} tier=${1##*-}
  local log=$WORK/$arm.$rep
  taskset -c "$SINK_CPU" timeout 300 "$BIN/examples/loadgen" --sink "$SINK" \
    >"$log.sink" 2>"$log.sink.err" &
  local sink=$!
  PIDS+=("$sink")
  wait_port "$SINK"
  if [[ $server == receiver* ]]; then
    # "receiver-NAME-off" runs $BIN/gpu-otel-receiver-NAME: builds compared in one run.
    OTEL_EXPORTER_OTLP_TRACES_COMPRESSION=$RECEIVER_COMPRESSION \
      taskset -c "$SERVER_CPU" "$BIN/gpu-otel-$server" serve --grpc-endpoint "$IN" \
      --http-endpoint 127.0.0.1:14318 --metrics-endpoint 127.0.0.1:19464 \
      --export-endpoint "http://$SINK" --export-protocol grpc \
      >"$log.server" 2>&1 &
  else
    taskset -c "$SERVER_CPU" "$ROTEL" start --otlp-grpc-endpoint "$IN" \
      --otlp-http-endpoint 127.0.0.1:14318 --pid-file "$WORK/rotel.pid" \
      --log-file "$WORK/rotel.log" --exporter otlp --otlp-exporter-endpoint "http://$SINK" \
      --otlp-exporter-protocol grpc --otlp-exporter-compression none \
      >"$log.server" 2>&1 &
  fi
  local srv=$!
  PIDS+=("$srv")
  wait_port "$IN"
  sleep 0.5
  local c0 t0 t1 c1 out
  c0=$(cpu_ticks "$srv")
  t0=$(date +%s.%N)
  out=$(taskset -c "$LOAD_CPU" "$BIN/examples/loadgen" --target "$IN" --requests "$REQUESTS" \
    --spans "$SPANS" --concurrency "$CONCURRENCY" --rate "$RATE" --gpu-shaped --tier "$tier" --no-metrics)
  wait "$sink" || true
  t1=$(date +%s.%N)
  c1=$(cpu_ticks "$srv")
  kill "$srv" 2>/dev/null || true
  wait "$srv" 2>/dev/null || true
  PIDS=()
  local sent expected counted refused
  sent=$(field spans "$out")
  refused=$(field refused_requests "$out")
  if [[ $server == receiver* ]]; then expected=$(field expected_exported "$out"); else expected=$sent; fi
  counted=$(sed -n 's/.*"spans":\([0-9]*\).*/\1/p' "$log.sink")
  local d50 d99
  d50=$(sed -n 's/.*"delivery_p50_ms":\([0-9.]*\).*/\1/p' "$log.sink")
  d99=$(sed -n 's/.*"delivery_p99_ms":\([0-9.]*\).*/\1/p' "$log.sink")
  awk -v arm="$arm" -v rep="$rep" -v sent="$sent" -v want="$expected" -v got="${counted:-0}" \
    -v acc="$(field accepted_spans_per_s "$out")" -v p50="$(field ack_p50_ms "$out")" \
    -v p99="$(field ack_p99_ms "$out")" -v refused="$refused" -v c0="$c0" -v c1="$c1" \
    -v tck="$TCK" -v t0="$t0" -v t1="$t1" -v idle="$IDLE" -v d50="${d50:-0}" -v d99="${d99:-0}" 'BEGIN {
      cpu = (c1 - c0) / tck
      e2e = got / (t1 - t0 - idle)
      printf "%s rep=%s sent=%d accepted_spans_per_s=%.0f ack_p50_ms=%.2f ack_p99_ms=%.2f delivery_p50_ms=%.2f delivery_p99_ms=%.2f refused=%d sink_spans=%d expected=%d ok=%s e2e_spans_per_s=%.0f server_cpu_s=%.2f spans_per_cpu_s=%.0f\n",
        arm, rep, sent, acc, p50, p99, d50, d99, refused, got, want, (got == want ? "yes" : "NO"), e2e, cpu, (cpu > 0 ? sent / cpu : 0)
    }' | tee -a "$WORK/runs"
}

echo "# $(date -u +%FT%TZ) $(nproc) cores, server on cpu $SERVER_CPU, loadgen on cpu $LOAD_CPU, sink on cpu $SINK_CPU;" \
  "$REQUESTS requests x $SPANS kernel spans, $CONCURRENCY connections, rate $RATE;" \
  "receiver export compression $RECEIVER_COMPRESSION; $("$ROTEL" --version 2>&1)"
for rep in $(seq "$REPS"); do
  for arm in $ARMS; do run_arm "$arm" "$rep"; done
done

median() { median_of "$WORK/runs" "$1 " "$2"; } # arm key

echo
echo "| arm | accepted spans/s | ack p50 ms | ack p99 ms | delivery p50 ms | delivery p99 ms | end to end spans/s | server CPU s | spans per CPU-s | sink = expected |"
echo "|---|---|---|---|---|---|---|---|---|---|"
for arm in $ARMS; do
  ok=$(grep "^$arm " "$WORK/runs" | grep -c "ok=yes" || true)
  n=$(grep -c "^$arm " "$WORK/runs" || true)
  echo "| $arm | $(median "$arm" accepted_spans_per_s) | $(median "$arm" ack_p50_ms) | $(median "$arm" ack_p99_ms) | $(median "$arm" delivery_p50_ms) | $(median "$arm" delivery_p99_ms) | $(median "$arm" e2e_spans_per_s) | $(median "$arm" server_cpu_s) | $(median "$arm" spans_per_cpu_s) | $ok/$n |"
done
echo
for tier in off serialized; do
  r=$(median "receiver-$tier" accepted_spans_per_s) o=$(median "rotel-$tier" accepted_spans_per_s)
  rc=$(median "receiver-$tier" spans_per_cpu_s) oc=$(median "rotel-$tier" spans_per_cpu_s)
  awk -v t="$tier" -v r="$r" -v o="$o" -v rc="$rc" -v oc="$oc" 'BEGIN {
    if (o > 0 && oc > 0) printf "receiver/rotel, %s requests: accepted spans/s %.2fx, spans per CPU-s %.2fx\n", t, r / o, rc / oc }'
done
echo "runs: $WORK/runs"
