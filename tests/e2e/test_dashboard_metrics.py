"""The Grafana dashboard (deploy/grafana/dashboards/gpu-otel.json) queries what a real
receiver exports: a receiver is started and fed (the H200 replay and the serialized
tier's bursts), its /metrics is scraped, and every PromQL expression of the dashboard is
parsed (promql-parser) for the metric names it selects, the labels it matches on and
the labels it groups by; each must exist on the scraped series, and each label value it
matches must occur. The TraceQL panel (kernel time by name, from Tempo: the receiver has
no per-kernel metric) is held to the span attributes the receiver exports."""

import json
import re
import subprocess
import time

import promql_parser
import pytest

from conftest import FAKE_SERIALIZED, REPLAY, ROOT, Receiver

DASHBOARD = ROOT / "deploy" / "grafana" / "dashboards" / "gpu-otel.json"
# Labels Prometheus adds to every series at scrape time (the target's), not in /metrics.
TARGET_LABELS = {"instance", "job"}
# Grafana's interval variables, given values so the expressions parse.
GRAFANA_VARIABLES = {"$__rate_interval": "1m", "$__interval": "1m", "$__range": "1h"}


def targets(datasource_type: str) -> list:
    dashboard = json.loads(DASHBOARD.read_text())
    return [(p["title"], t) for p in dashboard["panels"] for t in p.get("targets", [])
            if t["datasource"]["type"] == datasource_type]


# The kernel metrics reach Prometheus over OTLP, not by scraping the receiver:
# test_kernel_metrics_prometheus.py checks those panels in a real Prometheus.
KERNEL_METRICS = ("gpu_kernel_duration_seconds", "gpu_kernel_executions_total")


def is_kernel_metric(name: str) -> bool:
    return any(name.startswith(m) for m in KERNEL_METRICS)


def kernel_metric_targets() -> list:
    return [(title, t) for title, t in targets("prometheus")
            if all(is_kernel_metric(m) for m, _, _ in selectors(promql(t["expr"])))]


def scraped_targets() -> list:
    return [(title, t) for title, t in targets("prometheus")
            if not any(is_kernel_metric(m) for m, _, _ in selectors(promql(t["expr"])))]


def test_every_prometheus_panel_is_checked_against_scraped_or_pushed_metrics():
    assert len(kernel_metric_targets()) + len(scraped_targets()) == len(targets("prometheus"))
    assert len(kernel_metric_targets()) >= 3


def promql(expr: str):
    for var, value in GRAFANA_VARIABLES.items():
        expr = expr.replace(var, value)
    return promql_parser.parse(expr)


def selectors(node) -> list:
    """(metric, matchers, grouping labels that apply to it) for each selector in the
    expression."""
    out = []

    def walk(n, grouping):
        if isinstance(n, promql_parser.VectorSelector):
            out.append((n.name, [(m.name, str(m.op), m.value) for m in n.matchers.matchers], grouping))
        elif isinstance(n, promql_parser.MatrixSelector):
            walk(n.vector_selector, grouping)
        elif isinstance(n, promql_parser.AggregateExpr):
            labels = list(n.modifier.labels) if n.modifier and str(n.modifier.type).endswith("By") else []
            walk(n.expr, grouping + labels)
        elif isinstance(n, promql_parser.Call):
            for a in n.args:
                walk(a, grouping)
        elif isinstance(n, promql_parser.BinaryExpr):
            walk(n.lhs, grouping)
            walk(n.rhs, grouping)
        elif isinstance(n, (promql_parser.ParenExpr, promql_parser.UnaryExpr, promql_parser.SubqueryExpr)):
            walk(n.expr, grouping)
    walk(node, [])
    return out


SERIES = re.compile(r'^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? \S+$')
LABEL = re.compile(r'([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"')


def parse_exposition(text: str) -> dict:
    """metric name -> list of label dicts, one per series."""
    out = {}
    for line in text.splitlines():
        if line.startswith("#") or not line:
            continue
        m = SERIES.match(line)
        assert m, line
        out.setdefault(m.group(1), []).append(dict(LABEL.findall(m.group(2) or "")))
    return out


