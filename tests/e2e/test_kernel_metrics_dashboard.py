"""The dashboard's kernel-metrics panels against what the receiver pushes, wired as the
compose demo wires it: kernel metrics over OTLP/HTTP (protobuf, gzip) to the path of
Prometheus's OTLP receiver, spans to the file sink. An OTLP/HTTP endpoint here records
the requests; they are turned into the series Prometheus 3 makes of them (its default
translation, UnderscoreEscapingWithSuffixes: dots to underscores, the unit as a suffix
(`s` -> `_seconds`, a `{...}` annotation dropped), `_total` on a monotonic sum,
`_bucket`/`_sum`/`_count` and `le` for a histogram; delta points added up as its
otlp-deltatocumulative feature does). Read against the spans: executions by outcome (true and false),
kernel time per name, exemplars naming exported spans; and every kernel-metrics query of
the dashboard selects metrics and labels those series have.

Not run here: a real Prometheus (Debian builds it without OTLP ingestion, and no other
build can be fetched on these machines)."""

import gzip
import json
import os
import subprocess
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from opentelemetry.proto.collector.metrics.v1.metrics_service_pb2 import (
    ExportMetricsServiceRequest,
    ExportMetricsServiceResponse,
)

from conftest import FAKE_SERIALIZED, REPLAY, Receiver, answer_protobuf
from test_dashboard_metrics import kernel_metric_targets, problems

PROMETHEUS_OTLP_PATH = "/api/v1/otlp/v1/metrics"
UNIT_SUFFIX = {"s": "seconds", "ms": "milliseconds", "By": "bytes", "1": "ratio"}


class OtlpMetricsEndpoint:
    """Takes OTLP/HTTP protobuf metrics on Prometheus's path only (else 404, as Prometheus
    answers), gzip or not."""

    def __init__(self):
        self.requests, self.seen = [], []
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers["Content-Length"]))
                outer.seen.append((self.path, self.headers.get("Content-Type"), self.headers.get("Content-Encoding")))
                if self.path != PROMETHEUS_OTLP_PATH or self.headers.get("Content-Type") != "application/x-protobuf":
                    self.send_response(404 if self.path != PROMETHEUS_OTLP_PATH else 415)
                    self.end_headers()
                    return
                if self.headers.get("Content-Encoding") == "gzip":
                    body = gzip.decompress(body)
                req = ExportMetricsServiceRequest()
                req.ParseFromString(body)
                outer.requests.append(req)
                out = ExportMetricsServiceResponse().SerializeToString()
                answer_protobuf(self, out)

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}{PROMETHEUS_OTLP_PATH}"

    def stop(self):
        self.server.shutdown()


def label(key: str) -> str:
    return "".join(c if c.isalnum() or c == "_" else "_" for c in key)


def base_name(metric) -> str:
    name = label(metric.name)
    unit = UNIT_SUFFIX.get(metric.unit, "" if metric.unit.startswith("{") else label(metric.unit))
    return f"{name}_{unit}" if unit else name


def as_prometheus(requests) -> tuple:
    """(series: name -> {labels tuple: value}, exemplars: [(trace id, span id)])."""
    series, exemplars = {}, []

    def add(name, labels, value):
        key = tuple(sorted(labels.items()))
        series.setdefault(name, {})
        series[name][key] = series[name].get(key, 0) + value

    for req in requests:
        for rm in req.resource_metrics:
            res = {a.key: a.value.string_value for a in rm.resource.attributes}
            common = {"job": res.get("service.name", ""), "instance": res.get("service.instance.id", "")}
            for sm in rm.scope_metrics:
                for m in sm.metrics:
                    name = base_name(m)
                    kind = m.WhichOneof("data")
                    if kind == "histogram":
                        for p in m.histogram.data_points:
                            labels = dict(common, **{label(a.key): a.value.string_value for a in p.attributes})
                            add(f"{name}_count", labels, p.count)
                            add(f"{name}_sum", labels, p.sum)
                            running = 0
                            for bound, n in zip(list(p.explicit_bounds) + [float("inf")], p.bucket_counts):
                                running += n
                                add(f"{name}_bucket", dict(labels, le=str(bound)), running)
                            exemplars += [(x.trace_id.hex(), x.span_id.hex()) for x in p.exemplars]
                    elif kind == "sum":
                        assert m.sum.is_monotonic
                        for p in m.sum.data_points:
                            labels = dict(common, **{label(a.key): a.value.string_value for a in p.attributes})
                            add(f"{name}_total", labels, p.as_int)
    return series, exemplars


