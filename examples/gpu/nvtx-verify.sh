#!/usr/bin/env bash
# NVTX ranges as parent spans, on the GPU machine (carry .gpu: the release injector,
# receiver, export-load, otlp_capture; nvtx_launch.cu and cupti-probes/rawinj.c are
# built here).
# The scripts it uses sit beside it; an injector beside it is used before .gpu's.
# Every traced run exports OTLP/gRPC to the project's receiver, which exports to
# otlp_capture; nvtx_analyze.py reads the capture. Counted at both ends: CUPTI's kernel
# records (the injector's exit line) and the kernel spans in the capture.
#   1. nvtxNameOsThreadA under CUPTI (a CUDA 13.0.0 CUPTI crashed there: NVIDIA/NVTX#125)
#   2. nvtx_launch mix: 4 threads, nested ranges, a domain, a registered string, a
#      start/end range across threads, an unbalanced pop, a range left open at exit;
#      every kernel's grid.x names the range it must be under
#   3. PyTorch with emit_nvtx and a "step" range per step: parent chains, counts
#   4. PyTorch calling NVTX before CUDA initialised (the documented limit)
#   5. a small PyTorch record dump with NVTX events (the GPU-free replay fixture)
#   6. cost per launch: arms interleaved, ROUNDS rounds, medians (the floor's method)
#   7. PyTorch with "step" ranges only (no emit_nvtx): NVTX on and off
#   8. where a range's cost goes: NVTX with no tool, NVTX routed to CUPTI with no NVTX
#      subscriber (rawinj), and the injector; a range per launch
# SECTIONS (default "1 2 3 4 5 6 7 8") picks which run.
# Logs and captures go to /tmp/nvtxwork; $OUT gets the PyTorch record dump (gzip), the
# mix capture (gzip) and every log in logs.tar.gz. Each traced run is bounded by a timeout.
set -u
G=$PWD/.gpu; export H=$(cd "$(dirname "$0")" && pwd); OUT=${OUT:-/tmp/nvtx}; mkdir -p "$OUT"; B=/tmp/nvtxbin; W=/tmp/nvtxwork; mkdir -p $B $W
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
INJ=$H/libgpu_otel_injector.so; [ -f "$INJ" ] || INJ=$G/libgpu_otel_injector.so
sha256sum "$INJ" | cut -c1-16
date -u +%FT%TZ; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; nproc
ls /usr/local/cuda/lib64/ | grep -i '^libcupti.so'; python3 -c 'import torch; print("torch", torch.__version__)'
nvcc -O2 -o $B/nvtx_launch $H/nvtx_launch.cu -ldl -lpthread || exit 1
RAWINJ_C=$H/cupti-probes/rawinj.c; [ -f "$RAWINJ_C" ] || RAWINJ_C=$G/rawinj.c
gcc -O2 -shared -fPIC -DHAVE_PTB -I/usr/local/cuda/include "$RAWINJ_C" -L/usr/local/cuda/lib64 -lcupti \
  -Wl,-rpath=/usr/local/cuda/lib64 -o $B/rawinj.so || exit 1

serve() { # capture file: receiver on 4317 exporting to otlp_capture on 4320
  "$G/otlp_capture" --listen 127.0.0.1:4320 --out "$1" 2>/dev/null & CAP=$!
  taskset -c 12-15 "$G/gpu-otel-receiver" serve --grpc-endpoint 127.0.0.1:4317 --http-endpoint 127.0.0.1:4318 \
    --metrics-endpoint 127.0.0.1:9464 --export-endpoint http://127.0.0.1:4320 > /dev/null 2> "$1.receiver.err" & RC=$!
  sleep 0.7
}
unserve() { kill -TERM $RC; wait $RC; sleep 0.3; kill -TERM $CAP; wait $CAP; }
traced() { # name cmd...: under the injector, exporting to the receiver
  local name=$1; shift
  env CUDA_INJECTION64_PATH=$INJ OTEL_EXPORTER_OTLP_ENDPOINT=http://127.0.0.1:4317 OTEL_SERVICE_NAME=$name \
    GPU_OTEL_EXIT_DEADLINE_MS=5000 timeout -k 5 ${RUN_TIMEOUT:-120} taskset -c 0-7 "$@" > "$W/$name.log" 2>&1
  echo "== $name rc=$?"; grep -h "nvtx_launch:\|torch_train:\|gpu-otel-injector" "$W/$name.log" | cut -c1-900
}
both_ends() { # name capture
  python3 - "$W/$1.log" "$2" "$1" <<'PY'
import json, os, re, subprocess, sys
log = open(sys.argv[1]).read()
m = re.search(r"exit: (\d+) kernel records, (\d+) kernel spans", log)
a = json.loads(subprocess.run(["python3", os.environ["H"] + "/nvtx_analyze.py", sys.argv[2], sys.argv[3]] + sys.argv[4:],
                              capture_output=True, text=True, check=True).stdout)
print("analysis:", json.dumps(a))
print(f"both ends: records_cupti={m.group(1)} exported={m.group(2)} capture_kernel_spans={a['kernel_spans']} "
      f"equal={int(m.group(1)) == a['kernel_spans']} under_range={a['kernels_under_range']} "
      f"({100.0 * a['kernels_under_range'] / max(1, a['kernel_spans']):.1f}%)")
PY
}

