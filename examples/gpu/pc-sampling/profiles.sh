#!/usr/bin/env bash
# PC samples as profiles on real kernels: the receiver (traces to otlp_capture, pprof
# files to $OUT/pprof) behind the CUDA example in both tiers. The serialized tier with
# one launch per burst (GPU_OTEL_PC_BURST_LAUNCHES=1), so each burst's samples go out on
# their execution's kernel span and its profile samples link to that span; the default
# controller (bursts of up to 64 launches: function spans linked to the slice span); the
# continuous tier (function spans). pc-sampling/profiles_links.py then looks every pprof
# sample's link up among the captured spans of the same run.
# Source lines: pc-sampling/spin_lines.cu built by nvcc with -lineinfo (every pair and
# pprof sample of its kernel must name that file, at its kernel's lines) and without it
# (none may; the exit line counts "module without line info"), continuous tier;
# pc-sampling/profiles_lines.py checks both. ONLY=lines runs only these.
# A full hardware buffer (cuptiPCSamplingGetData: CUPTI_ERROR_OUT_OF_MEMORY, counted as
# getdata_failed in the exit line) on spin_lines.cu, continuous tier: CUPTI's defaults
# against its worker thread moving samples every 10 ms and a 2 GiB buffer
# (GPU_OTEL_PC_WORKER_SLEEP_MS, GPU_OTEL_PC_HW_BUFFER_MB). ONLY=hwbuffer runs only these.
# Results: $OUT (default /tmp/pc-profiles): profiles-log.txt (everything), per run
# NAME.jsonl (the capture), NAME.pprof/ (the files), NAME.receiver.err.
set -u
# shellcheck source=SCRIPTDIR/../common/gpu.sh
. "$(dirname "$0")/../common/gpu.sh"
need libgpu_otel_injector.so kernels otlp_capture gpu-otel-receiver
results /tmp/pc-profiles
exec > >(tee "$OUT/profiles-log.txt") 2>&1
grep -q GPU_OTEL_PC_SAMPLING "$INJ" || { echo "FATAL: $INJ has no PC sampling (stale build?)"; exit 2; }
machine -v name,driver_version,memory.total

WORK=(--launches 20000 --streams 4 --elems 4096 --iters 20000)
PROG=("$BIN/kernels" "${WORK[@]}")
run() { # NAME VAR=VALUE...: one run of the CUDA example into its own receiver and capture
  local name=$1; shift
  echo "== $name: $*"
  mkdir -p "$OUT/$name.pprof"
  printf '{"export": {"endpoint": "%s", "pprof_dir": "%s"}}\n' "$(capture_url)" "$OUT/$name.pprof" > "$OUT/$name.yaml"
  capture "$OUT/$name.jsonl"
  receiver 8-11 "$OUT/$name.receiver.err" --config "$OUT/$name.yaml"
  sleep 0.7
  pin 0-7
  traced "$name" "$@" "${PIN[@]}" timeout 120 "${PROG[@]}" 2>&1 | grep -v '^$' | tail -n 6
  echo "rc=${PIPESTATUS[0]}"
  unserve
  python3 "$GPU_DIR/pc-sampling/profiles_links.py" "$OUT/$name.jsonl" "$OUT/$name.pprof"
  if [ -n "${LINES:-}" ]; then
    python3 "$GPU_DIR/pc-sampling/profiles_lines.py" "$OUT/$name.jsonl" "$OUT/$name.pprof" "$LINES"
    echo "lines rc=$?"
  fi
  gzip -f "$OUT/$name.jsonl"
}

if [ -z "${ONLY:-}" ]; then
  run ser-one-launch GPU_OTEL_PC_SAMPLING=serialized GPU_OTEL_PC_BURST_LAUNCHES=1
  run ser-default GPU_OTEL_PC_SAMPLING=serialized
  run continuous GPU_OTEL_PC_SAMPLING=continuous
fi

NVCC=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
SRC=$GPU_DIR/pc-sampling/spin_lines.cu
if ! { "$NVCC" -O2 -lineinfo -o "$OUT/spin-lineinfo" "$SRC" && "$NVCC" -O2 -o "$OUT/spin-plain" "$SRC"; }; then
  echo "nvcc failed: the source-line and hardware-buffer runs were skipped"
elif [ "${ONLY:-}" = hwbuffer ]; then
  PROG=("$OUT/spin-lineinfo")
  for arm in "cupti-defaults" "worker-10ms GPU_OTEL_PC_WORKER_SLEEP_MS=10" \
    "hw-2g GPU_OTEL_PC_HW_BUFFER_MB=2048" "both GPU_OTEL_PC_WORKER_SLEEP_MS=10 GPU_OTEL_PC_HW_BUFFER_MB=2048"; do
    read -r name settings <<< "$arm"
    # shellcheck disable=SC2086 # the settings are words
    run "hw-$name" GPU_OTEL_PC_SAMPLING=continuous $settings
  done
  grep -o "== hw-[a-z0-9-]*\|getdata_failed=[0-9]* getdata_error=[A-Z_]*\|samples=[0-9]*\|hw_full=[0-9]*" "$OUT/profiles-log.txt"
else
  PROG=("$OUT/spin-lineinfo")
  LINES=$SRC
  run lines-continuous GPU_OTEL_PC_SAMPLING=continuous
  run lines-serialized GPU_OTEL_PC_SAMPLING=serialized GPU_OTEL_PC_BURST_LAUNCHES=1
  PROG=("$OUT/spin-plain")
  LINES=none
  run lines-none GPU_OTEL_PC_SAMPLING=continuous
fi
echo "== done"
