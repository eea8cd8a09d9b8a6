#!/usr/bin/env bash
# Every kernel for as long as the process lives, counted at both ends: three workloads at
# once on the one GPU for minutes, each under the injector (tier off, launch accounting
# on), each into its own receiver (its persistent queue under $OUT/queues) exporting to
# its own counting backend (export-load backend), each on its own cores:
#   decode-graph    workloads/decode.py --graph: an LLM decode step (GPT-2-small shape,
#                   fp16, batch 8, static KV cache) captured as a CUDA graph and replayed
#   decode-eager    workloads/decode.py --eager: the same step launched op by op
#   compiled-train  workloads/compiled_train.py: torch.compile(mode="reduce-overhead")
# Per workload (carry/endurance.py report, also in summary.tsv): kernel executions
# expected (the injector's launch accounting; for the graph decode also its replays x
# the graph's kernel nodes), the records CUPTI gave (the injector's exit line), kernel
# spans at the backend and the counted loss (not recorded, dropped), and whether expected
# = spans + loss; the application's RSS and tokens/s over time (its own line every 10 s)
# and the injector's budget peak. rss.tsv: every 10 s (SAMPLE_S), each application's and
# receiver's RSS and CPU seconds, the receiver's kernel spans and its queue's size.
#   endurance.sh [run] [SECONDS]   each loop SECONDS (default 480), CUPTI's device
#                                  buffers at CUPTI's defaults
#   endurance.sh pool [SECONDS]    the same, GPU_OTEL_CUPTI_DEVICE_BUFFER_MB and/or
#                                  GPU_OTEL_CUPTI_DEVICE_BUFFER_POOL_LIMIT (set them)
#                                  passed to the injector
#   endurance.sh smoke             20 s each, before a long run: workloads, plumbing, report
#   GPU_OTEL_GRAPH_RECORDS=launches endurance.sh run [SECONDS]
#                                  graph replays as one gpu.graph.launch span each (the
#                                  injector reads the variable; the backends count each
#                                  such span as its kernel nodes, the report balances
#                                  executions)
#   endurance.sh rawinj [SECONDS]  the graph decode alone under cupti-probes/rawinj.c
#                                  (CUPTI's records counted, nothing else; default 130 s)
# Each loop runs SECONDS and all end by START + MARGIN (default 25 s: imports, capture,
# compilation) + SECONDS: the decode loops run SECONDS, the training loop less its
# compilation. ONLY="decode-graph ..." runs some of the workloads (the graph decode alone
# ran ~1,300 replays/s, ~124M executions in 480 s; sharing the GPU cuts that, and the
# report says whether it reached 50M). Cores (16): the graph
# decode on GRAPH_CORES (0-2), its receiver on GRAPH_RECEIVER_CORES (3-6); the eager
# decode on EAGER_CORES (7-8), receiver EAGER_RECEIVER_CORES (9-11); the training on
# TRAIN_CORES (12-13), receiver TRAIN_RECEIVER_CORES (14); the backends and the sampler
# on BACKEND_CORES (15); "any" leaves one unpinned. PYTHON runs the workloads (default
# python3; the GPU-free test puts a stand-in there). KEEP_QUEUES=1 keeps the queues.
# Results: $OUT (default /tmp/endurance): NAME.log, NAME.backend.json, NAME.metrics,
# NAME.receiver.err, rss.tsv, summary.tsv, machine.txt.
set -u
# shellcheck source=SCRIPTDIR/../common/gpu.sh
. "$(dirname "$0")/../common/gpu.sh"
need libgpu_otel_injector.so gpu-otel-receiver export-load
results /tmp/endurance
PYTHON=${PYTHON:-python3}
MODE=${1:-run}
REPORT=$GPU_DIR/carry/endurance.py

declare -A PROGRAM=([decode-graph]="decode.py --graph" [decode-eager]="decode.py --eager"
  [compiled-train]="compiled_train.py")
