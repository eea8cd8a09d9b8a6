"""The receiver between a real producer (the Python OpenTelemetry SDK, over gRPC and
HTTP) and a real backend (Arize Phoenix). Every assertion is on what Phoenix returns,
i.e. on what a user would see."""

import uuid

import pytest

from producer import T0, Producer

US = 1_000  # ns


def project():
    return f"gpu-{uuid.uuid4().hex[:12]}"


def by_name(spans):
    return {s["name"]: s for s in spans}


def serialized(spans):
    return {s["name"]: s["attributes"].get("gpu.serialized") for s in spans if "gpu.kernel.name" in s["attributes"]}


def window_spans(spans):
    return [s for s in spans if s["name"] == "gpu.sampling.window"]


def counter(metrics, name, **labels):
    key = name + ("{" + ",".join(f'{k}="{v}"' for k, v in labels.items()) + "}" if labels else "")
    return metrics.get(key, 0.0)


@pytest.mark.parametrize("transport", ["grpc", "http"])
@pytest.mark.parametrize("closed_first", [False, True])
def test_both_delivery_orders_of_a_burst_give_the_same_answers(phoenix, receiver, transport, closed_first):
    p = project()
    prod = Producer(receiver, transport, p, "serialized")
    prod.burst(1000 * US, 2000 * US, 1, closed_first=closed_first)
    prod.burst(4000 * US, 5000 * US, 2, closed_first=closed_first)
    prod.kernel("inside", 1200 * US, 1800 * US)
    prod.kernel("straddles", 1900 * US, 2100 * US)
    prod.kernel("between", 2500 * US, 3500 * US)
    prod.close()
    # root + 4 carriers + 3 kernels + 2 window spans
    spans = phoenix.wait_spans(p, 10)
    assert serialized(spans) == {"inside": "true", "straddles": "true", "between": "false"}
    windows = window_spans(spans)
    assert len(windows) == 2, "one reconciled span per burst, not per record"
    assert {w["attributes"]["gpu.sampling.window.state"] for w in windows} == {"closed"}
    assert {w["attributes"]["gpu.sampling.window.seq"] for w in windows} == {1, 2}
    root = by_name(spans)["gpu.kernels"]
    assert all(w["context"]["trace_id"] == root["context"]["trace_id"] for w in windows)


def test_an_open_window_never_closed_reads_unknown_from_its_start_and_never_false(phoenix, receiver):
    p = project()
    prod = Producer(receiver, "grpc", p, "serialized")
    prod.burst(1000 * US, 2000 * US, 1)
    prod.window(4000 * US, None, 2)  # the process was killed mid-burst
    prod.kernel("before_open", 2500 * US, 3500 * US)
    prod.kernel("straddles_open", 3900 * US, 4100 * US)
    prod.kernel("after_open", 6000 * US, 7000 * US)
    prod.close()
    spans = phoenix.wait_spans(p, 9)
    assert serialized(spans) == {"before_open": "false", "straddles_open": "unknown", "after_open": "unknown"}
    states = sorted(w["attributes"]["gpu.sampling.window.state"] for w in window_spans(spans))
    assert states == ["closed", "unclosed"]


def test_a_sequence_gap_restarts_coverage(phoenix, receiver):
    p = project()
    prod = Producer(receiver, "http", p, "serialized")
    prod.burst(1000 * US, 2000 * US, 1)
    prod.burst(3000 * US, 4000 * US, 2)
    prod.burst(20000 * US, 21000 * US, 5)  # bursts 3 and 4 were lost in transit
    prod.burst(23000 * US, 24000 * US, 6)
    prod.kernel("proven_before_the_hole", 2200 * US, 2800 * US)
    prod.kernel("old_burst", 1200 * US, 1800 * US)
    prod.kernel("in_the_hole", 5000 * US, 19000 * US)
    prod.kernel("after_restart", 21500 * US, 22500 * US)
    prod.close()
    spans = phoenix.wait_spans(p, 1 + 8 + 4 + 4)
    assert serialized(spans) == {"proven_before_the_hole": "unknown", "old_burst": "true",
                                 "in_the_hole": "unknown", "after_restart": "false"}


def test_tier_off_reads_false_whatever_windows_arrive(phoenix, receiver):
    p = project()
    prod = Producer(receiver, "grpc", p, "off")
    prod.burst(1000 * US, 2000 * US, 1)
    prod.kernel("inside_a_stray_window", 1200 * US, 1800 * US)
    prod.kernel("outside", 5000 * US, 6000 * US)
    prod.close()
    spans = phoenix.wait_spans(p, 1 + 2 + 2 + 1)
    assert serialized(spans) == {"inside_a_stray_window": "false", "outside": "false"}