arm() { # name mode env...: one cost run into $C (round $i)
  local name=$1 mode=$2; shift 2
  env "$@" timeout -k 5 60 taskset -c 0-3 $B/nvtx_launch cost $N $mode 2>&1 | grep -E '^nvtx_launch:|exit: NVTX' \
    | sed "s/^/$name run=$i /" | cut -c1-500 >> "$C"; }
on() { case " ${SECTIONS:-1 2 3 4 5 6 7 8} " in *" $1 "*) return 0;; esac; return 1; }

if on 1; then
echo "## 1. name-thread"
traced name-thread $B/nvtx_launch name-thread
fi

if on 2; then
echo "## 2. mix"
serve "$W/mix.jsonl"; traced mix $B/nvtx_launch mix 4 50; unserve
python3 - "$W/mix.log" "$W/mix.jsonl" mix <<'PY'
import json, os, re, subprocess, sys
a = json.loads(subprocess.run(["python3", os.environ["H"] + "/nvtx_analyze.py", sys.argv[2], sys.argv[3], "--mix"],
                              capture_output=True, text=True, check=True).stdout)
m = re.search(r"exit: (\d+) kernel records", open(sys.argv[1]).read())
print("analysis:", json.dumps(a)); print(f"both ends: records_cupti={m.group(1)} capture_kernel_spans={a['kernel_spans']}")
PY
"$G/gpu-otel-receiver" check "$W/mix.jsonl" 2>&1 | tail -2
tail -1 "$W/mix.jsonl.receiver.err" | cut -c1-300
gzip -9 -c "$W/mix.jsonl" > "$OUT/mix-capture.jsonl.gz"
fi

if on 3; then
echo "## 3. torch emit_nvtx"
serve "$W/torch.jsonl"; traced torch-nvtx python3 $H/torch_train.py ${TORCH_SECONDS:-5} --nvtx; unserve
both_ends torch-nvtx "$W/torch.jsonl"
"$G/gpu-otel-receiver" check "$W/torch.jsonl" 2>&1 | tail -2
rm -f "$W/torch.jsonl"
serve "$W/torch.jsonl"; traced torch-nvtx-off env GPU_OTEL_NVTX=0 python3 $H/torch_train.py ${TORCH_SECONDS:-5} --nvtx; unserve
rm -f "$W/torch.jsonl"
fi

if on 4; then
echo "## 4. torch NVTX before CUDA"
traced torch-early python3 -c 'import torch
torch.cuda.nvtx.range_push("before cuda"); x = torch.ones(8, device="cuda")
torch.cuda.nvtx.range_push("after cuda"); y = x * 2; torch.cuda.nvtx.range_pop(); torch.cuda.nvtx.range_pop()
torch.cuda.synchronize(); print("torch_train: early done")'
fi

if on 5; then
echo "## 5. fixture"
serve "$W/fixture.jsonl"
traced torch-fixture env GPU_OTEL_RECORD_DUMP=$OUT/h200_torch_nvtx_capture.jsonl \
  python3 $H/torch_train.py 60 --nvtx --steps ${FIXTURE_STEPS:-2}
unserve; both_ends torch-fixture "$W/fixture.jsonl"; rm -f "$W/fixture.jsonl"
gzip -9 -f "$OUT/h200_torch_nvtx_capture.jsonl"; ls -la "$OUT/h200_torch_nvtx_capture.jsonl.gz"
fi

if on 6; then
echo "## 6. cost"
taskset -c 12-15 "$G/export-load" backend --listen 127.0.0.1:4319 --idle-exit 600s > /dev/null 2>&1 & BK=$!
taskset -c 8-11 "$G/gpu-otel-receiver" serve --grpc-endpoint 127.0.0.1:4317 --http-endpoint 127.0.0.1:4318 \
  --metrics-endpoint 127.0.0.1:9464 --export-endpoint http://127.0.0.1:4319 > /dev/null 2>&1 & RC=$!
