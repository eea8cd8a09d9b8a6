#!/usr/bin/env bash
# The load tools in a short run: `export-load produce` offers fake-CUPTI records (PyTorch
# kernel names, ~2 KB spans) through the injector's real export path into the receiver,
# which exports to `export-load backend`, a counting OTLP backend. RATE and SECONDS size
# it (default 20,000 records/s for 2 s; docs/measurements/export-path.md has the real
# runs). Prints "ok: ..." when nothing was lost and the backend counted every kernel span.
. "$(dirname "$0")/../common.sh"

rate=${RATE:-20000}; seconds=${SECONDS_OF_LOAD:-2}
backend_port=$(free_port)
"$BIN/export-load" backend --listen "127.0.0.1:$backend_port" --idle-exit 2s >"$WORK/backend.json" 2>>"$WORK/backend.log" &
backend=$!; PIDS+=("$backend")
wait_port "$backend_port"
receiver R --export-endpoint "http://127.0.0.1:$backend_port"
"$BIN/export-load" produce --rate "$rate" --seconds "$seconds" --endpoint "http://127.0.0.1:$R_GRPC" \
  >"$WORK/produce.json" 2>>"$WORK/produce.log"
stop "$R_PID"
wait "$backend" || true
cat "$WORK/produce.json" "$WORK/backend.json"
python3 - "$WORK/produce.json" "$WORK/backend.json" <<'PY'
import json, sys
produce = json.load(open(sys.argv[1]))
backend = json.loads(open(sys.argv[2]).read().strip().splitlines()[-1])
offered, exported, lost = produce["offered"], produce["kernel_spans_exported"], produce["lost"]
if lost or exported != offered or backend["kernel_spans"] != exported:
    sys.exit(f"FAILED: offered {offered}, exported {exported}, lost {lost}, backend {backend['kernel_spans']}")
print(f"ok: {offered} records offered at {produce['offer_rate']:.0f}/s = {exported} kernel spans exported = "
      f"{backend['kernel_spans']} at the backend, 0 lost; injector budget peak {produce['budget_peak_mb']:.1f} MiB")
PY
