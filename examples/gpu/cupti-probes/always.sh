#!/bin/bash
set -u
BIN=$(mktemp -d); cd "$(dirname "$0")"
nvcc -O2 -arch=sm_90 -I/usr/local/cuda/include duty.cu -L/usr/local/cuda/lib64 -lcupti -lcuda -Xlinker -rpath=/usr/local/cuda/lib64 -o "$BIN/duty" || exit 1
for cfg in "0 64" "20 64" "28 64" "0 2048"; do for s in 1 4; do timeout 120 "$BIN/duty" $cfg 1 2000 always $s; done; done
# single stream duty sweep: no concurrency to lose
timeout 200 "$BIN/duty" 0 64 3 100000 x 1
