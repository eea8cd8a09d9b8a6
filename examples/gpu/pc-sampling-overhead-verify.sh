#!/usr/bin/env bash
# PC sampling's overhead table on the GPU machine (carry .gpu): fixed work on 4 streams
# (~98 us kernels), every arm exporting to a sink on the same machine, arms
# interleaved, 5 rounds, medians. Pinned arms: 10 ms time-only bursts at the duty
# ceiling (the gap sits on the duty floor: a huge target rate), so a ~7 s run holds at
# least 7 cycles even at 1%. "fixed50": 50 ms time-only bursts at the default target
# rate and 5% ceiling (the original's controller). "default": this controller.
set -u
G=$PWD/.gpu; OUT=${OUT:-/tmp/ovh}; mkdir -p "$OUT"
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
date -u +%FT%TZ; nvidia-smi --query-gpu=name,uuid,driver_version --format=csv,noheader
"$G/otlp_capture" --listen 127.0.0.1:4319 --out /dev/null 2>/dev/null &
SINK=$!
sleep 0.5
ARGS="--launches ${LAUNCHES:-300000} --streams 4 --elems 4096 --iters 20000"
O="$OUT/overhead.txt"; : > "$O"
arm() { local name=$1; shift
  env CUDA_INJECTION64_PATH=$G/libgpu_otel_injector.so OTEL_EXPORTER_OTLP_ENDPOINT=http://127.0.0.1:4319 \
      OTEL_SERVICE_NAME=ovh GPU_OTEL_EXIT_DEADLINE_MS=300 "$@" timeout 60 $G/kernels $ARGS 2>&1 \
    | grep -E '^kernels:|pc sampling' | sed "s/^/$name run=$i /" >> "$O"; }
PIN="GPU_OTEL_PC_SAMPLING=serialized GPU_OTEL_PC_BURST_LAUNCHES=0 GPU_OTEL_PC_TARGET_RATE=100000000 GPU_OTEL_PC_BURST_MS=10"
for i in 1 2 3 4 5; do
  arm off GPU_OTEL_PC_SAMPLING=off
  arm continuous GPU_OTEL_PC_SAMPLING=continuous
  arm pin100 $PIN GPU_OTEL_PC_MAX_DUTY_PERMILLE=100
  arm pin50 $PIN GPU_OTEL_PC_MAX_DUTY_PERMILLE=50
  arm pin25 $PIN GPU_OTEL_PC_MAX_DUTY_PERMILLE=25
  arm pin10 $PIN GPU_OTEL_PC_MAX_DUTY_PERMILLE=10
  arm default GPU_OTEL_PC_SAMPLING=serialized
  arm fixed50 GPU_OTEL_PC_SAMPLING=serialized GPU_OTEL_PC_BURST_LAUNCHES=0
done
kill $SINK
python3 - "$O" <<'PY' | tee -a "$O"
import re, statistics, sys
wall, pairs, bursts, launches, duty = {}, {}, {}, {}, {}
for line in open(sys.argv[1]):
    m = re.match(r"(\w+) run=\d+ kernels: launched=(\d+) .*wall_ms=([0-9.]+)", line)
    if m: wall.setdefault(m.group(1), []).append(float(m.group(3)))
    m = re.match(r"(\w+) run=\d+ .*pc sampling tier=\w+ .*? bursts=(\d+) launches_serialized=(\d+) pairs=(\d+) empty_bursts=\d+ duty=([0-9.]+)", line)
    if m:
        for d, v in ((bursts, int(m.group(2))), (launches, int(m.group(3))), (pairs, int(m.group(4))), (duty, float(m.group(5)))):
            d.setdefault(m.group(1), []).append(v)
off = statistics.median(wall["off"])
for arm, w in wall.items():
    med = statistics.median(w); extra = med - off
    g = lambda d: statistics.median(d[arm]) if arm in d else None
    p = g(pairs)
    per = f" ms_per_1000_pairs={1000*extra/p:.1f}" if p else ""
    print(f"summary: arm={arm} runs={len(w)} median_ms={med:.1f} min={min(w):.1f} max={max(w):.1f} "
          f"vs_off={100*extra/off:+.2f}% duty={g(duty)} bursts={g(bursts)} launches_serialized={g(launches)} pairs={p}{per}")
PY