def test_stampless_kernel_spans_are_filled_and_counted(phoenix, receiver):
    before = receiver.metrics()
    p = project()
    prod = Producer(receiver, "http", p, "serialized")
    prod.burst(1000 * US, 2000 * US, 1)
    prod.burst(4000 * US, 5000 * US, 2)
    prod.kernel("no_stamp_true", 1500 * US, 1600 * US)
    prod.kernel("no_stamp_false", 3000 * US, 3100 * US)
    prod.kernel("bad_stamp", 3200 * US, 3300 * US, stamp="maybe")
    prod.close()
    spans = phoenix.wait_spans(p, 1 + 4 + 3 + 2)
    assert serialized(spans) == {"no_stamp_true": "true", "no_stamp_false": "false", "bad_stamp": "false"}
    after = receiver.metrics()
    name = "gpu_otel_receiver_stamps_repaired_total"
    assert counter(after, name, reason="missing") - counter(before, name, reason="missing") == 2
    assert counter(after, name, reason="invalid") - counter(before, name, reason="invalid") == 1


def test_a_false_stamp_contradicted_by_a_closed_window_is_never_exported_false(phoenix, receiver):
    before = receiver.metrics()
    p = project()
    prod = Producer(receiver, "grpc", p, "serialized")
    prod.burst(1000 * US, 2000 * US, 1)
    prod.kernel("lying_stamp", 1500 * US, 1600 * US, stamp="false")
    prod.close()
    spans = phoenix.wait_spans(p, 1 + 2 + 1 + 1)
    assert serialized(spans) == {"lying_stamp": "true"}
    after = receiver.metrics()
    assert counter(after, "gpu_otel_receiver_conflicts_total") - counter(before, "gpu_otel_receiver_conflicts_total") == 1


def test_agreement_is_counted_when_nothing_is_lost(phoenix, receiver):
    before = receiver.metrics()
    p = project()
    prod = Producer(receiver, "http", p, "serialized")
    prod.burst(1000 * US, 2000 * US, 1)
    prod.burst(4000 * US, 5000 * US, 2)
    # Stamped as the injector stamps them, from its complete local log.
    expected = {"k_true": ("true", 1500), "k_false": ("false", 3000), "k_edge": ("true", 3950)}
    for name, (stamp, start) in expected.items():
        prod.kernel(name, start * US, (start + 100) * US, stamp=stamp)
    prod.close()
    spans = phoenix.wait_spans(p, 1 + 4 + 3 + 2)
    assert serialized(spans) == {n: s for n, (s, _) in expected.items()}
    after = receiver.metrics()
    for name in ["gpu_otel_receiver_conflicts_total", "gpu_otel_receiver_disagreements_total"]:
        assert counter(after, name) == counter(before, name), name
    assert counter(after, "gpu_otel_receiver_agreements_total") - counter(before, "gpu_otel_receiver_agreements_total") == 3


def test_non_gpu_spans_arrive_unchanged(phoenix, receiver):
    from opentelemetry.sdk.trace import TracerProvider
    from opentelemetry.sdk.resources import Resource
    from opentelemetry.sdk.trace.export import SimpleSpanProcessor
    from opentelemetry.exporter.otlp.proto.grpc.trace_exporter import OTLPSpanExporter
    from opentelemetry.trace import Status, StatusCode
    p = project()
    # The same span, sent straight to Phoenix and through the receiver, into two projects.
    seen = {}
    for route, endpoint in [("direct", phoenix.otlp_grpc), ("via", f"http://{receiver.grpc}")]:
        tp = TracerProvider(resource=Resource.create({"service.name": "web", "openinference.project.name": f"{p}-{route}"}))
        tp.add_span_processor(SimpleSpanProcessor(OTLPSpanExporter(endpoint=endpoint, insecure=True)))
        t = tp.get_tracer("web")
        span = t.start_span("GET /checkout", start_time=T0, attributes={"http.request.method": "GET", "retries": 3, "cached": False, "ratio": 0.25, "tags": ["a", "b"]})
        span.add_event("cache.miss", {"key": "cart:42"}, timestamp=T0 + 10)
        span.set_status(Status(StatusCode.ERROR, "boom"))
        span.end(end_time=T0 + 5000)
        tp.shutdown()
        [seen[route]] = phoenix.wait_spans(f"{p}-{route}", 1)
    for s in seen.values():
        s.pop("id")
        s.pop("context")
    assert seen["via"] == seen["direct"]
    assert seen["via"]["attributes"]["retries"] == 3


def test_the_sum_identity_holds_on_metrics(receiver):
    m = receiver.metrics()
    outcomes = sum(counter(m, "gpu_otel_receiver_execution_outcomes_total", gpu_serialized=v) for v in ["true", "false", "unknown"])
    assert m["gpu_otel_receiver_executions_total"] == outcomes
    assert outcomes > 0