sleep 0.7
C="$W/cost.txt"; : > "$C"; N=${LAUNCHES:-200000}
INJENV="CUDA_INJECTION64_PATH=$INJ OTEL_EXPORTER_OTLP_ENDPOINT=http://127.0.0.1:4317 GPU_OTEL_EXIT_DEADLINE_MS=3000"
for i in $(seq 1 ${ROUNDS:-5}); do
  arm none none X=1
  arm rawinj none CUDA_INJECTION64_PATH=$B/rawinj.so
  arm inj_nvtx_off_ranges outer $INJENV GPU_OTEL_NVTX=0
  arm inj_no_ranges none $INJENV
  arm inj_outer_range outer $INJENV
  arm inj_range_each each $INJENV
done
kill -TERM $RC; wait $RC; kill $BK
grep "exit: NVTX" "$C" | head -3
python3 - "$C" <<'PY' | tee -a "$C"
import re, statistics, sys
wall, n = {}, {}
for line in open(sys.argv[1]):
    m = re.match(r"(\w+) run=\d+ nvtx_launch: mode=\w+ launches=(\d+) wall_ms=([0-9.]+)", line)
    if m:
        wall.setdefault(m.group(1), []).append(float(m.group(3))); n[m.group(1)] = int(m.group(2))
base, raw = statistics.median(wall["none"]), statistics.median(wall["rawinj"])
for arm, w in wall.items():
    med = statistics.median(w)
    print(f"summary: arm={arm} runs={len(w)} median_ms={med:.1f} min={min(w):.1f} max={max(w):.1f} "
          f"us_per_launch_vs_none={1000*(med-base)/n[arm]:+.3f} us_per_launch_vs_rawinj={1000*(med-raw)/n[arm]:+.3f}")
PY
fi
if on 7; then
echo "## 7. torch step ranges only"
serve "$W/steps.jsonl"; traced torch-steps python3 $H/torch_train.py ${TORCH_SECONDS:-5} --nvtx-steps; unserve
both_ends torch-steps "$W/steps.jsonl"; rm -f "$W/steps.jsonl"
serve "$W/steps.jsonl"; traced torch-steps-off env GPU_OTEL_NVTX=0 python3 $H/torch_train.py ${TORCH_SECONDS:-5} --nvtx-steps; unserve
rm -f "$W/steps.jsonl"
fi

if on 8; then
echo "## 8. a range's cost, decomposed"
taskset -c 12-15 "$G/export-load" backend --listen 127.0.0.1:4319 --idle-exit 600s > /dev/null 2>&1 & BK=$!
taskset -c 8-11 "$G/gpu-otel-receiver" serve --grpc-endpoint 127.0.0.1:4317 --http-endpoint 127.0.0.1:4318 \
  --metrics-endpoint 127.0.0.1:9464 --export-endpoint http://127.0.0.1:4319 > /dev/null 2>&1 & RC=$!
sleep 0.7
C="$W/cost8.txt"; : > "$C"; N=${LAUNCHES:-200000}
INJENV="CUDA_INJECTION64_PATH=$INJ OTEL_EXPORTER_OTLP_ENDPOINT=http://127.0.0.1:4317 GPU_OTEL_EXIT_DEADLINE_MS=3000"
for i in $(seq 1 ${ROUNDS:-5}); do
  arm none none X=1
  arm none_each each X=1
  arm rawinj_each each CUDA_INJECTION64_PATH=$B/rawinj.so
  arm rawinj_nvtx_each each CUDA_INJECTION64_PATH=$B/rawinj.so NVTX_INJECTION64_PATH=/usr/local/cuda/lib64/libcupti.so
  arm inj_range_each each $INJENV
done
kill -TERM $RC; wait $RC; kill $BK
python3 - "$C" <<'PY' | tee -a "$C"
import re, statistics, sys
wall, n = {}, {}
for line in open(sys.argv[1]):
    m = re.match(r"(\w+) run=\d+ nvtx_launch: mode=\w+ launches=(\d+) wall_ms=([0-9.]+)", line)
    if m:
        wall.setdefault(m.group(1), []).append(float(m.group(3))); n[m.group(1)] = int(m.group(2))
base = statistics.median(wall["none"])
for arm, w in wall.items():
    med = statistics.median(w)
    print(f"summary: arm={arm} runs={len(w)} median_ms={med:.1f} min={min(w):.1f} max={max(w):.1f} "
          f"us_per_launch_vs_none={1000*(med-base)/n[arm]:+.3f}")
PY
fi
tar czf "$OUT/logs.tar.gz" -C $W $(cd $W && ls | grep -v '^torch.jsonl$\|^fixture.jsonl$')
ls -la "$OUT"
