"""The serialized tier end to end: the injector's real path with fake CUPTI
(`fake-serialized`: window log, immediate window records, stamping, OTLP exporter)
-> rotel-agent -> the receiver -> Arize Phoenix, with the receiver mirroring to the live
conformance checker. Assertions are on what Phoenix returns."""

import os
import subprocess
import time
import uuid

import pytest

from conftest import FAKE_SERIALIZED


def produce(rotel_endpoint, scenario, project):
    env = dict(os.environ, OTEL_RESOURCE_ATTRIBUTES=f"openinference.project.name={project}")
    return subprocess.run([str(FAKE_SERIALIZED), "--endpoint", rotel_endpoint, "--service", f"fake-{scenario}", scenario],
                          env=env, capture_output=True, text=True, timeout=60)


def settle(phoenix, project, kernels, windows, timeout=30):
    """Polls Phoenix until the kernel spans and window spans are all there."""
    deadline = time.monotonic() + timeout
    while True:
        spans = phoenix.spans(project)
        k = {s["name"]: s["attributes"].get("gpu.serialized") for s in spans if "gpu.kernel.name" in s["attributes"]}
        w = sorted((s["attributes"]["gpu.sampling.window.seq"], s["attributes"]["gpu.sampling.window.state"])
                   for s in spans if s["name"] == "gpu.sampling.window")
        if (len(k) >= kernels and len(w) >= windows) or time.monotonic() > deadline:
            return spans, k, w
        time.sleep(0.3)


@pytest.mark.parametrize("scenario", ["bursts", "closed-first"])
def test_both_delivery_orders_of_the_injectors_records_give_the_same_answers(phoenix, chain, scenario):
    _, rotel = chain
    project = f"ser-{uuid.uuid4().hex[:8]}"
    out = produce(rotel, scenario, project)
    assert out.returncode == 0, out.stderr
    _, kernels, windows = settle(phoenix, project, 4, 2)
    assert kernels == {"inside()": "true", "between()": "false", "straddle()": "true", "after()": "false"}
    assert windows == [(1, "closed"), (2, "closed")]


def test_a_workload_killed_mid_burst_reads_unknown_from_the_open_start_never_false(phoenix, chain):
    _, rotel = chain
    project = f"killed-{uuid.uuid4().hex[:8]}"
    out = produce(rotel, "killed", project)
    assert out.returncode == -9, (out.returncode, out.stderr)
    _, kernels, windows = settle(phoenix, project, 3, 2)
    assert kernels == {"between()": "false", "inside()": "unknown", "after()": "unknown"}
    assert windows == [(1, "closed"), (2, "unclosed")]


def test_a_graph_launch_stops_the_tier_for_good_loudly_with_a_never_again_record(phoenix, chain):
    _, rotel = chain
    project = f"graph-{uuid.uuid4().hex[:8]}"
    out = produce(rotel, "graph", project)
    assert out.returncode == 0, out.stderr
    assert "CUDA graph launch observed" in out.stderr
    spans, kernels, windows = settle(phoenix, project, 3, 1)
    assert kernels == {"inside()": "true", "between()": "false", "graph_node()": "false"}
    events = [e for s in spans for e in s.get("events", []) if e["name"] == "gpu.sampling.window"]
    assert any(e["attributes"].get("gpu.sampling.window.quiet_ns") == -1 for e in events), "a never-again record"
    refusals = [s["attributes"].get("gpu.pc_sampling.graph_refusals") for s in spans]
    assert 1 in refusals or "1" in refusals, "the refusal is counted on the wire"


def test_a_run_time_tier_switch_reads_false_under_continuous_and_true_inside_each_burst(phoenix, chain):
    _, rotel = chain
    project = f"switch-{uuid.uuid4().hex[:8]}"
    out = produce(rotel, "switch", project)
    assert out.returncode == 0, out.stderr
    assert "tier switched from serialized to continuous" in out.stderr
    spans, kernels, windows = settle(phoenix, project, 3, 2)
    assert kernels == {"inside()": "true", "continuous()": "false", "inside2()": "true"}
    assert windows == [(1, "closed"), (2, "closed")], "one window sequence across the switch"
    markers = sorted((s["attributes"]["gpu.pc_sampling.tier.previous"], s["attributes"]["gpu.pc_sampling.tier"])
                     for s in spans if s["name"] == "gpu.pc_sampling.tier_switch")
    assert markers == [("continuous", "serialized"), ("serialized", "continuous")]


def test_the_checker_on_the_receivers_output_flags_only_the_killed_process(chain, checker):
    receiver, _ = chain
    receiver.stop()
    proc, _ = checker
    proc.send_signal(2)
    report, _ = proc.communicate(timeout=30)
    violations = [l for l in report.splitlines() if l.startswith("VIOLATION")]
    assert proc.returncode == 1, report
    assert len(violations) == 1, report
    assert violations[0].startswith("VIOLATION window-closed resource=fake-killed/"), report
    for name in ["fake-bursts", "fake-closed-first", "fake-graph", "fake-switch"]:
        assert f"resource {name}/" in report
