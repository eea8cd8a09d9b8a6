#!/usr/bin/env bash
# Kernels inside the application's own traces (docs/app-context.md). Needs PyTorch, the
# OpenTelemetry SDK (opentelemetry-sdk) and the companion (python/gpu-otel-context) for
# the machine's python3: installed, or as wheels in $WHEELS (pure-Python: any Python
# 3.9+), e.g. made where a package index is reachable:
#   pip download --only-binary=:all: -d wheels opentelemetry-sdk==1.45.2
#   pip wheel --no-deps -w wheels ./python/gpu-otel-context
# Without the companion's wheel the checkout's python/gpu-otel-context/src is put on the
# path. nvtx_launch.cu and cupti-probes/rawinj.c are built here with nvcc and gcc.
#
#   1. threads: app_context_infer.py, 4 threads x REQUESTS requests, each a request span
#      (current on its thread, published by the companion) running a small PyTorch model
#      and a child span; kernels outside the spans between requests. The program exports
#      its spans (OTLP/HTTP JSON) to the receiver, the injector its kernels (OTLP/gRPC);
#      the receiver exports both to otlp_capture. app_context_analyze.py: each request's
#      trace holds exactly the kernels its thread's stream ran inside the request span
#      (ground truth), per request against the injector's own records
#      (GPU_OTEL_RECORD_DUMP), all kernels at both ends (exit line vs capture)
#   2. batched: 4 client threads, one batcher serving up to 4 requests per forward step
#      (gpu_otel_context.batch): the step's links, the requests' links back, the step's
#      kernels
#   3. cost per launch: nvtx_launch cost (tiny kernels, one stream), arms interleaved,
#      ROUNDS rounds (default 5), medians, pinned with taskset: no injector, rawinj.c, the
#      injector with no NVTX, outside any span, inside one span, inside a span and an
#      operator range, a span per launch
#   4. the companion's cost per span activation: with and without it, the injector
#      attached (cuInit)
# SECTIONS (default "1 2 3 4") picks which run. About 100 s in all (LAUNCHES=50000,
# REQUESTS=25). Logs, captures and analyses go to /tmp/acwork; $OUT (default
# /tmp/app-context) gets the analyses, the cost tables and every log (logs.tar.gz).
set -u
# shellcheck source=SCRIPTDIR/../common/gpu.sh
. "$(dirname "$0")/../common/gpu.sh"
need libgpu_otel_injector.so gpu-otel-receiver export-load otlp_capture
results /tmp/app-context
H=$GPU_DIR/nvtx-app-context
B=/tmp/acbin
W=/tmp/acwork
mkdir -p $B $W
T_BEGIN=$(date +%s)
sha256sum "$INJ" | cut -c1-16
machine -v
python3 -c 'import sys; print("python", sys.version.split()[0])'

# Python: the SDK and the companion, unpacked into a folder of their own on the path of
# the machine's python3 (a venv would hide a torch installed in the user's site).
if ! python3 -c 'import opentelemetry.sdk, gpu_otel_context' 2>/dev/null && [ -n "${WHEELS:-}" ]; then
  # Pure-Python wheels are zip files: unpacked, their dist-info (entry points included)
  # is found on the path as an installed package's is.
  for w in "$WHEELS"/*.whl; do python3 -m zipfile -e "$w" /tmp/acpkgs; done
  export PYTHONPATH=/tmp/acpkgs${PYTHONPATH:+:$PYTHONPATH}
fi
python3 -c 'import torch' || exit 1
if ! python3 -c 'import gpu_otel_context' 2>/dev/null; then
  export PYTHONPATH=$REPO/python/gpu-otel-context/src${PYTHONPATH:+:$PYTHONPATH}
fi
python3 -c 'import opentelemetry.sdk, gpu_otel_context, importlib.metadata as m
print("opentelemetry-sdk", m.version("opentelemetry-sdk"), "companion", gpu_otel_context.__file__)' || exit 1

nvcc -O2 -o $B/nvtx_launch "$H/nvtx_launch.cu" -ldl -lpthread || exit 1
rawinj $B
section() { case " ${SECTIONS:-1 2 3 4} " in *" $1 "*) return 0;; esac; return 1; }

infer() { # MODE: one traced run of the inference program, then the analysis
  local mode=$1
  to_capture 12-15 "$W/$mode"
  traced "app-context-$mode" OTEL_PYTHON_CONTEXT=gpu_otel_context GPU_OTEL_RECORD_DUMP="$W/$mode.dump.jsonl" \
    timeout -k 5 "${RUN_TIMEOUT:-60}" taskset -c 0-7 python3 "$H/app_context_infer.py" "$mode" --threads 4 \
    --requests "${REQUESTS:-25}" --otlp "http://127.0.0.1:$((PORT_BASE + 1))" --out "$W/$mode.out.jsonl" \
    > "$W/$mode.log" 2>&1
  echo "== $mode rc=$?"
  grep -h "app_context_infer:\|gpu-otel-injector" "$W/$mode.log" | cut -c1-1200
  sleep 1
  unserve
  local records
  records=$(sed -n 's/.*exit: \([0-9]*\) kernel records.*/\1/p' "$W/$mode.log" | head -1)
  python3 "$H/app_context_analyze.py" "$W/$mode.jsonl" "app-context-$mode" "$W/$mode.out.jsonl" \
    ${records:+--records "$records"} --dump "$W/$mode.dump.jsonl" > "$OUT/$mode-analysis.json"
  echo "analysis ($mode) rc=$?: $(cut -c1-1500 "$OUT/$mode-analysis.json")"
  "$BIN/gpu-otel-receiver" check "$W/$mode.jsonl" 2>&1 | tail -2
  gzip -9 -c "$W/$mode.jsonl" > "$OUT/$mode-capture.jsonl.gz"
  gzip -9 -f "$W/$mode.dump.jsonl"
}

