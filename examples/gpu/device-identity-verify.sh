#!/usr/bin/env bash
# The GPU each kernel span names, against nvidia-smi, on the GPU machine (carry .gpu: the
# release injector, kernels, otlp_capture). The CUDA example runs under the injector,
# exporting to a capturing OTLP receiver, with and without CUDA_VISIBLE_DEVICES=0; every
# kernel span's resource must carry hw.id = the UUID nvidia-smi prints for the GPU it ran
# on (with one GPU: that GPU). Prints one line per case and the capture's resources.
set -u
G=$PWD/.gpu; OUT=${OUT:-/tmp/identity}; mkdir -p "$OUT"
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
date -u +%FT%TZ; nvidia-smi -L
nvidia-smi --query-gpu=index,uuid,name --format=csv,noheader > "$OUT/smi.csv"
for case in all cvd0; do
  "$G/otlp_capture" --listen 127.0.0.1:4320 --out "$OUT/$case.jsonl" 2>/dev/null & CAP=$!; sleep 0.5
  extra=(); [ "$case" = cvd0 ] && extra=(CUDA_VISIBLE_DEVICES=0)
  env "${extra[@]}" CUDA_INJECTION64_PATH="$G/libgpu_otel_injector.so" OTEL_EXPORTER_OTLP_ENDPOINT=http://127.0.0.1:4320 \
    OTEL_SERVICE_NAME=identity-$case "$G/kernels" --launches 2000 --streams 2 > "$OUT/$case.log" 2>&1
  sleep 0.5; kill -TERM $CAP; wait $CAP
  python3 - "$OUT/$case.jsonl" "$OUT/smi.csv" "$case" <<'PY'
import json, sys
smi = {l.split(",")[0].strip(): (l.split(",")[1].strip(), l.split(",")[2].strip()) for l in open(sys.argv[2]) if l.strip()}
kernels, named = 0, {}
for line in open(sys.argv[1]):
    for rs in json.loads(line)["resourceSpans"]:
        attrs = {kv["key"]: kv["value"].get("stringValue", kv["value"].get("intValue")) for kv in rs["resource"]["attributes"]}
        for ss in rs["scopeSpans"]:
            for s in ss["spans"]:
                if any(kv["key"] == "gpu.kernel.name" for kv in s["attributes"]):
                    kernels += 1
                    key = (attrs.get("gpu.device.id"), attrs.get("hw.id"), attrs.get("hw.model"))
                    named[key] = named.get(key, 0) + 1
uuids = {u for u, _ in smi.values()}
ok = kernels > 0 and all(hw in uuids for (_, hw, _) in named)
print(f"{sys.argv[3]}: kernel_spans={kernels} named_by={named} nvidia_smi={smi} every_hw_id_is_nvidia_smis={ok}")
PY
done
