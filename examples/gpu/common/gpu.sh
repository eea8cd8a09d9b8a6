# shellcheck shell=bash
# shellcheck disable=SC2034  # the variables are for the checks that source this file
# Sourced by the GPU checks under examples/gpu/: where the binaries are, the machine's
# description, the receiver, backend and capture each check runs its workload against,
# the floor (rawinj.c) built, runs recorded for a cost table, and runs watched for hangs.
# The checks run from any directory; this file moves them to the repository root.
#
# Binaries: GPU_OTEL_BIN_DIR when set (a folder holding the release builds, e.g. on a
# GPU machine without a Rust toolchain), else this checkout's target/release:
#   cargo build --release -p gpu-otel-injector       # the library: build it on its own
#   cargo build --release -p gpu-otel-receiver -p gpu-otel-examples
# Ports: the receiver on PORT_BASE (gRPC, default 4317), +1 (HTTP) and +4 (/metrics); a
# counting backend or sink on +2; otlp_capture on +3.

GPU_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
REPO=$(cd "$GPU_DIR/../.." && pwd)
cd "$REPO" || exit 1
BIN=${GPU_OTEL_BIN_DIR:-${CARGO_TARGET_DIR:-$REPO/target}/release}
INJ=$BIN/libgpu_otel_injector.so
WORKLOADS=$GPU_DIR/workloads
COMMON=$GPU_DIR/common
PORT_BASE=${PORT_BASE:-4317}
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
export PYTHONUNBUFFERED=1

# need FILE...: stops with the build commands when one of $BIN's files is missing.
need() {
  local f
  for f in "$@"; do
    if [ ! -e "$BIN/$f" ]; then
      echo "FATAL: $BIN/$f is missing. Build the release binaries (cargo build --release -p gpu-otel-injector;" \
        "cargo build --release -p gpu-otel-receiver -p gpu-otel-examples) or set GPU_OTEL_BIN_DIR." >&2
      exit 2
    fi
  done
}

# results DEFAULT: OUT (or DEFAULT) made, where the check writes what it measured.
results() {
  OUT=${OUT:-$1}
  mkdir -p "$OUT"
}

# machine [FIELDS]: the date and what nvidia-smi says of the GPUs (FIELDS: its
# --query-gpu list, default name,driver_version,uuid); with "-v", also CUPTI's files, the
# cores and PyTorch's version.
# shellcheck disable=SC2120  # its arguments are optional
machine() {
  local verbose=
  if [ "${1:-}" = -v ]; then verbose=1; shift; fi
  date -u +%FT%TZ
  nvidia-smi --query-gpu="${1:-name,driver_version,uuid}" --format=csv,noheader
  if [ -n "$verbose" ]; then
    (cd /usr/local/cuda/lib64 && ls -d libcupti.so*)
    nproc
    python3 -c 'import torch; print("torch", torch.__version__, torch.version.cuda)' 2>&1 | tail -1
  fi
}

# pin CORES: sets PIN, the command prefix that pins a program to CORES with taskset
# (empty for "any"). A prefix, not a function: "${PIN[@]}" cmd & leaves cmd's pid in $!.
pin() {
  PIN=()
  if [ "$1" != any ]; then PIN=(taskset -c "$1"); fi
}

# receiver CORES LOG [serve options...]: gpu-otel-receiver serve on PORT_BASE, its stderr
# in LOG; sets RC (its pid). Export options: --export-endpoint "$(backend_url)", or
# --export-file FILE.
receiver() {
  local log=$2
  pin "$1"
  shift 2
  "${PIN[@]}" "$BIN/gpu-otel-receiver" serve --grpc-endpoint "127.0.0.1:$PORT_BASE" \
    --http-endpoint "127.0.0.1:$((PORT_BASE + 1))" --metrics-endpoint "127.0.0.1:$((PORT_BASE + 4))" \
    "$@" > /dev/null 2> "$log" &
  RC=$!
}

# backend CORES FILE [IDLE]: a counting OTLP backend (export-load backend) on PORT_BASE+2;
# when nothing arrived for IDLE (default 3s), or as soon as FILE.stop exists, it exits and
# writes its counts (JSON: kernel_spans, true, false, unknown, ...) to FILE. Sets BK.
backend() {
  pin "$1"
  rm -f "$2.stop"
  "${PIN[@]}" "$BIN/export-load" backend --listen "127.0.0.1:$((PORT_BASE + 2))" --idle-exit "${3:-3s}" \
    --stop-file "$2.stop" > "$2" 2> /dev/null &
  BK=$!
}

# sink: an OTLP sink on PORT_BASE+2 that keeps nothing (otlp_capture into /dev/null). Sets SINK.
sink() {
  "$BIN/otlp_capture" --listen "127.0.0.1:$((PORT_BASE + 2))" --out /dev/null 2> /dev/null &
  SINK=$!
}

# capture FILE: otlp_capture on PORT_BASE+3, every request it receives a line of FILE.
# Sets CAP.
capture() {
  "$BIN/otlp_capture" --listen "127.0.0.1:$((PORT_BASE + 3))" --out "$1" 2> /dev/null &
  CAP=$!
}

