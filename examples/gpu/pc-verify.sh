#!/usr/bin/env bash
# GPU verification of PC sampling (issue 5), run on the device machine from the
# repository root with the release builds copied into .gpu/ (docs/gpu-verification.md):
#   cargo build --release -p gpu-otel-injector        # the .so: build the lib on its own
#   cargo build --release -p gpu-otel-examples --bin kernels --bin otlp_capture
#   cp target/release/{libgpu_otel_injector.so,kernels,otlp_capture} .gpu/
# Results go under $OUT (or ./gpu-out): pc-log.txt (everything), overhead.txt.
set -u
OUT=${OUT:-gpu-out}; mkdir -p "$OUT"
G=$PWD/.gpu
INJ=$G/libgpu_otel_injector.so
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
export PYTHONUNBUFFERED=1
exec > >(tee "$OUT/pc-log.txt") 2>&1
log() { echo "== $*"; }
AN="python3 examples/gpu/analyze_pc.py /tmp/capture.jsonl"
# A stale injector (built before PC sampling) would run every arm with the tier off.
grep -q GPU_OTEL_PC_SAMPLING "$INJ" || { echo "FATAL: $INJ has no PC sampling (stale build?)"; exit 2; }

log "machine"
date -u +%Y-%m-%dT%H:%M:%SZ; nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader
python3 -c 'import torch; print("torch", torch.__version__, torch.version.cuda)'; nproc

$G/otlp_capture --listen 127.0.0.1:4317 --out /tmp/capture.jsonl 2>/tmp/capture.err &
CAP=$!
$G/otlp_capture --listen 127.0.0.1:4319 --out /dev/null 2>/dev/null &
SINK=$!
sleep 0.5
run() { # name, then env assignments and command
  local name=$1; shift
  echo "-- run $name"; env CUDA_INJECTION64_PATH=$INJ OTEL_SERVICE_NAME=$name "$@" 2>&1 | grep -v '^$' | tail -n 12
  echo "rc=${PIPESTATUS[0]}"
}

log "1. serialized, 4 launcher threads, short bursts back to back: >= 1000 bursts, no deadlock"
run mt-bursts GPU_OTEL_PC_SAMPLING=serialized GPU_OTEL_PC_BURST_MS=1 GPU_OTEL_PC_MAX_DUTY_PERMILLE=500 \
  GPU_OTEL_PC_TARGET_RATE=100000000 GPU_OTEL_PC_BURST_LAUNCHES=2 \
  timeout 90 $G/kernels --launches 400000 --streams 8 --threads 4 --elems 4096 --iters 64
sleep 1; $AN mt-bursts

log "2. serialized at the default controller, one thread, 4 streams (~0.1 ms kernels)"
run ser-default GPU_OTEL_PC_SAMPLING=serialized timeout 60 $G/kernels --launches 40000 --streams 4 --elems 4096 --iters 20000
sleep 1; $AN ser-default

log "3. continuous tier, same workload"
run cont GPU_OTEL_PC_SAMPLING=continuous timeout 60 $G/kernels --launches 40000 --streams 4 --elems 4096 --iters 20000
sleep 1; $AN cont

log "4. tier refused: two tiers at once"
run refused GPU_OTEL_PC_SAMPLING=continuous,serialized timeout 60 $G/kernels --launches 2000
sleep 1; $AN refused

log "5. graph launches (Rust, driver cuGraphLaunch) under serialized: refused at launch"
run graph-rust GPU_OTEL_PC_SAMPLING=serialized timeout 60 $G/kernels --launches 4000 --graph-launches 5 --iters 2000
sleep 1; $AN graph-rust

log "6. PyTorch in each tier"
for t in off continuous serialized; do
  run torch-$t GPU_OTEL_PC_SAMPLING=$t timeout 90 python3 examples/gpu/torch_pc.py plain 3
  sleep 1; $AN torch-$t
done
log "6b. PyTorch CUDA graph (capture + cudaGraphLaunch) under serialized, and under continuous"
for t in serialized continuous; do
  run torch-graph-$t GPU_OTEL_PC_SAMPLING=$t timeout 90 python3 examples/gpu/torch_pc.py graph
  sleep 1; $AN torch-graph-$t
