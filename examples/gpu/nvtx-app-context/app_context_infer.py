"""A small inference server for the application-context check (app-context.sh):
requests are OpenTelemetry spans of the application (the real SDK, published to the
injector by the gpu-otel-context companion), each running a small PyTorch model.

usage: app_context_infer.py MODE [--requests N] [--threads T] [--otlp URL] [--out FILE]
MODE:
  threads     T threads serve N requests each: a "request" span (current on its thread),
              FORWARDS forward passes of the model and a "postprocess" child span with
              one more kernel, on the thread's own CUDA stream, synchronized before the
              span ends; between requests one launch outside any span ("housekeeping")
  batched     T client threads send N requests each (a "request" span each, no GPU work);
              one batcher thread serves up to T at a time in a "forward step" span made by
              gpu_otel_context.batch(): links to the requests' spans, and back
  span-cost   no GPU work: N span activations (start_as_current_span) on one thread, to
              time what the companion adds per span (run with and without it); --cuda
              initialises CUDA first, so that the injector attaches and gets the spans;
              --context also makes the device's primary context current

The application's spans go to --otlp (an OTLP/HTTP endpoint, e.g. the project's
receiver, http://127.0.0.1:4318) as OTLP JSON through a small exporter of the standard
library (no exporter package needed on the GPU machine). Each thread's GPU work is on its
own stream and every request synchronizes it before its span ends, so the kernels a
request launched are exactly the kernels on that stream inside the request span's time
(the analyzer's ground truth, app_context_analyze.py). --out gets one JSON line per
request (thread, its traceparent, forwards) and a summary.
"""

import json
import os
import queue
import sys
import threading
import time
import urllib.request

from opentelemetry import trace
from opentelemetry.sdk.resources import Resource
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.export import BatchSpanProcessor, SpanExporter, SpanExportResult

import gpu_otel_context


def arg(name, default):
    return type(default)(sys.argv[sys.argv.index(name) + 1]) if name in sys.argv else default


MODE = sys.argv[1] if len(sys.argv) > 1 else "threads"
REQUESTS = arg("--requests", 20)
THREADS = arg("--threads", 4)
OTLP = arg("--otlp", "")
OUT = arg("--out", "")
FORWARDS = arg("--forwards", 2)


def _value(v):
    if isinstance(v, bool):
        return {"boolValue": v}
    if isinstance(v, int):
        return {"intValue": str(v)}
    if isinstance(v, float):
        return {"doubleValue": v}
    return {"stringValue": str(v)}


def _attrs(a):
    return [{"key": k, "value": _value(v)} for k, v in (a or {}).items()]


def span_json(s):
    """One SDK span as OTLP JSON (ids in hex, times as strings, kinds as OTLP numbers)."""
    out = {
        "traceId": f"{s.context.trace_id:032x}",
        "spanId": f"{s.context.span_id:016x}",
        "name": s.name,
        "kind": s.kind.value + 1,
        "startTimeUnixNano": str(s.start_time),
        "endTimeUnixNano": str(s.end_time),
        "attributes": _attrs(s.attributes),
        "links": [
            {"traceId": f"{l.context.trace_id:032x}", "spanId": f"{l.context.span_id:016x}", "attributes": _attrs(l.attributes)}
            for l in s.links
        ],
        "status": {},
    }
    if s.parent is not None:
        out["parentSpanId"] = f"{s.parent.span_id:016x}"
    return out


class OtlpJsonExporter(SpanExporter):
    """OTLP/HTTP JSON to ``url``/v1/traces, with the standard library."""

    def __init__(self, url):
        self.url = url.rstrip("/") + "/v1/traces"
        self.failed = 0

    def export(self, spans):
        if not spans:
            return SpanExportResult.SUCCESS
        res = spans[0].resource
        body = {
            "resourceSpans": [
                {
                    "resource": {"attributes": _attrs(res.attributes)},
                    "scopeSpans": [{"scope": {"name": "app-context-infer"}, "spans": [span_json(s) for s in spans]}],
                }
            ]
        }
        req = urllib.request.Request(
            self.url, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"}
        )
        try:
            with urllib.request.urlopen(req, timeout=10) as r:
                r.read()
            return SpanExportResult.SUCCESS
        except Exception as e:  # noqa: BLE001
            self.failed += len(spans)
            print(f"app_context_infer: export failed: {e}", file=sys.stderr)
            return SpanExportResult.FAILURE

    def shutdown(self):
        pass


