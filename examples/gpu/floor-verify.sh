#!/usr/bin/env bash
# The injector's own cost per launch against the floor any kernel exporter pays
# (rawinj.c: CUPTI concurrent-kernel activity only, records counted). Launch-bound
# tiny kernels (300k launches), 1 and 4 streams, arms interleaved, 5 rounds, medians
# of the program's own wall time. The application runs on cores 0-3; the injector
# exports to the receiver (cores 8-11), which exports to a counting backend (12-15),
# so the export path runs at full rate during the measurement.
set -u
G=$PWD/.gpu; OUT=${OUT:-/tmp/floor}; mkdir -p "$OUT"
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
RAWINJ_C=$(dirname "$0")/cupti-probes/rawinj.c
gcc -O2 -shared -fPIC -DHAVE_PTB -I/usr/local/cuda/include "$RAWINJ_C" -L/usr/local/cuda/lib64 -lcupti \
  -Wl,-rpath=/usr/local/cuda/lib64 -o "$OUT/rawinj.so" || exit 1
taskset -c 12-15 "$G/export-load" backend --listen 127.0.0.1:4319 --idle-exit 600s > "$OUT/backend.json" 2>/dev/null & BK=$!
taskset -c 8-11 "$G/gpu-otel-receiver" serve --grpc-endpoint 127.0.0.1:4317 --http-endpoint 127.0.0.1:4318 \
  --metrics-endpoint 127.0.0.1:9464 --export-endpoint http://127.0.0.1:4319 > /dev/null 2> "$OUT/receiver.err" & RC=$!
sleep 0.7
O="$OUT/floor.txt"; : > "$O"
LAUNCHES=${LAUNCHES:-300000}
arm() { local name=$1 streams=$2; shift 2
  env "$@" taskset -c 0-3 "$G/kernels" --launches "$LAUNCHES" --streams "$streams" --elems 256 --iters 1 2>&1 \
    | grep -E '^kernels:|rawinj:|exit: ' | sed "s/^/$name s=$streams run=$i /" | cut -c1-400 >> "$O"; }
RAW=CUDA_INJECTION64_PATH=$OUT/rawinj.so
INJ="CUDA_INJECTION64_PATH=$G/libgpu_otel_injector.so OTEL_EXPORTER_OTLP_ENDPOINT=http://127.0.0.1:4317 GPU_OTEL_EXIT_DEADLINE_MS=3000"
for i in $(seq 1 ${ROUNDS:-5}); do
  for s in ${STREAMS:-1 4}; do
    arm none $s X=1
    arm rawinj $s $RAW
    [ -z "${SHORT:-}" ] && arm rawinj_flush100 $s $RAW RAWINJ_FLUSH_MS=100
    [ -z "${SHORT:-}" ] && arm rawinj_4mb $s $RAW RAWINJ_BUF_MB=4
    arm inj $s $INJ
    [ -z "${SHORT:-}" ] && arm inj_8mb $s $INJ GPU_OTEL_CUPTI_BUFFER_MB=8
    arm inj_flush1s $s $INJ GPU_OTEL_FLUSH_INTERVAL_MS=1000
  done
done
kill -TERM $RC; wait $RC; kill $BK
tail -1 "$OUT/receiver.err" | cut -c1-300
python3 - "$O" <<'PY' | tee -a "$O"
import re, statistics, sys
wall, per = {}, {}
for line in open(sys.argv[1]):
    m = re.match(r"(\w+) s=(\d+) run=\d+ kernels: launched=(\d+) .*wall_ms=([0-9.]+)", line)
    if m:
        key = (m.group(1), int(m.group(2)))
        wall.setdefault(key, []).append(float(m.group(4)))
        per.setdefault(key, int(m.group(3)))
for s in sorted({k[1] for k in wall}):
    base = statistics.median(wall[("none", s)])
    raw = statistics.median(wall[("rawinj", s)])
    for (arm, ss), w in sorted(wall.items()):
        if ss != s: continue
        med = statistics.median(w); n = per[(arm, ss)]
        print(f"summary: streams={s} arm={arm} runs={len(w)} median_ms={med:.1f} min={min(w):.1f} max={max(w):.1f} "
              f"us_per_launch_vs_none={1000*(med-base)/n:+.3f} us_per_launch_vs_rawinj={1000*(med-raw)/n:+.3f}")
PY
