#!/usr/bin/env bash
# Real captures of what a node sends, for the output measurements (bytes per kernel span,
# compression, sampling: node-scale/): a PyTorch training run, a CUDA-graph forward loop,
# and the training run under the serialized PC-sampling tier (windows, "true" kernels),
# under the injector, through the receiver into its file sink. Verifies records CUPTI
# produced == kernel spans in the receiver's output (common/both_ends.py), then keeps
# each capture gzipped under $OUT (default /tmp/captures) as
# h200_NAME_receiver_output.jsonl.gz (`loadgen --replay` and `output_bytes` read them).
#   STEPS=12 REPLAYS=300 CAPTURES="torch_train torch_graph torch_serialized" carry/captures.sh
set -u
# shellcheck source=SCRIPTDIR/../common/gpu.sh
. "$(dirname "$0")/../common/gpu.sh"
need libgpu_otel_injector.so gpu-otel-receiver
results /tmp/captures
machine -v name,driver_version

take() { # NAME CMD...
  local name=$1 file=/tmp/$1.jsonl
  shift
  rm -f "$file"
  receiver any "$OUT/$name.receiver.err" --export-file "$file"
  sleep 0.7
  traced "$name" "$@" > "$OUT/$name.log" 2>&1
  echo "== $name: rc=$? $(grep -h 'torch_graph\|torch_train' "$OUT/$name.log")"
  stop "$RC"
  python3 "$COMMON/both_ends.py" "$OUT/$name.log" --capture "$file" --name "$name"
  gzip -9 -c "$file" > "$OUT/h200_${name}_receiver_output.jsonl.gz"
  ls -l "$OUT/h200_${name}_receiver_output.jsonl.gz"
}

for c in ${CAPTURES:-torch_train torch_graph torch_serialized}; do
  case $c in
    torch_train) take torch_train python3 "$WORKLOADS/torch_train.py" 60 --steps "${STEPS:-12}" ;;
    torch_graph) take torch_graph python3 "$WORKLOADS/torch_graph.py" --replays "${REPLAYS:-300}" ;;
    torch_serialized) take torch_serialized GPU_OTEL_PC_SAMPLING=serialized \
      python3 "$WORKLOADS/torch_train.py" 60 --steps "${STEPS:-12}" ;;
  esac
done