def provider():
    p = TracerProvider(resource=Resource.create())
    if OTLP:
        p.add_span_processor(BatchSpanProcessor(OtlpJsonExporter(OTLP), max_export_batch_size=256))
    return p


def tp(span):
    c = span.get_span_context()
    return gpu_otel_context.traceparent(c.trace_id, c.span_id, c.trace_flags)


def span_cost(n):
    if "--cuda" in sys.argv:
        # cuInit: the injector attaches and names its CUPTI in NVTX_INJECTION64_PATH, so
        # the companion publishes to it (without torch, whose import would dwarf this).
        import ctypes

        cuda = ctypes.CDLL("libcuda.so.1")
        rc = cuda.cuInit(0)
        assert rc == 0, f"cuInit returned {rc}"
        if "--context" in sys.argv:
            # A current context on the thread, as in any application that has run a
            # kernel (CUPTI's NVTX handling may behave differently without one).
            ctx = ctypes.c_void_p()
            rc = cuda.cuDevicePrimaryCtxRetain(ctypes.byref(ctx), 0) or cuda.cuCtxSetCurrent(ctx)
            assert rc == 0, f"cuDevicePrimaryCtxRetain/cuCtxSetCurrent returned {rc}"
    tracer = provider().get_tracer("app")
    for _ in range(1000):  # warm-up
        with tracer.start_as_current_span("warm-up"):
            pass
    t0 = time.perf_counter()
    for i in range(n):
        with tracer.start_as_current_span("request"):
            pass
    dt = time.perf_counter() - t0
    print(
        f"app_context_infer: mode=span-cost spans={n} us_per_span={1e6 * dt / n:.2f} "
        f"companion={gpu_otel_context.stats().get('installed')} published={gpu_otel_context.stats().get('published', 0)}"
    )


def companion():
    """How the companion came in: OTEL_PYTHON_CONTEXT (the SDK's entry point, when the
    package is installed), or install() when it is only on the path."""
    import opentelemetry.context as c

    if isinstance(c._RUNTIME_CONTEXT, gpu_otel_context.NvtxRuntimeContext):
        return "OTEL_PYTHON_CONTEXT"
    if os.environ.get("APP_CONTEXT_COMPANION", "1") == "1":
        gpu_otel_context.install()
        return "install()"
    return "off"


