#!/usr/bin/env bash
# On a lent GPU machine with no Rust toolchain: unpack the release binaries carried in
# .gpu/bin.tar.xz and run owed.sh's steps, each under its own time limit, as one call.
#
#   bash examples/gpu/lent.sh "cost:240" "endurance:500&" "ceiling:120"
#
# A spec is STEP:SECONDS (`timeout` kills the step after that); a trailing & runs it in
# the background beside the next ones (on other cores: owed.sh's steps pin theirs), and
# the call waits for it at the end. Each step's output goes to $OUT/<step>.out (OUT:
# default /tmp/owed; on the device tool, the folder that comes back), its last TAILN
# lines (default 20) are printed; the environment (COST_PART, ENDURANCE_ONLY, ...) passes
# through to owed.sh. Packing, on the build machine, from the repository root:
#   cargo build --release -p gpu-otel-injector
#   cargo build --release -p gpu-otel-receiver -p gpu-otel-examples
#   cargo build --release -p gpu-otel-receiver --example loadgen
#   mkdir -p .gpu && tar cf - -C target/release libgpu_otel_injector.so gpu-otel-receiver \
#     gpu-otel-demo export-load kernels otlp_capture examples/loadgen | xz -0 -T2 > .gpu/bin.tar.xz
# and carry ".gpu" with the call.
set -u
GPU_DIR=$(cd "$(dirname "$0")" && pwd)
REPO=$(cd "$GPU_DIR/../.." && pwd)
TAR=${BIN_TAR:-$REPO/.gpu/bin.tar.xz}
for spec in "$@"; do
  [[ $spec =~ ^[a-z]+:[0-9]+'&'?$ ]] || { echo "FATAL: bad spec '$spec' (STEP:SECONDS[&])" >&2; exit 2; }
done
export GPU_OTEL_BIN_DIR=${GPU_OTEL_BIN_DIR:-/tmp/bin}
export OUT=${OUT:-/tmp/owed}
mkdir -p "$GPU_OTEL_BIN_DIR" "$OUT"
[ -f "$TAR" ] || { echo "FATAL: $TAR is missing (see the packing commands at the top)" >&2; exit 2; }
tar xJf "$TAR" -C "$GPU_OTEL_BIN_DIR" || exit 2
date -u +%FT%TZ
nvidia-smi -L 2>&1 | head -n 8
nvidia-smi --query-gpu=driver_version --format=csv,noheader 2>&1 | head -n 1
bg=()
for spec in "$@"; do
  name=${spec%%:*} limit=${spec#*:} background=
  if [[ $limit == *'&' ]]; then
    background=1 limit=${limit%'&'}
  fi
  echo "== $name (${limit} s${background:+, in the background}) from $(date -u +%T)"
  if [[ -n $background ]]; then
    STEP=$name timeout "$limit" bash "$GPU_DIR/owed.sh" >"$OUT/$name.out" 2>&1 &
    bg+=("$name:$!")
  else
    STEP=$name timeout "$limit" bash "$GPU_DIR/owed.sh" >"$OUT/$name.out" 2>&1
    echo "-- $name: exit $? at $(date -u +%T)"
    tail -n "${TAILN:-20}" "$OUT/$name.out"
  fi
done
for b in "${bg[@]}"; do
  wait "${b#*:}"
  echo "-- ${b%%:*} (background): exit $? at $(date -u +%T)"
  tail -n "${TAILN:-20}" "$OUT/${b%%:*}.out"
done
