#!/usr/bin/env bash
# Kernels inside the application's own traces, on the GPU machine (docs/app-context.md).
# Carry .gpu: the release injector, gpu-otel-receiver, export-load, otlp_capture (as for
# docs/measurements/carry-rate.md) and the Python wheels the GPU machine cannot download:
#   mkdir -p .gpu/wheels
#   .venv/bin/python -m pip download --only-binary=:all: -d .gpu/wheels opentelemetry-sdk==1.45.2
#   .venv/bin/python -m pip wheel --no-deps -w .gpu/wheels ./python/gpu-otel-context
# (pure-Python wheels: any Python 3.9+ there). Without the companion's wheel the program
# puts python/gpu-otel-context/src on its path and calls gpu_otel_context.install().
# app_context_launch.cu and cupti-probes/rawinj.c are built here with nvcc and gcc.
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
#   3. cost per launch: app_context_launch (tiny kernels, one stream), arms interleaved,
#      ROUNDS rounds (default 5), medians, pinned with taskset: no injector, rawinj.c, the
#      injector with no NVTX, outside any span, inside one span, inside a span and an
#      operator range, a span per launch
#   4. the companion's cost per span activation: with and without it, the injector
#      attached (cuInit)
# SECTIONS (default "1 2 3 4") picks which run. About 100 s in all (LAUNCHES=50000,
# REQUESTS=25). Logs, captures and analyses go to /tmp/acwork; $OUT gets the analyses,
# the cost tables and every log (logs.tar.gz).
set -u
G=$PWD/.gpu; REPO=$PWD; export H=$(cd "$(dirname "$0")" && pwd); OUT=${OUT:-/tmp/app-context}
B=/tmp/acbin; W=/tmp/acwork; mkdir -p "$OUT" $B $W
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
INJ=$H/libgpu_otel_injector.so; [ -f "$INJ" ] || INJ=$G/libgpu_otel_injector.so
T_BEGIN=$(date +%s)
sha256sum "$INJ" | cut -c1-16
date -u +%FT%TZ; nvidia-smi --query-gpu=name,driver_version,uuid --format=csv,noheader; nproc
ls /usr/local/cuda/lib64/ | grep -i '^libcupti.so'
python3 -c 'import sys, torch; print("python", sys.version.split()[0], "torch", torch.__version__)'

