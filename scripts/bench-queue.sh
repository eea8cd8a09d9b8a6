#!/usr/bin/env bash
# Throughput and acknowledgement latency of the receiver with and without its persistent
# queue: OTLP/gRPC in, reconcile, OTLP/gRPC out to a counting sink (`loadgen --sink`).
# Arms (interleaved, $REPS rounds, medians):
#   memory          the queue off (requests kept in memory)
#   queue-group     queue.dir set, fsync: group, the build's defaults (group_window 0)
#   queue-request   queue.dir set, fsync: request (one commit and fsync per request)
#   queue-group-0ms fsync: group, group_window 0: only what arrived during the previous
#                   commit shares the next (the default since 2026-12-02)
#   queue-group-2ms fsync: group, group_window 2ms: commits start at least 2 ms apart
#                   (the default before)
#   queue-group-db1s fsync: group, database_interval 1s (deletions committed once a
#                   second instead of every 100 ms: fewer fsyncs beside the requests')
#   queue-group-raw fsync: group, bodies stored as they arrived (compression: none; the
#                   default stores an uncompressed body zstd-compressed)
#   queue-group-shm fsync: group, the queue in /dev/shm (memory: what the queue costs
#                   without a disk's waits, the ceiling a faster disk can reach)
# An arm may name a build: "queue-group+base" runs $BIN/gpu-otel-receiver-base (copy a
# build there), so that two builds are compared in one interleaved run.
# The queue lives in $QUEUE_ROOT (default: a fresh directory under /var/tmp, on disk).
#
#   cargo build --release -p gpu-otel-receiver --example loadgen --bin gpu-otel-receiver
#   scripts/bench-queue.sh            # REPS=5 REQUESTS=2000 CONCURRENCY="4 16", unpinned
#
# Node scale on a 16-core machine (the issue's setup: 8 receiver cores, 32 connections,
# 200-span GPU-shaped requests, saturated and at 500k spans/s; ~3 min):
#
#   SERVER_CPU=2-9 LOAD_CPU=0-1 SINK_CPU=10-15 CONCURRENCY=32 SPANS=200 SHAPE=gpu \
#     RATES="0 500000" REQUESTS=6000 ARMS="memory queue-group" OUT=results \
#     scripts/bench-queue.sh
# (loadgen needs ~1 core at 500k spans/s; the sink walks each request's protobuf in place
# and reads only what it counts, ~0.44 µs a GPU-shaped span with gzip on the 2-core
# development machine, 1.2 µs with the lean prost view before, median of 3: receiver/src/fixtures/counting.rs.)
#
# Settings: SERVER_CPU, LOAD_CPU, SINK_CPU are taskset core lists (empty: not pinned);
# RATES lists loads in spans/s (0: each connection sends as fast as its answers come,
# the saturated case; N: open loop, latency counted from when a request was due);
# SHAPE=mixed (SPANS stamped serialized kernel spans, as many plain spans, the 4 window
# records that settle them) or gpu (SPANS kernel spans with the injector's attributes).
# COMPRESSION: the receiver's export compression (default none: the queue is measured,
# not gzip; the export's compression costs are scripts/bench-output.sh's).
# GENERATORS: loadgen processes per run (default 1), sharing CONCURRENCY, REQUESTS and
# the rate; their report merges as `generate` says.
# OUT: where runs.txt and summary.md go (default: the temporary directory that holds the
# logs of each run: the receiver's, the sink's, per-thread CPU).
#
# Per run: spans accepted per second and the acknowledgement latency p50/p99 (loadgen,
# sent until answered), spans exported end to end per second (until /metrics counts them
# all), the receiver's CPU seconds and its queue writer thread's (from /proc), and the
# queue's commits (fsyncs) with the requests each covered on average, and what the appends
# wrote to disk (`queue_written_bytes_total`) per span accepted and per second of sending
# (disk_bytes_per_span, disk_mb_per_s; 0 in memory mode). Busy cores are CPU
# seconds over the time from loadgen's first request until every span was exported
# (loadgen encodes its requests before that, while the receiver idles).
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/bench-lib.sh
source scripts/bench-lib.sh

