#!/usr/bin/env bash
# Kernel spans on a GPU: kernels launched == spans received (the Rust example), the host
# unharmed without CUPTI, torch.profiler beside the injector, and the overhead of a
# launch-bound program. Run on the device machine from the repository root with the
# release builds copied into .gpu/ (docs/measurements/carry-rate.md says how).
# Writes its results under $OUT (or ./gpu-out when OUT is unset).
set -u
OUT=${OUT:-gpu-out}; mkdir -p "$OUT"
G=$PWD/.gpu
INJ=$G/libgpu_otel_injector.so
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
log() { echo "== $*"; }
ns() { date +%s%N; }

log "machine"
{ date -u +%Y-%m-%dT%H:%M:%SZ; nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader;
  ls -l /usr/local/cuda/lib64/libcupti.so* ; readelf -d /usr/local/cuda/lib64/libcupti.so 2>/dev/null | grep SONAME;
  python3 -c 'import torch; print("torch", torch.__version__, torch.version.cuda)'; nproc; } 2>&1 | tee "$OUT/machine.txt"

$G/otlp_capture --listen 127.0.0.1:4317 --out /tmp/capture.jsonl 2>/tmp/capture.err &
CAP=$!
$G/otlp_capture --listen 127.0.0.1:4319 --out /dev/null 2>/dev/null &
SINK=$!
sleep 0.5

log "1. Rust example under the injector: kernels launched vs spans received"
T0=$(ns)
CUDA_INJECTION64_PATH=$INJ OTEL_SERVICE_NAME=kernels-example GPU_OTEL_RECORD_DUMP=/tmp/records.jsonl \
  timeout 120 $G/kernels --launches 10000 --streams 4 --elems 4096 --iters 64 >/tmp/ex.out 2>/tmp/ex.err
echo "rc=$?"; T1=$(ns)
cat /tmp/ex.out /tmp/ex.err
LAUNCHED=$(sed -n 's/.*launched=\([0-9]*\).*/\1/p' /tmp/ex.out)
sleep 1
python3 examples/gpu/analyze.py /tmp/capture.jsonl kernels-example "$T0" "$T1" "$LAUNCHED" | tee "$OUT/example-analysis.json"
wc -l /tmp/records.jsonl; head -n 400 /tmp/records.jsonl > "$OUT/records-head.jsonl"

log "2. CUPTI absent: GPU_OTEL_CUPTI_PATH points nowhere"
CUDA_INJECTION64_PATH=$INJ GPU_OTEL_CUPTI_PATH=/nonexistent/libcupti.so.13 OTEL_SERVICE_NAME=no-cupti \
  timeout 60 $G/kernels --launches 1000 >/tmp/nc.out 2>/tmp/nc.err; echo "rc=$?"
cat /tmp/nc.out /tmp/nc.err | tee "$OUT/no-cupti.txt"
log "2b. no CUDA lib64 on the path and no fallback: LD_LIBRARY_PATH cleared, CUPTI path is a directory"
( export LD_LIBRARY_PATH=; CUDA_INJECTION64_PATH=$INJ GPU_OTEL_CUPTI_PATH=/tmp OTEL_SERVICE_NAME=no-cupti-torch \
  timeout 120 python3 -c 'import torch; x=torch.ones(1000,device="cuda"); print("torch ok", float((x*2).sum()))' ) 2>&1 | tee -a "$OUT/no-cupti.txt"

log "3. torch.profiler also subscribes"
for mode in late early; do
  T0=$(ns)
  CUDA_INJECTION64_PATH=$INJ OTEL_SERVICE_NAME=torch-$mode GPU_OTEL_RECORD_DUMP=/tmp/torch-$mode.jsonl timeout 180 python3 examples/gpu/torch_profiler.py $mode 2>&1 | tail -n 15
  echo "rc=${PIPESTATUS[0]}"; T1=$(ns); sleep 1
  python3 examples/gpu/analyze.py /tmp/capture.jsonl torch-$mode "$T0" "$T1"
done 2>&1 | tee "$OUT/torch.txt"
head -n 150 /tmp/torch-late.jsonl > "$OUT/torch-records-head.jsonl"
log "3b. torch.profiler alone, no injector (reference)"
timeout 180 python3 examples/gpu/torch_profiler.py late 2>&1 | tail -n 5 | tee -a "$OUT/torch.txt"

log "4. overhead: launch-heavy workload; arms interleaved in each round"
# off: no injector. on: injector exporting to a local OTLP sink. nocollector: injector
# whose exports fail at once (closed port), so CUPTI collection and span building
# without the network. disabled: injector loaded with OTEL_SDK_DISABLED=true.
ARGS="--launches 100000 --streams 4 --elems 256 --iters 0"
for i in $(seq 1 11); do
  timeout 120 $G/kernels $ARGS 2>&1 | sed "s/^/off run=$i /"
  OTEL_EXPORTER_OTLP_ENDPOINT=http://127.0.0.1:4319 OTEL_SERVICE_NAME=overhead CUDA_INJECTION64_PATH=$INJ \
    timeout 120 $G/kernels $ARGS 2>&1 | sed "s/^/on run=$i /"
  OTEL_EXPORTER_OTLP_ENDPOINT=http://127.0.0.1:9 CUDA_INJECTION64_PATH=$INJ \
    timeout 120 $G/kernels $ARGS 2>&1 | sed "s/^/nocollector run=$i /"
  OTEL_SDK_DISABLED=true CUDA_INJECTION64_PATH=$INJ timeout 120 $G/kernels $ARGS 2>&1 | sed "s/^/disabled run=$i /"
done | tee "$OUT/overhead.txt"
python3 - "$OUT/overhead.txt" <<'PY' | tee -a "$OUT/overhead.txt"
import re, statistics, sys
runs = {}
for line in open(sys.argv[1]):
    m = re.match(r"(\w+) run=\d+ kernels: launched=(\d+) .*wall_ms=([0-9.]+)", line)
    if m: runs.setdefault(m.group(1), []).append((int(m.group(2)), float(m.group(3))))
off = statistics.median(w for _, w in runs["off"])
for arm, r in runs.items():
    med = statistics.median(w for _, w in r); n = r[0][0]
    print(f"summary: arm={arm} runs={len(r)} median_ms={med:.3f} min_ms={min(w for _, w in r):.3f} "
          f"max_ms={max(w for _, w in r):.3f} vs_off={100*(med-off)/off:+.2f}% per_launch_us={(med-off)*1e3/n:+.4f}")
PY
kill $CAP $SINK 2>/dev/null; wait 2>/dev/null
cat /tmp/capture.err | tail -n 3
log "done"
