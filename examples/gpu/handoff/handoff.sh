#!/usr/bin/env bash
# torch.profiler inside a process the injector runs in (issue 32, item 3), on the GPU
# machine, from the repository root:
#
#   bash examples/gpu/handoff/handoff.sh [ITERS]      # default 200 iterations a phase
#
# workloads/profiler_handoff.py (two profiler windows between three phases of the same
# work) under the injector, into the receiver and otlp_capture, three times: "plain"
# (torch.profiler.profile: the injector keeps CUPTI), "handoff"
# (gpu_otel_context.profile: CUPTI handed over for each window; the injector shares the
# wheel's libcupti, which `import torch` loaded) and "cuptipath" (handoff, with
# GPU_OTEL_CUPTI_PATH naming the toolkit's libcupti: the injector must not load a second
# copy beside the wheel's, and says so).
# handoff/check.py reads both ends (what it requires is in its doc). Results: $OUT (default /tmp/handoff):
# NAME.log (the workload and the injector's lines), NAME.jsonl.gz (the capture).
set -u
# shellcheck source=SCRIPTDIR/../common/gpu.sh
. "$(dirname "$0")/../common/gpu.sh"
need libgpu_otel_injector.so gpu-otel-receiver otlp_capture
results /tmp/handoff
machine -v
ITERS=${1:-200}
fails=0
wheel_cupti=$(python3 -c "import torch; print(next((l.split()[-1] for l in open('/proc/self/maps') if '/libcupti.so' in l), ''))")
echo "the wheel's libcupti: ${wheel_cupti:-none loaded by import torch}"
toolkit_cupti=$(ls "${CUDA_HOME:-/usr/local/cuda}"/lib64/libcupti.so 2>/dev/null || ls "${CUDA_HOME:-/usr/local/cuda}"/extras/CUPTI/lib64/libcupti.so 2>/dev/null)
modes="plain handoff"
[ -n "$toolkit_cupti" ] && [ -n "$wheel_cupti" ] && modes="$modes cuptipath"
for mode in $modes; do
  to_capture 8-11 "$OUT/$mode"
  pin 0-7
  path=()
  [ "$mode" = cuptipath ] && path=(GPU_OTEL_CUPTI_PATH="$toolkit_cupti")
  traced "handoff-$mode" "${path[@]}" "${PIN[@]}" timeout 180 python3 "$WORKLOADS/profiler_handoff.py" "$ITERS" \
    "${mode/cuptipath/handoff}" > "$OUT/$mode.log" 2>&1
  echo "rc=$?" >> "$OUT/$mode.log"
  unserve
  python3 "$GPU_DIR/handoff/check.py" "$OUT/$mode.log" "$OUT/$mode.jsonl" "$mode" || fails=$((fails + 1))
  grep -h "rc=\|Traceback\|Error" "$OUT/$mode.log" | tail -3
  gzip -f "$OUT/$mode.jsonl"
done
echo "handoff: $([ $fails -eq 0 ] && echo OK || echo "FAIL ($fails)") (raw: $OUT)"
exit $fails