REPS=${REPS:-5}
REQUESTS=${REQUESTS:-2000}
# Saturated runs (rate 0) may send more, so that they last as long as the paced ones.
SATURATED_REQUESTS=${SATURATED_REQUESTS:-$REQUESTS}
SPANS=${SPANS:-100}
SHAPE=${SHAPE:-mixed}
CONCURRENCY=${CONCURRENCY:-"4 16"}
RATES=${RATES:-0}
ARMS=${ARMS:-"memory queue-group queue-request"}
SERVER_CPU=${SERVER_CPU:-}
LOAD_CPU=${LOAD_CPU:-}
SINK_CPU=${SINK_CPU:-$LOAD_CPU}
COMPRESSION=${COMPRESSION:-none}
GENERATORS=${GENERATORS:-1}
WARMUP=${WARMUP:-64}
BIN=${BIN:-${CARGO_TARGET_DIR:-target}/release}
QUEUE_ROOT=${QUEUE_ROOT:-$(mktemp -d /var/tmp/bench-queue.XXXXXX)}
IN=127.0.0.1:15317
METRICS=127.0.0.1:15464
SINK=127.0.0.1:15319
WORK=$(mktemp -d /tmp/bench-queue.XXXXXX)
RESULTS=${OUT:-$WORK}
mkdir -p "$RESULTS" "$QUEUE_ROOT"
TCK=$(getconf CLK_TCK)

for f in "$BIN/gpu-otel-receiver" "$BIN/examples/loadgen"; do
  [[ -x $f ]] || { echo "missing $f (see the build command at the top)" >&2; exit 1; }
done
case $SHAPE in
  mixed) SHAPE_ARGS=() ;;
  gpu) SHAPE_ARGS=(--gpu-shaped) ;;
  *) echo "SHAPE is mixed or gpu" >&2; exit 1 ;;
esac


trap 'stop_started; rm -rf "$QUEUE_ROOT"' EXIT

# taskset prefixes: empty when a role is not pinned. (A prefix, not a shell function, so
# that $! is the process itself.)
pinned() { [[ -n $1 ]] && echo "taskset -c $1" || true; }
read -r -a PIN_SERVER <<<"$(pinned "$SERVER_CPU")"
read -r -a PIN_LOAD <<<"$(pinned "$LOAD_CPU")"
read -r -a PIN_SINK <<<"$(pinned "$SINK_CPU")"

metric() { # name
  curl -s "http://$METRICS/metrics" | awk -v n="$1" '$1 == n {print $2}'
}

threads() { # pid: "name ticks tid" per thread (utime+stime; the name may hold spaces)
  local t s
  for t in /proc/"$1"/task/*; do
    s=$(<"$t/stat") || continue
    printf '%s %s %s\n' "$(tr ' ' '_' <"$t/comm")" "$(awk '{print $12 + $13}' <<<"${s##*) }")" "${t##*/}"
  done
}

# generate CONN RATE LOG: loadgen's one-line report of a run. With GENERATORS > 1, that
# many loadgen processes run at once (all on LOAD_CPU), the connections, requests and
# rate split between them, so that no generator's core paces the run, and their lines
# merge into one: spans accepted per second over the slowest generator's sending time;
# each acknowledgement percentile as the generators' largest, an upper bound of the
# merged one (if no generator has more than 1% of its requests above M, their union has
# not either); the spans exported counted here, from /metrics, until every accepted span
# left (60 s at most); their CPU summed.
generate() {
  local conn=$1 rate=$2 log=$3 g=$GENERATORS n=$REQUESTS
  (( rate == 0 )) && n=$SATURATED_REQUESTS
  if (( g <= 1 )); then
    "${PIN_LOAD[@]}" "$BIN/examples/loadgen" --target "$IN" --metrics "$METRICS" \
      --requests "$n" --spans "$SPANS" --concurrency "$conn" --rate "$rate" "${SHAPE_ARGS[@]}"
    return
  fi
  (( conn >= g )) || { echo "CONCURRENCY $conn is less than GENERATORS $g" >&2; exit 1; }
  local i before pids=()
  before=$(exported_now "$METRICS")
  for ((i = 0; i < g; i++)); do
    "${PIN_LOAD[@]}" "$BIN/examples/loadgen" --target "$IN" --no-metrics \
      --requests $((n / g)) --spans "$SPANS" --concurrency $((conn / g)) --first-producer $((i * conn)) \
      --rate $((rate / g)) "${SHAPE_ARGS[@]}" >"$log.load$i" 2>&1 &
    pids+=($!)
  done
  for i in "${pids[@]}"; do wait "$i" || { echo "a load generator failed: $(cat "$log".load*)" >&2; exit 1; }; done
  # End to end runs from the first request, not from the start of the generators (each
  # encodes its requests first): the slowest one's sending time, then the draining.
  local lines expected done_at exported sent_at
  sent_at=$(date +%s.%N)
  lines=$(cat "$log".load*)
  expected=$(awk '{for (i = 1; i <= NF; i++) if ($i ~ /^expected_exported=/) {split($i, kv, "="); s += kv[2]}} END {print s + 0}' <<<"$lines")
  exported=0
  for _ in $(seq 1200); do
    exported=$(( $(exported_now "$METRICS") - before ))
    (( exported >= expected )) && break
    sleep 0.05
  done
  done_at=$(date +%s.%N)
  awk -v g="$g" -v rate="$rate" -v expected="$expected" -v exported="$exported" -v t0="$sent_at" -v t1="$done_at" '
    function v(k,   i, kv) {
      for (i = 1; i <= NF; i++) if (index($i, k "=") == 1) {split($i, kv, "="); sub(/s$/, "", kv[2]); return kv[2] + 0}
      return 0
    }
    {
      t = v("accepted_in"); if (t > slowest) slowest = t
      requests += v("requests"); spans += v("spans")
      refused += v("refused_requests"); accepted += v("accepted_spans_per_s") * t; ticks += v("cpu_ticks_sending")
      if (v("ack_p50_ms") > p50) p50 = v("ack_p50_ms")
      if (v("ack_p99_ms") > p99) p99 = v("ack_p99_ms")
      if (v("ack_max_ms") > mx) mx = v("ack_max_ms")
    }
    END {
      wall = slowest + (t1 - t0)
      printf "protocol=grpc generators=%d rate=%d requests=%d spans=%d expected_exported=%d refused_requests=%d accepted_in=%.2fs accepted_spans_per_s=%.0f ack_p50_ms=%.2f ack_p99_ms=%.2f ack_max_ms=%.2f exported=%d exported_in=%.2fs end_to_end_spans_per_s=%.0f cpu_ticks_sending=%d\n",
        g, rate, requests, spans, expected, refused, slowest, accepted / slowest, p50, p99, mx, exported, wall, exported / wall, ticks
    }' <<<"$lines"
}