# The endpoints the pieces above listen on.
receiver_url() { echo "http://127.0.0.1:$PORT_BASE"; }
backend_url() { echo "http://127.0.0.1:$((PORT_BASE + 2))"; }
capture_url() { echo "http://127.0.0.1:$((PORT_BASE + 3))"; }
metrics_url() { echo "http://127.0.0.1:$((PORT_BASE + 4))/metrics"; }

# stop PID...: SIGTERM, then waits for each to flush and exit.
stop() {
  kill -TERM "$@" 2> /dev/null
  wait "$@" 2> /dev/null
}

# to_capture CORES PREFIX: the receiver on CORES exporting to otlp_capture, which writes
# PREFIX.jsonl. to_backend CORES PREFIX [IDLE]: the receiver exporting to a counting
# backend (on BACKEND_CORES, default 12-15), whose counts go to PREFIX.backend.json. The
# receiver's stderr goes to PREFIX.receiver.err. Pair with unserve.
to_capture() {
  capture "$2.jsonl"
  receiver "$1" "$2.receiver.err" --export-endpoint "$(capture_url)"
  sleep 0.7
}
to_backend() {
  backend "${BACKEND_CORES:-12-15}" "$2.backend.json" "${3:-3s}"
  receiver "$1" "$2.receiver.err" --export-endpoint "$(backend_url)"
  sleep 0.7
}
# backend_done PID [--now]: a counting backend awaited: it writes its counts once idle
# after its first request; one that is still there 60 s after (it received nothing), or
# with --now, is stopped without them.
backend_done() {
  local t=0
  if [ "${2:-}" != --now ]; then
    while kill -0 "$1" 2> /dev/null && [ $t -lt 60 ]; do sleep 1; t=$((t + 1)); done
  fi
  kill "$1" 2> /dev/null
  wait "$1" 2> /dev/null
}
# unserve [--now]: the receiver stopped (it drains to its export first), then otlp_capture
# stopped or the backend awaited (backend_done).
# shellcheck disable=SC2120
unserve() {
  stop "$RC"
  if [ -n "${CAP:-}" ]; then sleep 0.3; stop "$CAP"; CAP=; fi
  if [ -n "${BK:-}" ]; then backend_done "$BK" "${1:-}"; BK=; fi
}

# injector NAME: sets INJECTOR, the command prefix (env ...) that runs a program under
# the injector as service NAME, exporting to the receiver with a 5 s exit deadline;
# assignments after it (another OTEL_EXPORTER_OTLP_ENDPOINT, GPU_OTEL_PC_SAMPLING=...)
# win. For a program started in the background ("${INJECTOR[@]}" ... &), $! is its pid.
injector() {
  INJECTOR=(env CUDA_INJECTION64_PATH="$INJ" OTEL_EXPORTER_OTLP_ENDPOINT="$(receiver_url)"
    OTEL_SERVICE_NAME="$1" GPU_OTEL_EXIT_DEADLINE_MS=5000)
}
# traced NAME [VAR=VALUE...] CMD...: CMD run so, in the foreground.
traced() {
  injector "$1"
  shift
  "${INJECTOR[@]}" "$@"
}

# rawinj DIR: builds cupti-probes/rawinj.c (CUPTI's kernel records counted, nothing
# else: the floor any kernel exporter pays) into DIR/rawinj.so.
rawinj() {
  gcc -O2 -shared -fPIC -DHAVE_PTB -I/usr/local/cuda/include "$GPU_DIR/cupti-probes/rawinj.c" \
    -L/usr/local/cuda/lib64 -lcupti -Wl,-rpath=/usr/local/cuda/lib64 -o "$1/rawinj.so" || exit 1
}

# arm LOG NAME PATTERN CMD...: one run of a cost table. The lines of CMD's output that
# match PATTERN go to LOG prefixed "NAME run=$ROUND" (common/arms.py reads them).
arm() {
  local log=$1 name=$2 pattern=$3; shift 3
  "$@" 2>&1 | grep -E "$pattern" | sed "s/^/$name run=$ROUND /" | cut -c1-900 >> "$log"
}

# stacks PID: every thread of PID, by gdb when there is one, else its wait channels.
stacks() {
  local t
  if command -v gdb > /dev/null; then
    gdb -p "$1" -batch -ex "thread apply all bt 14" 2> /dev/null | grep -E "^Thread|^#" | cut -c1-160 | head -200
  else
    for t in /proc/"$1"/task/*; do echo "  $(cat "$t/comm") wchan=$(cat "$t/wchan")"; done | sort | uniq -c
  fi
}

# watched LIMIT_S LOG CMD...: CMD (a program: its pid is what is watched) in the
# background, its output in LOG; still running after LIMIT_S it is reported HUNG with
# every thread's stack and killed. Prints its exit.
watched() {
  local limit=$1 log=$2; shift 2
  "$@" > "$log" 2>&1 &
  local p=$! t=0
  while kill -0 $p 2> /dev/null && [ $t -lt "$limit" ]; do sleep 1; t=$((t + 1)); done
  if kill -0 $p 2> /dev/null; then
    echo "HUNG: $(basename "$log" .log) still running after ${limit}s"
    stacks $p
    kill -9 $p
  fi
  wait $p
  echo "$(basename "$log" .log) rc=$? after ~${t}s"
}
