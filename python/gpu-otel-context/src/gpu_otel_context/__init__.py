"""gpu-otel-context: CUDA kernels in the application's own OpenTelemetry traces.

The companion of the gpu-otel injector (loaded through ``CUDA_INJECTION64_PATH``): it
publishes the span current on each thread as the W3C ``traceparent`` message of an NVTX
range in the domain ``opentelemetry.traceparent``, and the injector makes every kernel
the thread launches while that span is current a descendant of it, in its trace
(docs/app-context.md in the repository).

Use, with no change to the application's code::

    OTEL_PYTHON_CONTEXT=gpu_otel_context CUDA_INJECTION64_PATH=.../libgpu_otel_injector.so python app.py

or ``gpu_otel_context.install()`` before the first span. One forward step serving several
requests: :func:`batch`. torch.profiler inside an injected process: :func:`profile`
(CUPTI handed to the profiler for its window, :mod:`gpu_otel_context.handoff`).
"""

from __future__ import annotations

import contextlib
from typing import Iterable, Iterator, List, Optional, Union

from ._publish import DOMAIN, Publisher, traceparent
from .handoff import HandoffError, profile, profiler_window
from .runtime import ENV_DISABLED, NvtxRuntimeContext, default_publisher

__all__ = [
    "DOMAIN",
    "ENV_DISABLED",
    "HandoffError",
    "NvtxRuntimeContext",
    "Publisher",
    "batch",
    "batch_links",
    "install",
    "profile",
    "profiler_window",
    "publish_current",
    "stats",
    "traceparent",
]


def _runtime():
    import opentelemetry.context as context_api

    return context_api


def install(publisher: Optional[Publisher] = None) -> NvtxRuntimeContext:
    """Makes the process's runtime context publish the current span, when
    ``OTEL_PYTHON_CONTEXT`` could not be set before OpenTelemetry was imported. Wraps the
    runtime context in use (what was attached stays attached). Idempotent; with
    ``publisher``, replaces the publisher (tests: a recording backend)."""
    api = _runtime()
    rt = api._RUNTIME_CONTEXT  # noqa: SLF001 - the SDK keeps no public setter
    if not isinstance(rt, NvtxRuntimeContext):
        rt = NvtxRuntimeContext(inner=rt, publisher=publisher)
        api._RUNTIME_CONTEXT = rt  # noqa: SLF001
    elif publisher is not None:
        rt.publisher = publisher
    publish_current()
    return rt


def _publisher() -> Optional[Publisher]:
    rt = _runtime()._RUNTIME_CONTEXT  # noqa: SLF001
    return rt.publisher if isinstance(rt, NvtxRuntimeContext) else None


def publish_current() -> None:
    """Publishes this thread's current span now. For context changes OpenTelemetry makes
    without ``attach``: an asyncio task resuming after another ran on the same thread, or
    a function run in a thread with a copied context (``asyncio.to_thread``,
    ``contextvars.copy_context().run``). Call it before the GPU work."""
    p = _publisher()
    if p is not None:
        p.sync(None)


def stats() -> dict:
    """What the publisher counted (published, cleared, unchanged, deferred, unsampled,
    errors), the domain, and the NVTX tool (or why there is none)."""
    p = _publisher()
    out = {"installed": p is not None, "domain": DOMAIN}
    if p is not None:
        out.update(p.counts())
        backend = p.backend
        out["tool"] = getattr(backend, "tool", None)
        out["failure"] = getattr(backend, "failure", None)
    return out


def _span_context(request):
    get = getattr(request, "get_span_context", None)
    return get() if get is not None else request


def batch_links(requests: Iterable, attributes: Optional[dict] = None) -> List:
    """One span link per valid request span (a ``Span`` or a ``SpanContext``), for a
    step span made by hand."""
    from opentelemetry.trace import Link

    links = []
    for r in requests:
        sc = _span_context(r)
        if sc is not None and sc.is_valid:
            links.append(Link(sc, attributes))
    return links


@contextlib.contextmanager
def batch(
    tracer,
    name: str,
    requests: Iterable,
    *,
    attributes: Optional[dict] = None,
    root: bool = True,
    link_back: bool = True,
    **start_kwargs,
) -> Iterator:
    """One forward step serving several requests: starts the step's span, current on
    this thread, with a span link to each request's span; the kernels launched inside
    the block are the step's (each kernel ran once, for all of them). With ``root`` (the
    default) the step is a trace of its own rather than a child of whatever request
    happens to be current; with ``link_back`` each request span that is still recording
    gets a link to the step, so every request finds the kernels it shared from its own
    trace (OpenTelemetry API >= 1.23). Yields the step span."""
    from opentelemetry.context import Context
    from opentelemetry.trace import Span

    requests = list(requests)
    links = batch_links(requests)
    context = Context() if root else None
    with tracer.start_as_current_span(
        name, context=context, links=links, attributes=attributes, **start_kwargs
    ) as step:
        if link_back:
            step_context = step.get_span_context()
            for r in requests:
                if isinstance(r, Span) and r.is_recording() and r.get_span_context().is_valid:
                    r.add_link(step_context)
        yield step
