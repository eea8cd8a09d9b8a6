#!/usr/bin/env bash
# PC sampling on a GPU (both tiers, refusals, graphs, PyTorch, SIGKILL, overhead), run
# on the device machine from the repository root with the release builds copied into
# .gpu/ (docs/measurements/pc-sampling-h200.md):
#   cargo build --release -p gpu-otel-injector        # the .so: build the lib on its own
#   cargo build --release -p gpu-otel-examples --bin kernels --bin otlp_capture
#   cp target/release/{libgpu_otel_injector.so,kernels,otlp_capture} .gpu/
# Results go under $OUT (or ./gpu-out): pc-log.txt (everything). The other PC-sampling
# checks have their own scripts: concurrent-launchers-verify.sh (concurrent launchers),
# pc-sampling-edge-cases-verify.sh (SIGKILL mid-burst, tier switch, attribution, graphs) and
# pc-sampling-overhead-verify.sh (the overhead table).
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
sleep 0.5
run() { # name, then env assignments and command
  local name=$1; shift
  echo "-- run $name"; env CUDA_INJECTION64_PATH=$INJ OTEL_SERVICE_NAME=$name "$@" 2>&1 | grep -v '^$' | tail -n 12
  echo "rc=${PIPESTATUS[0]}"
}

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

kill $CAP 2>/dev/null; wait 2>/dev/null
tail -n 3 /tmp/capture.err
log "done"
