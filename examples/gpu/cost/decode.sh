#!/usr/bin/env bash
# What the serialized tier costs between its bursts (issue 32), against tier off, CUPTI's
# floor (cupti-probes/rawinj.c) and no injection, arms interleaved in each of ROUNDS
# rounds (default 5), the application pinned to cores 0-3, the injector exporting to the
# receiver (8-11) and a counting backend (12-15):
#   decode.sh decode   workloads/decode.py, GPT-2-small-shaped decode for SECONDS (default
#                      6) per run, with a CUDA graph and eager: tokens/s per arm
#                      ($OUT/decode-graph.txt, $OUT/decode-eager.txt)
#   decode.sh launch   LAUNCHES (default 200000) tiny launches on 1 and 4 streams: the
#                      cost per launch ($OUT/launch.txt), timed after WARMUP_MS (default
#                      2000) of untimed launches, so that what an arm does once (the
#                      sampler lease taken, PC sampling enabled, the first burst: 0.3-0.9 s
#                      of a 0.5 s run on the H100, 2026-12-06) is not read as a per-launch
#                      cost
#   decode.sh          both
# The serialized arm runs with the sampler lease in a directory of its own, as a process
# alone on its GPU does. CANDIDATE=path/to/libgpu_otel_injector.so adds an arm
# "candidate": the serialized tier of another build (an A/B of a change, same rounds),
# killed after ARM_TIMEOUT_S (default 60) and logged "hung:" if it does not end.
# RAWINJ_PC="toggle keep" (either or both) adds an arm "rawinj-pc-<value>" per value: the
# floor with PC sampling enabled on each context at its creation and disabled at once
# (toggle) or left enabled, never started (keep), which asks whether that is why the
# serialized tier, refused by its graph, decoded as fast as no CUPTI client while tier off
# and the floor paid ~8% (cupti-probes/rawinj.c). MODES (default "graph eager") picks the
# decode's modes.
# Medians and paired-by-round differences by common/arms.py.
set -u
# shellcheck source=SCRIPTDIR/../common/gpu.sh
. "$(dirname "$0")/../common/gpu.sh"
need libgpu_otel_injector.so gpu-otel-receiver export-load kernels
results /tmp/decode-cost
machine name,driver_version
rawinj "$OUT"
to_backend 8-11 "$OUT/decode" 600s
mkdir -p "$OUT/leases"
RAW=(CUDA_INJECTION64_PATH="$OUT/rawinj.so")
INJENV=(CUDA_INJECTION64_PATH="$INJ" OTEL_EXPORTER_OTLP_ENDPOINT="$(receiver_url)" GPU_OTEL_EXIT_DEADLINE_MS=3000
  GPU_OTEL_PC_LEASE_DIR="$OUT/leases")
# arms LOG PATTERN CMD...: one run of each arm, in order, this round.
arms() {
  local log=$1 pattern=$2; shift 2
  arm "$log" none "$pattern" env X=1 "$@"
  arm "$log" rawinj "$pattern" env "${RAW[@]}" "$@"
  local pc
  for pc in ${RAWINJ_PC:-}; do
    arm "$log" "rawinj-pc-$pc" "$pattern|^rawinj:" env "${RAW[@]}" RAWINJ_PC="$pc" "$@"
  done
  arm "$log" off "$pattern" env "${INJENV[@]}" GPU_OTEL_PC_SAMPLING=off "$@"
  arm "$log" serialized "$pattern" env "${INJENV[@]}" GPU_OTEL_PC_SAMPLING=serialized "$@"
  if [ -n "${CANDIDATE:-}" ]; then
    arm "$log" candidate "$pattern|^hung:" bash -c 'rc=0; "$@" || rc=$?; case $rc in 124 | 137) echo "hung: killed after $0 s" ;; esac' \
      "${ARM_TIMEOUT_S:-60}" timeout -k 5 "${ARM_TIMEOUT_S:-60}" \
      env "${INJENV[@]}" CUDA_INJECTION64_PATH="$CANDIDATE" GPU_OTEL_PC_SAMPLING=serialized "$@"
  fi
}
PART=${1:-all}
for ROUND in $(seq 1 "${ROUNDS:-5}"); do
  if [ "$PART" != launch ]; then
    for mode in ${MODES:-graph eager}; do
      arms "$OUT/decode-$mode.txt" '^decode: ok|exit: pc sampling' taskset -c 0-3 \
        python3 "$WORKLOADS/decode.py" --$mode --seconds "${SECONDS_PER_RUN:-6}"
    done
  fi
  if [ "$PART" != decode ]; then
    for s in 1 4; do
      arms "$OUT/launch-s$s.txt" '^kernels:|exit: pc sampling' taskset -c 0-3 \
        "$BIN/kernels" --launches "${LAUNCHES:-200000}" --streams "$s" --elems 256 --iters 1 \
        --warmup-ms "${WARMUP_MS:-2000}"
    done
  fi
done
unserve --now
# What the exit line says of the bursts and CUPTI's guard, in every summary below.
BURST_FIELDS=longest_burst_ms,lease_calls_ms,guard_busy,guard_busy_collector,injector_yields,injector_yield_ms,launches_inside_injector,flush_in_burst,start_max_us
for mode in graph eager; do
  [ -s "$OUT/decode-$mode.txt" ] || continue
  echo "decode $mode (tokens/s):"
  python3 "$COMMON/arms.py" "$OUT/decode-$mode.txt" --base off --ref rawinj --value tokens_per_s \
    --fields "bursts,launches_serialized,graph_launches,duty,$BURST_FIELDS,cupti_max_depth" | tee -a "$OUT/decode-$mode.txt"
done
for s in 1 4; do
  [ -s "$OUT/launch-s$s.txt" ] || continue
  echo "launch-bound, $s stream(s):"
  python3 "$COMMON/arms.py" "$OUT/launch-s$s.txt" --base off --ref rawinj --fields "bursts,launches_serialized,duty,$BURST_FIELDS,cupti_max_depth" \
    | tee -a "$OUT/launch-s$s.txt"
  # Run by run (medians hide a stuck burst in 2 of 5 runs): the bursts, what they
  # serialized, which of the collector's steps held the guard against the launches, the
  # waits and the launches that came inside the injector's own hold. Read whole before
  # the file grows.
  busy=$(python3 "$COMMON/arms.py" "$OUT/launch-s$s.txt" --runs "guard_busy_collector_in,bursts,launches_serialized,$BURST_FIELDS")
  [ -z "$busy" ] || echo "$busy" | tee -a "$OUT/launch-s$s.txt"
done
