#!/bin/bash
# $1 receiver binary, $2 label, $3 protocol
bin=$1; d=$(mktemp -d)
$bin serve --grpc-endpoint 127.0.0.1:0 --http-endpoint 127.0.0.1:0 --metrics-endpoint 127.0.0.1:0 --export-file $d/out.jsonl > $d/ports 2> $d/log &
pid=$!
sleep 1
ports=$(head -1 $d/ports)
g=$(echo $ports | python3 -c "import json,sys; p=json.load(sys.stdin); print(p['grpc'])")
h=$(echo $ports | python3 -c "import json,sys; p=json.load(sys.stdin); print(p['http'])")
m=$(echo $ports | python3 -c "import json,sys; p=json.load(sys.stdin); print(p['metrics'])")
t=$g; [ "$3" = http ] && t=$h
out=$(/work/wt-38/target/release/examples/loadgen --target $t --metrics $m --protocol $3 --gpu-shaped --tier off --spans 200 --requests 3000 --concurrency 8 2>&1 | tail -3)
cpu=$(awk '{print $14+$15}' /proc/$pid/stat)
echo "$2 $3: cpu_ticks=$cpu $out" | tr '\n' ' '; echo
kill $pid; wait $pid 2>/dev/null; rm -rf $d
