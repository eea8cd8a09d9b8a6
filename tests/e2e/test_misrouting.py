"""Several receivers between producers and one backend (Arize Phoenix), the way a cluster
runs them (docs/deployment.md). A receiver knows only the windows it was sent, so a
producer whose spans are split across receivers must read "unknown" where its evidence
went elsewhere, and never "false"; and with routing per process (the DaemonSet's
node-local traffic, or the Collector's loadbalancing on service.instance.id) N receivers
must answer exactly as one does.

Producers are the Python OpenTelemetry SDK, as in test_receiver_phoenix.py, with an
exporter that can switch its destination between spans."""

import hashlib
import uuid

import pytest
from opentelemetry.exporter.otlp.proto.grpc.trace_exporter import OTLPSpanExporter
from opentelemetry.sdk.resources import Resource
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor, SpanExporter

from conftest import Receiver
from producer import T0, Producer

US = 1_000  # ns


class SwitchingExporter(SpanExporter):
    """Exports each span to the receiver `to` names at that moment."""

    def __init__(self, receivers: dict):
        self.exporters = {name: OTLPSpanExporter(endpoint=f"http://{r.grpc}", insecure=True)
                          for name, r in receivers.items()}
        self.to = next(iter(receivers))

    def export(self, spans):
        return self.exporters[self.to].export(spans)

    def shutdown(self):
        for e in self.exporters.values():
            e.shutdown()


class RoutedProducer(Producer):
    """producer.Producer, one process (one resource), whose spans go where `to` says."""

    def __init__(self, receivers: dict, project: str, tier: str | None, instance_id: str | None = None):
        attrs = {"service.name": "gpu-app", "service.instance.id": instance_id or str(uuid.uuid4()),
                 "process.pid": 4242, "openinference.project.name": project}
        if tier is not None:
            attrs["gpu.pc_sampling.tier"] = tier
        self.exporter = SwitchingExporter(receivers)
        self.provider = TracerProvider(resource=Resource.create(attrs))
        self.provider.add_span_processor(SimpleSpanProcessor(self.exporter))
        self.tracer = self.provider.get_tracer("gpu-otel-e2e")
        self.root = self.tracer.start_span("gpu.kernels", start_time=T0)

    @property
    def to(self):
        return self.exporter.to

    @to.setter
    def to(self, name):
        self.exporter.to = name


def project():
    return f"gpu-{uuid.uuid4().hex[:12]}"


def serialized(spans):
    return {s["name"]: s["attributes"].get("gpu.serialized") for s in spans if "gpu.kernel.name" in s["attributes"]}


def window_states(spans):
    """seq -> sorted states of the reconciled window spans Phoenix holds."""
    out = {}
    for s in spans:
        if s["name"] == "gpu.sampling.window":
            a = s["attributes"]
            out.setdefault(a["gpu.sampling.window.seq"], []).append(a["gpu.sampling.window.state"])
    return {k: sorted(v) for k, v in out.items()}


def outcomes(receiver):
    m = receiver.metrics()
    return {v: m.get(f'gpu_otel_receiver_execution_outcomes_total{{gpu_serialized="{v}"}}', 0.0)
            for v in ["true", "false", "unknown"]}


def delta(before, after):
    return {k: after[k] - before[k] for k in before}


@pytest.fixture(scope="module")
def receivers(workdir, phoenix):
    """Three receivers exporting to one Phoenix, as three nodes' agents would to Tempo."""
    rs = {name: Receiver(workdir, ["--export-endpoint", phoenix.otlp_http, "--export-protocol", "http/protobuf",
                                   "--reconcile-delay", "1000ms"])
          for name in ["a", "b", "c"]}
    yield rs
    for r in rs.values():
        r.stop()


def test_windows_at_one_receiver_and_kernels_at_another_read_unknown_never_false(phoenix, receivers):
    a, b = receivers["a"], receivers["b"]
    before = {n: outcomes(r) for n, r in [("a", a), ("b", b)]}
    p = project()
    prod = RoutedProducer({"a": a, "b": b}, p, "serialized")
    prod.to = "a"  # every window record
    prod.burst(1000 * US, 2000 * US, 1)
    prod.burst(4000 * US, 5000 * US, 2)
    prod.to = "b"  # every kernel
    # With all the evidence in one place these would read true, true, false, true.
    prod.kernel("inside_1", 1200 * US, 1800 * US)
    prod.kernel("straddles_1", 1900 * US, 2100 * US)
    prod.kernel("between", 2500 * US, 3500 * US)
    prod.kernel("inside_2", 4200 * US, 4800 * US)
    prod.close()
    # root + 4 carriers + 4 kernels + 2 window spans
    spans = phoenix.wait_spans(p, 11)
    assert serialized(spans) == {"inside_1": "unknown", "straddles_1": "unknown", "between": "unknown",
                                 "inside_2": "unknown"}
    # The windows still became their spans, at the receiver that had them.
    assert window_states(spans) == {1: ["closed"], 2: ["closed"]}
    after = {n: outcomes(r) for n, r in [("a", a), ("b", b)]}
    assert delta(before["b"], after["b"]) == {"true": 0, "false": 0, "unknown": 4}
    assert delta(before["a"], after["a"]) == {"true": 0, "false": 0, "unknown": 0}


