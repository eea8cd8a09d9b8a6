#!/bin/bash
# One run of receiver/examples/loadgen.rs against a fresh receiver: 3,000 GPU-shaped tier-off
# requests of 200 kernel spans over 8 connections; prints the receiver's CPU ticks with the
# load generator's summary. Interleave two builds' runs by hand (docs/measurements/hostile-clients.md).
#   scripts/bench-ingest-pair.sh RECEIVER_BINARY LABEL grpc|http
# LOADGEN defaults to target/release/examples/loadgen (cargo build --release -p gpu-otel-receiver --example loadgen).
set -euo pipefail
bin=$1; d=$(mktemp -d)
loadgen=${LOADGEN:-target/release/examples/loadgen}
$bin serve --grpc-endpoint 127.0.0.1:0 --http-endpoint 127.0.0.1:0 --metrics-endpoint 127.0.0.1:0 --export-file $d/out.jsonl > $d/ports 2> $d/log &
pid=$!
sleep 1
ports=$(head -1 $d/ports)
g=$(echo $ports | python3 -c "import json,sys; p=json.load(sys.stdin); print(p['grpc'])")
h=$(echo $ports | python3 -c "import json,sys; p=json.load(sys.stdin); print(p['http'])")
m=$(echo $ports | python3 -c "import json,sys; p=json.load(sys.stdin); print(p['metrics'])")
t=$g; [ "$3" = http ] && t=$h
out=$($loadgen --target $t --metrics $m --protocol $3 --gpu-shaped --tier off --spans 200 --requests 3000 --concurrency 8 2>&1 | tail -3)
cpu=$(awk '{print $14+$15}' /proc/$pid/stat)
echo "$2 $3: cpu_ticks=$cpu $out" | tr '\n' ' '; echo
kill $pid; wait $pid 2>/dev/null; rm -rf $d
