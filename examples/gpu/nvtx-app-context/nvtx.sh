#!/usr/bin/env bash
# NVTX ranges as parent spans (nvtx_launch.cu and cupti-probes/rawinj.c are built here
# with nvcc and gcc). Every traced run exports OTLP/gRPC to the project's receiver, which
# exports to otlp_capture; nvtx_analyze.py reads the capture. Counted at both ends:
# CUPTI's kernel records (the injector's exit line) and the kernel spans in the capture.
#   1. nvtxNameOsThreadA under CUPTI (a CUDA 13.0.0 CUPTI crashed there: NVIDIA/NVTX#125)
#   2. nvtx_launch mix: 4 threads, nested ranges, a domain, a registered string, a
#      start/end range across threads, an unbalanced pop, a range left open at exit;
#      every kernel's grid.x names the range it must be under
#   3. PyTorch with emit_nvtx and a "step" range per step: parent chains, counts
#   4. PyTorch calling NVTX before CUDA initialised (the documented limit)
#   5. a small PyTorch record dump with NVTX events (the GPU-free replay fixture)
#   6. cost per launch: arms interleaved, ROUNDS rounds, medians (cost/floor.sh's method)
#   7. PyTorch with "step" ranges only (no emit_nvtx): NVTX on and off
#   8. where a range's cost goes: NVTX with no tool, NVTX routed to CUPTI with no NVTX
#      subscriber (rawinj), and the injector; a range per launch
# SECTIONS (default "1 2 3 4 5 6 7 8") picks which run. Each traced run is bounded by a
# timeout. Logs and captures go to /tmp/nvtxwork; $OUT (default /tmp/nvtx) gets the
# PyTorch record dump (gzip), the mix capture (gzip), the cost tables and every log in
# logs.tar.gz.
set -u
# shellcheck source=SCRIPTDIR/../common/gpu.sh
. "$(dirname "$0")/../common/gpu.sh"
need libgpu_otel_injector.so gpu-otel-receiver export-load otlp_capture
results /tmp/nvtx
H=$GPU_DIR/nvtx-app-context
B=/tmp/nvtxbin
W=/tmp/nvtxwork
mkdir -p $B $W
sha256sum "$INJ" | cut -c1-16
machine -v name,driver_version
nvcc -O2 -o $B/nvtx_launch "$H/nvtx_launch.cu" -ldl -lpthread || exit 1
rawinj $B

run() { # NAME CMD...: traced, bounded, into the receiver; its summary lines
  local name=$1; shift
  traced "$name" timeout -k 5 "${RUN_TIMEOUT:-120}" taskset -c 0-7 "$@" > "$W/$name.log" 2>&1
  echo "== $name rc=$?"
  grep -h "nvtx_launch:\|torch_train:\|gpu-otel-injector" "$W/$name.log" | cut -c1-900
}
analysis() { # NAME CAPTURE [--mix]: the parenting analysis, and both ends
  python3 "$H/nvtx_analyze.py" "$2" "$1" "${@:3}" | sed 's/^/analysis: /'
  python3 "$COMMON/both_ends.py" "$W/$1.log" --capture "$2" --service "$1"
}
cost() { # NAME ARMS_FUNCTION [arms.py options...]: ROUNDS rounds into the receiver and a backend
  local name=$1 C=$W/$1.txt f=$2
  shift 2
  to_backend 8-11 "$W/$name" 600s
  : > "$C"
  for ROUND in $(seq 1 "${ROUNDS:-5}"); do "$f" "$C"; done
  unserve --now
  grep "exit: NVTX" "$C" | head -3
  python3 "$COMMON/arms.py" "$C" "$@" | tee -a "$C"
}
launch() { # LOG NAME MODE VAR=VALUE...: one run of nvtx_launch cost
  local log=$1 name=$2 mode=$3
  shift 3
  arm "$log" "$name" '^nvtx_launch:|exit: NVTX' env "$@" timeout -k 5 60 taskset -c 0-3 $B/nvtx_launch cost \
    "${LAUNCHES:-200000}" "$mode"
}
section() { case " ${SECTIONS:-1 2 3 4 5 6 7 8} " in *" $1 "*) return 0;; esac; return 1; }
INJENV=(CUDA_INJECTION64_PATH="$INJ" OTEL_EXPORTER_OTLP_ENDPOINT="$(receiver_url)" GPU_OTEL_EXIT_DEADLINE_MS=3000)

if section 1; then
  echo "## 1. name-thread"
  run name-thread $B/nvtx_launch name-thread
