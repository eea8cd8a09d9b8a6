"""Compressed OTLP both ways with real peers: the Python SDK's exporters send gzip to the
receiver (gRPC and HTTP); the receiver exports gzip to Arize Phoenix (gRPC and HTTP).
zstd: no peer installed here takes or sends it (the SDK's exporters offer gzip and
deflate, Phoenix reads gzip, rotel-agent 0.0.1a15 refuses zstd on gRPC and HTTP), so
the receiver's zstd goes to a second receiver, and to rotel to show the refusal counted;
tonic's server takes it in receiver/tests/export.rs."""

import json
import os
import subprocess
import time
import uuid
from pathlib import Path

from conftest import Receiver, free_port, rotel_agent


def _sdk_spans(exporter, project: str, n: int) -> None:
    from opentelemetry.sdk.resources import Resource
    from opentelemetry.sdk.trace import TracerProvider
    from opentelemetry.sdk.trace.export import BatchSpanProcessor
    tp = TracerProvider(resource=Resource.create({"service.name": "gzip-sender", "openinference.project.name": project}))
    tp.add_span_processor(BatchSpanProcessor(exporter))
    tracer = tp.get_tracer("e2e")
    for i in range(n):
        with tracer.start_as_current_span(f"op-{i}", attributes={"i": i, "payload": "x" * 200}):
            pass
    tp.shutdown()


def _exported(path: Path) -> list:
    spans = []
    for line in path.read_text().splitlines():
        for rs in json.loads(line)["resourceSpans"]:
            for ss in rs["scopeSpans"]:
                spans.extend(ss["spans"])
    return spans


def test_the_python_sdk_sending_gzip_over_grpc_and_http_is_taken_whole(workdir, tmp_path):
    from opentelemetry.exporter.otlp.proto.grpc.trace_exporter import OTLPSpanExporter as GrpcExporter
    from opentelemetry.exporter.otlp.proto.http import Compression as HttpCompression
    from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter as HttpExporter
    from grpc import Compression as GrpcCompression
    out = tmp_path / "out.jsonl"
    r = Receiver(workdir, ["--export-file", str(out)])
    _sdk_spans(GrpcExporter(endpoint=f"http://{r.grpc}", insecure=True, compression=GrpcCompression.Gzip),
               "grpc-gzip", 300)
    _sdk_spans(HttpExporter(endpoint=f"http://{r.http}/v1/traces", compression=HttpCompression.Gzip),
               "http-gzip", 300)
    r.stop()
    names = sorted(s["name"] for s in _exported(out))
    assert names == sorted([f"op-{i}" for i in range(300)] * 2)


def test_the_receiver_exports_gzip_that_phoenix_reads_over_grpc_and_http(workdir, phoenix):
    from opentelemetry.exporter.otlp.proto.grpc.trace_exporter import OTLPSpanExporter as GrpcExporter
    for protocol, endpoint in [("grpc", phoenix.otlp_grpc), ("http/protobuf", phoenix.otlp_http)]:
        project = f"gzip-{protocol.replace('/', '-')}-{uuid.uuid4().hex[:6]}"
        env = dict(os.environ, OTEL_EXPORTER_OTLP_TRACES_COMPRESSION="gzip")
        r = Receiver(workdir, ["--export-endpoint", endpoint, "--export-protocol", protocol], env=env)
        _sdk_spans(GrpcExporter(endpoint=f"http://{r.grpc}", insecure=True), project, 200)
        spans = phoenix.wait_spans(project, 200)
        r.stop()
        assert sorted(s["name"] for s in spans) == sorted(f"op-{i}" for i in range(200)), protocol


def test_zstd_reaches_a_receiver_whole_and_rotel_which_lacks_it_refuses_it_counted(workdir, tmp_path):
    """receiver (zstd) -> receiver (file): every span arrives. receiver (zstd) ->
    rotel-agent 0.0.1a15: rotel refuses zstd (gRPC UNIMPLEMENTED), so every span is
    counted as an export failure, none silently lost: why gzip is the default."""
    from opentelemetry.exporter.otlp.proto.grpc.trace_exporter import OTLPSpanExporter as GrpcExporter
    zstd = dict(os.environ, OTEL_EXPORTER_OTLP_TRACES_COMPRESSION="zstd")
    out = tmp_path / "out.jsonl"
    last = Receiver(workdir, ["--export-file", str(out)])
    first = Receiver(workdir, ["--export-endpoint", f"http://{last.grpc}"], env=zstd)
    _sdk_spans(GrpcExporter(endpoint=f"http://{first.grpc}", insecure=True), "zstd", 250)
    first.stop()
    last.stop()
    assert sorted(s["name"] for s in _exported(out)) == sorted(f"op-{i}" for i in range(250))

    grpc_port, http_port = free_port(), free_port()
    log = open(tmp_path / "rotel.log", "w")
    agent = subprocess.Popen([str(rotel_agent()), "start", "--otlp-grpc-endpoint", f"127.0.0.1:{grpc_port}",
                              "--otlp-http-endpoint", f"127.0.0.1:{http_port}", "--exporter", "blackhole",
                              "--pid-file", str(tmp_path / "rotel.pid")],
                             stdout=log, stderr=subprocess.STDOUT)
    try:
        time.sleep(1.5)
        assert agent.poll() is None, (tmp_path / "rotel.log").read_text()
        r = Receiver(workdir, ["--export-endpoint", f"http://127.0.0.1:{grpc_port}"], env=zstd)
        _sdk_spans(GrpcExporter(endpoint=f"http://{r.grpc}", insecure=True), "zstd-rotel", 250)
        deadline = time.monotonic() + 20
        failed = 0
        while time.monotonic() < deadline and failed < 250:
            failed = sum(v for k, v in r.metrics().items()
                         if k.startswith("gpu_otel_receiver_spans_dropped_total") and 'reason="export_failed"' in k)
            time.sleep(0.2)
        log_text = r.stop()
    finally:
        agent.terminate()
        agent.wait(20)
        log.close()
    assert failed == 250
    assert "zstd" in log_text and "isn't supported" in log_text, log_text
