"""The companion with the real OpenTelemetry SDK, GPU-free: NVTX calls recorded per OS
thread (the injector keeps one range stack per thread) and checked against the SDK's own
span contexts and its W3C propagator's traceparent."""

import asyncio
import threading

import pytest
from conftest import tp
from opentelemetry import context as context_api
from opentelemetry import trace
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.sampling import ALWAYS_OFF

import gpu_otel_context
from gpu_otel_context import traceparent


def test_the_published_traceparent_is_the_one_the_sdks_propagator_writes(tracer, recorder):
    with tracer.start_as_current_span("request") as span:
        assert recorder.top() == tp(span)
        sc = span.get_span_context()
        assert traceparent(sc.trace_id, sc.span_id, sc.trace_flags) == tp(span)


def test_the_current_span_is_published_and_follows_nesting(tracer, recorder):
    assert recorder.top() is None
    with tracer.start_as_current_span("request") as request:
        assert recorder.top() == tp(request)
        with tracer.start_as_current_span("model") as model:
            assert recorder.top() == tp(model)
            with tracer.start_as_current_span("layer") as layer:
                assert recorder.top() == tp(layer)
            assert recorder.top() == tp(model)
        assert recorder.top() == tp(request)
    assert recorder.top() is None, "outside any span: nothing open, the injector's own traces"
    pushes = [c for c in recorder.calls if c[1] == "push"]
    pops = [c for c in recorder.calls if c[1] == "pop"]
    assert len(pushes) == len(pops) == 5


