"""Handing CUPTI to torch.profiler for a window, and taking it back.

CUPTI (13.0) serves one client per process. While the gpu-otel injector holds it,
torch.profiler's Kineto cannot initialise its GPU tracing, does not retry, and the trace
has no GPU activity. Measured on the H200 (docs/measurements/h200-2026-12-05.md,
section 4): when the injector steps aside before Kineto's first start, Kineto gets every
kernel, and the injector's kernel records resume when it takes CUPTI back.

Use :func:`profile` where you would use ``torch.profiler.profile``::

    import gpu_otel_context
    with gpu_otel_context.profile(activities=[...]) as prof:
        train_step()

or :func:`profiler_window` around any profiler. The window reaches the traces as one
``gpu.profiler.handoff`` span: the injector recorded no kernel in it, and it carries
how many the profiler recorded. Kineto keeps CUPTI's subscriber once it initialised, so
after the first window the injector's kernel spans go on but its launch accounting,
NVTX ranges and graph kernel-node counts stop (the span says so:
``gpu.profiler.handoff.callbacks_resumed=false``).

The hand-off must come before the process's first profiler start: a profiler started
while the injector held CUPTI got no GPU activity, and stays so for the process's life.
Without an injector in the process (no ``CUDA_INJECTION64_PATH``, or CUDA not
initialised) it does nothing.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import sys
import warnings
from typing import Callable, Iterator, Optional

ENV_INJECTION = "CUDA_INJECTION64_PATH"

#: The injector's codes (injector/src/handoff.rs), 0 being success.
NOT_ATTACHED = 1
PC_SAMPLING = 2
ALREADY_HANDED_OFF = 3
NOT_HANDED_OFF = 4
CUPTI_FAILED = 5
PANICKED = 6
SECOND_CUPTI = 7

MESSAGES = {
    NOT_ATTACHED: "no gpu-otel injector is attached in this process: nothing to hand over",
    PC_SAMPLING: "the injector runs PC sampling (GPU_OTEL_PC_SAMPLING) and cannot hand CUPTI over: "
    "the profiler will get no GPU activity; run it with PC sampling off",
    ALREADY_HANDED_OFF: "CUPTI is already handed over (a window is open)",
    NOT_HANDED_OFF: "CUPTI was not handed over (no window is open)",
    CUPTI_FAILED: "a CUPTI call failed in the injector (its log line on stderr says which)",
    PANICKED: "the injector failed and disabled itself (its log line on stderr says why)",
    SECOND_CUPTI: "this process loaded a second libcupti (PyTorch's wheel brings its own) and a profiler on it "
    "cannot take CUPTI from the injector's copy: the profiler will get no GPU activity; the injector keeps "
    "recording (its log line names both copies)",
}


class HandoffError(RuntimeError):
    """A hand-off call the injector refused because of how it was called."""

    def __init__(self, code: int):
        super().__init__(f"gpu-otel profiler hand-off: {MESSAGES.get(code, f'code {code}')}")
        self.code = code


class Injector:
    """The injector's two hand-off functions in this process's copy of it."""

    def __init__(self, lib: ctypes.CDLL):
        self._begin = lib.gpu_otel_profiler_handoff_begin
        self._begin.restype = ctypes.c_int
        self._begin.argtypes = []
        self._end = lib.gpu_otel_profiler_handoff_end
        self._end.restype = ctypes.c_int
        self._end.argtypes = [ctypes.c_int64]

    def begin(self) -> int:
        return self._begin()

    def end(self, profiler_kernels: Optional[int]) -> int:
        return self._end(-1 if profiler_kernels is None else int(profiler_kernels))


def find_injector(path: Optional[str] = None) -> Optional[Injector]:
    """The injector the CUDA driver loaded (``CUDA_INJECTION64_PATH``), never a second
    copy: ``RTLD_NOLOAD`` finds it only if it is loaded. None when it is not."""
    path = path or os.environ.get(ENV_INJECTION)
    if not path:
        return None
    try:
        lib = ctypes.CDLL(path, mode=os.RTLD_NOLOAD | os.RTLD_LOCAL)
        return Injector(lib)
    except (OSError, AttributeError):
        # Not loaded (CUDA not initialised yet), or a library without the hand-off.
        return None


def _init_cuda() -> None:
    """The driver loads the injector at CUDA's initialisation: make it happen now, so
    that the injector is there to step aside before the profiler initialises."""
    torch = sys.modules.get("torch")
    if torch is not None:
        try:
            if torch.cuda.is_available():
                torch.cuda.init()
        except Exception:  # noqa: BLE001 - no CUDA: nothing to hand over either
            pass


def _outcome(code: int) -> bool:
    """True if CUPTI changed hands; raises on misuse, warns on a refusal."""
    if code == 0:
        return True
    if code == NOT_ATTACHED:
        return False
    if code in (ALREADY_HANDED_OFF, NOT_HANDED_OFF):
        raise HandoffError(code)
    warnings.warn(f"gpu-otel profiler hand-off: {MESSAGES.get(code, f'code {code}')}", RuntimeWarning,
                  stacklevel=3)
    return False


@contextlib.contextmanager
def profiler_window(injector: Optional[Injector] = None,
                    kernels: Optional[Callable[[], Optional[int]]] = None) -> Iterator[bool]:
    """Hands CUPTI to a profiler started inside the block and takes it back at its end.
    Yields whether CUPTI changed hands. ``kernels``, called after the block, gives the
    kernel executions the profiler recorded (put on the window's span), or None."""
    if injector is None:
        _init_cuda()
        injector = find_injector()
    handed = injector is not None and _outcome(injector.begin())
    try:
        yield handed
    finally:
        if handed:
            n = None
            if kernels is not None:
                try:
                    n = kernels()
                except Exception:  # noqa: BLE001 - a count is optional; CUPTI must come back
                    n = None
            _outcome(injector.end(n))


def cuda_kernels(events) -> int:
    """Kernel executions among a profiler's events: its CUDA device events that are not
    memory copies or sets."""
    n = 0
    for e in events:
        device = getattr(e, "device_type", None)
        name = getattr(e, "name", "") or ""
        if device is not None and str(device).endswith("CUDA") and not name.startswith(("Memcpy", "Memset")):
            n += 1
    return n


def profile(*args, **kwargs):
    """``torch.profiler.profile`` that hands CUPTI over at ``start`` (before Kineto
    initialises) and takes it back at ``stop``, with the profiler's kernel count."""
    import torch.profiler

    class _Profile(torch.profiler.profile):
        _window = None

        def start(self):
            self._window = profiler_window(kernels=lambda: cuda_kernels(self.events() or []))
            self._window.__enter__()
            try:
                super().start()
            except BaseException:
                self._window.__exit__(*sys.exc_info())
                self._window = None
                raise

        def stop(self):
            try:
                super().stop()
            finally:
                w, self._window = self._window, None
                if w is not None:
                    w.__exit__(None, None, None)

    return _Profile(*args, **kwargs)
