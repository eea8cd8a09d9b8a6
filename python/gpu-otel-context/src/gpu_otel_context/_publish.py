"""What the companion does when the context changes on a thread: publish the current
span's ``traceparent`` as the thread's one NVTX range in the domain
``opentelemetry.traceparent`` (docs/app-context.md).

Each thread holds at most one range of the domain: when the current span changes, the
range of the previous one is popped and a range for the new one pushed; with no valid
span current, none is open. Keeping a state rather than mirroring attach and detach as
pushes and pops stays right when context changes do not nest on a thread (asyncio tasks
interleaving on one event loop thread attach and detach out of order).
"""

from __future__ import annotations

import threading
from typing import Dict, Optional, Protocol, Tuple

DOMAIN = "opentelemetry.traceparent"

# (trace id, span id, trace flags) of a valid span context.
Key = Tuple[int, int, int]


def traceparent(trace_id: int, span_id: int, flags: int) -> str:
    """The W3C ``traceparent`` (version 00) of a span context's parts."""
    return f"00-{trace_id:032x}-{span_id:016x}-{flags & 0xFF:02x}"


class Backend(Protocol):
    """Where ranges go: the NVTX client, or a recorder in tests."""

    def ready(self) -> bool: ...

    def push(self, message: str) -> None: ...

    def pop(self) -> None: ...


class Publisher:
    """Publishes the current span of each thread through a backend. Never raises."""

    def __init__(self, backend: Backend):
        self.backend = backend
        self._local = threading.local()
        self._lock = threading.Lock()
        self._counts: Dict[str, int] = {
            "published": 0,  # ranges pushed (a span became current)
            "cleared": 0,  # ranges popped (the span stopped being current)
            "unchanged": 0,  # context changes that kept the same span current
            "deferred": 0,  # span changes while no NVTX tool was named yet
            "unsampled": 0,  # of the published, spans without the sampled flag
            "errors": 0,  # backend failures (the publisher then stops)
        }
        self._broken = False

    def _count(self, what: str, n: int = 1) -> None:
        with self._lock:
            self._counts[what] += n

    def counts(self) -> Dict[str, int]:
        with self._lock:
            return dict(self._counts)

    def published(self) -> Optional[str]:
        """The ``traceparent`` published on this thread now, if any."""
        key = getattr(self._local, "key", None)
        return traceparent(*key) if key else None

    def sync(self, context=None) -> None:
        """Makes this thread's published span the one current in ``context`` (the
        current context when ``None``)."""
        if self._broken:
            return
        try:
            self._sync(context)
        except Exception:  # noqa: BLE001 - the application's context change must go on
            self._broken = True
            self._count("errors")

    def _sync(self, context) -> None:
        # Imported here: this module is loaded while opentelemetry.context itself is
        # being imported (the runtime context entry point), before trace can be.
        from opentelemetry.trace import get_current_span

        sc = get_current_span(context).get_span_context()
        key: Optional[Key] = (sc.trace_id, sc.span_id, int(sc.trace_flags)) if sc.is_valid else None
        local = self._local
        current = getattr(local, "key", None)
        if key == current:
            self._count("unchanged")
            return
        if not self.backend.ready():
            self._count("deferred")
            return
        if current is not None:
            local.key = None
            self.backend.pop()
            self._count("cleared")
        if key is not None:
            self.backend.push(traceparent(*key))
            local.key = key
            self._count("published")
            if not key[2] & 1:
                self._count("unsampled")
