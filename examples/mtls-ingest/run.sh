#!/usr/bin/env bash
# Ingest that takes only known senders: the receiver requires a client certificate its CA
# signed and a bearer token (receiver.yaml). The injector's exporter (driven by the
# `replay` binary) presents both through the standard variables
# (OTEL_EXPORTER_OTLP_CLIENT_CERTIFICATE, _CLIENT_KEY, _HEADERS) and is taken; without
# the certificate its handshake fails, without the token its requests are refused, and
# the receiver counts both. Prints "ok: ..." when that is what happened.
. "$(dirname "$0")/../common.sh"

pki "$WORK/pki"
printf '# tokens of the senders allowed in\nexample-t0ken\n' >"$WORK/tokens"
sed -e "s#PKI#$WORK/pki#g" -e "s#TOKENS#$WORK/tokens#" examples/mtls-ingest/receiver.yaml >"$WORK/receiver.yaml"
receiver R -c "$WORK/receiver.yaml" --export-file "$WORK/spans.jsonl"
endpoint=https://localhost:$R_GRPC

export OTEL_EXPORTER_OTLP_CERTIFICATE=$WORK/pki/ca.crt GPU_OTEL_EXIT_DEADLINE_MS=3000
out=$(OTEL_EXPORTER_OTLP_CLIENT_CERTIFICATE=$WORK/pki/client.crt OTEL_EXPORTER_OTLP_CLIENT_KEY=$WORK/pki/client.key \
  OTEL_EXPORTER_OTLP_HEADERS="authorization=Bearer%20example-t0ken" \
  "$BIN/replay" --endpoint "$endpoint" --service mtls-allowed)
echo "$out"
sent=$(replayed "$out")

if OTEL_EXPORTER_OTLP_HEADERS="authorization=Bearer%20example-t0ken" \
  "$BIN/replay" --endpoint "$endpoint" --service no-certificate >"$WORK/no-certificate.log" 2>&1; then
  fail "a sender without a client certificate got in"
fi
if OTEL_EXPORTER_OTLP_CLIENT_CERTIFICATE=$WORK/pki/client.crt OTEL_EXPORTER_OTLP_CLIENT_KEY=$WORK/pki/client.key \
  "$BIN/replay" --endpoint "$endpoint" --service no-token >"$WORK/no-token.log" 2>&1; then
  fail "a sender without the token got in"
fi
grep -o 'Unauthenticated: [a-z ]*' "$WORK/no-token.log" | head -1
handshakes=$(metric "$R_METRICS" gpu_otel_receiver_tls_handshakes_failed_total)
refused=$(metric "$R_METRICS" 'gpu_otel_receiver_requests_refused_total{reason="unauthenticated"}')
echo "handshakes failed: $handshakes, requests refused as unauthenticated: $refused"

stop "$R_PID"
got=$(kernel_spans "$WORK/spans.jsonl")
[ "$sent" -gt 0 ] && [ "$got" -eq "$sent" ] || fail "the allowed sender sent $sent kernel records, the receiver wrote $got"
python3 -c "import sys; sys.exit(0 if float('$handshakes') >= 1 and float('$refused') >= 1 else 1)" ||
  fail "the refusals were not counted (handshakes failed $handshakes, unauthenticated $refused)"
echo "ok: $sent kernel records from the sender with certificate and token = $got kernel spans; without the certificate the handshake failed, without the token the requests were refused (both counted)"