def test_each_thread_publishes_its_own_current_span(tracer, recorder):
    barrier = threading.Barrier(4)
    failures = []

    def worker(t):
        for r in range(25):
            with tracer.start_as_current_span(f"request t{t} r{r}") as request:
                barrier.wait()  # the four threads' spans are current at once
                if recorder.top() != tp(request):
                    failures.append((t, r, "request"))
                with tracer.start_as_current_span("forward") as forward:
                    if recorder.top() != tp(forward):
                        failures.append((t, r, "forward"))
                if recorder.top() != tp(request):
                    failures.append((t, r, "back to request"))
            if recorder.top() is not None:
                failures.append((t, r, "after"))

    threads = [threading.Thread(target=worker, args=(t,)) for t in range(4)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert failures == []
    assert len({c[0] for c in recorder.calls}) == 4
    assert gpu_otel_context.stats()["published"] == 4 * 25 * 3


def test_a_span_started_but_not_current_is_not_published(tracer, recorder):
    span = tracer.start_span("started elsewhere")
    assert recorder.top() is None, "a SpanProcessor's on_start would have published it here"
    seen = {}

    def other():
        with trace.use_span(span, end_on_exit=True):
            seen["other"] = recorder.top()

    th = threading.Thread(target=other)
    th.start()
    th.join()
    assert seen["other"] == tp(span), "published on the thread where it became current"
    assert recorder.top() is None


def test_a_context_without_a_span_clears_and_detach_restores(tracer, recorder):
    with tracer.start_as_current_span("request") as request:
        token = context_api.attach(context_api.Context())
        assert recorder.top() is None
        context_api.detach(token)
        assert recorder.top() == tp(request)
        # An attach that keeps the span (baggage) makes no NVTX call.
        before = len(recorder.calls)
        token = context_api.attach(context_api.set_value("k", "v"))
        context_api.detach(token)
        assert len(recorder.calls) == before


def test_an_unsampled_span_is_published_with_its_flags_for_the_injector_to_mask(recorder):
    tracer = TracerProvider(sampler=ALWAYS_OFF).get_tracer("t")
    with tracer.start_as_current_span("dropped") as span:
        assert span.get_span_context().is_valid and not span.get_span_context().trace_flags.sampled
        assert recorder.top() == tp(span)
        assert int(recorder.top()[-2:], 16) & 1 == 0, "the sampled flag clear"
    assert gpu_otel_context.stats()["unsampled"] == 1


def test_a_batch_step_is_current_links_each_request_and_each_request_links_it(tracer, recorder, exporter):
    requests = [tracer.start_span(f"request {i}") for i in range(3)]
    with tracer.start_as_current_span("serving loop") as loop_span:
        with gpu_otel_context.batch(tracer, "forward step", requests) as step:
            assert recorder.top() == tp(step), "the step's kernels are the step's"
        assert recorder.top() == tp(loop_span)
    for r in requests:
        r.end()
    spans = {s.name: s for s in exporter.get_finished_spans()}
    step = spans["forward step"]
    assert step.parent is None, "a trace of its own, not a child of whatever was current"
    assert step.context.trace_id != loop_span.get_span_context().trace_id
    assert [link.context for link in step.links] == [r.get_span_context() for r in requests]
    for i in range(3):
        links = spans[f"request {i}"].links
        assert [link.context for link in links] == [step.context], "each request finds the step"


def test_a_batch_takes_span_contexts_and_skips_invalid_ones(tracer, recorder, exporter):
    a = tracer.start_span("a")
    with gpu_otel_context.batch(
        tracer, "step", [a.get_span_context(), trace.INVALID_SPAN, trace.INVALID_SPAN_CONTEXT], root=False
    ):
        pass
    a.end()
    spans = {s.name: s for s in exporter.get_finished_spans()}
    assert [link.context for link in spans["step"].links] == [a.get_span_context()]
    assert spans["a"].links == (), "a span context cannot be linked back"


def test_before_a_tool_is_named_nothing_is_published_and_it_is_counted(tracer, recorder):
    recorder.ready_now = False
    with tracer.start_as_current_span("before cuInit"):
        assert recorder.top() is None
    assert gpu_otel_context.stats()["deferred"] >= 1
    recorder.ready_now = True
    with tracer.start_as_current_span("after cuInit") as span:
        assert recorder.top() == tp(span)


def test_a_failing_backend_never_reaches_the_application(tracer, recorder):
    recorder.fail = True
    with tracer.start_as_current_span("request") as span:
        assert span.is_recording()
    with tracer.start_as_current_span("next"):
        pass
    assert gpu_otel_context.stats()["errors"] == 1, "counted once, then the publisher stops"


def test_asyncio_tasks_on_one_thread_and_publish_current(tracer, recorder):
    """Tasks interleave on the loop's thread: attach/detach keep the published span
    right at each change; a task that resumes after another changed it calls
    publish_current() before its GPU work."""
    seen = []

    async def request(name, delay):
        with tracer.start_as_current_span(name) as span:
            await asyncio.sleep(delay)
            gpu_otel_context.publish_current()  # resumed: this task's span again
            seen.append(recorder.top() == tp(span))
            await asyncio.sleep(0)
            gpu_otel_context.publish_current()
            seen.append(recorder.top() == tp(span))

    async def main():
        await asyncio.gather(request("a", 0.01), request("b", 0.0), request("c", 0.005))

    asyncio.run(main())
    assert seen == [True] * 6
    assert recorder.top() is None


def test_asyncio_to_thread_needs_publish_current(tracer, recorder):
    async def main():
        with tracer.start_as_current_span("request") as span:

            def gpu_work():
                before = recorder.top()  # a copied context: no attach on this thread
                gpu_otel_context.publish_current()
                return before, recorder.top()

            return span, await asyncio.to_thread(gpu_work)

    span, (before, after) = asyncio.run(main())
    assert before is None
    assert after == tp(span)


def test_disabled_by_the_environment(monkeypatch):
    from gpu_otel_context.runtime import NvtxRuntimeContext

    monkeypatch.setenv("GPU_OTEL_CONTEXT_DISABLED", "true")
    assert NvtxRuntimeContext().publisher is None


@pytest.mark.parametrize(
    "parts,text",
    [
        ((1, 1, 1), "00-00000000000000000000000000000001-0000000000000001-01"),
        ((2**128 - 1, 2**64 - 1, 0), "00-" + "f" * 32 + "-" + "f" * 16 + "-00"),
    ],
)
def test_traceparent_text(parts, text):
    assert traceparent(*parts) == text
