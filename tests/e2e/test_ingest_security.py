"""Who may send to the receiver, with real clients against the real binary: the Python
OpenTelemetry SDK's gRPC and HTTP exporters over TLS with a bearer token (spans reach
Arize Phoenix), refused without the token or without a client certificate (counted in
/metrics), a certificate reloaded on SIGHUP (seen from the client side), and the
injector's own exporter (the `replay` binary drives its real export path) over TLS with
a token, and failing clearly with the wrong CA. Certificates are made at test time
(pki.py)."""

import hashlib
import os
import signal
import socket
import ssl
import subprocess
import time
import uuid
from pathlib import Path

import grpc
import pytest
from opentelemetry.exporter.otlp.proto.grpc.trace_exporter import OTLPSpanExporter as GrpcExporter
from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter as HttpExporter
from opentelemetry.sdk.resources import Resource
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor, SpanExportResult
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

from conftest import REPLAY, Receiver
from pki import Ca

TOKEN = "e2e-t0ken-1"
REFUSED = 'gpu_otel_receiver_requests_refused_total{reason="unauthenticated"}'
HANDSHAKES_FAILED = "gpu_otel_receiver_tls_handshakes_failed_total"


def project() -> str:
    return f"sec-{uuid.uuid4().hex[:12]}"


def finished_spans(project_name: str, n: int) -> list:
    """`n` finished SDK spans of a resource that Phoenix files under `project_name`."""
    memory = InMemorySpanExporter()
    provider = TracerProvider(resource=Resource.create({"service.name": "sec-e2e",
                                                        "openinference.project.name": project_name}))
    provider.add_span_processor(SimpleSpanProcessor(memory))
    tracer = provider.get_tracer("gpu-otel-e2e")
    for i in range(n):
        tracer.start_span(f"op-{i}").end()
    provider.shutdown()
    return list(memory.get_finished_spans())


def exporter(transport: str, receiver: Receiver, ca: Path, token: str | None, client=None):
    """The SDK's exporter over TLS, trusting `ca`, with `token` and a client certificate
    (`client`: (cert, key) paths) when given."""
    headers = {"authorization": f"Bearer {token}"} if token else None
    if transport == "grpc":
        port = receiver.grpc.rsplit(":", 1)[1]
        key, chain = (Path(client[1]).read_bytes(), Path(client[0]).read_bytes()) if client else (None, None)
        credentials = grpc.ssl_channel_credentials(root_certificates=ca.read_bytes(), private_key=key,
                                                   certificate_chain=chain)
        return GrpcExporter(endpoint=f"https://localhost:{port}", credentials=credentials, headers=headers, timeout=3)
    port = receiver.http.rsplit(":", 1)[1]
    return HttpExporter(endpoint=f"https://127.0.0.1:{port}/v1/traces", certificate_file=str(ca), headers=headers,
                        client_certificate_file=str(client[0]) if client else None,
                        client_key_file=str(client[1]) if client else None, timeout=3)


def export(transport, receiver, ca, token, n=3, client=None, project_name=None):
    e = exporter(transport, receiver, ca, token, client)
    try:
        return e.export(finished_spans(project_name or project(), n))
    finally:
        e.shutdown()


def served_fingerprint(addr: str, ca: Path, alpn: str) -> str:
    """SHA-256 of the certificate the receiver serves a new connection on `addr`."""
    ctx = ssl.create_default_context(cafile=str(ca))
    ctx.set_alpn_protocols([alpn])
    host, port = addr.rsplit(":", 1)
    with socket.create_connection((host, int(port)), timeout=5) as raw:
        with ctx.wrap_socket(raw, server_hostname="localhost") as tls:
            return hashlib.sha256(tls.getpeercert(binary_form=True)).hexdigest()


def start(workdir, directory: Path, server, ca: Ca, phoenix=None, client_ca: Path | None = None,
          pad_to: int | None = None) -> tuple:
    cert, key = server.write(directory, "server", pad_to=pad_to)
    tokens = directory / "tokens"
    tokens.write_text(f"# ingest tokens\n{TOKEN}\n")
    config = directory / "receiver.yaml"
    config.write_text("ingest:\n  tls:\n"
                      f"    cert_file: {cert}\n    key_file: {key}\n"
                      + (f"    client_ca_file: {client_ca}\n" if client_ca else "")
                      + f"  auth:\n    token_file: {tokens}\n")
    export_args = (["--export-endpoint", phoenix.otlp_http, "--export-protocol", "http/protobuf"] if phoenix
                   else ["--export-file", str(directory / "out.jsonl")])
    return Receiver(workdir, ["--config", str(config), *export_args]), cert, key, tokens


