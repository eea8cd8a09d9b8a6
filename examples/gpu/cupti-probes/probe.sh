#!/bin/bash
# Build and run the probe on the GPU machine. Prints where CUPTI lives, then the probe's findings.
set -u
BIN=$(mktemp -d); cd "$(dirname "$0")"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
which nvcc; nvcc --version | tail -2
INC=""; LIB=""
for d in /usr/local/cuda/extras/CUPTI /usr/local/cuda $(python3 -c 'import nvidia,os;print(os.path.dirname(nvidia.__path__[0]))' 2>/dev/null)/nvidia/cu13 $(python3 -c 'import nvidia,os;print(nvidia.__path__[0])' 2>/dev/null)/cuda_cupti; do
  [ -z "$INC" ] && [ -f $d/include/cupti_pcsampling.h ] && INC=$d/include
  for l in $d/lib64 $d/lib $d/lib/x86_64-linux-gnu; do [ -z "$LIB" ] && ls $l/libcupti.so* >/dev/null 2>&1 && LIB=$l; done
done
echo "cupti include: $INC lib: $LIB"
[ -z "$INC" ] && find / -name cupti_pcsampling.h 2>/dev/null | head
[ -z "$LIB" ] && find / -name 'libcupti.so*' 2>/dev/null | head
H=$INC/cupti_activity.h
KREC=$(grep -oE 'CUpti_ActivityKernel[0-9]+;' $H | tr -d ';' | sort -u | awk '{print substr($0,21)+0, $0}' | sort -n | tail -1 | cut -d' ' -f2); echo "kernel record: $KREC"
nvcc -O2 -arch=sm_90 -DKREC=$KREC -I$INC probe.cu -L$LIB -lcupti -lcuda -Xlinker -rpath=$LIB -o "$BIN/probe" || exit 1
timeout 300 "$BIN/probe"
