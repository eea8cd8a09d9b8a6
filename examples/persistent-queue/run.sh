#!/usr/bin/env bash
# The persistent queue: a receiver with `--queue-dir` acknowledges a request only once it
# is on disk. Here its backend is down; the receiver takes the injector's spans (the
# `replay` binary), is killed with SIGKILL, and restarts on the same directory; then the
# backend (a second receiver writing OTLP-JSON) comes up, and everything acknowledged
# before the kill arrives. Prints "ok: ..." when the backend holds every kernel span.
. "$(dirname "$0")/../common.sh"

backend_port=$(free_port)
queue=$WORK/queue
receiver R --queue-dir "$queue" --export-endpoint "http://127.0.0.1:$backend_port"
out=$("$BIN/replay" --endpoint "http://127.0.0.1:$R_GRPC" --service queued)
echo "$out"
acknowledged=$(replayed "$out")
on_disk=$(metric "$R_METRICS" gpu_otel_receiver_queue_requests)
echo "acknowledged: $acknowledged kernel records; requests on disk: $on_disk (the backend is down)"

kill -KILL "$R_PID"; wait "$R_PID" 2>/dev/null || true
echo "receiver killed (SIGKILL); restarting on the same queue directory"
receiver R --queue-dir "$queue" --export-endpoint "http://127.0.0.1:$backend_port"
echo "replayed from disk at start: $(metric "$R_METRICS" gpu_otel_receiver_queue_replayed_requests_total) requests"

"$BIN/gpu-otel-receiver" serve --grpc-endpoint "127.0.0.1:$backend_port" --http-endpoint "127.0.0.1:$(free_port)" \
  --metrics-endpoint "127.0.0.1:$(free_port)" --export-file "$WORK/backend.jsonl" >>"$WORK/backend.log" 2>&1 &
backend=$!; PIDS+=("$backend")
for _ in $(seq 1 600); do
  [ "$(metric "$R_METRICS" gpu_otel_receiver_queue_requests)" = "0.0" ] && break
  sleep 0.1
done
stop "$R_PID"
stop "$backend"
got=$(kernel_spans "$WORK/backend.jsonl")
[ "$acknowledged" -gt 0 ] && [ "$got" -eq "$acknowledged" ] ||
  fail "$acknowledged kernel records acknowledged before the SIGKILL, $got kernel spans at the backend"
echo "ok: $acknowledged kernel records acknowledged before a SIGKILL with the backend down = $got kernel spans at the backend after the restart"
