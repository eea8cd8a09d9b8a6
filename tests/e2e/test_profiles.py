"""PC samples as profiles, read by implementations that are not ours: the receiver's OTLP
Profiles requests decoded by the Python `opentelemetry-proto` package (its
profiles/v1development types) at a ProfilesService of our own over gRPC and OTLP/HTTP,
and its pprof files decoded by DataDog's `pprof-format` from the npm registry. Their
totals per stall reason equal what the producer sent, and so do the source file and line
of each PC where the producer sent one (a module built with -lineinfo).

The producer sends `gpu.pc_samples` spans as the injector's continuous tier makes them
(docs/injector.md, "Continuous tier"): one per function and drain period, with every
(PC offset, stall reason) pair as parallel arrays. The stall names and the shape (a few
functions, PCs per function past the 64 of the hot list) follow the H200 runs in
docs/measurements/pc-sampling-h200.md; the counts are drawn, not measured.

The serialized tier's samples come from `fake-serialized pc-samples`, the injector's own
export path without a GPU: a one-launch burst's samples on that execution's kernel span,
a two-launch burst's on a function span; every link of the profiles must be a span of
the same trace at the backend, a kernel span or the slice span that covers the period.
"""

import gzip
import json
import random
import shutil
import subprocess
import threading
import time
import uuid
from concurrent import futures
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import grpc
import pytest
from opentelemetry import trace
from opentelemetry.exporter.otlp.proto.grpc.trace_exporter import OTLPSpanExporter
from opentelemetry.proto.collector.profiles.v1development import profiles_service_pb2, profiles_service_pb2_grpc
from opentelemetry.proto.collector.trace.v1 import trace_service_pb2, trace_service_pb2_grpc
from opentelemetry.sdk.resources import Resource
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.export import BatchSpanProcessor

from conftest import FAKE_SERIALIZED, Receiver, answer_protobuf, free_port

HERE = Path(__file__).resolve().parent
STALLS = ["smsp__pcsamp_warps_issue_stalled_not_selected", "smsp__pcsamp_warps_issue_stalled_wait",
          "smsp__pcsamp_warps_issue_stalled_selected", "smsp__pcsamp_warps_issue_stalled_short_scoreboard",
          "smsp__pcsamp_warps_issue_stalled_long_scoreboard"]
FUNCTIONS = {"_Z4spinPfi": "spin(float*, int)", "_ZN4work4bumpEPf": "work::bump(float*)",
             "_Z7add_onePfi": "add_one(float*, int)"}
# Functions whose module was built with -lineinfo: the injector adds each pair's source
# file and line (gpu.pc_sampling.pair_source_files / pair_source_lines); the others'
# spans carry none. Every 4th PC of them lies in an inlined header.
WITH_LINES = {"_Z4spinPfi", "_ZN4work4bumpEPf"}


