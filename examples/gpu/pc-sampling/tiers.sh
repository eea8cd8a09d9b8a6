#!/usr/bin/env bash
# Both PC-sampling tiers on real kernels, each run exporting to otlp_capture and read by
# pc-sampling/analyze_pc.py: the serialized tier at the default controller and the
# continuous tier on the same workload (~0.1 ms kernels on 4 streams), two tiers at once
# (refused to off), CUDA-graph launches under the serialized tier (refused at the launch),
# PyTorch in each tier and a PyTorch CUDA graph under both. The other PC-sampling checks
# beside it: concurrent-launchers.sh, edge-cases.sh (SIGKILL mid-burst, the run-time tier
# switch, attribution), overhead.sh, serialized-soak.sh.
# Results: $OUT (default /tmp/pc-sampling): pc-log.txt (everything).
set -u
# shellcheck source=SCRIPTDIR/../common/gpu.sh
. "$(dirname "$0")/../common/gpu.sh"
need libgpu_otel_injector.so kernels otlp_capture
results /tmp/pc-sampling
exec > >(tee "$OUT/pc-log.txt") 2>&1
# A stale injector (built before PC sampling) would run every arm with the tier off.
grep -q GPU_OTEL_PC_SAMPLING "$INJ" || { echo "FATAL: $INJ has no PC sampling (stale build?)"; exit 2; }
machine -v name,driver_version,memory.total

capture "$OUT/capture.jsonl"
sleep 0.5
run() { # NAME VAR=VALUE... CMD...: one run into the capture, then its analysis
  local name=$1; shift
  echo "-- run $name"
  traced "$name" OTEL_EXPORTER_OTLP_ENDPOINT="$(capture_url)" "$@" 2>&1 | grep -v '^$' | tail -n 12
  echo "rc=${PIPESTATUS[0]}"
  sleep 1
  python3 "$GPU_DIR/pc-sampling/analyze_pc.py" "$OUT/capture.jsonl" "$name"
}
WORK=(--launches 40000 --streams 4 --elems 4096 --iters 20000)

echo "== 1. serialized at the default controller, one thread, 4 streams (~0.1 ms kernels)"
run ser-default GPU_OTEL_PC_SAMPLING=serialized timeout 60 "$BIN/kernels" "${WORK[@]}"
echo "== 2. continuous tier, same workload"
run cont GPU_OTEL_PC_SAMPLING=continuous timeout 60 "$BIN/kernels" "${WORK[@]}"
echo "== 3. tier refused: two tiers at once"
run refused GPU_OTEL_PC_SAMPLING=continuous,serialized timeout 60 "$BIN/kernels" --launches 2000
echo "== 4. graph launches (Rust, driver cuGraphLaunch) under serialized: refused at launch"
run graph-rust GPU_OTEL_PC_SAMPLING=serialized timeout 60 "$BIN/kernels" --launches 4000 --graph-launches 5 --iters 2000
echo "== 5. PyTorch in each tier"
for t in off continuous serialized; do
  run "torch-$t" GPU_OTEL_PC_SAMPLING=$t timeout 90 python3 "$WORKLOADS/torch_pc.py" plain 3
done
echo "== 6. PyTorch CUDA graph (capture + cudaGraphLaunch) under serialized, and under continuous"
for t in serialized continuous; do
  run "torch-graph-$t" GPU_OTEL_PC_SAMPLING=$t timeout 90 python3 "$WORKLOADS/torch_pc.py" graph
done
stop "$CAP"
gzip -f "$OUT/capture.jsonl"
echo "== done"
