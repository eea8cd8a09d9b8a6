#!/bin/bash
# GPU_OTEL_GRAPH_RECORDS=launches under the injector (not CUPTI's probe): graphloop's
# graph replays run under the injector in both modes, through the project's receiver to
# a counting backend, with a small CUPTI device-buffer pool (1 MB x 4, as run.sh's
# arms). Per mode it prints the injector's exit lines, graphloop's expected kernels and
# the receiver's executions_total / graph_launch_spans_total, then checks:
#   both modes:    expected = recorded + not recorded (launch accounting)
#   launches mode: graph-trace records = replays, not recorded = 0, gpu.graph.launch
#                  spans = replays, none of unknown size, receiver executions_total =
#                  graphloop's expected kernels
# Run from the repository root on the GPU machine, with the release binaries built
# (common/gpu.sh says how):
#
#   bash examples/gpu/cupti-ceiling/graph-launches.sh     # REPLAYS (3000) x NODES (200)
set -u
CEIL=$(cd "$(dirname "$0")" && pwd)
. "$CEIL/../common/gpu.sh"
need libgpu_otel_injector.so gpu-otel-receiver export-load
OUT=${OUT:-$(mktemp -d)}
mkdir -p "$OUT/raw"
REPLAYS=${REPLAYS:-3000}
NODES=${NODES:-200}
# build.sh builds graphloop into its own BIN; gpu.sh's BIN (the release binaries) is kept.
REL=$BIN
BIN=$(mktemp -d)
HERE=$CEIL
. "$CEIL/build.sh"
GRAPHLOOP=$BIN/graphloop
BIN=$REL

fails=0
for mode in nodes launches; do
  p=$OUT/raw/$mode
  to_backend any "$p"
  traced "graphloop-$mode" GPU_OTEL_GRAPH_RECORDS=$mode GPU_OTEL_CUPTI_DEVICE_BUFFER_MB=1 \
    GPU_OTEL_CUPTI_DEVICE_BUFFER_POOL_LIMIT=4 timeout 300 "$GRAPHLOOP" --label "$mode" \
    --mode graph --replays "$REPLAYS" --nodes "$NODES" > "$p.log" 2>&1
  echo $? > "$p.rc"
  sleep 2
  curl -s "$(metrics_url)" > "$p.metrics" || true
  unserve
  echo "== $mode rc=$(cat "$p.rc")"
  grep -h "^graphloop:\|gpu-otel-injector: exit" "$p.log" | cut -c1-600
  grep -h "^gpu_otel_receiver_executions_total\|^gpu_otel_receiver_graph_launch_spans_total" "$p.metrics"
  python3 - "$mode" "$p.log" "$p.metrics" "$REPLAYS" << 'EOF' || fails=$((fails + 1))
import re, sys
sys.path.insert(0, "examples/gpu/common")
import otlp
mode, log, metrics, replays = sys.argv[1], open(sys.argv[2]).read(), open(sys.argv[3]).read(), int(sys.argv[4])
acc = otlp.launch_accounting(log)
expected_kernels = int(re.search(r"expected_kernels=(\d+)", log).group(1))
m = re.search(r"(\d+) of them gpu\.graph\.launch spans, GPU_OTEL_GRAPH_RECORDS=(\w+)", log)
trace = re.search(r"graph-trace records=(\d+)", log)
executions = sum(float(v) for v in re.findall(r"^gpu_otel_receiver_executions_total(?:\{[^}]*\})? (\S+)", metrics, re.M))
unknown_size = sum(float(v) for v in re.findall(r'^gpu_otel_receiver_graph_launch_spans_total\{size="unknown"\} (\S+)', metrics, re.M))
bad = []
if acc is None:
    bad.append("no launch accounting line")
elif acc["expected"] != acc["recorded"] + acc["not_recorded"]:
    bad.append(f"expected {acc['expected']} != recorded {acc['recorded']} + not recorded {acc['not_recorded']}")
if not m or m.group(2) != mode:
    bad.append("the exit line does not say the mode")
if mode == "launches":
    if not trace or int(trace.group(1)) != replays:
        bad.append(f"graph-trace records {trace and trace.group(1)} != replays {replays}")
    if m and int(m.group(1)) != replays:
        bad.append(f"gpu.graph.launch spans {m.group(1)} != replays {replays}")
    if acc and acc["not_recorded"] != 0:
        bad.append(f"not recorded {acc['not_recorded']} in launches mode")
    if unknown_size:
        bad.append(f"{int(unknown_size)} gpu.graph.launch spans of unknown size (correlation ids not matched?)")
    if int(executions) != expected_kernels:
        bad.append(f"receiver executions_total {int(executions)} != graphloop's expected kernels {expected_kernels}")
print(f"{mode}: " + ("OK" if not bad else "FAIL: " + "; ".join(bad)))
sys.exit(1 if bad else 0)
EOF
done
echo "graph-launches: $([ $fails -eq 0 ] && echo OK || echo "FAIL ($fails)") (raw: $OUT/raw)"
exit $fails