@pytest.fixture(autouse=True)
def no_ca_bundle_override(monkeypatch):
    """requests lets REQUESTS_CA_BUNDLE / CURL_CA_BUNDLE replace a session's CA file, so
    where they are set the HTTP exporter's certificate_file would be ignored."""
    monkeypatch.delenv("REQUESTS_CA_BUNDLE", raising=False)
    monkeypatch.delenv("CURL_CA_BUNDLE", raising=False)


@pytest.fixture(scope="module")
def pki(tmp_path_factory):
    d = tmp_path_factory.mktemp("pki")
    ca = Ca("gpu-otel e2e CA")
    return {"dir": d, "ca": ca, "ca_file": ca.write(d / "ca.crt"), "server": ca.server()}


@pytest.fixture(scope="module")
def secured(workdir, phoenix, pki, tmp_path_factory):
    """A receiver with TLS and a bearer token, exporting to Phoenix."""
    r, *_ = start(workdir, tmp_path_factory.mktemp("secured"), pki["server"], pki["ca"], phoenix)
    yield r
    r.stop()


def wait_metric(receiver, name: str, at_least: float, timeout: float = 10) -> float:
    deadline = time.monotonic() + timeout
    while True:
        value = receiver.metrics().get(name, 0.0)
        if value >= at_least or time.monotonic() > deadline:
            return value
        time.sleep(0.1)


@pytest.mark.parametrize("transport", ["grpc", "http"])
def test_the_sdk_exporter_with_the_token_delivers_over_tls_and_the_spans_reach_phoenix(phoenix, secured, pki,
                                                                                     transport):
    p = project()
    assert export(transport, secured, pki["ca_file"], TOKEN, n=3, project_name=p) == SpanExportResult.SUCCESS
    spans = phoenix.wait_spans(p, 3)
    assert sorted(s["name"] for s in spans) == ["op-0", "op-1", "op-2"]


@pytest.mark.parametrize("transport", ["grpc", "http"])
def test_a_missing_or_wrong_token_is_refused_counted_and_never_exported(phoenix, secured, pki, transport):
    before = secured.metrics().get(REFUSED, 0.0)
    refused = project()
    assert export(transport, secured, pki["ca_file"], None, project_name=refused) == SpanExportResult.FAILURE
    assert export(transport, secured, pki["ca_file"], "e2e-t0ken-2", project_name=refused) == SpanExportResult.FAILURE
    assert secured.metrics()[REFUSED] == before + 2
    # Spans sent after them arrive; theirs never do.
    later = project()
    assert export(transport, secured, pki["ca_file"], TOKEN, n=1, project_name=later) == SpanExportResult.SUCCESS
    assert len(phoenix.wait_spans(later, 1)) == 1
    assert phoenix.spans(refused) == []


def test_mutual_tls_refuses_the_sdk_exporter_without_a_client_certificate(workdir, pki, tmp_path):
    clients = Ca("gpu-otel e2e client CA")
    r, *_ = start(workdir, tmp_path, pki["server"], pki["ca"], client_ca=clients.write(tmp_path / "client-ca.crt"))
    try:
        for transport in ["grpc", "http"]:
            assert export(transport, r, pki["ca_file"], TOKEN) == SpanExportResult.FAILURE, transport
        assert r.metrics()[HANDSHAKES_FAILED] >= 2
        assert r.metrics()["gpu_otel_receiver_spans_reconciled_total"] == 0
        client = clients.client("trainer").write(tmp_path, "client")
        for transport in ["grpc", "http"]:
            assert export(transport, r, pki["ca_file"], TOKEN, client=client) == SpanExportResult.SUCCESS, transport
        assert wait_metric(r, "gpu_otel_receiver_spans_reconciled_total", 6) == 6
    finally:
        r.stop()


def overwrite_unseen(path: Path, data: bytes) -> None:
    """Rewrites `path` in place with `data` of the same length and restores its
    modification time: the receiver's file watch cannot see it, only SIGHUP can."""
    before = path.stat()
    assert len(data) == before.st_size
    with open(path, "r+b") as f:
        f.write(data)
    os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))
    after = path.stat()
    assert (after.st_ino, after.st_size, after.st_mtime_ns) == (before.st_ino, before.st_size, before.st_mtime_ns)


