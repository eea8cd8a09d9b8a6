"""The OpenTelemetry runtime context that publishes each thread's current span.

Selected the SDK's way, before ``opentelemetry.context`` is first imported::

    OTEL_PYTHON_CONTEXT=gpu_otel_context

(``opentelemetry.context._load_runtime_context`` loads the ``opentelemetry_context``
entry point of that name), or in code with :func:`gpu_otel_context.install`. It
delegates everything to the runtime context it wraps (contextvars by default) and, after
each ``attach`` and ``detach`` -- the two calls through which a span becomes, and stops
being, current on a thread (``trace.use_span``, ``start_as_current_span``, the
instrumentations' context managers) -- publishes the span current on the calling thread.
``get_current``, called far more often, costs nothing more. A span started but not made
current (``tracer.start_span``) is not published: the kernels a thread launches are not
that span's.

``GPU_OTEL_CONTEXT_DISABLED=true`` turns publishing off (pure delegation).
"""

from __future__ import annotations

import os

from opentelemetry.context.context import Context, _RuntimeContext
from opentelemetry.context.contextvars_context import ContextVarsRuntimeContext

from ._publish import DOMAIN, Publisher

ENV_DISABLED = "GPU_OTEL_CONTEXT_DISABLED"

_default_publisher = None


def default_publisher() -> Publisher:
    """The process's publisher to NVTX (one NVTX client for the domain)."""
    global _default_publisher
    if _default_publisher is None:
        from ._nvtx import NvtxClient

        _default_publisher = Publisher(NvtxClient(DOMAIN))
    return _default_publisher


def disabled() -> bool:
    return os.environ.get(ENV_DISABLED, "").strip().lower() in ("1", "true", "yes", "on")


class NvtxRuntimeContext(_RuntimeContext):
    """Wraps a runtime context (contextvars by default) and publishes the current span
    after each attach and detach."""

    def __init__(self, inner: _RuntimeContext | None = None, publisher: Publisher | None = None):
        self.inner = inner if inner is not None else ContextVarsRuntimeContext()
        if publisher is None and not disabled():
            publisher = default_publisher()
        self.publisher = publisher

    def attach(self, context: Context):
        token = self.inner.attach(context)
        if self.publisher is not None:
            self.publisher.sync(context)
        return token

    def get_current(self) -> Context:
        return self.inner.get_current()

    def detach(self, token) -> None:
        self.inner.detach(token)
        if self.publisher is not None:
            self.publisher.sync(self.inner.get_current())
