#!/bin/bash
set -u
BIN=$(mktemp -d); cd "$(dirname "$0")"
nvcc -O2 -arch=sm_90 -I/usr/local/cuda/include duty.cu -L/usr/local/cuda/lib64 -lcupti -lcuda -Xlinker -rpath=/usr/local/cuda/lib64 -o "$BIN/duty" || exit 1
"$BIN/duty" 0 64 3 300000
"$BIN/duty" 0 20000 1 300000