done

log "7. SIGKILL mid-run under serialized (1 s bursts so one is likely open)"
( CUDA_INJECTION64_PATH=$INJ OTEL_SERVICE_NAME=killed GPU_OTEL_PC_SAMPLING=serialized GPU_OTEL_PC_BURST_MS=1000 \
  GPU_OTEL_PC_BURST_LAUNCHES=0 GPU_OTEL_PC_MAX_DUTY_PERMILLE=500 \
  timeout -s KILL 2.5 $G/kernels --launches 400000 --streams 4 --elems 4096 --iters 20000; echo "rc=$?" )
sleep 1.5; $AN killed

log "8. overhead: fixed work, 4 streams, arms interleaved, 5 rounds"
ARGS="--launches 120000 --streams 4 --elems 4096 --iters 20000"
O="$OUT/overhead.txt"; : > "$O"
arm() { local name=$1; shift
  env CUDA_INJECTION64_PATH=$INJ OTEL_EXPORTER_OTLP_ENDPOINT=http://127.0.0.1:4319 OTEL_SERVICE_NAME=ovh \
      GPU_OTEL_EXIT_DEADLINE_MS=300 "$@" timeout 40 $G/kernels $ARGS 2>&1 \
    | grep -E '^kernels:|pc sampling' | sed "s/^/$name run=$i /" | tee -a "$O"; }
PIN="GPU_OTEL_PC_SAMPLING=serialized GPU_OTEL_PC_BURST_LAUNCHES=0 GPU_OTEL_PC_TARGET_RATE=100000000"
for i in 1 2 3 4 5; do
  arm off GPU_OTEL_PC_SAMPLING=off
  arm continuous GPU_OTEL_PC_SAMPLING=continuous
  arm pin100 $PIN GPU_OTEL_PC_MAX_DUTY_PERMILLE=100
  arm pin50 $PIN GPU_OTEL_PC_MAX_DUTY_PERMILLE=50
  arm pin25 $PIN GPU_OTEL_PC_MAX_DUTY_PERMILLE=25
  arm pin10 $PIN GPU_OTEL_PC_MAX_DUTY_PERMILLE=10
  arm default GPU_OTEL_PC_SAMPLING=serialized
  arm fixed50 GPU_OTEL_PC_SAMPLING=serialized GPU_OTEL_PC_BURST_LAUNCHES=0
done
python3 - "$O" <<'PY' | tee -a "$O"
import re, statistics, sys
wall, pairs, bursts, launches = {}, {}, {}, {}
for line in open(sys.argv[1]):
    m = re.match(r"(\w+) run=\d+ kernels: launched=(\d+) .*wall_ms=([0-9.]+)", line)
    if m: wall.setdefault(m.group(1), []).append(float(m.group(3)))
    m = re.match(r"(\w+) run=\d+ .*pc sampling tier=\w+ bursts=(\d+) launches_serialized=(\d+) pairs=(\d+)", line)
    if m:
        bursts.setdefault(m.group(1), []).append(int(m.group(2)))
        launches.setdefault(m.group(1), []).append(int(m.group(3)))
        pairs.setdefault(m.group(1), []).append(int(m.group(4)))
off = statistics.median(wall["off"])
for arm, w in wall.items():
    med = statistics.median(w); extra = med - off
    p = statistics.median(pairs[arm]) if arm in pairs else None
    b = statistics.median(bursts[arm]) if arm in bursts else None
    l = statistics.median(launches[arm]) if arm in launches else None
    per = f" ms_per_1000_pairs={1000*extra/p:.3f}" if p else ""
    print(f"summary: arm={arm} runs={len(w)} median_ms={med:.1f} min={min(w):.1f} max={max(w):.1f} "
          f"vs_off={100*extra/off:+.2f}% bursts={b} launches_serialized={l} pairs={p}{per}")
PY
kill $CAP $SINK 2>/dev/null; wait 2>/dev/null
tail -n 3 /tmp/capture.err
log "done"
