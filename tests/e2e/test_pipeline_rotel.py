"""The whole pipeline with a third-party collector hop:
injector path (a replay of real H200 CUPTI records) -> OTLP -> rotel-agent (a Rust OTel
collector) -> the receiver -> Arize Phoenix, with the receiver mirroring everything to
the conformance checker listening as a live OTLP endpoint."""

import json
import os
import subprocess
import uuid

from conftest import CHECK, REPLAY, Receiver

H200_KERNELS = 541  # records in injector/tests/fixtures/h200_*.jsonl

def test_the_default_configuration_shows_no_true_and_no_unknown_through_a_collector_hop(phoenix, chain, checker):
    receiver, rotel_endpoint = chain
    project = f"h200-{uuid.uuid4().hex[:8]}"
    env = dict(os.environ, OTEL_RESOURCE_ATTRIBUTES=f"openinference.project.name={project}")
    out = subprocess.run([str(REPLAY), "--endpoint", rotel_endpoint, "--service", "h200-replay"],
                         env=env, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stdout + out.stderr
    # Counted by kernels: the trace's roots arrive among them, so all spans would reach
    # the count with a kernel still on its way.
    is_kernel = lambda s: "gpu.kernel.name" in s["attributes"]  # noqa: E731
    spans = phoenix.wait_spans(project, H200_KERNELS, timeout=60, where=is_kernel)
    kernels = [s for s in spans if is_kernel(s)]
    assert len(kernels) == H200_KERNELS
    assert {k["attributes"]["gpu.serialized"] for k in kernels} == {"false"}
    # What a user sees: demangled span names, the mangled name and ids as attributes.
    some = kernels[0]
    assert "(" in some["name"] and some["attributes"]["gpu.kernel.name"].startswith("_Z")
    for key in ["gpu.correlation_id", "gpu.stream.id", "gpu.kernel.grid.x", "gpu.kernel.block.x"]:
        assert isinstance(some["attributes"][key], int), key
    roots = [s for s in spans if s["name"] == "gpu.kernels"]
    assert roots and all(k["parent_id"] in {r["context"]["span_id"] for r in roots} for k in kernels)
    m = receiver.metrics()
    assert m["gpu_otel_receiver_executions_total"] == m['gpu_otel_receiver_execution_outcomes_total{gpu_serialized="false"}']
    assert m['gpu_otel_receiver_execution_outcomes_total{gpu_serialized="true"}'] == 0
    assert m['gpu_otel_receiver_execution_outcomes_total{gpu_serialized="unknown"}'] == 0

    # The checker saw the receiver's output (its mirror) and finds it conforming.
    receiver.stop()
    proc, _ = checker
    proc.send_signal(2)
    report, _ = proc.communicate(timeout=30)
    assert proc.returncode == 0, report
    assert "conformance: PASS" in report
    assert f"{H200_KERNELS} kernel spans = 0 true + {H200_KERNELS} false + 0 unknown" in report


def _kernel(span_id: str, start: int, end: int, serialized=None):
    attrs = [{"key": "gpu.kernel.name", "value": {"stringValue": "_Z1kv"}}]
    if serialized is not None:
        attrs.append({"key": "gpu.serialized", "value": serialized})
    return {"traceId": "5b8efff798038103d269b633813fc60c", "spanId": span_id, "name": "k()",
            "startTimeUnixNano": str(start), "endTimeUnixNano": str(end), "attributes": attrs}


def _window(span_id: str, start: int, end: int, seq: int):
    attrs = [{"key": "gpu.sampling.window.start_ns", "value": {"intValue": str(start)}},
             {"key": "gpu.sampling.window.end_ns", "value": {"intValue": str(end)}},
             {"key": "gpu.sampling.window.seq", "value": {"intValue": str(seq)}},
             {"key": "gpu.sampling.mode", "value": {"stringValue": "kernel_serialized"}}]
    return {"traceId": "5b8efff798038103d269b633813fc60c", "spanId": span_id, "name": "gpu.sampling",
            "startTimeUnixNano": str(start), "endTimeUnixNano": str(start),
            "events": [{"timeUnixNano": str(start), "name": "gpu.sampling.window", "attributes": attrs}]}


def test_the_checker_fails_on_planted_violations_and_names_span_and_rule(tmp_path):
    serialized = {"attributes": [{"key": "service.name", "value": {"stringValue": "planted"}},
                                 {"key": "gpu.pc_sampling.tier", "value": {"stringValue": "serialized"}}]}
    spans = [
        _window("0000000000000001", 1000, 2000, 1),
        _window("0000000000000002", 5000, 4000, 2),                     # inverted
        _window("0000000000000003", 7000, 0, 3),                        # never closed
        _kernel("00000000000000a1", 1500, 1600, {"stringValue": "false"}),  # against a burst
        _kernel("00000000000000a2", 9000, 9100, {"stringValue": "false"}),  # no coverage
        _kernel("00000000000000a3", 100, 200),                          # no gpu.serialized
        _kernel("00000000000000a4", 100, 200, {"boolValue": False}),    # wrong type
    ]
    path = tmp_path / "planted.jsonl"
    path.write_text(json.dumps({"resourceSpans": [{"resource": serialized, "scopeSpans": [{"spans": spans}]}]}) + "\n")
    out = subprocess.run([str(CHECK), "check", str(path)], capture_output=True, text=True, timeout=30)
    assert out.returncode == 1, out.stdout + out.stderr
    lines = [l for l in out.stdout.splitlines() if l.startswith("VIOLATION")]
    rules = sorted(l.split()[1] for l in lines)
    assert rules == sorted(["window-not-inverted", "window-closed", "false-needs-coverage", "false-needs-coverage",
                            "serialized-present", "serialized-valid", "sum-identity"]), out.stdout
    assert any("00000000000000a3" in l and "serialized-present" in l for l in lines)
    assert out.stdout.rstrip().splitlines()[-1].startswith("conformance: FAIL, 7 violations")


def test_the_checker_passes_on_the_receivers_own_file_output(tmp_path, workdir):
    out_file = tmp_path / "receiver.jsonl"
    receiver = Receiver(workdir, ["--export-file", str(out_file), "--reconcile-delay", "300ms"])
    replay = subprocess.run([str(REPLAY), "--endpoint", f"http://{receiver.grpc}"], capture_output=True, text=True, timeout=60)
    assert replay.returncode == 0, replay.stderr
    receiver.stop()
    out = subprocess.run([str(CHECK), "check", str(out_file)], capture_output=True, text=True, timeout=30)
    assert out.returncode == 0, out.stdout
    verdict = out.stdout.rstrip().splitlines()[-1]
    assert verdict.startswith("conformance: PASS (") and "541 kernel spans" in verdict, out.stdout