# warm CONN: WARMUP requests (default 64, at least one per connection) before the
# measured run, answered and exported but not counted: a cold receiver answered its
# first 100-200 ms slower (development machine, 2026-12-06: p99 67-109 ms over 3,000
# requests at 300k spans/s from a cold receiver, 3.6-4.0 ms after 64 requests), and a
# run of a few seconds read that start as its tail.
warm() {
  (( WARMUP > 0 )) || return 0
  "${PIN_LOAD[@]}" "$BIN/examples/loadgen" --target "$IN" --metrics "$METRICS" \
    --requests $(( WARMUP > $1 ? WARMUP : $1 )) --spans "$SPANS" --concurrency "$1" \
    --first-producer 1000000 "${SHAPE_ARGS[@]}" >"$2.warm" 2>&1
}

# queue_counters: the queue's cumulative counters now: "commits commit_us commits_over_10ms
# db_commits db_us written_bytes" (a build before the histogram: the counters it replaced).
queue_counters() {
  local commits commit_us slow=0
  commits=$(metric gpu_otel_receiver_queue_commit_seconds_count)
  commit_us=$(metric gpu_otel_receiver_queue_commit_seconds_sum | awk '{printf "%.0f", $1 * 1e6}')
  if [[ -n $commits ]]; then
    slow=$(( commits - $(metric 'gpu_otel_receiver_queue_commit_seconds_bucket{le="0.01"}') ))
  else
    commits=$(metric gpu_otel_receiver_queue_commits_total)
    commit_us=$(metric gpu_otel_receiver_queue_commit_microseconds_total)
  fi
  # Empty before the written-bytes counter existed.
  echo "${commits:-0} ${commit_us:-0} $slow $(metric gpu_otel_receiver_queue_database_commits_total | grep . || echo 0)" \
    "$(metric gpu_otel_receiver_queue_database_commit_microseconds_total | grep . || echo 0)" \
    "$(metric gpu_otel_receiver_queue_written_bytes_total | grep . || echo 0)"
}