# Python: the SDK and the companion, installed into a folder of their own on the path of
# the machine's python3 (a venv would hide a torch installed in the user's site).
PY=python3
if ! python3 -c 'import opentelemetry.sdk, gpu_otel_context' 2>/dev/null; then
  # Pure-Python wheels are zip files: unpacked, their dist-info (entry points included)
  # is found on the path as an installed package's is.
  for w in "$G"/wheels/*.whl; do python3 -m zipfile -e "$w" /tmp/acpkgs; done
  export PYTHONPATH=/tmp/acpkgs${PYTHONPATH:+:$PYTHONPATH}
fi
$PY -c 'import torch' || exit 1
if ! $PY -c 'import gpu_otel_context' 2>/dev/null; then
  export PYTHONPATH=$REPO/python/gpu-otel-context/src${PYTHONPATH:+:$PYTHONPATH}
fi
$PY -c 'import opentelemetry.sdk, gpu_otel_context, importlib.metadata as m; print("opentelemetry-sdk", m.version("opentelemetry-sdk"), "companion", gpu_otel_context.__file__)' || exit 1

nvcc -O2 -o $B/app_context_launch $H/app_context_launch.cu -ldl -lpthread || exit 1
RAWINJ_C=$H/cupti-probes/rawinj.c; [ -f "$RAWINJ_C" ] || RAWINJ_C=$G/rawinj.c
gcc -O2 -shared -fPIC -DHAVE_PTB -I/usr/local/cuda/include "$RAWINJ_C" -L/usr/local/cuda/lib64 -lcupti \
  -Wl,-rpath=/usr/local/cuda/lib64 -o $B/rawinj.so || exit 1

serve() { # capture file: receiver on 4317 (gRPC) and 4318 (HTTP) exporting to otlp_capture on 4320
  "$G/otlp_capture" --listen 127.0.0.1:4320 --out "$1" 2>/dev/null & CAP=$!
  taskset -c 12-15 "$G/gpu-otel-receiver" serve --grpc-endpoint 127.0.0.1:4317 --http-endpoint 127.0.0.1:4318 \
    --metrics-endpoint 127.0.0.1:9464 --export-endpoint http://127.0.0.1:4320 > /dev/null 2> "$1.receiver.err" & RC=$!
  sleep 0.7
}
unserve() { kill -TERM $RC; wait $RC; sleep 0.3; kill -TERM $CAP; wait $CAP; }
on() { case " ${SECTIONS:-1 2 3 4} " in *" $1 "*) return 0;; esac; return 1; }

infer() { # mode: one traced run of the inference program, then the analysis
  local mode=$1
  serve "$W/$mode.jsonl"
  env CUDA_INJECTION64_PATH=$INJ OTEL_EXPORTER_OTLP_ENDPOINT=http://127.0.0.1:4317 OTEL_SERVICE_NAME=app-context-$mode \
    OTEL_PYTHON_CONTEXT=gpu_otel_context GPU_OTEL_RECORD_DUMP=$W/$mode.dump.jsonl GPU_OTEL_EXIT_DEADLINE_MS=5000 \
    timeout -k 5 ${RUN_TIMEOUT:-60} taskset -c 0-7 $PY $H/app_context_infer.py $mode --threads 4 \
    --requests ${REQUESTS:-25} --otlp http://127.0.0.1:4318 --out $W/$mode.out.jsonl > "$W/$mode.log" 2>&1
  echo "== $mode rc=$?"; grep -h "app_context_infer:\|gpu-otel-injector" "$W/$mode.log" | cut -c1-1200
  sleep 1; unserve
  local records; records=$(sed -n 's/.*exit: \([0-9]*\) kernel records.*/\1/p' "$W/$mode.log" | head -1)
  $PY $H/app_context_analyze.py "$W/$mode.jsonl" app-context-$mode $W/$mode.out.jsonl \
    ${records:+--records $records} --dump $W/$mode.dump.jsonl > "$OUT/$mode-analysis.json"
  echo "analysis ($mode) rc=$?: $(cut -c1-1500 "$OUT/$mode-analysis.json")"
  "$G/gpu-otel-receiver" check "$W/$mode.jsonl" 2>&1 | tail -2
  gzip -9 -c "$W/$mode.jsonl" > "$OUT/$mode-capture.jsonl.gz"; gzip -9 -f "$W/$mode.dump.jsonl"
}

if on 1; then echo "## 1. threads"; infer threads; fi
if on 2; then echo "## 2. batched"; infer batched; fi

if on 3 || on 4; then
  taskset -c 12-15 "$G/export-load" backend --listen 127.0.0.1:4319 --idle-exit 600s > /dev/null 2>&1 & BK=$!
  taskset -c 8-11 "$G/gpu-otel-receiver" serve --grpc-endpoint 127.0.0.1:4317 --http-endpoint 127.0.0.1:4318 \
    --metrics-endpoint 127.0.0.1:9464 --export-endpoint http://127.0.0.1:4319 > /dev/null 2>&1 & RC=$!
  sleep 0.7
fi
INJENV="CUDA_INJECTION64_PATH=$INJ OTEL_EXPORTER_OTLP_ENDPOINT=http://127.0.0.1:4317 GPU_OTEL_EXIT_DEADLINE_MS=3000"

if on 3; then
echo "## 3. cost per launch"
C="$W/cost.txt"; : > "$C"; N=${LAUNCHES:-50000}
arm() { # name mode env...: one run into $C (round $i)
  local name=$1 mode=$2; shift 2
  env "$@" timeout -k 5 30 taskset -c 0-3 $B/app_context_launch $N $mode 2>&1 \
    | grep -E '^app_context_launch:|exit: NVTX' | sed "s/^/$name run=$i /" | cut -c1-900 >> "$C"; }
