"""Fixtures that start real peers: Arize Phoenix (a queryable OTLP backend) and the
receiver binary, each on free loopback ports, stopped at the end."""

import json
import os
import signal
import socket
import subprocess
import tempfile
import time
import urllib.request
from pathlib import Path

import pytest
import rotel

ROOT = Path(__file__).resolve().parents[2]
# The binaries under test: scripts/test points this at its glibc-2.28 build.
BIN = Path(os.environ.get("GPU_OTEL_BIN_DIR", ROOT / "target" / "debug"))
RECEIVER = Path(os.environ.get("GPU_OTEL_RECEIVER_BIN", BIN / "gpu-otel-receiver"))


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def answer_protobuf(handler, body: bytes) -> None:
    """Answers an OTLP/HTTP request with 200 and an encoded response message."""
    handler.send_response(200)
    handler.send_header("Content-Type", "application/x-protobuf")
    handler.send_header("Content-Length", str(len(body)))
    handler.end_headers()
    handler.wfile.write(body)


def wait_http(url: str, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while True:
        try:
            with urllib.request.urlopen(url, timeout=2) as r:
                if r.status == 200:
                    return
        except OSError:
            pass
        if time.monotonic() > deadline:
            raise TimeoutError(f"{url} did not answer within {timeout}s")
        time.sleep(0.3)


class Phoenix:
    def __init__(self, workdir: str):
        self.http_port = free_port()
        self.grpc_port = free_port()
        env = dict(os.environ, PHOENIX_WORKING_DIR=workdir, PHOENIX_HOST="127.0.0.1",
                   PHOENIX_PORT=str(self.http_port), PHOENIX_GRPC_PORT=str(self.grpc_port),
                   PHOENIX_TELEMETRY_ENABLED="false")
        self.log = open(Path(workdir) / "phoenix.log", "w")
        self.proc = subprocess.Popen(["phoenix", "serve"], env=env, stdout=self.log, stderr=subprocess.STDOUT)
        wait_http(f"http://127.0.0.1:{self.http_port}/healthz", 180)

    @property
    def otlp_http(self) -> str:
        return f"http://127.0.0.1:{self.http_port}"

    @property
    def otlp_grpc(self) -> str:
        return f"http://127.0.0.1:{self.grpc_port}"

    def spans(self, project: str) -> list:
        out, cursor = [], None
        while True:
            url = f"http://127.0.0.1:{self.http_port}/v1/projects/{project}/spans?limit=1000"
            if cursor:
                url += f"&cursor={cursor}"
            try:
                with urllib.request.urlopen(url, timeout=10) as r:
                    page = json.load(r)
            except urllib.error.HTTPError as e:
                if e.code == 404:  # the project does not exist yet
                    return []
                raise
            out.extend(page["data"])
            cursor = page.get("next_cursor")
            if not cursor:
                return out

    def wait_spans(self, project: str, count: int, timeout: float = 30, where=lambda span: True) -> list:
        """The project's spans once `count` of them satisfy `where` (or at the timeout)."""
        deadline = time.monotonic() + timeout
        while True:
            spans = self.spans(project)
            if sum(1 for s in spans if where(s)) >= count or time.monotonic() > deadline:
                return spans
            time.sleep(0.3)

    def stop(self):
        self.proc.terminate()
        try:
            self.proc.wait(20)
        except subprocess.TimeoutExpired:
            self.proc.kill()
        self.log.close()


class Receiver:
    def __init__(self, workdir: str, args: list, env: dict | None = None):
        self.stderr = open(Path(workdir) / f"receiver-{time.monotonic_ns()}.log", "w")
        cmd = [str(RECEIVER), "serve", "--grpc-endpoint", "127.0.0.1:0", "--http-endpoint", "127.0.0.1:0",
               "--metrics-endpoint", "127.0.0.1:0", *args]
        self.proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=self.stderr, text=True, env=env)
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError(f"receiver did not start; see {self.stderr.name}")
        ports = json.loads(line)
        self.grpc, self.http, self.metrics_addr = ports["grpc"], ports["http"], ports["metrics"]

    def metrics(self) -> dict:
        with urllib.request.urlopen(f"http://{self.metrics_addr}/metrics", timeout=5) as r:
            text = r.read().decode()
        out = {}
        for line in text.splitlines():
            if line and not line.startswith("#"):
                key, value = line.rsplit(" ", 1)
                out[key] = float(value)
        return out

    def stop(self) -> str:
        self.proc.send_signal(signal.SIGTERM)
        self.proc.wait(30)
        self.stderr.close()
        return Path(self.stderr.name).read_text()


@pytest.fixture(scope="session")
def workdir():
    with tempfile.TemporaryDirectory(prefix="gpu-otel-e2e-") as d:
        yield d


@pytest.fixture(scope="session")
def phoenix(workdir):
    p = Phoenix(workdir)
    yield p
    p.stop()


@pytest.fixture(scope="session")
def receiver(workdir, phoenix):
    """The receiver exporting to Phoenix over OTLP/HTTP protobuf, with a short reconcile delay."""
    r = Receiver(workdir, ["--export-endpoint", phoenix.otlp_http, "--export-protocol", "http/protobuf",
                           "--reconcile-delay", "1500ms"])
    yield r
    r.stop()


CHECK = BIN / "gpu-otel-receiver"
REPLAY = BIN / "replay"
FAKE_SERIALIZED = BIN / "fake-serialized"


def rotel_agent() -> Path:
    return Path(rotel.__file__).parent / "rotel-agent"


@pytest.fixture(scope="module")
def checker(workdir):
    """The conformance checker as a live OTLP endpoint."""
    proc = subprocess.Popen([str(CHECK), "check", "--listen-grpc", "127.0.0.1:0", "--duration", "120s"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    addrs = json.loads(proc.stdout.readline())
    yield proc, addrs["grpc"]
    if proc.poll() is None:
        proc.kill()


@pytest.fixture(scope="module")
def chain(workdir, phoenix, checker):
    """rotel-agent forwarding to a receiver that exports to Phoenix over gRPC and
    mirrors to the checker."""
    _, checker_grpc = checker
    receiver = Receiver(workdir, ["--export-endpoint", phoenix.otlp_grpc, "--export-protocol", "grpc",
                                  "--export-mirror", f"http://{checker_grpc}", "--reconcile-delay", "500ms"])
    grpc_port, http_port = free_port(), free_port()
    log = open(Path(workdir) / f"rotel-{time.monotonic_ns()}.log", "w")
    agent = subprocess.Popen([str(rotel_agent()), "start", "--otlp-grpc-endpoint", f"127.0.0.1:{grpc_port}",
                              "--otlp-http-endpoint", f"127.0.0.1:{http_port}", "--exporter", "otlp",
                              "--otlp-exporter-endpoint", f"http://{receiver.grpc}", "--otlp-exporter-protocol", "grpc",
                              "--pid-file", str(Path(workdir) / "rotel.pid")],
                             stdout=log, stderr=subprocess.STDOUT)
    time.sleep(1.5)
    assert agent.poll() is None, Path(log.name).read_text()
    yield receiver, f"http://127.0.0.1:{grpc_port}"
    if receiver.proc.poll() is None:
        receiver.stop()
    agent.terminate()
    agent.wait(20)
    log.close()