run_arm() { # arm connections rate rep
  local arm=$1 conn=$2 rate=$3 rep=$4
  local mode=${arm%%+*} build=gpu-otel-receiver
  [[ $arm == *+* ]] && build=gpu-otel-receiver-${arm#*+}
  local log=$WORK/$arm.c$conn.r$rate.$rep
  # Stopped below; meanwhile it waits out a generator that encodes its requests first.
  "${PIN_SINK[@]}" "$BIN/examples/loadgen" --sink "$SINK" --sink-idle-ms 120000 >"$log.sink" 2>&1 &
  local sink=$!
  PIDS+=("$sink")
  wait_port "$SINK"
  local cfg=$log.yaml dir=$QUEUE_ROOT/$arm.$conn.$rate.$rep
  case $mode in
    memory) : >"$cfg" ;;
    queue-group) printf 'queue:\n  dir: %s\n  fsync: group\n' "$dir" >"$cfg" ;;
    queue-request) printf 'queue:\n  dir: %s\n  fsync: request\n' "$dir" >"$cfg" ;;
    queue-group-0ms) printf 'queue:\n  dir: %s\n  fsync: group\n  group_window: 0ms\n' "$dir" >"$cfg" ;;
    queue-group-2ms) printf 'queue:\n  dir: %s\n  fsync: group\n  group_window: 2ms\n' "$dir" >"$cfg" ;;
    queue-group-db1s) printf 'queue:\n  dir: %s\n  fsync: group\n  database_interval: 1s\n' "$dir" >"$cfg" ;;
    queue-group-raw) printf 'queue:\n  dir: %s\n  fsync: group\n  compression: none\n' "$dir" >"$cfg" ;;
    queue-group-shm)
      dir=/dev/shm/bench-queue.$arm.$conn.$rate.$rep
      printf 'queue:\n  dir: %s\n  fsync: group\n' "$dir" >"$cfg" ;;
    *) echo "unknown arm $arm" >&2; exit 1 ;;
  esac
  OTEL_EXPORTER_OTLP_TRACES_COMPRESSION=$COMPRESSION "${PIN_SERVER[@]}" "$BIN/$build" serve --config "$cfg" --grpc-endpoint "$IN" \
    --http-endpoint 127.0.0.1:15318 --metrics-endpoint "$METRICS" \
    --export-endpoint "http://$SINK" --export-protocol grpc >"$log.server" 2>&1 &
  local srv=$!
  PIDS+=("$srv")
  wait_port "$IN"
  sleep 0.5
  warm "$conn" "$log"
  local out commits commit_us slow db_commits db_us written t0 t1 before after
  read -r -a before < <(queue_counters)
  local sink0
  sink0=$(cpu_ticks "$sink")
  threads "$srv" >"$log.threads0"
  t0=$(date +%s.%N)
  out=$(generate "$conn" "$rate" "$log")
  t1=$(date +%s.%N)
  threads "$srv" >"$log.threads1"
  local sink_ticks
  sink_ticks=$(( $(cpu_ticks "$sink") - sink0 ))
  # The measured run's share of the queue's counters (commits over 10 ms among them).
  read -r -a after < <(queue_counters)
  commits=$(( after[0] - before[0] )) commit_us=$(( after[1] - before[1] )) slow=$(( after[2] - before[2] ))
  db_commits=$(( after[3] - before[3] )) db_us=$(( after[4] - before[4] )) written=$(( after[5] - before[5] ))
  kill "$srv" "$sink" 2>/dev/null || true
  wait "$srv" "$sink" 2>/dev/null || true
  PIDS=()
  rm -rf "$dir"
  # CPU seconds per thread name over the run; the writer thread is "gpu-otel-queue";
  # the busiest single thread (by name and position) shows a serial stage at its limit.
  local cpu writer top
  read -r cpu writer top < <(awk -v tck="$TCK" 'NR == FNR {a[$1] += $2; at[$3] = $2; next}
    {b[$1] += $2; t = ($2 - at[$3]) / tck; if (t > top) top = t}
    END {for (n in b) {d = (b[n] - a[n]) / tck; all += d; if (n == "gpu-otel-queue") w += d}
      printf "%.2f %.2f %.2f\n", all, w, top}' "$log.threads0" "$log.threads1")
  awk -v arm="$arm" -v conn="$conn" -v rate="$rate" -v rep="$rep" \
    -v requests="$(field requests "$out")" -v acc="$(field accepted_spans_per_s "$out")" \
    -v p50="$(field ack_p50_ms "$out")" -v p99="$(field ack_p99_ms "$out")" \
    -v refused="$(field refused_requests "$out")" -v e2e="$(field end_to_end_spans_per_s "$out")" \
    -v want="$(field expected_exported "$out")" -v got="$(field exported "$out")" \
    -v commits="${commits:-0}" -v commit_us="${commit_us:-0}" -v dbc="${db_commits:-0}" -v dbus="${db_us:-0}" -v slow="$slow" -v cpu="$cpu" -v writer="$writer" -v top="$top" -v tck="$TCK" -v lticks="$(field cpu_ticks_sending "$out")" -v sticks="$sink_ticks" -v written="${written:-0}" -v sent_s="$(field accepted_in "$out" | tr -d s)" -v wall="$(awk -v a="$t0" -v b="$t1" -v sent="$(field exported_in "$out" | tr -d s)" 'BEGIN {print (sent > 0 ? sent : b - a)}')" 'BEGIN {
      printf "%s conn=%s rate=%s rep=%s accepted_spans_per_s=%.0f ack_p50_ms=%.2f ack_p99_ms=%.2f e2e_spans_per_s=%.0f refused=%d exported_all=%s commits=%d requests_per_commit=%.1f commit_ms=%.2f db_commits=%d db_commit_ms=%.2f commits_over_10ms=%d server_cpu_s=%.2f server_cores=%.2f writer_cpu_s=%.2f writer_busy=%.2f top_thread_busy=%.2f load_cores=%.2f sink_cores=%.2f disk_bytes_per_span=%.1f disk_mb_per_s=%.1f\n",
        arm, conn, rate, rep, acc, p50, p99, e2e, refused, (got == want ? "yes" : "NO"), commits, (commits > 0 ? requests / commits : 0), (commits > 0 ? commit_us / commits / 1000 : 0), dbc, (dbc > 0 ? dbus / dbc / 1000 : 0), slow, cpu, cpu / wall, writer, writer / wall, top / wall, (sent_s > 0 ? lticks / tck / sent_s : 0), sticks / tck / wall, (acc * sent_s > 0 ? written / (acc * sent_s) : 0), (sent_s > 0 ? written / sent_s / 1e6 : 0)
    }' | tee -a "$RESULTS/runs.txt"
}