for i in $(seq 1 ${ROUNDS:-5}); do
  arm none none X=1
  arm rawinj none CUDA_INJECTION64_PATH=$B/rawinj.so
  arm inj_no_nvtx none $INJENV
  arm inj_outside outside $INJENV
  arm inj_inside inside $INJENV
  arm inj_inside_op inside_op $INJENV
  arm inj_span_each each $INJENV
done
grep "exit: NVTX" "$C" | grep "inj_inside " | head -1 | cut -c1-900
$PY - "$C" <<'PY' | tee "$OUT/cost.txt"
import re, statistics, sys
wall, n = {}, {}
for line in open(sys.argv[1]):
    m = re.match(r"(\w+) run=\d+ app_context_launch: mode=\w+ launches=(\d+) wall_ms=([0-9.]+)", line)
    if m:
        wall.setdefault(m.group(1), []).append(float(m.group(3))); n[m.group(1)] = int(m.group(2))
base, raw = statistics.median(wall["none"]), statistics.median(wall["rawinj"])
for arm, w in wall.items():
    med = statistics.median(w)
    print(f"summary: arm={arm} runs={len(w)} median_ms={med:.1f} min={min(w):.1f} max={max(w):.1f} "
          f"us_per_launch_vs_none={1000*(med-base)/n[arm]:+.3f} us_per_launch_vs_rawinj={1000*(med-raw)/n[arm]:+.3f}")
PY
cat "$C" >> "$OUT/cost.txt"
fi

if on 4; then
echo "## 4. the companion's cost per span"
S="$W/span-cost.txt"; : > "$S"
sarm() { local name=$1; shift; local SPAN_COST_ARGS=
  for a in "$@"; do case $a in SPAN_COST_ARGS=*) SPAN_COST_ARGS=${a#*=};; esac; done
  env "$@" $INJENV OTEL_SERVICE_NAME=span-cost timeout -k 5 30 taskset -c 0-3 $PY $H/app_context_infer.py span-cost \
    --requests ${SPANS:-20000} --cuda $SPAN_COST_ARGS 2>&1 | grep -E '^app_context_infer: mode|exit: NVTX' | sed "s/^/$name run=$i /" \
    | cut -c1-900 >> "$S"; }
# with_context: a current CUDA context on the thread; with_fake_tool: the companion
# publishing to the test suite's fake NVTX tool, no injector: the companion's Python side
# alone (what is left is CUPTI's and the injector's).
gcc -O1 -shared -fPIC -o $B/libfake_nvtx_tool.so $REPO/python/gpu-otel-context/tests/fake_nvtx_tool.c -lpthread
for i in $(seq 1 ${SPAN_ROUNDS:-3}); do
  sarm without APP_CONTEXT_COMPANION=0
  sarm with OTEL_PYTHON_CONTEXT=gpu_otel_context
  sarm with_context OTEL_PYTHON_CONTEXT=gpu_otel_context SPAN_COST_ARGS=--context
  ( INJENV=; sarm with_fake_tool OTEL_PYTHON_CONTEXT=gpu_otel_context NVTX_INJECTION64_PATH=$B/libfake_nvtx_tool.so )
done
$PY - "$S" <<'PY' | tee "$OUT/span-cost.txt"
import re, statistics, sys
us = {}
for line in open(sys.argv[1]):
    m = re.match(r"(\w+) run=\d+ app_context_infer: mode=span-cost spans=\d+ us_per_span=([0-9.]+)", line)
    if m:
        us.setdefault(m.group(1), []).append(float(m.group(2)))
for arm, v in us.items():
    print(f"summary: arm={arm} runs={len(v)} median_us_per_span={statistics.median(v):.2f} min={min(v):.2f} max={max(v):.2f}")
if "with" in us and "without" in us:
    print(f"summary: companion adds {statistics.median(us['with']) - statistics.median(us['without']):+.2f} us per span activation")
PY
cat "$S" >> "$OUT/span-cost.txt"
fi
if on 3 || on 4; then kill -TERM $RC; wait $RC; kill $BK; fi
echo "total seconds: $(( $(date +%s) - T_BEGIN ))"
tar czf "$OUT/logs.tar.gz" -C $W $(cd $W && ls | grep -v '\.jsonl$')
ls -la "$OUT"
