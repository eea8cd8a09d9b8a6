"""Records what the companion sends through NVTX in a small multi-threaded program with
the real SDK, for the injector's GPU-free replay (injector/tests/app_context_replay.rs).

usage: NVTX_INJECTION64_PATH=libfake_nvtx_tool.so FAKE_NVTX_LOG=calls.log \
       OTEL_PYTHON_CONTEXT=gpu_otel_context python record_app_context.py OUT.json

(test_nvtx_protocol.py runs it; injector/tests/fixtures/app_context_companion.json is one
run's OUT.json.)

Three threads serve three requests each: a request span with a launch, an operator range
(default domain, through NVIDIA's `nvtx` package, as emit_nvtx would) with a launch, a
child span with a launch, and a launch after the request (outside any span). The main
thread then runs one batched step for three requests. Each launch is marked in the tool's
log (fake_nvtx_launch). OUT.json holds the tool's log ("calls": [thread, call, domain,
message], in the order the tool saw them) and, per launch, the traceparent of the span whose
trace it must be in and what its parent must be ("span", "op <name>", or "slice").
"""

import ctypes
import json
import os
import sys
import threading

import nvtx
from opentelemetry import trace
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.trace.propagation.tracecontext import TraceContextTextMapPropagator

import gpu_otel_context

tool = ctypes.CDLL(os.environ["NVTX_INJECTION64_PATH"])
tracer = TracerProvider().get_tracer("recorder")
expected = {}
lock = threading.Lock()
counter = iter(range(1, 1_000_000))


def tp(span):
    c = {}
    TraceContextTextMapPropagator().inject(c, context=trace.set_span_in_context(span))
    return c["traceparent"]


def launch(trace_of, parent):
    with lock:
        n = next(counter)
        expected[n] = {"traceparent": trace_of, "parent": parent}
    tool.fake_nvtx_launch(n)


def serve(t):
    for r in range(3):
        with tracer.start_as_current_span(f"request t{t} r{r}") as request:
            launch(tp(request), "span")
            op = f"aten::linear t{t} r{r}"
            nvtx.push_range(op)
            launch(tp(request), f"op {op}")
            nvtx.pop_range()
            with tracer.start_as_current_span("forward") as forward:
                launch(tp(forward), "span")
        launch(None, "slice")


threads = [threading.Thread(target=serve, args=(t,)) for t in range(3)]
for th in threads:
    th.start()
for th in threads:
    th.join()
requests = [tracer.start_span(f"queued {i}") for i in range(3)]
with gpu_otel_context.batch(tracer, "forward step", requests) as step:
    launch(tp(step), "span")
for r in requests:
    r.end()
calls = []
with open(os.environ["FAKE_NVTX_LOG"]) as f:
    for line in f:
        tid, call, domain, text = line.rstrip("\n").split(" ", 3)
        calls.append([int(tid), call, None if domain == "-" else domain, None if text == "-" else text])
with open(sys.argv[1], "w") as f:
    json.dump({"calls": calls, "launches": expected, "stats": gpu_otel_context.stats()}, f, indent=0)
    f.write("\n")
