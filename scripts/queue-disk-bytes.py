#!/usr/bin/env python3
"""Bytes the persistent queue keeps for OTLP/HTTP JSON bodies sent gzip-compressed, per
receiver build: each build serves with a fresh queue.dir and its destination down, takes
200 requests of 100 spans, and prints (JSON bytes, gzip bytes sent, its queue_bytes).

    scripts/queue-disk-bytes.py target/release/gpu-otel-receiver [OTHER_BUILD ...]
"""
import gzip, json, socket, subprocess, sys, tempfile, time, urllib.request

def free():
    s = socket.socket(); s.bind(("127.0.0.1", 0)); p = s.getsockname()[1]; s.close(); return p

def body(i):
    spans = []
    for j in range(100):
        sid = f"{i:08x}{j:08x}"
        spans.append({"traceId": f"{i:016x}{j:016x}", "spanId": sid, "name": "_Z4spinPfi",
            "kind": 1, "startTimeUnixNano": str(1765000000000000000 + j * 1000),
            "endTimeUnixNano": str(1765000000000000000 + j * 1000 + 500),
            "attributes": [{"key": "gpu.kernel.name", "value": {"stringValue": "void at::native::vectorized_elementwise_kernel<4>"}},
                           {"key": "gpu.correlation_id", "value": {"intValue": str(j)}},
                           {"key": "gpu.serialized", "value": {"stringValue": "false"}},
                           {"key": "gpu.device.id", "value": {"intValue": "0"}}]})
    return {"resourceSpans": [{"resource": {"attributes": [
        {"key": "service.name", "value": {"stringValue": "trainer"}},
        {"key": "process.pid", "value": {"intValue": "42"}},
        {"key": "gpu.pc_sampling.tier", "value": {"stringValue": "off"}}]},
        "scopeSpans": [{"scope": {"name": "gpu-otel"}, "spans": spans}]}]}

def run(binary, n=200):
    work = tempfile.mkdtemp()
    http, grpc, metrics, down = free(), free(), free(), free()
    p = subprocess.Popen([binary, "serve", "--queue-dir", f"{work}/q", "--export-endpoint", f"http://127.0.0.1:{down}",
        "--grpc-endpoint", f"127.0.0.1:{grpc}", "--http-endpoint", f"127.0.0.1:{http}",
        "--metrics-endpoint", f"127.0.0.1:{metrics}"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(100):
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{metrics}/metrics"); break
            except Exception: time.sleep(0.1)
        sent = raw = 0
        for i in range(n):
            data = json.dumps(body(i)).encode()
            gz = gzip.compress(data, 6)
            raw += len(data); sent += len(gz)
            req = urllib.request.Request(f"http://127.0.0.1:{http}/v1/traces", data=gz,
                headers={"content-type": "application/json", "content-encoding": "gzip"})
            assert urllib.request.urlopen(req).status == 200
        m = urllib.request.urlopen(f"http://127.0.0.1:{metrics}/metrics").read().decode()
        qb = [l for l in m.splitlines() if l.startswith("gpu_otel_receiver_queue_bytes") and "max" not in l]
        return raw, sent, qb
    finally:
        p.terminate(); p.wait()

for b in sys.argv[1:]:
    print(b, run(b))
