#!/usr/bin/env bash
# Several serialized-tier processes on one GPU (issue 32): each PyTorch training process
# runs under the injector with GPU_OTEL_PC_SAMPLING=serialized and one lease directory
# shared by all (the sampler lease: one sampling process per GPU at a time), each into
# its own receiver and counting backend, so that every process is counted at both ends.
#   shared-gpu.sh [SECONDS] [COUNTS]   COUNTS processes at once (default "2 4"), each
#                                      training SECONDS (default 40)
# HOLD_MS (default 5000) is the lease's hold, short so that it rotates inside the run.
# PC_ENABLE (default unset: the injector's own default, lease for this fixed serialized
# tier, which the exit line's pc_enable shows) is every process's
# GPU_OTEL_PC_ENABLE: "lease" enables PC sampling on a context only while its process
# holds the GPU's lease, "context" at its creation; run both for the A/B
# (OUT=/tmp/shared-gpu-context PC_ENABLE=context shared-gpu.sh ...).
# Per process (shared_gpu.py): CUPTI's records against the kernel spans at its backend,
# its "true" stamps, the leases it took and its wait; across the processes, whether two
# of them had "true" kernels at the same time (the stretches of "true" kernels each
# backend saw, 50 ms apart or more). Results: $OUT (default /tmp/shared-gpu).
set -u
# shellcheck source=SCRIPTDIR/../common/gpu.sh
. "$(dirname "$0")/../common/gpu.sh"
need libgpu_otel_injector.so gpu-otel-receiver export-load
results /tmp/shared-gpu
machine name,driver_version,mig.mode.current,compute_mode
S=${1:-40}
for n in ${2:-2 4}; do
  rm -rf "$OUT/leases-$n"
  mkdir -p "$OUT/leases-$n"
  per=$((16 / n))
  rcs=() bks=() apps=()
  for i in $(seq 0 $((n - 1))); do
    PORT_BASE=$((4317 + 1000 * i))
    first=$((per * i))
    # Cores: the process on the first half of its share, receiver and backend after.
    backend "$((first + per - 1))" "$OUT/n$n-p$i.backend.json" 5s
    bks+=("$BK")
    receiver "$((first + per / 2))-$((first + per - 1))" "$OUT/n$n-p$i.receiver.err" --export-endpoint "$(backend_url)"
    rcs+=("$RC")
  done
  sleep 1
  for i in $(seq 0 $((n - 1))); do
    PORT_BASE=$((4317 + 1000 * i))
    first=$((per * i))
    injector "n$n-p$i"
    "${INJECTOR[@]}" GPU_OTEL_PC_SAMPLING=serialized GPU_OTEL_PC_LEASE_DIR="$OUT/leases-$n" \
      GPU_OTEL_PC_LEASE_HOLD_MS="${HOLD_MS:-5000}" GPU_OTEL_PC_ENABLE="${PC_ENABLE-}" \
      GPU_OTEL_EXIT_DEADLINE_MS=10000 \
      taskset -c "$first-$((first + per / 2 - 1))" python3 "$COMMON/maxrss.py" python3 "$WORKLOADS/torch_train.py" "$S" \
      > "$OUT/n$n-p$i.log" 2>&1 &
    apps+=($!)
  done
  wait "${apps[@]}"
  for i in $(seq 0 $((n - 1))); do
    PORT_BASE=$((4317 + 1000 * i))
    python3 -c "import urllib.request, sys; sys.stdout.write(urllib.request.urlopen('$(metrics_url)').read().decode())" \
      > "$OUT/n$n-p$i.metrics" 2> /dev/null
  done
  stop "${rcs[@]}"
  for b in "${bks[@]}"; do backend_done "$b"; done
  python3 "$GPU_DIR/pc-sampling/shared_gpu.py" "$OUT" "n$n" | tee "$OUT/n$n.summary"
done
