#!/usr/bin/env bash
# torch.profiler inside a process the injector runs in (issue 32, item 3), on the GPU
# machine, from the repository root:
#
#   bash examples/gpu/handoff/handoff.sh [ITERS]      # default 200 iterations a phase
#
# workloads/profiler_handoff.py (two profiler windows between three phases of the same
# work) under the injector, into the receiver and otlp_capture, three times: "plain"
# (torch.profiler.profile: the injector keeps CUPTI), "handoff"
# (gpu_otel_context.profile: CUPTI handed over for each window) and "onecopy" (handoff,
# with LD_LIBRARY_PATH leading to a `libcupti.so` that is the wheel's libcupti.so.13:
# cudarc asks for `libcupti.so` first, and where the toolkit's is on the library path the
# injector otherwise loads a second copy, which makes it refuse the hand-off).
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
mkdir -p "$OUT/onecopy-lib"
[ -n "$wheel_cupti" ] && ln -sf "$wheel_cupti" "$OUT/onecopy-lib/libcupti.so"
for mode in plain handoff onecopy; do
  to_capture 8-11 "$OUT/$mode"
  pin 0-7
  lib=()
  [ "$mode" = onecopy ] && lib=(LD_LIBRARY_PATH="$OUT/onecopy-lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}")
  traced "handoff-$mode" "${lib[@]}" "${PIN[@]}" timeout 180 python3 "$WORKLOADS/profiler_handoff.py" "$ITERS" \
    "${mode/onecopy/handoff}" > "$OUT/$mode.log" 2>&1
  echo "rc=$?" >> "$OUT/$mode.log"
  unserve
  python3 "$GPU_DIR/handoff/check.py" "$OUT/$mode.log" "$OUT/$mode.jsonl" "$mode" || fails=$((fails + 1))
  grep -h "rc=\|Traceback\|Error" "$OUT/$mode.log" | tail -3
  gzip -f "$OUT/$mode.jsonl"
done
echo "handoff: $([ $fails -eq 0 ] && echo OK || echo "FAIL ($fails)") (raw: $OUT)"
exit $fails