declare -A APP_CORES=([decode-graph]=${GRAPH_CORES:-0-2} [decode-eager]=${EAGER_CORES:-7-8}
  [compiled-train]=${TRAIN_CORES:-12-13})
declare -A RECEIVER_CORES=([decode-graph]=${GRAPH_RECEIVER_CORES:-3-6}
  [decode-eager]=${EAGER_RECEIVER_CORES:-9-11} [compiled-train]=${TRAIN_RECEIVER_CORES:-14})
declare -A BASE=([decode-graph]=$PORT_BASE [decode-eager]=$((PORT_BASE + 1000))
  [compiled-train]=$((PORT_BASE + 2000)))
# What each loop prints when it begins (its backend starts then; see serve).
declare -A BEGUN=([decode-graph]="^decode: mode=" [decode-eager]="^decode: mode="
  [compiled-train]="^compiled_train: compiled")
BACKEND_CORES=${BACKEND_CORES:-15}
read -r -a NAMES <<< "${ONLY:-decode-graph decode-eager compiled-train}"
declare -A APPS=() RCS=() BKS=()
for name in "${NAMES[@]}"; do
  [ -n "${PROGRAM[$name]:-}" ] || { echo "endurance.sh: no workload $name (ONLY: ${!PROGRAM[*]})" >&2; exit 2; }
done