if section 1; then echo "## 1. threads"; infer threads; fi
if section 2; then echo "## 2. batched"; infer batched; fi

if section 3 || section 4; then to_backend 8-11 "$W/cost" 600s; fi
INJENV=(CUDA_INJECTION64_PATH="$INJ" OTEL_EXPORTER_OTLP_ENDPOINT="$(receiver_url)" GPU_OTEL_EXIT_DEADLINE_MS=3000)

if section 3; then
  echo "## 3. cost per launch"
  C=$W/cost.txt
  : > "$C"
  launch() { # NAME MODE VAR=VALUE...: one run of nvtx_launch cost (round $ROUND)
    local name=$1 mode=$2
    shift 2
    arm "$C" "$name" '^nvtx_launch:|exit: NVTX' env "$@" timeout -k 5 30 taskset -c 0-3 $B/nvtx_launch cost \
      "${LAUNCHES:-50000}" "$mode"
  }
  for ROUND in $(seq 1 "${ROUNDS:-5}"); do
    launch none none X=1
    launch rawinj none CUDA_INJECTION64_PATH=$B/rawinj.so
    launch inj_no_nvtx none "${INJENV[@]}"
    launch inj_outside app_outside "${INJENV[@]}"
    launch inj_inside app_inside "${INJENV[@]}"
    launch inj_inside_op app_inside_op "${INJENV[@]}"
    launch inj_span_each app_each "${INJENV[@]}"
  done
  grep "exit: NVTX" "$C" | grep "inj_inside " | head -1 | cut -c1-900
  python3 "$COMMON/arms.py" "$C" --ref rawinj | tee "$OUT/cost.txt"
  cat "$C" >> "$OUT/cost.txt"
fi

if section 4; then
  echo "## 4. the companion's cost per span"
  S=$W/span-cost.txt
  : > "$S"
  spans() { # NAME [--context] VAR=VALUE...: one run of 20,000 span activations (round $ROUND)
    local name=$1 args=()
    shift
    if [ "${1:-}" = --context ]; then args=(--context); shift; fi
    arm "$S" "$name" '^app_context_infer: mode|exit: NVTX' env "$@" OTEL_SERVICE_NAME=span-cost \
      timeout -k 5 30 taskset -c 0-3 python3 "$H/app_context_infer.py" span-cost --requests "${SPANS:-20000}" --cuda \
      "${args[@]}"
  }
  # with_context: a current CUDA context on the thread; with_fake_tool: the companion
  # publishing to the test suite's fake NVTX tool, no injector: the companion's Python side
  # alone (what is left is CUPTI's and the injector's).
  gcc -O1 -shared -fPIC -o $B/libfake_nvtx_tool.so "$REPO/python/gpu-otel-context/tests/fake_nvtx_tool.c" -lpthread
  for ROUND in $(seq 1 "${SPAN_ROUNDS:-3}"); do
    spans without "${INJENV[@]}" APP_CONTEXT_COMPANION=0
    spans with "${INJENV[@]}" OTEL_PYTHON_CONTEXT=gpu_otel_context
    spans with_context --context "${INJENV[@]}" OTEL_PYTHON_CONTEXT=gpu_otel_context
    spans with_fake_tool OTEL_PYTHON_CONTEXT=gpu_otel_context NVTX_INJECTION64_PATH=$B/libfake_nvtx_tool.so
  done
  python3 "$COMMON/arms.py" "$S" --value us_per_span --base without | tee "$OUT/span-cost.txt"
  cat "$S" >> "$OUT/span-cost.txt"
fi
if section 3 || section 4; then unserve --now; fi
echo "total seconds: $(($(date +%s) - T_BEGIN))"
tar czf "$OUT/logs.tar.gz" -C $W --exclude='*.jsonl' .
ls -la "$OUT"