def main():
    how = companion()
    print(f"app_context_infer: companion={how}", flush=True)
    if MODE == "span-cost":
        return span_cost(REQUESTS)
    import torch
    import torch.nn as nn

    torch.manual_seed(0)
    dev = "cuda"
    d = 512
    model = nn.Sequential(
        nn.Linear(d, 4 * d), nn.GELU(), nn.Linear(4 * d, d), nn.LayerNorm(d),
        nn.Linear(d, 4 * d), nn.GELU(), nn.Linear(4 * d, d), nn.LayerNorm(d),
    ).to(dev).eval()
    prov = provider()
    tracer = prov.get_tracer("app")
    lines = []
    lock = threading.Lock()

    def record(**kw):
        with lock:
            lines.append(kw)

    def warm(stream):
        # cuBLAS handles, workspaces and lazy modules, outside any span.
        with torch.cuda.stream(stream), torch.no_grad():
            for _ in range(3):
                model(torch.randn(8, d, device=dev))
        stream.synchronize()

    t_start = time.time_ns()
    if MODE == "threads":
        barrier = threading.Barrier(THREADS)

        def serve(t):
            stream = torch.cuda.Stream()
            warm(stream)
            house = torch.zeros(16, device=dev)
            barrier.wait()
            with torch.cuda.stream(stream), torch.no_grad():
                for r in range(REQUESTS):
                    x = torch.randn(8, d, device=dev)  # outside the span: a housekeeping kernel
                    # Everything launched outside the span has run before it starts, so the
                    # stream's kernels inside the span's time are the request's (ground truth).
                    stream.synchronize()
                    with tracer.start_as_current_span(
                        "request", kind=trace.SpanKind.SERVER, attributes={"request.id": f"t{t}-r{r}", "thread": t}
                    ) as span:
                        y = x
                        for _ in range(FORWARDS):
                            y = model(y)
                        with tracer.start_as_current_span("postprocess"):
                            y = torch.softmax(y, dim=-1)
                        stream.synchronize()
                    record(kind="request", thread=t, request=f"t{t}-r{r}", traceparent=tp(span), forwards=FORWARDS)
                    house.add_(1)  # outside any span
                stream.synchronize()

        threads = [threading.Thread(target=serve, args=(t,)) for t in range(THREADS)]
    elif MODE == "batched":
        inbox = queue.Queue()

        def client(t):
            for r in range(REQUESTS):
                done = threading.Event()
                with tracer.start_as_current_span(
                    "request", kind=trace.SpanKind.SERVER, attributes={"request.id": f"t{t}-r{r}", "thread": t}
                ) as span:
                    slot = {"span": span, "x": torch.randn(8, d), "done": done}
                    inbox.put(slot)
                    done.wait()
                record(kind="request", thread=t, request=f"t{t}-r{r}", traceparent=tp(span), step=slot["step"])

        def batcher():
            stream = torch.cuda.Stream()
            warm(stream)
            served = 0
            with torch.cuda.stream(stream), torch.no_grad():
                while served < THREADS * REQUESTS:
                    batch = [inbox.get()]
                    deadline = time.monotonic() + 0.002
                    while len(batch) < THREADS and time.monotonic() < deadline:
                        try:
                            batch.append(inbox.get(timeout=max(0.0, deadline - time.monotonic())))
                        except queue.Empty:
                            break
                    with gpu_otel_context.batch(
                        tracer, "forward step", [b["span"] for b in batch], attributes={"batch.size": len(batch)}
                    ) as step:
                        x = torch.cat([b["x"] for b in batch]).to(dev, non_blocking=False)
                        y = x
                        for _ in range(FORWARDS):
                            y = model(y)
                        y = y.cpu()  # synchronizes the stream
                    record(kind="step", traceparent=tp(step), requests=[tp(b["span"]) for b in batch])
                    for b in batch:
                        b["step"] = tp(step)
                        b["done"].set()
                    served += len(batch)

        threads = [threading.Thread(target=client, args=(t,)) for t in range(THREADS)]
        threads.append(threading.Thread(target=batcher))
    else:
        sys.exit(f"unknown mode {MODE}")
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    torch.cuda.synchronize()
    t_end = time.time_ns()
    prov.shutdown()
    stats = gpu_otel_context.stats()
    summary = {
        "kind": "summary",
        "mode": MODE,
        "threads": THREADS,
        "requests": THREADS * REQUESTS,
        "forwards": FORWARDS,
        "start_ns": t_start,
        "end_ns": t_end,
        "companion": stats,
        "runtime_context": type(__import__("opentelemetry.context", fromlist=["x"])._RUNTIME_CONTEXT).__name__,
    }
    if OUT:
        with open(OUT, "w") as f:
            for line in lines + [summary]:
                f.write(json.dumps(line) + "\n")
    print(
        f"app_context_infer: ok mode={MODE} requests={THREADS * REQUESTS} seconds={(t_end - t_start) / 1e9:.1f} "
        f"published={stats.get('published')} deferred={stats.get('deferred')} errors={stats.get('errors')} "
        f"tool={stats.get('tool')} failure={stats.get('failure')} runtime_context={summary['runtime_context']}"
    )


if __name__ == "__main__":
    main()