def test_sighup_serves_the_new_certificate_and_tokens_to_new_connections(workdir, pki, tmp_path):
    ca, ca_file = pki["ca"], pki["ca_file"]
    first, second = ca.server(), ca.server()
    r, cert, key, tokens = start(workdir, tmp_path, first, ca, pad_to=2048)
    try:
        for addr, alpn in [(r.grpc, "h2"), (r.http, "http/1.1")]:
            assert served_fingerprint(addr, ca_file, alpn) == first.fingerprint
        staged = tmp_path / "staged"
        staged.mkdir()
        new_cert, new_key = second.write(staged, "server", pad_to=2048)
        overwrite_unseen(cert, new_cert.read_bytes())
        overwrite_unseen(key, new_key.read_bytes())
        overwrite_unseen(tokens, tokens.read_bytes().replace(TOKEN.encode(), b"e2e-t0ken-2"))
        # Longer than the file watch's period: without SIGHUP nothing changes.
        time.sleep(3)
        assert served_fingerprint(r.grpc, ca_file, "h2") == first.fingerprint
        r.proc.send_signal(signal.SIGHUP)
        applied = 'gpu_otel_receiver_secret_reloads_total{secret="tls",outcome="applied"}'
        assert wait_metric(r, applied, 1) == 1
        for addr, alpn in [(r.grpc, "h2"), (r.http, "http/1.1")]:
            assert served_fingerprint(addr, ca_file, alpn) == second.fingerprint
        assert export("http", r, ca_file, "e2e-t0ken-2") == SpanExportResult.SUCCESS
        assert export("grpc", r, ca_file, TOKEN) == SpanExportResult.FAILURE
        assert r.metrics()['gpu_otel_receiver_secret_reloads_total{secret="tls",outcome="failed"}'] == 0
    finally:
        log = r.stop()
    assert "SIGHUP: reloading the ingest TLS files and tokens" in log
    assert "e2e-t0ken" not in log


def replay(endpoint: str, env: dict) -> subprocess.CompletedProcess:
    return subprocess.run([str(REPLAY), "--endpoint", endpoint, "--service", "tls-replay"],
                          env={**os.environ, "GPU_OTEL_EXIT_DEADLINE_MS": "5000", **env},
                          capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("protocol", ["grpc", "http/protobuf"])
def test_the_injectors_exporter_delivers_over_tls_with_the_token_counted_at_both_ends(secured, pki, protocol):
    addr = secured.grpc if protocol == "grpc" else secured.http
    kernels = "gpu_otel_receiver_kernel_spans_total"
    before = secured.metrics().get(kernels, 0.0)
    out = replay(f"https://localhost:{addr.rsplit(':', 1)[1]}", {
        "OTEL_EXPORTER_OTLP_PROTOCOL": protocol,
        "OTEL_EXPORTER_OTLP_CERTIFICATE": str(pki["ca_file"]),
        "OTEL_EXPORTER_OTLP_HEADERS": f"authorization=Bearer%20{TOKEN}",
    })
    assert out.returncode == 0, out.stderr
    # "replayed N kernel records to URL: 0 dropped, 0 unexported"
    sent = int(out.stdout.split("replayed ", 1)[1].split(" ", 1)[0])
    assert sent > 0 and ": 0 dropped, 0 unexported" in out.stdout, out.stdout
    assert wait_metric(secured, kernels, before + sent) == before + sent


def test_the_injectors_exporter_fails_clearly_on_a_wrong_ca_a_missing_file_or_no_token(secured, pki, tmp_path):
    endpoint = f"https://localhost:{secured.grpc.rsplit(':', 1)[1]}"
    before = secured.metrics()
    token = {"OTEL_EXPORTER_OTLP_HEADERS": f"authorization=Bearer%20{TOKEN}"}

    wrong_ca = Ca("not the receiver's CA").write(tmp_path / "other-ca.crt")
    out = replay(endpoint, {"OTEL_EXPORTER_OTLP_CERTIFICATE": str(wrong_ca), **token})
    assert out.returncode != 0
    assert "TLS handshake failed: invalid peer certificate: UnknownIssuer" in out.stderr, out.stderr

    missing = tmp_path / "nope.crt"
    out = replay(endpoint, {"OTEL_EXPORTER_OTLP_TRACES_CERTIFICATE": str(missing), **token})
    assert out.returncode != 0
    assert f"OTLP export is off: OTEL_EXPORTER_OTLP_TRACES_CERTIFICATE={missing}: cannot read it" in out.stderr, \
        out.stderr
    assert out.stderr.count("OTLP export is off") == 1, "logged once"

    out = replay(endpoint, {"OTEL_EXPORTER_OTLP_CERTIFICATE": str(pki["ca_file"])})
    assert out.returncode != 0
    assert "Unauthenticated: missing bearer token" in out.stderr, out.stderr

    after = secured.metrics()
    assert after["gpu_otel_receiver_kernel_spans_total"] == before.get("gpu_otel_receiver_kernel_spans_total", 0)
    assert after[REFUSED] > before.get(REFUSED, 0)


def test_sighup_never_ends_a_receiver_even_with_nothing_to_reload(workdir, tmp_path):
    r = Receiver(workdir, ["--export-file", str(tmp_path / "out.jsonl")])
    r.proc.send_signal(signal.SIGHUP)
    time.sleep(0.5)
    assert r.proc.poll() is None
    assert "gpu_otel_receiver_spans_reconciled_total" in r.metrics()
    assert "SIGHUP: no ingest TLS files or tokens to reload" in r.stop()