def problems(expr: str, scraped: dict) -> list:
    out = []
    for metric, matchers, grouping in selectors(promql(expr)):
        series = scraped.get(metric)
        if not series:
            out.append(f"{metric}: not exported")
            continue
        names = {k for s in series for k in s} | TARGET_LABELS
        for label in grouping:
            if label not in names:
                out.append(f"{metric}: no label {label!r} to group by")
        for label, op, value in matchers:
            if label == "__name__":
                continue
            if label not in names:
                out.append(f"{metric}: no label {label!r} to match")
            elif label not in TARGET_LABELS:
                values = {s.get(label) for s in series}
                if op == "MatchOp.Equal" and value not in values:
                    out.append(f"{metric}: no series with {label}={value!r}")
                if op == "MatchOp.Re" and not any(v is not None and re.fullmatch(value, v) for v in values):
                    out.append(f"{metric}: no series with {label}=~{value!r}")
    return out


@pytest.fixture(scope="module")
def fed(workdir, tmp_path_factory):
    """A receiver that took a real H200 capture (PC sampling off) and the serialized
    tier's bursts, so the three outcomes, windows and exports have all happened."""
    out = tmp_path_factory.mktemp("dashboard") / "export.jsonl"
    r = Receiver(workdir, ["--export-file", str(out), "--reconcile-delay", "300ms"])
    endpoint = f"http://{r.grpc}"
    for cmd in ([str(REPLAY), "--endpoint", endpoint],
                [str(FAKE_SERIALIZED), "--endpoint", endpoint, "bursts"]):
        done = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr
    deadline = time.monotonic() + 20
    while r.metrics().get('gpu_otel_receiver_kernel_spans_held', 1) > 0 and time.monotonic() < deadline:
        time.sleep(0.2)
    import urllib.request
    with urllib.request.urlopen(f"http://{r.metrics_addr}/metrics", timeout=5) as resp:
        text = resp.read().decode()
    # Stopped before the spans are read: the file sink has flushed everything then.
    r.stop()
    return parse_exposition(text), out


def test_the_receiver_was_fed_every_outcome(fed):
    scraped, _ = fed
    outcomes = {s["gpu_serialized"] for s in scraped["gpu_otel_receiver_execution_outcomes_total"]}
    assert outcomes == {"true", "false", "unknown"}


@pytest.mark.parametrize("title, target", scraped_targets(), ids=lambda x: x if isinstance(x, str) else x["refId"])
def test_every_metric_and_label_the_dashboard_queries_is_exported(fed, title, target):
    scraped, _ = fed
    assert selectors(promql(target["expr"])), "the expression selects no metric"
    assert problems(target["expr"], scraped) == []


@pytest.mark.parametrize("expr, expected", [
    ('sum(rate(gpu_otel_receiver_spans_droped_total[1m]))', "not exported"),
    ('sum by (reasons) (rate(gpu_otel_receiver_spans_dropped_total[$__rate_interval]))', "no label 'reasons'"),
    ('gpu_otel_receiver_execution_outcomes_total{gpu_serialized="maybe"}', "no series with gpu_serialized='maybe'"),
    ('gpu_otel_receiver_window_records_total{outcome=~"dropped_.*"}', "no series with outcome=~"),
    ('gpu_otel_receiver_queue_bytes{queue="disk"}', "no label 'queue' to match"),
])
def test_the_check_fails_on_a_planted_query_the_receiver_cannot_answer(fed, expr, expected):
    scraped, _ = fed
    found = problems(expr, scraped)
    assert any(expected in p for p in found), found


def test_the_tempo_panel_queries_span_attributes_the_receiver_exports(fed):
    """Kernel time by name comes from the spans (TraceQL metrics over Tempo): the
    attribute it selects kernel spans by must be on the exported kernel spans."""
    _, out = fed
    [(title, target)] = targets("tempo")
    assert "Kernel time by name" in title
    attributes = set(re.findall(r"\bspan\.([a-z0-9_.]+)", target["query"]))
    assert attributes == {"gpu.serialized"}
    seen = set()
    for line in out.read_text().splitlines():
        for rs in json.loads(line).get("resourceSpans", []):
            for ss in rs.get("scopeSpans", []):
                for span in ss.get("spans", []):
                    seen |= {a["key"] for a in span.get("attributes", [])}
    assert attributes <= seen
    assert "by (span:name)" in target["query"] and "sum_over_time(span:duration)" in target["query"]
