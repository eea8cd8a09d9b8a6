#!/usr/bin/env bash
# The injector exporting over TLS: the receiver serves OTLP over TLS (receiver.yaml) and
# the injector's export path (the `replay` binary drives it, reading the same
# OTEL_EXPORTER_OTLP_* variables as the injector inside a CUDA program) verifies it
# against the CA in OTEL_EXPORTER_OTLP_CERTIFICATE, over gRPC and over HTTP. A client
# that trusts another CA is refused by its own handshake. Prints "ok: ..." when every
# record arrived over both protocols and the untrusted one was refused.
. "$(dirname "$0")/../common.sh"

pki "$WORK/pki"
sed "s#PKI#$WORK/pki#g" examples/tls-export/receiver.yaml >"$WORK/receiver.yaml"
receiver R -c "$WORK/receiver.yaml" --export-file "$WORK/spans.jsonl"

export OTEL_EXPORTER_OTLP_CERTIFICATE=$WORK/pki/ca.crt
grpc=$(OTEL_EXPORTER_OTLP_PROTOCOL=grpc "$BIN/replay" --endpoint "https://localhost:$R_GRPC" --service tls-grpc)
echo "$grpc"
http=$(OTEL_EXPORTER_OTLP_PROTOCOL=http/protobuf "$BIN/replay" --endpoint "https://localhost:$R_HTTP" --service tls-http)
echo "$http"
sent=$(( $(replayed "$grpc") + $(replayed "$http") ))

# Another CA: the injector's exporter refuses the receiver's certificate, and says why.
mkdir -p "$WORK/other" && openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -days 1 \
  -subj "/CN=another CA" -keyout "$WORK/other/ca.key" -out "$WORK/other/ca.crt" 2>/dev/null
if OTEL_EXPORTER_OTLP_CERTIFICATE=$WORK/other/ca.crt GPU_OTEL_EXIT_DEADLINE_MS=3000 \
  "$BIN/replay" --endpoint "https://localhost:$R_GRPC" --service untrusted >"$WORK/untrusted.log" 2>&1; then
  fail "a client that does not trust the receiver's CA exported anyway"
fi
grep -o 'TLS handshake failed: [^)]*' "$WORK/untrusted.log" | head -1

stop "$R_PID"
got=$(kernel_spans "$WORK/spans.jsonl")
[ "$sent" -gt 0 ] && [ "$got" -eq "$sent" ] || fail "sent $sent kernel records over TLS, the receiver wrote $got kernel spans"
echo "ok: $sent kernel records over TLS (gRPC and HTTP) = $got kernel spans at the receiver; a client with another CA refused"
