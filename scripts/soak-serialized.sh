#!/usr/bin/env bash
# The serialized tier for SECONDS without a GPU: the fake application at PyTorch's launch
# rate and kernel names (export-load produce --tier serialized: the real burst controller,
# window log, stamper and export path) into the real receiver (with its persistent queue
# unless QUEUE=0), which exports to a counting backend. Prints the producer's progress
# (records, refusals, budget, RSS) and the receiver's RSS every PROGRESS seconds, then
# records == spans at the backend and the "unknown" share.
#   scripts/soak-serialized.sh [SECONDS] [RATE]      (build first: cargo build --release)
set -euo pipefail
cd "$(dirname "$0")/.."
SECONDS_=${1:-1800}; RATE=${2:-23000}; PROGRESS=${PROGRESS:-60}
BIN=${BIN:-${CARGO_TARGET_DIR:-target}/release}
OUT=${OUT:-$(mktemp -d)}; mkdir -p "$OUT"; echo "output in $OUT"
P=${BASE_PORT:-4317}  # gRPC; HTTP +1, backend +2, /metrics +3
"$BIN/export-load" backend --listen 127.0.0.1:$((P + 2)) --idle-exit 10s > "$OUT/backend.json" 2>/dev/null &
BK=$!
queue=(); [ "${QUEUE:-1}" = 1 ] && queue=(--queue-dir "$OUT/queue")
"$BIN/gpu-otel-receiver" serve --grpc-endpoint 127.0.0.1:$P --http-endpoint 127.0.0.1:$((P + 1)) \
  --metrics-endpoint 127.0.0.1:$((P + 3)) --export-endpoint http://127.0.0.1:$((P + 2)) "${queue[@]}" \
  > /dev/null 2> "$OUT/receiver.err" &
RC=$!
sleep 1
( while kill -0 $RC 2>/dev/null; do
    echo "{\"t\": $(date +%s), \"receiver_rss_mb\": $(awk '/VmRSS/ {print $2/1024}' /proc/$RC/status)}"
    sleep "$PROGRESS"
  done ) > "$OUT/receiver-rss.jsonl" 2>/dev/null &
RSS=$!
"$BIN/export-load" produce --tier serialized --rate "$RATE" --seconds "$SECONDS_" \
  --progress-s "$PROGRESS" --endpoint http://127.0.0.1:$P > "$OUT/producer.json" 2> "$OUT/producer.err"
kill -TERM $RC; wait $RC || true; kill $RSS 2>/dev/null || true; wait $BK || true
echo "== producer progress"; grep '^{' "$OUT/producer.err" || true
echo "== receiver RSS"; cat "$OUT/receiver-rss.jsonl"
echo "== producer"; cat "$OUT/producer.json"
echo "== backend"; cat "$OUT/backend.json"
echo "== receiver"; tail -1 "$OUT/receiver.err"
python3 - "$OUT/producer.json" "$OUT/backend.json" <<'PY'
import json, sys
p, b = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
print(f"records={p['offered']} refused={p['refused_budget']} backend_kernel_spans={b['kernel_spans']} "
      f"equal={p['offered'] == b['kernel_spans']} unknown={b['unknown']} "
      f"unknown_share={b['unknown'] / max(p['offered'], 1):.6f} true={b['true']} gap_ms={p['gap_ms']} "
      f"budget_peak_mb={p['budget_peak_mb']:.1f} unsettled={p['unsettled']}")
PY
