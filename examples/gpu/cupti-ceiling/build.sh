# Sourced by run.sh and handoff.sh: finds CUDA and CUPTI, builds ceilinj.so and graphloop
# into $BIN, and records the machine in $OUT/machine.txt. Needs HERE, BIN and OUT set.
CUDA=${CUDA_HOME:-/usr/local/cuda}
NVCC=${NVCC:-$CUDA/bin/nvcc}
INC=""
LIB=""
for d in "$CUDA" "$CUDA/extras/CUPTI"; do
  [ -z "$INC" ] && [ -f "$d/include/cupti.h" ] && INC=$d/include
  for l in "$d/lib64" "$d/lib"; do
    [ -z "$LIB" ] && ls "$l"/libcupti.so* >/dev/null 2>&1 && LIB=$l
  done
done
if [ -z "$INC" ] || [ -z "$LIB" ]; then
  echo "build: CUPTI not found under $CUDA (include: '$INC', lib: '$LIB')" >&2
  exit 1
fi
{
  date -u +%Y-%m-%dT%H:%M:%SZ
  nvidia-smi --query-gpu=name,driver_version,uuid,mig.mode.current --format=csv,noheader 2>&1
  "$NVCC" --version | tail -1
  grep -m1 "define CUPTI_API_VERSION " "$INC/cupti_version.h"
  nproc
} > "$OUT/machine.txt"
cat "$OUT/machine.txt"
# The unversioned libcupti.so is a development link; a runtime-only install has only .so.N.
CUPTI_LINK=-lcupti
[ -e "$LIB/libcupti.so" ] || CUPTI_LINK=-l:$(basename "$(ls "$LIB"/libcupti.so.* | head -1)")
gcc -std=c11 -O2 -Wall -shared -fPIC -fvisibility=hidden -I"$INC" "$HERE/ceilinj.c" \
  -L"$LIB" "$CUPTI_LINK" -ldl -lpthread -Wl,-rpath="$LIB" -o "$BIN/ceilinj.so" || exit 1
"$NVCC" -O2 -arch=sm_90 -I"$INC" "$HERE/graphloop.cu" -lcuda -o "$BIN/graphloop" || exit 1
export LD_LIBRARY_PATH="$LIB${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