{
  echo "# $(date -u +%FT%TZ) $(nproc) cores ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//'))"
  echo "# receiver on cores ${SERVER_CPU:-any}, loadgen on ${LOAD_CPU:-any}, sink on ${SINK_CPU:-any};" \
    "$REQUESTS requests ($SATURATED_REQUESTS saturated) of $SPANS spans ($SHAPE, export compression: $COMPRESSION), connections $CONCURRENCY, rates $RATES (0: saturated);" \
    "queue in $QUEUE_ROOT ($(df -T "$QUEUE_ROOT" | awk 'NR==2 {print $2}'))"
} | tee "$RESULTS/runs.txt"
for rep in $(seq "$REPS"); do
  for rate in $RATES; do
    for conn in $CONCURRENCY; do
      for arm in $ARMS; do run_arm "$arm" "$conn" "$rate" "$rep"; done
    done
  done
done

median() { median_of "$RESULTS/runs.txt" "$1 conn=$2 rate=$3 " "$4"; } # arm conn rate key

{
  grep '^#' "$RESULTS/runs.txt"
  echo
  echo "| arm | connections | offered spans/s | accepted spans/s | ack p50 ms | ack p99 ms | end to end spans/s | receiver cores busy | busiest receiver thread | writer thread busy | requests per commit | ms per commit | commits over 10 ms | database commit ms | loadgen cores busy | sink cores busy | disk bytes per span | disk MB/s | all exported |"
  echo "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"
  for rate in $RATES; do
    for conn in $CONCURRENCY; do
      for arm in $ARMS; do
        ok=$(grep "^$arm conn=$conn rate=$rate " "$RESULTS/runs.txt" | grep -c "exported_all=yes" || true)
        n=$(grep -c "^$arm conn=$conn rate=$rate " "$RESULTS/runs.txt" || true)
        offered=$rate
        [[ $rate == 0 ]] && offered=saturated
        echo "| $arm | $conn | $offered | $(median "$arm" "$conn" "$rate" accepted_spans_per_s) | $(median "$arm" "$conn" "$rate" ack_p50_ms) | $(median "$arm" "$conn" "$rate" ack_p99_ms) | $(median "$arm" "$conn" "$rate" e2e_spans_per_s) | $(median "$arm" "$conn" "$rate" server_cores) | $(median "$arm" "$conn" "$rate" top_thread_busy) | $(median "$arm" "$conn" "$rate" writer_busy) | $(median "$arm" "$conn" "$rate" requests_per_commit) | $(median "$arm" "$conn" "$rate" commit_ms) | $(median "$arm" "$conn" "$rate" commits_over_10ms) | $(median "$arm" "$conn" "$rate" db_commit_ms) | $(median "$arm" "$conn" "$rate" load_cores) | $(median "$arm" "$conn" "$rate" sink_cores) | $(median "$arm" "$conn" "$rate" disk_bytes_per_span) | $(median "$arm" "$conn" "$rate" disk_mb_per_s) | $ok/$n |"
      done
    done
  done
} >"$RESULTS/summary.md"
echo
cat "$RESULTS/summary.md"
echo "runs: $RESULTS/runs.txt; logs: $WORK"