def kernel_spans(export_file: Path) -> list:
    out = []
    for line in export_file.read_text().splitlines():
        for rs in json.loads(line).get("resourceSpans", []):
            for ss in rs.get("scopeSpans", []):
                for s in ss.get("spans", []):
                    attrs = {a["key"]: a["value"].get("stringValue") for a in s.get("attributes", [])}
                    if "gpu.kernel.name" in attrs:
                        out.append((s, attrs))
    return out


@pytest.fixture(scope="module")
def fed(workdir, tmp_path_factory):
    """A receiver with kernel metrics on (1 s intervals) pushing as compose wires it, fed
    the H200 replay and the serialized tier's bursts (all three outcomes)."""
    d = tmp_path_factory.mktemp("kernel-metrics")
    out, config = d / "export.jsonl", d / "receiver.yaml"
    config.write_text("metrics:\n  enabled: true\n  interval: 1s\n")
    endpoint = OtlpMetricsEndpoint()
    env = dict(os.environ, OTEL_EXPORTER_OTLP_METRICS_ENDPOINT=endpoint.url,
               OTEL_EXPORTER_OTLP_METRICS_PROTOCOL="http/protobuf")
    r = Receiver(workdir, ["--config", str(config), "--export-file", str(out), "--reconcile-delay", "300ms"], env=env)
    for cmd in ([str(REPLAY), "--endpoint", f"http://{r.grpc}"],
                [str(FAKE_SERIALIZED), "--endpoint", f"http://{r.grpc}", "bursts"]):
        done = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr
        time.sleep(1.5)  # past an interval: each feed in a request of its own, deltas to add up
    log = r.stop()
    endpoint.stop()
    return endpoint, kernel_spans(out), log


def test_metrics_go_to_the_metrics_endpoint_as_given_as_gzipped_protobuf_and_are_all_delivered(fed):
    endpoint, spans, log = fed
    assert spans
    assert len(endpoint.requests) >= 2, "several intervals"
    assert {s for s in endpoint.seen} == {(PROMETHEUS_OTLP_PATH, "application/x-protobuf", "gzip")}
    summary = log.split("(kernel metrics): ")[1]
    assert summary.startswith(f"{len(endpoint.requests)} requests exported, 0 dropped"), summary[:200]


def test_executions_by_outcome_and_kernel_time_per_name_equal_the_spans(fed):
    endpoint, spans, _ = fed
    series, _ = as_prometheus(endpoint.requests)
    by_outcome, seconds = {}, {}
    for s, attrs in spans:
        by_outcome[attrs["gpu.serialized"]] = by_outcome.get(attrs["gpu.serialized"], 0) + 1
        ns = int(s["endTimeUnixNano"]) - int(s["startTimeUnixNano"])
        seconds[attrs["gpu.kernel.name"]] = seconds.get(attrs["gpu.kernel.name"], 0) + ns / 1e9
    assert {"true", "false"} <= set(by_outcome)
    got = {}
    for labels, v in series["gpu_kernel_executions_total"].items():
        got[dict(labels)["gpu_serialized"]] = got.get(dict(labels)["gpu_serialized"], 0) + v
    assert got == by_outcome
    per_name = {}
    for labels, v in series["gpu_kernel_duration_seconds_sum"].items():
        name = dict(labels)["gpu_kernel_name"]
        per_name[name] = per_name.get(name, 0) + v
    assert per_name.keys() == seconds.keys()
    for name, want in seconds.items():
        assert per_name[name] == pytest.approx(want, rel=1e-9), name
    assert sum(series["gpu_kernel_duration_seconds_count"].values()) == len(spans)


def test_every_exemplar_names_an_exported_kernel_span(fed):
    endpoint, spans, _ = fed
    _, exemplars = as_prometheus(endpoint.requests)
    exported = {(s["traceId"], s["spanId"]) for s, _ in spans}
    assert exemplars and set(exemplars) <= exported


@pytest.mark.parametrize("title, target", kernel_metric_targets(), ids=lambda x: x if isinstance(x, str) else x["refId"])
def test_every_kernel_metrics_panel_selects_series_prometheus_makes_of_them(fed, title, target):
    endpoint, _, _ = fed
    series, _ = as_prometheus(endpoint.requests)
    scraped = {name: [dict(k) for k in by_labels] for name, by_labels in series.items()}
    assert problems(target["expr"], scraped) == []
    legend = {part.split("}}")[0] for part in target.get("legendFormat", "").split("{{")[1:]}
    selected = {n for n in scraped if n in target["expr"]}
    assert selected and all(legend <= set(ls) for n in selected for ls in scraped[n])