# serve NAME: NAME's receiver, with its persistent queue and 30 s to drain it at the end.
# Its backend starts when NAME's loop begins (begin_backends): a counting backend ends
# once nothing arrived for 10 s, and a compilation can be quiet for longer; until then
# the receiver keeps what arrives in its queue and retries.
serve() {
  local name=$1
  PORT_BASE=${BASE[$name]}
  printf 'shutdown_timeout: 30s\n' > "$OUT/$name.receiver.yaml"
  receiver "${RECEIVER_CORES[$name]}" "$OUT/$name.receiver.err" --config "$OUT/$name.receiver.yaml" \
    --export-endpoint "$(backend_url)" --queue-dir "$OUT/queues/$name"
  RCS[$name]=$RC
}
# begin_backends LIMIT_S: each workload's backend started once its loop began (or its
# program ended), waiting at most LIMIT_S for all of them.
begin_backends() {
  local t=0 name
  while [ ${#BKS[@]} -lt ${#NAMES[@]} ] && [ $t -lt $((2 * $1)) ]; do
    for name in "${NAMES[@]}"; do
      [ -n "${BKS[$name]:-}" ] && continue
      if grep -q "${BEGUN[$name]}" "$OUT/$name.log" 2> /dev/null || ! kill -0 "${APPS[$name]}" 2> /dev/null; then
        PORT_BASE=${BASE[$name]}
        # Idle for long: a workload whose records stop (CUPTI's graph ceiling) must not
        # end its backend before the receiver delivers the rest; unserve_all ends it.
        backend "$BACKEND_CORES" "$OUT/$name.backend.json" 3600s
        BKS[$name]=$BK
        echo "$name: loop began after ~$((t / 2)) s; its backend started"
      fi
    done
    sleep 0.5
    t=$((t + 1))
  done
}
# launch NAME SECONDS [UNTIL]: NAME's program under the injector into its receiver, in the
# background; APPS[NAME] its pid (env and taskset exec it).
launch() {
  local name=$1 until=()
  [ -n "${3:-}" ] && until=(--until "$3")
  PORT_BASE=${BASE[$name]}
  injector "$name"
  pin "${APP_CORES[$name]}"
  # shellcheck disable=SC2086  # PROGRAM holds the script and its mode
  "${CUPTI_ENV[@]}" "${INJECTOR[@]}" GPU_OTEL_PC_SAMPLING=off GPU_OTEL_LAUNCH_ACCOUNTING="${GPU_OTEL_LAUNCH_ACCOUNTING:-1}" \
    GPU_OTEL_EXIT_DEADLINE_MS=20000 "${PIN[@]}" "$PYTHON" "$WORKLOADS"/${PROGRAM[$name]} --seconds "$2" "${until[@]}" \
    > "$OUT/$name.log" 2>&1 &
  APPS[$name]=$!
}
# sampler: endurance.py sample on BACKEND_CORES, every 10 s, for the workloads in APPS.
sampler() {
  local specs=() name
  for name in "${NAMES[@]}"; do
    PORT_BASE=${BASE[$name]}
    specs+=("$name=${APPS[$name]},${RCS[$name]:-0},$(metrics_url),$OUT/queues/$name")
  done
  pin "$BACKEND_CORES"
  "${PIN[@]}" python3 "$REPORT" sample "$OUT/rss.tsv" "${SAMPLE_S:-10}" "${specs[@]}" &
  SAMPLER=$!
}
# await_apps END: the programs awaited; one still running at END (seconds since the
# epoch) is reported HUNG with its threads' stacks and killed. Prints each one's exit.
await_apps() {
  local name
  for name in "${NAMES[@]}"; do
    while kill -0 "${APPS[$name]}" 2> /dev/null && [ "$(date +%s)" -lt "$1" ]; do sleep 2; done
    if kill -0 "${APPS[$name]}" 2> /dev/null; then
      echo "HUNG: $name still running at $(date -u +%T)"
      stacks "${APPS[$name]}"
      kill -9 "${APPS[$name]}"
    fi
    wait "${APPS[$name]}"
    echo "$name: rc=$? $(grep -E '^(decode|compiled_train): ok' "$OUT/$name.log" | cut -c1-200)"
  done
}
# unserve_all: each receiver's /metrics kept, the receivers stopped at once (each drains
# its queue to its backend) and awaited, then each backend told to stop (it writes its
# counts).
unserve_all() {
  local name
  for name in "${NAMES[@]}"; do
    PORT_BASE=${BASE[$name]}
    python3 -c "import urllib.request, sys; sys.stdout.write(urllib.request.urlopen('$(metrics_url)').read().decode())" \
      > "$OUT/$name.metrics" 2> /dev/null
  done
  for name in "${NAMES[@]}"; do kill -TERM "${RCS[$name]}" 2> /dev/null; done
  for name in "${NAMES[@]}"; do
    wait "${RCS[$name]}" 2> /dev/null
    echo "$name receiver: $(tail -1 "$OUT/$name.receiver.err" | cut -c1-300)"
  done
  for name in "${NAMES[@]}"; do
    touch "$OUT/$name.backend.json.stop"
    if [ -n "${BKS[$name]:-}" ]; then backend_done "${BKS[$name]}"; fi
  done
}
# cleanup: at exit, whatever this check started and is still running is stopped (an
# early stop leaves no receiver holding its ports).
cleanup() {
  local pid
  for pid in "${APPS[@]}" "${SAMPLER:-}" "${RCS[@]}" "${BKS[@]}"; do
    [ -n "$pid" ] && kill "$pid" 2> /dev/null
  done
}
trap cleanup EXIT
# served: stops the check when a receiver did not start (its log's last line says why).
served() {
  local name
  for name in "${NAMES[@]}"; do
    if ! kill -0 "${RCS[$name]}" 2> /dev/null; then
      echo "FATAL: $name's receiver did not start: $(tail -1 "$OUT/$name.receiver.err")" >&2
      exit 1
    fi
  done
}
# CUPTI_ENV: the command prefix that gives the injector CUPTI's device-buffer settings:
# CUPTI's defaults (run, smoke: the variables removed), or the environment's (pool).
cupti_settings() {
  local said="CUPTI's defaults"
  CUPTI_ENV=(env -u GPU_OTEL_CUPTI_DEVICE_BUFFER_MB -u GPU_OTEL_CUPTI_DEVICE_BUFFER_POOL_LIMIT)
  if [ "$MODE" = pool ]; then
    if [ -z "${GPU_OTEL_CUPTI_DEVICE_BUFFER_MB:-}${GPU_OTEL_CUPTI_DEVICE_BUFFER_POOL_LIMIT:-}" ]; then
      echo "endurance.sh pool: set GPU_OTEL_CUPTI_DEVICE_BUFFER_MB and/or GPU_OTEL_CUPTI_DEVICE_BUFFER_POOL_LIMIT" >&2
      exit 2
    fi
    CUPTI_ENV=(env)
    local v
    for v in GPU_OTEL_CUPTI_DEVICE_BUFFER_MB GPU_OTEL_CUPTI_DEVICE_BUFFER_POOL_LIMIT; do
      if [ -n "${!v:-}" ]; then CUPTI_ENV+=("$v=${!v}"); fi
    done
    said="${CUPTI_ENV[*]:1}"
  fi
  echo "CUPTI device buffers: $said" | tee -a "$OUT/machine.txt"
}

case "$MODE" in
run | pool | smoke)
  S=${2:-480}
  MARGIN=${MARGIN:-25}
  [ "$MODE" = smoke ] && S=20
  T0=$(date +%s)
  machine -v name,driver_version,memory.total > "$OUT/machine.txt" 2>&1
  head -3 "$OUT/machine.txt"
  cupti_settings
  rm -rf "$OUT/queues"
  for name in "${NAMES[@]}"; do serve "$name"; done
  sleep 1
  served
  if [ "$MODE" = smoke ]; then
    UNTIL=
    END=$(($(date +%s) + S + 300))
  else
    UNTIL=$(($(date +%s) + MARGIN + S))
    END=$((UNTIL + 90))
  fi
  for name in "${NAMES[@]}"; do launch "$name" "$S" "$UNTIL"; done
  if [ -n "$UNTIL" ]; then ENDS="at $(date -u -d "@$UNTIL" +%T)"; else ENDS="$S s after they begin"; fi
  echo "started ${NAMES[*]} at $(date -u +%T); the loops end $ENDS"
  sampler
  begin_backends 300
  await_apps "$END"
  kill "$SAMPLER" 2> /dev/null
  wait "$SAMPLER" 2> /dev/null
  unserve_all
  echo "queues at the end: $(du -sh "$OUT/queues" 2> /dev/null | cut -f1)"
  [ -z "${KEEP_QUEUES:-}" ] && rm -rf "$OUT/queues"
  python3 "$REPORT" report "$OUT" "${NAMES[@]}"
  STATUS=$?
  echo "endurance.sh $MODE: $(($(date +%s) - T0)) s in all"
  exit $STATUS
  ;;
rawinj)
  # The independent record count: CUPTI's kernel records with nothing else, against the
  # program's replays x kernel nodes (the ceiling measured so: ~24.87M records).
  S=${2:-130}
  NAMES=(decode-graph)
  machine name,driver_version > "$OUT/machine.txt" 2>&1
  head -3 "$OUT/machine.txt"
  RAW=$(mktemp -d)
  rawinj "$RAW"
  pin "${APP_CORES[decode-graph]}"
  CUDA_INJECTION64_PATH="$RAW/rawinj.so" "${PIN[@]}" "$PYTHON" "$WORKLOADS/decode.py" --graph --seconds "$S" \
    > "$OUT/rawinj.log" 2>&1 &
  APPS[decode-graph]=$!
  pin "$BACKEND_CORES"
  "${PIN[@]}" python3 "$REPORT" sample "$OUT/rss.tsv" "${SAMPLE_S:-10}" "decode-graph=${APPS[decode-graph]},0,-,-" &
  SAMPLER=$!
  wait "${APPS[decode-graph]}"
  echo "rawinj decode rc=$?"
  wait "$SAMPLER"
  python3 "$REPORT" rawinj "$OUT/rawinj.log" "$OUT/rss.tsv"
  ;;
*)
  echo "usage: endurance.sh [run|pool|smoke|rawinj] [SECONDS]" >&2
  exit 2
  ;;
esac
