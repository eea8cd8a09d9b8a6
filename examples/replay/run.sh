#!/usr/bin/env bash
# Real H200 captures through the injector's own processing and export path, into the
# receiver, without a GPU: the `replay` binary feeds the recorded kernel records (and a
# synthetic serialized-tier process its bursts) to the receiver, which writes OTLP-JSON;
# the conformance checker reads it back. Prints "ok: ..." when every record arrived as
# one kernel span and the checker passes.
. "$(dirname "$0")/../common.sh"

receiver R --export-file "$WORK/spans.jsonl"
out=$("$BIN/replay" --endpoint "http://127.0.0.1:$R_GRPC" --service h200-replay)
echo "$out"
sent=$(replayed "$out")
"$BIN/fake-serialized" --endpoint "http://127.0.0.1:$R_GRPC" --service fake-serialized bursts
stop "$R_PID"

report=$("$BIN/gpu-otel-receiver" check "$WORK/spans.jsonl") || fail "the checker found a violation: $report"
echo "$report"
replay_spans=$(grep '^resource h200-replay/' <<<"$report" | sed -n 's/.*: \([0-9]*\) kernel spans = .*/\1/p' | awk '{ n += $1 } END { print n + 0 }')
[ "$sent" -gt 0 ] && [ "$replay_spans" -eq "$sent" ] || fail "replayed $sent kernel records, the receiver wrote $replay_spans"
grep -q '^resource fake-serialized/.* tier=serialized: .* [1-9][0-9]* true + ' <<<"$report" || fail "no serialized window settled a kernel"
echo "ok: $sent replayed kernel records = $replay_spans kernel spans; the serialized process's kernels settled by its windows; conformance PASS"
