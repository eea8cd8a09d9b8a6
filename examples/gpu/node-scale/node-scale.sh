#!/usr/bin/env bash
# The receiver at node scale on a 16-core GPU host: the persistent queue against memory
# mode (scripts/bench-queue.sh), what leaves the node per span (scripts/bench-output.sh),
# and backend outages in memory mode (the queue integration test's outage scenario, run
# from its release test binary). No GPU is used. Release builds (GPU_OTEL_BIN_DIR may hold
# them where there is no Rust toolchain; strip them to carry less):
#   cargo build --release -p gpu-otel-receiver --bin gpu-otel-receiver --example loadgen
#   cargo test --release -p gpu-otel-receiver --test queue --no-run   # -> $BIN/queue-test
#     (copy the test binary cargo names, target/release/deps/queue-*, to $BIN/queue-test)
# PARTS (default "queue output"; "drain" reads a queue's backlog back on 8 cores,
# scripts/bench-drain.sh; "outages" runs the 60 s and 300 s outages side by side, ~6 min,
# pinned to OUTAGE_CPUS; the receivers' logs go to TEST_LOGS). Results go to
# $OUT/<part>/ (default /tmp/node-scale).
set -u
# shellcheck source=SCRIPTDIR/../common/gpu.sh
. "$(dirname "$0")/../common/gpu.sh"
need gpu-otel-receiver examples/loadgen
results /tmp/node-scale
PARTS=${PARTS:-"queue output"}
date -u +%FT%TZ
nproc
grep -m1 'model name' /proc/cpuinfo
for part in $PARTS; do
  mkdir -p "$OUT/$part"
  t=$(date +%s)
  case $part in
    queue)
      # 8 receiver cores and 32 connections, the default export compression (gzip);
      # loadgen (requests encoded before the run) needs ~1 core at 1M spans/s: 4
      # generators on 4 cores were 3.0 cores busy at 3.26M spans/s in memory mode with
      # the receiver 6.0 of 8 (H100 host, 2026-12-06 afternoon), so neither side was
      # plainly the limit; GENERATORS loadgen processes (default 8, 4 connections each)
      # now share 5 cores, and runs.txt's load_cores says whether they were the limit.
      # The counting sink walks each request in place (0.44 µs a span on the development
      # machine: ~1.5 cores at 3.5M spans/s) on the other 3 (13-15; 13 alone with PARTS
      # outages). 12,000 requests: 2.4 s at 1M spans/s; saturated, 36,000 (~2 s at
      # 3.5M: the 12,000 of before lasted 0.7 s, ramps and all).
      SERVER_CPU=${SERVER_CPU:-4-11} LOAD_CPU=${LOAD_CPU:-0-3,12} SINK_CPU=${SINK_CPU:-13-15} CONCURRENCY=32 SPANS=200 SHAPE=gpu \
        GENERATORS=${GENERATORS:-8} COMPRESSION=${COMPRESSION:-gzip} \
        RATES="0 500000 1000000" REQUESTS=${QUEUE_REQUESTS:-12000} REPS=${REPS:-5} \
        SATURATED_REQUESTS=${SATURATED_REQUESTS:-36000} \
        ARMS="${QUEUE_ARMS:-memory queue-group}" OUT="$OUT/queue" BIN=$BIN \
        timeout "${QUEUE_TIMEOUT:-300}" scripts/bench-queue.sh > "$OUT/queue/log.txt" 2>&1
      ;;
    output)
      BIN=$BIN RECEIVER_CPUS=0-7 LOAD_CPUS=8-12 SINK_CPUS=13-15 RATE=500000 \
        REQUESTS=${OUTPUT_REQUESTS:-3000} CONCURRENCY=16 REPS=${REPS:-5} \
        ARMS="none gzip zstd gzip+metrics gzip+metrics+sampling" \
        timeout "${OUTPUT_TIMEOUT:-240}" scripts/bench-output.sh > "$OUT/output/log.txt" 2>&1
      ;;
    drain)
      # The receiver on 8 cores (SERVER_CPU), its filling loadgen and the sink on the
      # other 8 (OTHER_CPU: the taskset around the script is what they inherit).
      SERVER_CPU=${SERVER_CPU:-4-11} BIN=$BIN REQUESTS=${DRAIN_REQUESTS:-12000} REPS=${REPS:-5} \
        timeout "${DRAIN_TIMEOUT:-240}" taskset -c "${OTHER_CPU:-0-3,12-15}" scripts/bench-drain.sh \
        > "$OUT/drain/log.txt" 2>&1
      ;;
    outages)
      need queue-test
      for s in 60 300; do
        GPU_OTEL_OUTAGE_S=$s GPU_OTEL_RECEIVER_BIN=$BIN/gpu-otel-receiver \
          GPU_OTEL_TEST_LOGS=${TEST_LOGS:-/tmp/node-scale-logs}/outage-$s taskset -c "${OUTAGE_CPUS:-14-15}" \
          "$BIN/queue-test" --exact \
          in_memory_an_outage_of_any_length_loses_nothing_acknowledged_and_senders_are_told_to_retry \
          --nocapture 2>&1 | grep -v '^producer ' > "$OUT/outages/outage-$s.txt" &
      done
      wait
      ;;
  esac
  echo "$part: $(($(date +%s) - t)) s"
done
