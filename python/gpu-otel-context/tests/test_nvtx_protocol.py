"""The real NVTX path, GPU-free: the companion's own NVTX client in a fresh process,
selected the SDK's way (OTEL_PYTHON_CONTEXT), talking to a fake NVTX tool
(fake_nvtx_tool.c) that attaches as CUPTI does. The fake tool is first checked against
NVIDIA's own NVTX client (the `nvtx` package, compiled from NVTX's headers)."""

import json
import os
from collections import defaultdict
from pathlib import Path

import pytest
from conftest import run_python

DOMAIN = "opentelemetry.traceparent"
FIXTURE = Path(__file__).parents[3] / "injector" / "tests" / "fixtures" / "app_context_companion.json"


def read_log(path):
    calls = []
    for line in path.read_text().splitlines():
        tid, call, domain, text = line.split(" ", 3)
        calls.append((int(tid), call, domain, None if text == "-" else text))
    return calls


def test_the_fake_tool_speaks_nvtx_as_nvidias_own_client_does(fake_tool, tmp_path):
    pytest.importorskip("nvtx")
    log = tmp_path / "nvtx.log"
    r = run_python(
        "import nvtx\n"
        "nvtx.push_range('step 1', domain='gpu-otel-test')\n"
        "nvtx.pop_range(domain='gpu-otel-test')\n",
        {"NVTX_INJECTION64_PATH": str(fake_tool), "FAKE_NVTX_LOG": str(log)},
    )
    assert r.returncode == 0, r.stderr
    calls = [c[1:] for c in read_log(log)]
    assert calls[0] == ("init", "-", "3"), "NVTX version 3 export tables"
    assert ("domain_create", "gpu-otel-test", "gpu-otel-test") in calls
    assert ("push", "gpu-otel-test", "step 1") in calls, "(a registered string, as the nvtx package sends)"
    assert calls[-1] == ("pop", "gpu-otel-test", None)


PROGRAM = r"""
import json, threading
from opentelemetry import trace
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.trace.propagation.tracecontext import TraceContextTextMapPropagator
import opentelemetry.context as ctx
import gpu_otel_context

assert type(ctx._RUNTIME_CONTEXT).__name__ == "NvtxRuntimeContext", type(ctx._RUNTIME_CONTEXT)
tracer = TracerProvider().get_tracer("app")
def tp(span):
    c = {}
    TraceContextTextMapPropagator().inject(c, context=trace.set_span_in_context(span))
    return c["traceparent"]
expected = {}
def request(t):
    seq = []
    for r in range(3):
        with tracer.start_as_current_span(f"request {t} {r}") as req:
            seq += [("push_ascii", tp(req))]
            with tracer.start_as_current_span("forward") as fwd:
                seq += [("pop", None), ("push_ascii", tp(fwd))]
            seq += [("pop", None), ("push_ascii", tp(req))]
        seq += [("pop", None)]
    expected[threading.get_native_id()] = seq
threads = [threading.Thread(target=request, args=(t,)) for t in range(4)]
[t.start() for t in threads]; [t.join() for t in threads]
print(json.dumps({"expected": expected, "stats": gpu_otel_context.stats()}))
"""


def test_the_companion_publishes_each_threads_span_through_nvtx(fake_tool, tmp_path):
    log = tmp_path / "nvtx.log"
    r = run_python(
        PROGRAM,
        {"OTEL_PYTHON_CONTEXT": "gpu_otel_context", "NVTX_INJECTION64_PATH": str(fake_tool), "FAKE_NVTX_LOG": str(log)},
    )
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    got = defaultdict(list)
    calls = read_log(log)
    assert [c[1:] for c in calls[:2]] == [("init", "-", "3"), ("domain_create", DOMAIN, DOMAIN)]
    for tid, call, domain, text in calls[2:]:
        assert domain == DOMAIN
        got[str(tid)].append([call, text])
    assert {t: [list(c) for c in seq] for t, seq in out["expected"].items()} == dict(got)
    assert out["stats"]["published"] == 4 * 3 * 3
    assert out["stats"]["tool"] == str(fake_tool)


