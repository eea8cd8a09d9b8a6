#!/usr/bin/env bash
# The demo: the receiver and a GPU workload under the injector (on a machine without a
# GPU, replays of two real H200 captures through the injector's own path), then a
# summary and an HTML report. Prints "ok: ..." when the summary shows the sum identity
# and the report exists.
. "$(dirname "$0")/../common.sh"

cd "$WORK"
"$BIN/gpu-otel-demo" --export-file "$WORK/demo.jsonl" | tee "$WORK/demo.txt"
grep -q 'sum identity holds' "$WORK/demo.txt" || fail "the summary does not show the sum identity"
report=$(sed -n 's/^report[[:space:]]*\([^[:space:]]*\).*/\1/p' "$WORK/demo.txt")
[ -s "$report" ] || fail "no HTML report at '$report'"
echo "ok: $(grep -o '[0-9]* true + [0-9]* false + [0-9]* unknown = [0-9]*' "$WORK/demo.txt" | head -1) executions, sum identity holds; report written"