def truth(kernel, windows):
    """What a receiver with every window would say (docs/contract.md), for closed
    kernel-serialized windows in one unbroken sequence and no quiet tail."""
    s, e = kernel
    if any(ws <= e and s <= we for ws, we in windows):
        return "true"
    if windows[0][0] <= s and e <= windows[-1][1]:
        return "false"
    return "unknown"


def test_a_producer_failing_over_mid_run_never_reads_false_inside_a_window(phoenix, receivers):
    a, b = receivers["a"], receivers["b"]
    p = project()
    prod = RoutedProducer({"a": a, "b": b}, p, "serialized")
    bursts = [(1000, 2000), (4000, 5000), (8000, 9000), (11000, 12000), (14000, 15000)]
    # Kernel records leave in batches, after the windows that flush at once: some
    # sent before the failover reach A, some executed before it reach B.
    kernels = {
        # name: (start, end, receiver that gets its span, what that receiver can say)
        "a_in_1": (1200, 1800, "a", "true"),
        "a_between_1_2": (2500, 3500, "a", "false"),
        "a_in_2": (4200, 4800, "a", "true"),
        # A holds burst 3's open record: seq 3 follows seq 2, so nothing opened in between.
        "a_between_2_3": (6000, 7000, "a", "false"),
        # Burst 3's close went to B: A sees it open, never closed.
        "a_in_3": (8200, 8800, "a", "unknown"),
        # Late records of the first half, delivered to B: before all B knows.
        "b_in_1": (1300, 1700, "b", "unknown"),
        "b_between_2_3": (7000, 7500, "b", "unknown"),
        "b_in_3": (8300, 8700, "b", "true"),
        "b_between_3_4": (9500, 10500, "b", "false"),
        "b_in_4": (11200, 11800, "b", "true"),
        "b_in_5": (14200, 14800, "b", "true"),
        "b_after_5": (16000, 17000, "b", "unknown"),
    }
    prod.to = "a"
    prod.burst(*[t * US for t in bursts[0]], 1)
    prod.burst(*[t * US for t in bursts[1]], 2)
    prod.window(bursts[2][0] * US, None, 3)  # burst 3 opens...
    for name, (s, e, to, _) in kernels.items():
        if to == "a":
            prod.kernel(name, s * US, e * US)
    prod.to = "b"  # ... A goes away (rescheduled, rescaled), the process fails over to B
    prod.window(bursts[2][0] * US, bursts[2][1] * US, 3)  # ... and closes at B
    prod.burst(*[t * US for t in bursts[3]], 4)
    prod.burst(*[t * US for t in bursts[4]], 5)
    for name, (s, e, to, _) in kernels.items():
        if to == "b":
            prod.kernel(name, s * US, e * US)
    prod.close()
    # root + 10 window records' carriers + 12 kernels + 6 window spans (burst 3 at both)
    spans = phoenix.wait_spans(p, 1 + 10 + 12 + 6)
    got = serialized(spans)
    assert got == {name: expected for name, (_, _, _, expected) in kernels.items()}
    for name, (s, e, _, _) in kernels.items():
        t = truth((s, e), bursts)
        assert got[name] in (t, "unknown"), f"{name}: {got[name]}, the whole evidence says {t}"
        if t == "true":
            assert got[name] != "false", name
    # Burst 3 shows twice: unclosed at A (its close went elsewhere), closed at B.
    assert window_states(spans) == {1: ["closed"], 2: ["closed"], 3: ["closed", "unclosed"], 4: ["closed"],
                                    5: ["closed"]}


