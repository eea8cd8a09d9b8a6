"""A Kubernetes API server that serves recorded answers, for the programs that talk to
one (the webhook: namespaces and events; the receiver: its node's pods) through their
real client (kube-rs) and a kubeconfig. No kube-apiserver runs here; this serves what
the endpoints those clients call answer: `GET /version`, lists (`?limit=`, with a
`resourceVersion`), watches (`?watch=true`, chunked JSON events, kept open), field
selectors on `spec.nodeName`, and `POST` of events.k8s.io/v1 Events (kept for the test
to read). Over TLS with a bearer token, as an API server in a cluster is reached (the
kubeconfig carries its CA and the token), or plain HTTP as `kubectl proxy` serves. The objects are the tests' recorded ones (webhook/tests/fixtures,
receiver/tests/fixtures/k8s)."""

import base64
import json
import queue
import ssl
import tempfile
import threading
import time
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

PARTIAL = "PartialObjectMetadata"


class KubeApi:
    def __init__(self, version: tuple = ("1", "35"), tls: bool = False):
        self.version = version
        self.objects = {"namespaces": [], "pods": []}
        self.watchers = {"namespaces": [], "pods": []}
        self.events = []
        self.requests = []
        self.rv = 1000
        self.lock = threading.Lock()
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self.server.daemon_threads = True
        self.ca_pem = None
        if tls:
            from pki import Ca
            ca = Ca("kube-apiserver CA")
            self.ca_pem = ca.pem
            work = Path(tempfile.mkdtemp(prefix="kubeapi-"))
            cert, key = ca.server().write(work, "apiserver")
            ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
            ctx.load_cert_chain(cert, key)
            self.server.socket = ctx.wrap_socket(self.server.socket, server_side=True)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    @property
    def url(self) -> str:
        scheme = "https" if self.ca_pem else "http"
        return f"{scheme}://127.0.0.1:{self.server.server_address[1]}"

    def kubeconfig(self, path: Path) -> Path:
        path.write_text(json.dumps({
            "apiVersion": "v1", "kind": "Config", "current-context": "test",
            "clusters": [{"name": "test", "cluster": {"server": self.url, **(
                {"certificate-authority-data": base64.b64encode(self.ca_pem).decode()} if self.ca_pem else {})}}],
            "users": [{"name": "test", "user": {"token": "test"}}],
            "contexts": [{"name": "test", "context": {"cluster": "test", "user": "test"}}],
        }))
        return path

    def _next_rv(self) -> str:
        self.rv += 1
        return str(self.rv)

    def add(self, resource: str, obj: dict, event: str = "ADDED"):
        """Adds or changes an object and tells every open watch."""
        with self.lock:
            obj = json.loads(json.dumps(obj))
            obj.setdefault("metadata", {})["resourceVersion"] = self._next_rv()
            uid = obj["metadata"].get("uid") or obj["metadata"]["name"]
            self.objects[resource] = [o for o in self.objects[resource]
                                      if (o["metadata"].get("uid") or o["metadata"]["name"]) != uid]
            if event != "DELETED":
                self.objects[resource].append(obj)
            for w in self.watchers[resource]:
                w.put((event, obj))

    def stop(self):
        for ws in self.watchers.values():
            for w in ws:
                w.put(None)
        self.server.shutdown()
        self.server.server_close()

    def _handler(self):
        api = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args):
                pass

            def _send(self, code: int, body: dict):
                data = json.dumps(body).encode()
                self.send_response(code)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def do_GET(self):
                url = urllib.parse.urlparse(self.path)
                q = dict(urllib.parse.parse_qsl(url.query))
                api.requests.append(("GET", self.path, self.headers.get("Accept", "")))
                if self.headers.get("Authorization") != "Bearer test":
                    return self._send(401, {"kind": "Status", "apiVersion": "v1", "status": "Failure",
                                            "reason": "Unauthorized", "code": 401})
                if url.path == "/version":
                    major, minor = api.version
                    return self._send(200, {"major": major, "minor": minor, "gitVersion": f"v{major}.{minor}.0",
                                            "platform": "linux/amd64"})
                resource = {"/api/v1/namespaces": "namespaces", "/api/v1/pods": "pods"}.get(url.path)
                if resource is None:
                    return self._send(404, {"kind": "Status", "apiVersion": "v1", "status": "Failure",
                                            "reason": "NotFound", "code": 404})
                partial = PARTIAL in self.headers.get("Accept", "")
                node = q.get("fieldSelector", "").removeprefix("spec.nodeName=") or None
                keep = lambda o: node is None or o.get("spec", {}).get("nodeName") == node  # noqa: E731
                shape = (lambda o: {"kind": PARTIAL, "apiVersion": "meta.k8s.io/v1", "metadata": o["metadata"]}) \
                    if partial else (lambda o: o)
                if q.get("watch") in ("true", "1"):
                    return self._watch(resource, keep, shape)
                with api.lock:
                    items = [shape(o) for o in api.objects[resource] if keep(o)]
                    rv = str(api.rv)
                kind = "PartialObjectMetadataList" if partial else \
                    {"namespaces": "NamespaceList", "pods": "PodList"}[resource]
                return self._send(200, {"kind": kind, "apiVersion": "meta.k8s.io/v1" if partial else "v1",
                                        "metadata": {"resourceVersion": rv}, "items": items})

            def _watch(self, resource, keep, shape):
                events = queue.Queue()
                with api.lock:
                    api.watchers[resource].append(events)
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Transfer-Encoding", "chunked")
                self.end_headers()
                try:
                    while True:
                        try:
                            item = events.get(timeout=1)
                        except queue.Empty:
                            continue
                        if item is None:
                            break
                        kind, obj = item
                        if not keep(obj):
                            continue
                        line = (json.dumps({"type": kind, "object": shape(obj)}) + "\n").encode()
                        self.wfile.write(f"{len(line):x}\r\n".encode() + line + b"\r\n")
                        self.wfile.flush()
                    self.wfile.write(b"0\r\n\r\n")
                except (BrokenPipeError, ConnectionResetError):
                    pass
                finally:
                    with api.lock:
                        api.watchers[resource].remove(events)

            def do_POST(self):
                body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", 0))) or b"{}")
                api.requests.append(("POST", self.path, ""))
                if "/events" in self.path:
                    body.setdefault("metadata", {})["resourceVersion"] = "1"
                    api.events.append(body)
                    return self._send(201, body)
                return self._send(404, {"kind": "Status", "code": 404})

            def do_PATCH(self):
                body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", 0))) or b"{}")
                api.requests.append(("PATCH", self.path, ""))
                return self._send(200, body)

        return Handler


def wait_for(predicate, timeout: float = 20, what: str = "a condition"):
    deadline = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > deadline:
            raise TimeoutError(f"{what} did not hold within {timeout}s")
        time.sleep(0.1)
