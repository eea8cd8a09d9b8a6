"""Idle TLS connections to a receiver with ingest.tls: its resident set per connection.

python3 examples/load/idle_tls.py RECEIVER_BINARY N grpc|http
(an EC P-256 certificate for localhost is made with openssl in a temporary folder)
"""
import json, os, socket, ssl, subprocess, sys, tempfile, time
binary, n, which = sys.argv[1], int(sys.argv[2]), sys.argv[3]
d = tempfile.mkdtemp()
crt, key = os.path.join(d, "tls.crt"), os.path.join(d, "tls.key")
subprocess.run(["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes",
                "-keyout", key, "-out", crt, "-days", "1", "-subj", "/CN=localhost"], check=True, capture_output=True)
cfg = os.path.join(d, "r.yaml")
open(cfg, "w").write(f"ingest:\n  tls:\n    cert_file: {crt}\n    key_file: {key}\n")
p = subprocess.Popen([binary, "serve", "-c", cfg, "--grpc-endpoint=127.0.0.1:0", "--http-endpoint=127.0.0.1:0",
                      "--metrics-endpoint=127.0.0.1:0", f"--export-file={d}/out.jsonl"], stdout=subprocess.PIPE,
                     stderr=open(os.path.join(d, "log"), "w"))
ports = json.loads(p.stdout.readline())
def rss():
    return int([l for l in open(f"/proc/{p.pid}/status") if l.startswith("VmRSS")][0].split()[1]) * 1024
time.sleep(0.5)
before = rss()
for name, alpn, first in [("gRPC", "h2", b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n\x00\x00\x00\x04\x00\x00\x00\x00\x00"), ("HTTP", "http/1.1", b"")]:
    if name.lower() != which:
        continue
    ctx = ssl.create_default_context(); ctx.check_hostname = False; ctx.verify_mode = ssl.CERT_NONE
    ctx.set_alpn_protocols([alpn])
    conns = []
    host, port = ports[name.lower()].rsplit(":", 1)
    start = rss()
    for _ in range(n):
        s = ctx.wrap_socket(socket.create_connection((host, int(port))), server_hostname="localhost")
        if first:
            s.sendall(first)
        conns.append(s)
    time.sleep(2)
    held = rss()
    print(f"| {n} idle TLS {name} connections | RSS {start/1e6:.0f} MB -> {held/1e6:.0f} MB ({(held-start)//n} B each) |")
    for s in conns:
        s.close()
    time.sleep(1)
p.terminate(); p.wait()
