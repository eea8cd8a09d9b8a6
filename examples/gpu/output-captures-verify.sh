#!/usr/bin/env bash
# Real captures of what a node sends, for the output measurements (bytes per kernel span,
# compression, sampling): a PyTorch training run, a CUDA-graph forward loop, and the
# training run under the serialized PC-sampling tier (windows, "true" kernels), under the
# injector, through the receiver into its file sink. Verifies records CUPTI produced ==
# kernel spans in the receiver's output, then keeps each capture gzipped under $OUT
# (`loadgen --replay` and `output_bytes` read them). Run on the device machine from the
# repository root with the release builds in .gpu/ (docs/measurements/carry-rate.md).
#   STEPS=12 REPLAYS=300 CAPTURES="torch_train torch_graph torch_serialized" \
#     examples/gpu/output-captures-verify.sh
set -u
G=$PWD/.gpu; OUT=${OUT:-/tmp/captures}; mkdir -p "$OUT"
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
date -u +%FT%TZ; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
python3 -c 'import torch; print("torch", torch.__version__, torch.version.cuda)'

capture() { # name -- command...
  local name=$1; shift; shift
  local file=/tmp/$name.jsonl
  rm -f "$file"
  "$G/gpu-otel-receiver" serve --grpc-endpoint 127.0.0.1:4317 --http-endpoint 127.0.0.1:4318 \
    --metrics-endpoint 127.0.0.1:9464 --export-file "$file" > /dev/null 2> "$OUT/$name.receiver.err" &
  local rc=$!; sleep 0.7
  env CUDA_INJECTION64_PATH="$G/libgpu_otel_injector.so" OTEL_EXPORTER_OTLP_ENDPOINT=http://127.0.0.1:4317 \
    OTEL_SERVICE_NAME="$name" GPU_OTEL_EXIT_DEADLINE_MS=5000 "$@" > "$OUT/$name.log" 2>&1
  echo "== $name: rc=$? $(grep -h 'torch_graph\|torch_train' "$OUT/$name.log")"
  kill -TERM $rc; wait $rc
  python3 - "$OUT/$name.log" "$file" <<'PY'
import json, re, sys
m = re.search(r"exit: (\d+) kernel records, (\d+) kernel spans", open(sys.argv[1]).read())
kernels = spans = requests = 0
for line in open(sys.argv[2]):
    requests += 1
    for rs in json.loads(line).get("resourceSpans", []):
        for ss in rs.get("scopeSpans", []):
            for s in ss.get("spans", []):
                spans += 1
                kernels += any(a["key"] == "gpu.kernel.name" for a in s.get("attributes", []))
rec = int(m.group(1)) if m else -1
print(f"capture: records_cupti={rec} kernel_spans_in_file={kernels} spans={spans} requests={requests} equal={rec == kernels}")
PY
  gzip -9 -c "$file" > "$OUT/h200_${name}_receiver_output.jsonl.gz"
  ls -l "$OUT/h200_${name}_receiver_output.jsonl.gz"
}

for c in ${CAPTURES:-torch_train torch_graph torch_serialized}; do
  case $c in
    torch_train) capture torch_train -- python3 examples/gpu/torch_train.py 60 --steps "${STEPS:-12}" ;;
    torch_graph) capture torch_graph -- python3 examples/gpu/torch_graph.py --replays "${REPLAYS:-300}" ;;
    torch_serialized) capture torch_serialized -- env GPU_OTEL_PC_SAMPLING=serialized \
      python3 examples/gpu/torch_train.py 60 --steps "${STEPS:-12}" ;;
  esac
done