def source_line(mangled, offset):
    """The (file, line) the producer sends for a PC: none for a module without lines."""
    if mangled not in WITH_LINES:
        return ("", 0)
    if offset % 64 == 0:
        return ("/usr/local/cuda/include/cuda_fp16.hpp", 100 + offset // 64)
    return (f"/src/kernels/{mangled}.cu", 10 + offset // 16)
PERIOD_NS = 100_000_000


class Backend:
    """Takes traces and profiles, over gRPC and OTLP/HTTP, and keeps what it decoded."""

    def __init__(self):
        self.traces, self.profiles = [], []
        self.lock = threading.Lock()
        backend = self

        class Traces(trace_service_pb2_grpc.TraceServiceServicer):
            def Export(self, request, context):
                with backend.lock:
                    backend.traces.append(request)
                return trace_service_pb2.ExportTraceServiceResponse()

        class Profiles(profiles_service_pb2_grpc.ProfilesServiceServicer):
            def Export(self, request, context):
                with backend.lock:
                    backend.profiles.append(request)
                return profiles_service_pb2.ExportProfilesServiceResponse()

        self.grpc = grpc.server(futures.ThreadPoolExecutor(max_workers=4))
        trace_service_pb2_grpc.add_TraceServiceServicer_to_server(Traces(), self.grpc)
        profiles_service_pb2_grpc.add_ProfilesServiceServicer_to_server(Profiles(), self.grpc)
        self.grpc_port = self.grpc.add_insecure_port("127.0.0.1:0")
        self.grpc.start()

        class Http(BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers["Content-Length"]))
                if self.headers.get("Content-Encoding") == "gzip":
                    body = gzip.decompress(body)
                if self.path == "/v1development/profiles":
                    assert self.headers["Content-Type"] == "application/x-protobuf"
                    msg = profiles_service_pb2.ExportProfilesServiceRequest.FromString(body)
                    answer = profiles_service_pb2.ExportProfilesServiceResponse()
                    with backend.lock:
                        backend.profiles.append(msg)
                else:
                    msg = trace_service_pb2.ExportTraceServiceRequest.FromString(body)
                    answer = trace_service_pb2.ExportTraceServiceResponse()
                    with backend.lock:
                        backend.traces.append(msg)
                out = answer.SerializeToString()
                answer_protobuf(self, out)

            def log_message(self, *args):
                pass

        self.http = ThreadingHTTPServer(("127.0.0.1", 0), Http)
        self.http_port = self.http.server_address[1]
        threading.Thread(target=self.http.serve_forever, daemon=True).start()

    def stop(self):
        self.grpc.stop(0)
        self.http.shutdown()


def pc_sample_spans(receiver_grpc: str, rng: random.Random, periods: int):
    """Sends `periods` drain periods of function spans; returns what was sent per stall
    reason, the (function, offset) pairs sent, the (function, offset, file, line) of each
    PC (file "" and line 0 without one), and the trace id and slice span id."""
    resource = Resource.create({"service.name": "gpu-app", "service.instance.id": str(uuid.uuid4()),
                                "gpu.producer.id": str(uuid.uuid4()), "gpu.pc_sampling.tier": "continuous"})
    provider = TracerProvider(resource=resource)
    # One request per drain period, as the injector exports a period's function spans.
    provider.add_span_processor(BatchSpanProcessor(OTLPSpanExporter(endpoint=f"http://{receiver_grpc}", insecure=True),
                                                   schedule_delay_millis=60_000))
    tracer = provider.get_tracer("gpu-otel-injector")
    t0 = time.time_ns() - 60_000_000_000
    root = tracer.start_span("gpu.kernels", start_time=t0)
    totals, pcs, lines = {}, set(), set()
    for period in range(periods):
        start, end = t0 + period * PERIOD_NS, t0 + (period + 1) * PERIOD_NS
        for mangled, display in FUNCTIONS.items():
            # Past the 64 PCs of the hot list: 90 to 200 PCs, 1 to 3 stalls each.
            pairs = []
            for offset in sorted(rng.sample(range(0, 8192, 16), rng.randint(90, 200))):
                for stall in rng.sample(STALLS, rng.randint(1, 3)):
                    pairs.append((offset, stall, rng.randint(1, 50_000)))
            pairs.sort(key=lambda p: (-p[2], p[0], p[1]))
            for offset, stall, n in pairs:
                totals[stall] = totals.get(stall, 0) + n
                pcs.add((mangled, offset))
                lines.add((mangled, offset, *source_line(mangled, offset)))
            ctx = trace.set_span_in_context(root)
            attributes = {
                "gpu.pc_sampling.function": mangled,
                "gpu.pc_sampling.pair_pc_offsets": [p[0] for p in pairs],
                "gpu.pc_sampling.pair_stall_reasons": [p[1] for p in pairs],
                "gpu.pc_sampling.pair_sample_counts": [p[2] for p in pairs],
                "gpu.pc_sampling.pairs_dropped": 0,
            }
            if mangled in WITH_LINES:
                attributes["gpu.pc_sampling.pair_source_files"] = [source_line(mangled, p[0])[0] for p in pairs]
                attributes["gpu.pc_sampling.pair_source_lines"] = [source_line(mangled, p[0])[1] for p in pairs]
            span = tracer.start_span(f"gpu.pc_samples: {display}", context=ctx, start_time=start,
                                     attributes=attributes)
            span.end(end_time=end)
        provider.force_flush()
    root.end(end_time=t0 + periods * PERIOD_NS)
    ctx = root.get_span_context()
    provider.shutdown()
    return totals, pcs, lines, ctx.trace_id.to_bytes(16, "big"), ctx.span_id.to_bytes(8, "big")


def otlp_totals(requests):
    """Samples per stall reason, (function, offset) of every sample, links, profiles."""
    totals, pcs, links, profiles = {}, set(), set(), 0
    for req in requests:
        d = req.dictionary
        for rp in req.resource_profiles:
            for sp in rp.scope_profiles:
                for p in sp.profiles:
                    profiles += 1
                    assert (d.string_table[p.sample_type.type_strindex],
                            d.string_table[p.sample_type.unit_strindex]) == ("pc_samples", "count")
                    for s in p.samples:
                        (stall,) = [d.attribute_table[i] for i in s.attribute_indices]
                        assert d.string_table[stall.key_strindex] == "gpu.pc_sampling.stall_reason"
                        totals[stall.value.string_value] = totals.get(stall.value.string_value, 0) + sum(s.values)
                        loc = d.location_table[d.stack_table[s.stack_index].location_indices[0]]
                        fn = d.function_table[loc.lines[0].function_index]
                        pcs.add((d.string_table[fn.system_name_strindex], loc.address))
                        link = d.link_table[s.link_index]
                        links.add((bytes(link.trace_id), bytes(link.span_id)))
    return totals, pcs, links, profiles


def otlp_lines(requests):
    """(function, address, filename, line) of every sample's location: its one Line's
    line number, and the filename of the function that Line names."""
    out = set()
    for req in requests:
        d = req.dictionary
        for rp in req.resource_profiles:
            for sp in rp.scope_profiles:
                for p in sp.profiles:
                    for s in p.samples:
                        loc = d.location_table[d.stack_table[s.stack_index].location_indices[0]]
                        (line,) = loc.lines
                        fn = d.function_table[line.function_index]
                        out.add((d.string_table[fn.system_name_strindex], loc.address,
                                 d.string_table[fn.filename_strindex], line.line))
    return out


def pprof_totals(files):
    reader = HERE / "pprof"
    if not (reader / "node_modules" / "pprof-format").exists():
        subprocess.run(["npm", "install", "--no-audit", "--no-fund", "--no-package-lock"], cwd=reader, check=True,
                       capture_output=True, timeout=300)
    out = subprocess.run(["node", str(reader / "totals.js"), *map(str, files)], check=True, capture_output=True,
                         text=True, timeout=120)
    return json.loads(out.stdout)


def span_names(requests):
    from opentelemetry.proto.trace.v1 import trace_pb2  # noqa: F401 (the types of the requests)
    return [s.name for r in requests for rs in r.resource_spans for ss in rs.scope_spans for s in ss.spans]


def wait_for(cond, timeout=30):
    deadline = time.monotonic() + timeout
    while not cond():
        if time.monotonic() > deadline:
            raise TimeoutError("not delivered in time")
        time.sleep(0.2)


@pytest.mark.parametrize("transport", ["grpc", "http"])
def test_profiles_and_pprof_files_hold_every_sample_per_stall_reason_with_its_source_line_and_link_to_the_slice(
        tmp_path, transport):
    backend = Backend()
    pprof_dir = tmp_path / "pprof"
    if transport == "grpc":
        base, profiles = f"http://127.0.0.1:{backend.grpc_port}", f"http://127.0.0.1:{backend.grpc_port}"
    else:
        base = f"http://127.0.0.1:{backend.http_port}"
        profiles = f"{base}/v1development/profiles"
    config = tmp_path / "receiver.yaml"
    config.write_text(json.dumps({"export": {
        "endpoint": base, "protocol": "grpc" if transport == "grpc" else "http/protobuf",
        "pprof_dir": str(pprof_dir), "profiles_keep_spans": False}}))
    receiver = Receiver(str(tmp_path), ["--config", str(config)],
                        env={"PATH": "/usr/bin:/bin", "OTEL_EXPORTER_OTLP_PROFILES_ENDPOINT": profiles})
    try:
        periods = 3
        sent, pcs, lines, trace_id, root_id = pc_sample_spans(receiver.grpc, random.Random(35), periods)
        wait_for(lambda: len(backend.profiles) >= periods and "gpu.kernels" in span_names(backend.traces))
        metrics = receiver.metrics()
    finally:
        log = receiver.stop()
        backend.stop()
    got, got_pcs, links, n_profiles = otlp_totals(backend.profiles)
    assert n_profiles == periods, "one profile per process and drain period"
    assert got == sent, log
    assert got_pcs == pcs, "every PC, also those past the hot list's 64"
    assert links == {(trace_id, root_id)}, "every sample links to the slice span that covers its period"
    assert otlp_lines(backend.profiles) == lines, "each PC's source line, where its module has them"
    # profiles_keep_spans: false: the function spans left the traces, the slice stayed.
    names = span_names(backend.traces)
    assert not [n for n in names if n.startswith("gpu.pc_samples")]
    assert "gpu.kernels" in names

    # The receiver's own count says the same: every sample kept, every file written.
    assert metrics["gpu_otel_receiver_profiles_total"] == periods
    assert metrics['gpu_otel_receiver_profile_samples_total{outcome="kept"}'] == sum(sent.values())
    assert metrics['gpu_otel_receiver_profile_samples_total{outcome="dropped"}'] == 0
    assert metrics['gpu_otel_receiver_pprof_files_total{outcome="written"}'] == periods

    files = sorted(pprof_dir.glob("*.pb.gz"))
    assert len(files) == periods
    read = pprof_totals(files)
    assert read["files"] == periods
    assert read["totals"] == sent
    assert {tuple(p) for p in read["pcs"]} == pcs
    assert {tuple(x) for x in read["lines"]} == lines


def test_the_spans_stay_for_trace_backends_by_default(tmp_path):
    backend = Backend()
    base = f"http://127.0.0.1:{backend.grpc_port}"
    (tmp_path / "r.yaml").write_text(json.dumps({"export": {"endpoint": base}}))
    receiver = Receiver(str(tmp_path), ["--config", str(tmp_path / "r.yaml")],
                        env={"PATH": "/usr/bin:/bin", "OTEL_EXPORTER_OTLP_PROFILES_ENDPOINT": base})
    try:
        sent, _, _, _, _ = pc_sample_spans(receiver.grpc, random.Random(7), 1)
        wait_for(lambda: backend.profiles and "gpu.kernels" in span_names(backend.traces))
    finally:
        receiver.stop()
        backend.stop()
    assert otlp_totals(backend.profiles)[0] == sent
    assert len([n for n in span_names(backend.traces) if n.startswith("gpu.pc_samples")]) == len(FUNCTIONS)


def spans_at(requests):
    """Every span the backend holds, by (trace id, span id)."""
    out = {}
    for r in requests:
        for rs in r.resource_spans:
            for ss in rs.scope_spans:
                for s in ss.spans:
                    out[(bytes(s.trace_id), bytes(s.span_id))] = s
    return out


def attrs(span):
    def value(v):
        kind = v.WhichOneof("value")
        if kind == "array_value":
            return [value(x) for x in v.array_value.values]
        return getattr(v, kind)
    return {kv.key: value(kv.value) for kv in span.attributes}


def test_serialized_samples_link_to_their_own_kernel_span_and_every_link_is_a_span_of_its_trace(tmp_path):
    backend = Backend()
    base = f"http://127.0.0.1:{backend.grpc_port}"
    pprof_dir = tmp_path / "pprof"
    (tmp_path / "r.yaml").write_text(json.dumps({"export": {"endpoint": base, "pprof_dir": str(pprof_dir)}}))
    receiver = Receiver(str(tmp_path), ["--config", str(tmp_path / "r.yaml")],
                        env={"PATH": "/usr/bin:/bin", "OTEL_EXPORTER_OTLP_PROFILES_ENDPOINT": base})
    try:
        out = subprocess.run([str(FAKE_SERIALIZED), "--endpoint", f"http://{receiver.grpc}", "pc-samples"],
                             capture_output=True, text=True, timeout=60)
        assert out.returncode == 0, out.stderr[-3000:]
        sent = json.loads(out.stdout.splitlines()[0])
        want = sum(sum(sent[k]["totals"].values()) for k in ("execution", "function"))

        def delivered():
            with backend.lock:
                profiles, traces = list(backend.profiles), list(backend.traces)
            got, _, links, _ = otlp_totals(profiles)
            return sum(got.values()) >= want and links <= spans_at(traces).keys()
        wait_for(delivered)
    finally:
        log = receiver.stop()
        backend.stop()

    at_backend = spans_at(backend.traces)
    by_kind = {"execution": ({}, set(), set()), "function": ({}, set(), set())}
    for req in backend.profiles:
        d = req.dictionary
        for rp in req.resource_profiles:
            for sp in rp.scope_profiles:
                for p in sp.profiles:
                    for s in p.samples:
                        link = d.link_table[s.link_index]
                        key = (bytes(link.trace_id), bytes(link.span_id))
                        assert key in at_backend, f"link {key[1].hex()} is not a span of trace {key[0].hex()} at the backend"
                        span = at_backend[key]
                        a = attrs(span)
                        if "gpu.kernel.name" in a:
                            kind = "execution"
                        else:
                            assert span.name == "gpu.kernels", span.name
                            kind = "function"
                        totals, pcs, lines = by_kind[kind]
                        stall = d.attribute_table[s.attribute_indices[0]].value.string_value
                        totals[stall] = totals.get(stall, 0) + sum(s.values)
                        loc = d.location_table[d.stack_table[s.stack_index].location_indices[0]]
                        fn = d.function_table[loc.lines[0].function_index]
                        pcs.add((d.string_table[fn.system_name_strindex], loc.address))
                        lines.add((d.string_table[fn.system_name_strindex], loc.address,
                                   d.string_table[fn.filename_strindex], loc.lines[0].line))
                        if kind == "execution":
                            # Its own execution: the kernel the samples name, sampled in a burst.
                            assert a["gpu.kernel.name"] == d.string_table[fn.system_name_strindex]
                            assert a["gpu.serialized"] == "true"
    for kind, (totals, pcs, lines) in by_kind.items():
        assert totals == sent[kind]["totals"], (kind, log)
        assert pcs == {tuple(x) for x in sent[kind]["pcs"]}, kind
        # The injector's worker asked the (fake) SASS-to-source correlation: the kernel
        # of the module with line information has a line at every PC, the other none.
        assert lines == {tuple(x) for x in sent[kind]["lines"]}, kind
    assert all(x[3] > 0 for x in sent["execution"]["lines"]) and all(x[3] == 0 for x in sent["function"]["lines"])

    # The kernel span reached the trace backend as the injector sent it: its stall sums
    # and its pairs, which sum to them.
    (inside,) = [s for s in at_backend.values() if s.name == "inside()"]
    a = attrs(inside)
    assert a["gpu.pc_sampling.sample_count"] == sum(sent["execution"]["totals"].values())
    assert dict(zip(a["gpu.pc_sampling.stall_reasons"], a["gpu.pc_sampling.stall_counts"])) == sent["execution"]["totals"]
    assert sum(a["gpu.pc_sampling.pair_sample_counts"]) == a["gpu.pc_sampling.sample_count"]
    assert a["gpu.pc_sampling.pairs_dropped"] == 0
    # Its pairs' source lines, parallel to them.
    assert {(o, f, n) for o, f, n in zip(a["gpu.pc_sampling.pair_pc_offsets"], a["gpu.pc_sampling.pair_source_files"],
                                         a["gpu.pc_sampling.pair_source_lines"])} \
        == {(x[1], x[2], x[3]) for x in sent["execution"]["lines"]}
    # The two-launch burst's executions carry no samples: the drain could not tell them apart.
    spins = [attrs(s) for s in at_backend.values() if s.name == "spin(float*, int)"]
    assert len(spins) == 2 and not any("gpu.pc_sampling.sample_count" in x for x in spins)

    read = pprof_totals(sorted(pprof_dir.glob("*.pb.gz")))
    merged = dict(sent["execution"]["totals"])
    for k, v in sent["function"]["totals"].items():
        merged[k] = merged.get(k, 0) + v
    assert read["totals"] == merged
    assert {tuple(x) for x in read["lines"]} == {tuple(x) for k in ("execution", "function") for x in sent[k]["lines"]}