fi

if section 2; then
  echo "## 2. mix"
  to_capture 12-15 "$W/mix"
  run mix $B/nvtx_launch mix 4 50
  unserve
  analysis mix "$W/mix.jsonl" --mix
  "$BIN/gpu-otel-receiver" check "$W/mix.jsonl" 2>&1 | tail -2
  tail -1 "$W/mix.receiver.err" | cut -c1-300
  gzip -9 -c "$W/mix.jsonl" > "$OUT/mix-capture.jsonl.gz"
fi

if section 3; then
  echo "## 3. torch emit_nvtx"
  to_capture 12-15 "$W/torch"
  run torch-nvtx python3 "$WORKLOADS/torch_train.py" "${TORCH_SECONDS:-5}" --nvtx
  unserve
  analysis torch-nvtx "$W/torch.jsonl"
  "$BIN/gpu-otel-receiver" check "$W/torch.jsonl" 2>&1 | tail -2
  to_capture 12-15 "$W/torch-off"
  run torch-nvtx-off env GPU_OTEL_NVTX=0 python3 "$WORKLOADS/torch_train.py" "${TORCH_SECONDS:-5}" --nvtx
  unserve
  rm -f "$W/torch.jsonl" "$W/torch-off.jsonl"
fi

if section 4; then
  echo "## 4. torch NVTX before CUDA"
  run torch-early python3 -c 'import torch
torch.cuda.nvtx.range_push("before cuda"); x = torch.ones(8, device="cuda")
torch.cuda.nvtx.range_push("after cuda"); y = x * 2; torch.cuda.nvtx.range_pop(); torch.cuda.nvtx.range_pop()
torch.cuda.synchronize(); print("torch_train: early done")'
fi

if section 5; then
  echo "## 5. fixture"
  to_capture 12-15 "$W/fixture"
  run torch-fixture env GPU_OTEL_RECORD_DUMP="$OUT/h200_torch_nvtx_capture.jsonl" \
    python3 "$WORKLOADS/torch_train.py" 60 --nvtx --steps "${FIXTURE_STEPS:-2}"
  unserve
  analysis torch-fixture "$W/fixture.jsonl"
  rm -f "$W/fixture.jsonl"
  gzip -9 -f "$OUT/h200_torch_nvtx_capture.jsonl"
  ls -la "$OUT/h200_torch_nvtx_capture.jsonl.gz"
fi

if section 6; then
  echo "## 6. cost"
  ranges() {
    launch "$1" none none X=1
    launch "$1" rawinj none CUDA_INJECTION64_PATH=$B/rawinj.so
    launch "$1" inj_nvtx_off_ranges outer "${INJENV[@]}" GPU_OTEL_NVTX=0
    launch "$1" inj_no_ranges none "${INJENV[@]}"
    launch "$1" inj_outer_range outer "${INJENV[@]}"
    launch "$1" inj_range_each each "${INJENV[@]}"
  }
  cost cost ranges --ref rawinj
  cp "$W/cost.txt" "$OUT/cost.txt"
fi

if section 7; then
  echo "## 7. torch step ranges only"
  to_capture 12-15 "$W/steps"
  run torch-steps python3 "$WORKLOADS/torch_train.py" "${TORCH_SECONDS:-5}" --nvtx-steps
  unserve
  analysis torch-steps "$W/steps.jsonl"
  to_capture 12-15 "$W/steps-off"
  run torch-steps-off env GPU_OTEL_NVTX=0 python3 "$WORKLOADS/torch_train.py" "${TORCH_SECONDS:-5}" --nvtx-steps
  unserve
  rm -f "$W/steps.jsonl" "$W/steps-off.jsonl"
fi

if section 8; then
  echo "## 8. a range's cost, decomposed"
  decomposed() {
    launch "$1" none none X=1
    launch "$1" none_each each X=1
    launch "$1" rawinj_each each CUDA_INJECTION64_PATH=$B/rawinj.so
    launch "$1" rawinj_nvtx_each each CUDA_INJECTION64_PATH=$B/rawinj.so \
      NVTX_INJECTION64_PATH=/usr/local/cuda/lib64/libcupti.so
    launch "$1" inj_range_each each "${INJENV[@]}"
  }
  cost cost8 decomposed
  cp "$W/cost8.txt" "$OUT/cost8.txt"
fi
tar czf "$OUT/logs.tar.gz" -C $W --exclude='*.jsonl' .
ls -la "$OUT"