# Six producers (processes), each a different story, with the answers one receiver gives.
SCRIPTS = {
    "two_bursts": ("serialized", [(1000, 2000, 1), (4000, 5000, 2)], [],
                   {"in": (1200, 1800, "true"), "between": (2500, 3500, "false"), "after": (6000, 7000, "unknown")}),
    "killed_mid_burst": ("serialized", [(1000, 2000, 1)], [(4000, 2)],
                         {"before_open": (2500, 3500, "false"), "straddles_open": (3900, 4100, "unknown"),
                          "after_open": (6000, 7000, "unknown")}),
    "sequence_gap": ("serialized", [(1000, 2000, 1), (3000, 4000, 2), (20000, 21000, 5), (23000, 24000, 6)], [],
                     {"old_burst": (1200, 1800, "true"), "in_the_hole": (5000, 19000, "unknown"),
                      "after_restart": (21500, 22500, "false")}),
    "tier_off": ("off", [(1000, 2000, 1)], [],
                 {"inside_a_stray_window": (1200, 1800, "false"), "outside": (5000, 6000, "false")}),
    "no_windows_yet": ("serialized", [], [], {"lonely": (1000, 2000, "unknown")}),
    "three_bursts": ("serialized", [(1000, 1500, 1), (3000, 3500, 2), (6000, 6500, 3)], [],
                     {"edge": (1500, 1600, "true"), "gap_1_2": (1600, 2900, "false"),
                      "gap_2_3": (3600, 5900, "false"), "in_3": (6100, 6200, "true")}),
}


def run_script(prod, label, script):
    _, closed, opened, kernels = script
    for s, e, seq in closed:
        prod.burst(s * US, e * US, seq)
    for s, seq in opened:
        prod.window(s * US, None, seq)
    for name, (s, e, _) in kernels.items():
        prod.kernel(f"{label}.{name}", s * US, e * US)
    prod.close()


def span_count(script):
    _, closed, opened, kernels = script
    return 1 + 2 * len(closed) + len(opened) + len(kernels) + len(closed) + len(opened)


def route(instance_id: str, names: list) -> str:
    """Per-process routing: a stable hash of service.instance.id (what the Collector's
    loadbalancing exporter does with routing_key attributes)."""
    return names[int.from_bytes(hashlib.sha256(instance_id.encode()).digest()[:8], "big") % len(names)]


def instance_ids_covering(names: list, count: int) -> list:
    """Random per-process ids, drawn until every receiver gets at least one process."""
    while True:
        ids = [str(uuid.uuid4()) for _ in range(count)]
        if {route(i, names) for i in ids} == set(names):
            return ids


def test_n_receivers_answer_as_one_when_routing_is_per_process(phoenix, receivers):
    names = sorted(receivers)
    ids = dict(zip(SCRIPTS, instance_ids_covering(names, len(SCRIPTS))))
    expected = {f"{label}.{k}": v for label, (_, _, _, ks) in SCRIPTS.items() for k, (_, _, v) in ks.items()}
    total = sum(span_count(s) for s in SCRIPTS.values())
    answers, windows, per_receiver = {}, {}, {}
    for mode in ["one", "routed"]:
        p = project()
        before = {n: outcomes(r) for n, r in receivers.items()}
        for label, script in SCRIPTS.items():
            prod = RoutedProducer(receivers, p, script[0], instance_id=ids[label])
            prod.to = names[0] if mode == "one" else route(ids[label], names)
            run_script(prod, label, script)
        spans = phoenix.wait_spans(p, total)
        answers[mode] = serialized(spans)
        # A window span lies in the trace of its producer's records: name it by the
        # producer whose kernels share that trace.
        producer_of = {s["context"]["trace_id"]: s["name"].split(".")[0] for s in spans if "." in s["name"]
                       and s["name"].split(".")[0] in SCRIPTS}
        windows[mode] = sorted((producer_of[s["context"]["trace_id"]], s["attributes"]["gpu.sampling.window.seq"],
                                s["attributes"]["gpu.sampling.window.state"])
                               for s in spans if s["name"] == "gpu.sampling.window")
        per_receiver[mode] = {n: delta(before[n], outcomes(r)) for n, r in receivers.items()}
    assert answers["one"] == expected
    assert answers["routed"] == answers["one"]
    assert windows["routed"] == windows["one"]
    assert windows["one"] == sorted([(label, seq, "closed") for label, s in SCRIPTS.items() for _, _, seq in s[1]]
                                    + [(label, seq, "unclosed") for label, s in SCRIPTS.items() for _, seq in s[2]])
    # One receiver did all the work once; routed, every receiver took a share of it and
    # the shares add up to the same outcomes.
    assert all(sum(d.values()) == 0 for n, d in per_receiver["one"].items() if n != names[0])
    assert all(sum(d.values()) > 0 for d in per_receiver["routed"].values())
    summed = {v: sum(d[v] for d in per_receiver["routed"].values()) for v in ["true", "false", "unknown"]}
    assert summed == per_receiver["one"][names[0]]
    assert summed == {v: sum(1 for x in expected.values() if x == v) for v in ["true", "false", "unknown"]}
