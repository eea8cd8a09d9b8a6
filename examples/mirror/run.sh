#!/usr/bin/env bash
# A mirror: the receiver sends every span to its primary backend and to each
# `--export-mirror` as well, each destination with its own queue, so a mirror that is
# slow or down costs only itself. Here both destinations are receivers writing
# OTLP-JSON; prints "ok: ..." when each holds every kernel span the injector sent.
. "$(dirname "$0")/../common.sh"

receiver P --export-file "$WORK/primary.jsonl"
receiver M --export-file "$WORK/mirror.jsonl"
receiver R --export-endpoint "http://127.0.0.1:$P_GRPC" --export-mirror "http://127.0.0.1:$M_GRPC"
out=$("$BIN/replay" --endpoint "http://127.0.0.1:$R_GRPC" --service mirrored)
echo "$out"
sent=$(replayed "$out")
stop "$R_PID"
stop "$P_PID"
stop "$M_PID"
primary=$(kernel_spans "$WORK/primary.jsonl")
mirror=$(kernel_spans "$WORK/mirror.jsonl")
echo "primary: $primary kernel spans, mirror: $mirror kernel spans"
[ "$sent" -gt 0 ] && [ "$primary" -eq "$sent" ] && [ "$mirror" -eq "$sent" ] ||
  fail "sent $sent kernel records: the primary holds $primary, the mirror $mirror"
echo "ok: $sent kernel records sent = $primary at the primary = $mirror at the mirror"
