"""Fixtures: the real OpenTelemetry SDK with spans kept in memory, a recording NVTX
backend installed as the companion's publisher, and the fake NVTX tool built from C."""

import importlib.util
import os
import shutil
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

import gpu_otel_context
from gpu_otel_context import Publisher

HERE = Path(__file__).parent


class RecordingBackend:
    """Records NVTX pushes and pops per OS thread, as the injector's tracker keeps a
    stack per thread; ``ready`` says whether a tool is named."""

    def __init__(self):
        self.ready_now = True
        self.fail = False
        self.lock = threading.Lock()
        self.calls = []  # (thread id, "push"|"pop", message)
        self.stacks = {}

    def ready(self):
        return self.ready_now

    def push(self, message):
        if self.fail:
            raise OSError("the NVTX tool went away")
        tid = threading.get_native_id()
        with self.lock:
            self.calls.append((tid, "push", message))
            self.stacks.setdefault(tid, []).append(message)

    def pop(self):
        tid = threading.get_native_id()
        with self.lock:
            self.calls.append((tid, "pop", None))
            self.stacks[tid].pop()  # an unbalanced pop fails the test

    def top(self, tid=None):
        """The innermost range of the domain on thread ``tid`` (this one by default):
        what the injector parents a kernel launched now under."""
        tid = threading.get_native_id() if tid is None else tid
        with self.lock:
            stack = self.stacks.get(tid, [])
            assert len(stack) <= 1, f"at most one range per thread: {stack}"
            return stack[-1] if stack else None


@pytest.fixture
def exporter():
    return InMemorySpanExporter()


@pytest.fixture
def provider(exporter):
    p = TracerProvider()
    p.add_span_processor(SimpleSpanProcessor(exporter))
    return p


@pytest.fixture
def tracer(provider):
    return provider.get_tracer("gpu-otel-context tests")


@pytest.fixture
def recorder():
    backend = RecordingBackend()
    publisher = Publisher(backend)
    gpu_otel_context.install(publisher)
    yield backend
    gpu_otel_context.install(Publisher(RecordingBackend()))


def tp(span):
    """The traceparent the SDK's own W3C propagator writes for ``span``."""
    from opentelemetry.trace import set_span_in_context
    from opentelemetry.trace.propagation.tracecontext import TraceContextTextMapPropagator

    carrier = {}
    TraceContextTextMapPropagator().inject(carrier, context=set_span_in_context(span))
    return carrier.get("traceparent")


def _compiler():
    for cc in ("cc", "gcc", "clang"):
        if shutil.which(cc):
            return [cc]
    if importlib.util.find_spec("ziglang") is not None:
        return [sys.executable, "-m", "ziglang", "cc"]
    return None


@pytest.fixture(scope="session")
def fake_tool(tmp_path_factory):
    """The fake NVTX tool, built from tests/fake_nvtx_tool.c."""
    cc = _compiler()
    if cc is None:
        pytest.skip("no C compiler (cc, gcc, clang or ziglang) to build the fake NVTX tool")
    out = tmp_path_factory.mktemp("tool") / "libfake_nvtx_tool.so"
    subprocess.run(
        cc + ["-O1", "-shared", "-fPIC", "-o", str(out), str(HERE / "fake_nvtx_tool.c"), "-lpthread"],
        check=True,
    )
    return out


def run_python(code, env_extra, unset=()):
    """Runs ``code`` in a fresh interpreter (OpenTelemetry's runtime context is chosen
    once per process); returns the completed process."""
    env = {k: v for k, v in os.environ.items() if k not in unset}
    env.update(env_extra)
    return subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120)
