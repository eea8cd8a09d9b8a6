# Sourced by the scenario scripts under examples/: where the binaries are, free loopback
# ports, receivers started and stopped, and counting kernel spans in an OTLP-JSON file.
# Every process a script starts is stopped when it exits, and its scratch directory is
# removed (KEEP=1 keeps it and prints where).
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"

# The binaries: GPU_OTEL_BIN_DIR when set (the test command's build), else a release
# build of this checkout.
if [ -n "${GPU_OTEL_BIN_DIR:-}" ]; then
  BIN=$GPU_OTEL_BIN_DIR
else
  cargo build --release --quiet -p gpu-otel-receiver -p gpu-otel-examples
  BIN=${CARGO_TARGET_DIR:-$ROOT/target}/release
fi

WORK=$(mktemp -d -t gpu-otel-example.XXXXXX)
PIDS=()
cleanup() {
  local pid
  for pid in "${PIDS[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  for pid in "${PIDS[@]}"; do wait "$pid" 2>/dev/null || true; done
  if [ -n "${KEEP:-}" ]; then echo "kept: $WORK"; else rm -rf "$WORK"; fi
}
trap cleanup EXIT

# A free TCP port on 127.0.0.1.
free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# Waits until something listens on 127.0.0.1:$1.
wait_port() {
  local i
  for i in $(seq 1 300); do
    if (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; then return 0; fi
    sleep 0.1
  done
  echo "nothing listens on 127.0.0.1:$1" >&2
  return 1
}

# receiver NAME [serve options...]: starts `gpu-otel-receiver serve` on free ports, its
# output in $WORK/NAME.log. Sets NAME_GRPC, NAME_HTTP and NAME_METRICS (ports) and
# NAME_PID.
receiver() {
  local name=$1; shift
  local grpc http metrics
  grpc=$(free_port); http=$(free_port); metrics=$(free_port)
  "$BIN/gpu-otel-receiver" serve --grpc-endpoint "127.0.0.1:$grpc" --http-endpoint "127.0.0.1:$http" \
    --metrics-endpoint "127.0.0.1:$metrics" "$@" >>"$WORK/$name.log" 2>&1 &
  local pid=$!
  PIDS+=("$pid")
  printf -v "${name}_GRPC" %s "$grpc"
  printf -v "${name}_HTTP" %s "$http"
  printf -v "${name}_METRICS" %s "$metrics"
  printf -v "${name}_PID" %s "$pid"
  wait_port "$grpc"
}

# stop PID: SIGTERM, and waits for the process to flush and exit.
stop() {
  kill -TERM "$1" 2>/dev/null || true
  wait "$1" 2>/dev/null || true
}

# kernel_spans FILE: the kernel spans in an OTLP-JSON file (every copy counted), as the
# conformance checker counts them; 0 for a file with none (the checker refuses such a
# file, and the caller's comparison says what is missing).
kernel_spans() {
  { "$BIN/gpu-otel-receiver" check --allow-no-kernels "$1" || true; } |
    sed -n 's/^resource .*: \([0-9][0-9]*\) kernel spans = .*/\1/p' |
    awk '{ n += $1 } END { print n + 0 }'
}

# metric PORT SERIES: one series of a receiver's /metrics, as it is written there
# (`name` or `name{label="value"}`); 0 when absent.
metric() {
  python3 - "$1" "$2" <<'EOF'
import sys, urllib.request
text = urllib.request.urlopen(f"http://127.0.0.1:{sys.argv[1]}/metrics", timeout=5).read().decode()
print(float(sum(float(l.rsplit(" ", 1)[1]) for l in text.splitlines() if l.rsplit(" ", 1)[0] == sys.argv[2])))
EOF
}

# replayed OUTPUT: the kernel records a `replay` run sent ("replayed N kernel records").
replayed() {
  sed -n 's/^replayed \([0-9][0-9]*\) kernel records.*/\1/p' <<<"$1" | awk '{ n += $1 } END { print n + 0 }'
}

fail() {
  echo "FAILED: $*" >&2
  local f
  for f in "$WORK"/*.log; do [ -f "$f" ] && { echo "== $f" >&2; tail -n 20 "$f" >&2; }; done
  exit 1
}

# pki DIR: a CA (DIR/ca.crt), a server certificate for localhost and 127.0.0.1
# (DIR/server.crt, .key) and a client certificate (DIR/client.crt, .key), made with
# openssl for this run only.
pki() {
  local d=$1
  mkdir -p "$d"
  openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -days 1 -subj "/CN=gpu-otel example CA" \
    -keyout "$d/ca.key" -out "$d/ca.crt" 2>/dev/null
  local who
  for who in server client; do
    openssl req -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -subj "/CN=gpu-otel example $who" \
      -keyout "$d/$who.key" -out "$d/$who.csr" 2>/dev/null
  done
  printf 'subjectAltName=DNS:localhost,IP:127.0.0.1\nextendedKeyUsage=serverAuth\n' >"$d/server.ext"
  printf 'extendedKeyUsage=clientAuth\n' >"$d/client.ext"
  for who in server client; do
    openssl x509 -req -in "$d/$who.csr" -CA "$d/ca.crt" -CAkey "$d/ca.key" -CAcreateserial -days 1 \
      -extfile "$d/$who.ext" -out "$d/$who.crt" 2>/dev/null
  done
}
