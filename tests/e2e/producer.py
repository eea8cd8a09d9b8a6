"""A GPU producer written with the official Python OpenTelemetry SDK: kernel spans and
sampling-window records exactly as the contract puts them on the wire, exported one span
at a time so that tests control the delivery order."""

import time
import uuid

from opentelemetry.exporter.otlp.proto.grpc.trace_exporter import OTLPSpanExporter as GrpcExporter
from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter as HttpExporter
from opentelemetry.sdk.resources import Resource
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor

# Kernel times are offsets (ns) from a base one minute ago, so backends take them as recent.
T0 = time.time_ns() - 60_000_000_000


class Producer:
    def __init__(self, receiver, transport: str, project: str, tier: str | None):
        attrs = {"service.name": "gpu-app", "service.instance.id": str(uuid.uuid4()), "process.pid": 4242,
                 "openinference.project.name": project}
        if tier is not None:
            attrs["gpu.pc_sampling.tier"] = tier
        if transport == "grpc":
            exporter = GrpcExporter(endpoint=f"http://{receiver.grpc}", insecure=True)
        else:
            exporter = HttpExporter(endpoint=f"http://{receiver.http}/v1/traces")
        self.provider = TracerProvider(resource=Resource.create(attrs))
        self.provider.add_span_processor(SimpleSpanProcessor(exporter))
        self.tracer = self.provider.get_tracer("gpu-otel-e2e")
        self.root = self.tracer.start_span("gpu.kernels", start_time=T0)

    def _child(self, name, start, end, attributes):
        from opentelemetry import trace
        ctx = trace.set_span_in_context(self.root)
        span = self.tracer.start_span(name, context=ctx, start_time=T0 + start, attributes=attributes)
        return span, T0 + end

    def window(self, start: int, end: int | None, seq: int, mode: str | None = "kernel_serialized", quiet_ns: int = 0):
        """One window record (end None: the open record), on a carrier span of its own."""
        attrs = {"gpu.sampling.window.start_ns": T0 + start, "gpu.sampling.window.end_ns": 0 if end is None else T0 + end,
                 "gpu.sampling.window.seq": seq, "gpu.sampling.window.quiet_ns": quiet_ns}
        if mode is not None:
            attrs["gpu.sampling.mode"] = mode
        at = T0 + (start if end is None else end)
        span, _ = self._child("gpu.sampling", start if end is None else end, 0, {})
        span.add_event("gpu.sampling.window", attrs, timestamp=at)
        span.end(end_time=at)

    def burst(self, start: int, end: int, seq: int, closed_first: bool = False):
        if closed_first:
            self.window(start, end, seq)
            self.window(start, None, seq)
        else:
            self.window(start, None, seq)
            self.window(start, end, seq)

    def kernel(self, name: str, start: int, end: int, stamp: str | None = None, **extra):
        attrs = {"gpu.kernel.name": f"_Z{len(name)}{name}v", "gpu.correlation_id": start, **extra}
        if stamp is not None:
            attrs["gpu.serialized"] = stamp
        span, end_at = self._child(name, start, end, attrs)
        span.end(end_time=end_at)

    def close(self):
        self.root.end(end_time=T0 + 1_000_000)
        self.provider.shutdown()