def test_nothing_is_published_before_a_tool_is_named_then_spans_are(fake_tool, tmp_path):
    """The injector names its CUPTI in NVTX_INJECTION64_PATH inside cuInit: the
    companion's NVTX copy must not look for a tool before (it would settle on none)."""
    log = tmp_path / "nvtx.log"
    r = run_python(
        "import json, os\n"
        "from opentelemetry.sdk.trace import TracerProvider\n"
        "import gpu_otel_context\n"
        "tracer = TracerProvider().get_tracer('app')\n"
        "with tracer.start_as_current_span('before cuInit'):\n"
        "    pass\n"
        "os.environ['NVTX_INJECTION64_PATH'] = os.environ['LATER_TOOL']  # putenv, as setenv in cuInit\n"
        "with tracer.start_as_current_span('after cuInit') as s:\n"
        "    c = s.get_span_context()\n"
        "print(json.dumps([gpu_otel_context.traceparent(c.trace_id, c.span_id, c.trace_flags), gpu_otel_context.stats()]))\n",
        {"OTEL_PYTHON_CONTEXT": "gpu_otel_context", "LATER_TOOL": str(fake_tool), "FAKE_NVTX_LOG": str(log)},
        unset=("NVTX_INJECTION64_PATH",),
    )
    assert r.returncode == 0, r.stderr
    after, stats = json.loads(r.stdout)
    assert stats["deferred"] >= 1
    pushes = [c[3] for c in read_log(log) if c[1] == "push_ascii"]
    assert pushes == [after]


def test_a_tool_that_refuses_leaves_the_application_running_and_says_why(fake_tool, tmp_path):
    log = tmp_path / "nvtx.log"
    r = run_python(
        "import json\n"
        "from opentelemetry.sdk.trace import TracerProvider\n"
        "import gpu_otel_context\n"
        "tracer = TracerProvider().get_tracer('app')\n"
        "for i in range(3):\n"
        "    with tracer.start_as_current_span('request'):\n"
        "        pass\n"
        "print(json.dumps(gpu_otel_context.stats()))\n",
        {
            "OTEL_PYTHON_CONTEXT": "gpu_otel_context",
            "NVTX_INJECTION64_PATH": str(fake_tool),
            "FAKE_NVTX_LOG": str(log),
            "FAKE_NVTX_REFUSE": "1",
        },
    )
    assert r.returncode == 0, r.stderr
    stats = json.loads(r.stdout)
    assert "returned 0" in stats["failure"]
    assert stats["published"] == 0
    assert [c[1] for c in read_log(log)] == ["refused"], "asked once, never again"


def test_a_tool_path_that_does_not_load_is_a_failure_not_a_crash(tmp_path):
    r = run_python(
        "import json\n"
        "from opentelemetry.sdk.trace import TracerProvider\n"
        "import gpu_otel_context\n"
        "with TracerProvider().get_tracer('app').start_as_current_span('request'):\n"
        "    pass\n"
        "print(json.dumps(gpu_otel_context.stats()))\n",
        {"OTEL_PYTHON_CONTEXT": "gpu_otel_context", "NVTX_INJECTION64_PATH": str(tmp_path / "missing.so")},
    )
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["failure"].startswith("OSError")


def _shape(recording):
    """A recording without its ids and its threads' interleaving: per thread, the range
    and launch calls, each traceparent named by its rank of first appearance on that
    thread (which thread creates the domain and registers strings varies)."""
    threads = {}
    for tid, call, domain, text in recording["calls"]:
        if call in ("init", "domain_create", "register_string"):
            continue
        names, seq = threads.setdefault(tid, ({}, []))
        if text and text.startswith("00-"):
            text = names.setdefault(text, f"tp{len(names)}")
        if call == "launch":
            want = recording["launches"][text]
            t = want["traceparent"]
            text = (names.setdefault(t, f"tp{len(names)}") if t else None, want["parent"].split(" t")[0])
        seq.append((call, domain, str(text)))
    return sorted(seq for _, seq in threads.values())


def test_the_recording_the_injector_replays_is_what_the_companion_sends(fake_tool, tmp_path):
    """injector/tests/app_context_replay.rs replays a recording of record_app_context.py;
    the companion must still send that."""
    pytest.importorskip("nvtx")
    out = tmp_path / "recording.json"
    env = {
        "OTEL_PYTHON_CONTEXT": "gpu_otel_context",
        "NVTX_INJECTION64_PATH": str(fake_tool),
        "FAKE_NVTX_LOG": str(tmp_path / "calls.log"),
    }
    import subprocess
    import sys

    r = subprocess.run(
        [sys.executable, str(Path(__file__).parent / "record_app_context.py"), str(out)],
        env={**os.environ, **env},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert r.returncode == 0, r.stderr
    fresh = json.loads(out.read_text())
    committed = json.loads(FIXTURE.read_text())
    assert _shape(fresh) == _shape(committed)
    assert fresh["stats"]["published"] == committed["stats"]["published"]
