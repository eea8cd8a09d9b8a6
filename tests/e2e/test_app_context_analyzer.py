"""The H200 check of kernels inside the application's traces
(examples/gpu/nvtx-app-context/app-context.sh), GPU-free: its analyzer on synthetic
captures that are right and that are wrong in each way it must catch, and the inference
program's OTLP/HTTP JSON exporter through the real receiver into otlp_capture."""

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from conftest import BIN, ROOT, free_port

GPU = ROOT / "examples" / "gpu" / "nvtx-app-context"
ANALYZE = GPU / "app_context_analyze.py"
SERVICE = "app-context"
APP_ROOT = 1 << 62


def kv(k, v):
    return {"key": k, "value": {"intValue": str(v)} if isinstance(v, int) else {"stringValue": v}}


class World:
    """A capture as the receiver would write it: the application's spans and the
    injector's, kernels with streams and times, and the program's --out lines."""

    def __init__(self, seed=1):
        self.rng = random.Random(seed)
        self.app, self.inj, self.out, self.dump = [], [], [], []
        self.t = 1_764_430_000_000_000_000
        self.corr = 0
        self.range = 0

    def id(self, n):
        return "".join(self.rng.choice("0123456789abcdef") for _ in range(n))

    def tick(self, d=1000):
        self.t += d
        return self.t

    def app_span(self, name, trace, span, parent=None, links=(), start=None, end=None):
        s = {"traceId": trace, "spanId": span, "name": name, "kind": 2, "startTimeUnixNano": str(start),
             "endTimeUnixNano": str(end), "attributes": [], "links": [{"traceId": t, "spanId": s} for t, s in links],
             "status": {}}
        if parent:
            s["parentSpanId"] = parent
        self.app.append(s)
        return s

    def kernel(self, stream, trace, parent, remote, app_tp=None):
        self.corr += 1
        start = self.tick(200)
        k = {"traceId": trace, "spanId": self.id(16), "parentSpanId": parent, "name": "gemm",
             "startTimeUnixNano": str(start), "endTimeUnixNano": str(self.tick(100)),
             "attributes": [kv("gpu.kernel.name", "_Z4gemmv"), kv("gpu.stream.id", stream),
                            kv("gpu.correlation_id", self.corr)],
             "flags": 0x101 | (0x200 if remote else 0), "status": {}}
        self.inj.append(k)
        rec = {"name": "_Z4gemmv", "start_ns": start, "correlation_id": self.corr}
        if app_tp is not None:
            rec["range"] = {"range": app_tp, "root": app_tp | APP_ROOT}
        self.dump.append(rec)
        return k

    def app_context(self, tp):
        self.range += 1
        self.dump.append({"nvtx": {"AppOpen": {"range": self.range, "parent": tp}}})
        return self.range

    def slice_root(self):
        self.root = {"traceId": self.id(32), "spanId": self.id(16), "name": "gpu.kernels",
                     "startTimeUnixNano": str(self.t), "endTimeUnixNano": str(self.t + 10**9), "attributes": []}
        self.inj.append(self.root)

    def outside(self, stream):
        self.kernel(stream, self.root["traceId"], self.root["spanId"], False)

    def request(self, thread, r, kernels=3, child=1):
        trace, span = self.id(32), self.id(16)
        tp = f"00-{trace}-{span}-01"
        ctx = self.app_context(tp)
        start = self.tick()
        ks = [self.kernel(thread + 10, trace, span, True, ctx) for _ in range(kernels)]
        cspan = self.id(16)
        cctx = self.app_context(f"00-{trace}-{cspan}-01")
        cstart = self.tick()
        ks += [self.kernel(thread + 10, trace, cspan, True, cctx) for _ in range(child)]
        end = self.tick()
        self.app_span("postprocess", trace, cspan, parent=span, start=cstart, end=end - 1)
        self.app_span("request", trace, span, start=start, end=end)
        self.out.append({"kind": "request", "thread": thread, "request": f"t{thread}-r{r}", "traceparent": tp,
                         "forwards": 2})
        return ks

    def threads(self, threads=4, requests=5):
        self.slice_root()
        for r in range(requests):
            for t in range(threads):
                self.outside(t + 10)
                self.request(t, r)
        self.summary("threads", threads, requests)
        return self

    def batched(self, clients=4, requests=3):
        self.slice_root()
        for r in range(requests):
            reqs = []
            for t in range(clients):
                trace, span = self.id(32), self.id(16)
                reqs.append((t, trace, span, self.tick()))
            trace, span = self.id(32), self.id(16)
            tp = f"00-{trace}-{span}-01"
            ctx = self.app_context(tp)
            start = self.tick()
            for _ in range(4):
                self.kernel(99, trace, span, True, ctx)
            end = self.tick()
            self.app_span("forward step", trace, span, links=[(t_, s_) for _, t_, s_, _ in reqs], start=start, end=end)
            for t, rt, rs, rstart in reqs:
                self.app_span("request", rt, rs, links=[(trace, span)], start=rstart, end=self.tick())
                self.out.append({"kind": "request", "thread": t, "request": f"t{t}-r{r}",
                                 "traceparent": f"00-{rt}-{rs}-01", "step": tp})
            self.out.append({"kind": "step", "traceparent": tp, "requests": [f"00-{t_}-{s_}-01" for _, t_, s_, _ in reqs]})
        self.summary("batched", clients, requests)
        return self

    def summary(self, mode, threads, requests):
        self.out.append({"kind": "summary", "mode": mode, "threads": threads, "requests": threads * requests,
                         "forwards": 2, "companion": {"published": 1}})

    def write(self, d: Path):
        cap = d / "capture.jsonl"
        res = {"attributes": [kv("service.name", SERVICE)]}
        with open(cap, "w") as f:
            f.write(json.dumps({"resourceSpans": [{"resource": res, "scopeSpans": [
                {"scope": {"name": "app-context-infer"}, "spans": self.app}]}]}) + "\n")
            f.write(json.dumps({"resourceSpans": [{"resource": res, "scopeSpans": [
                {"scope": {"name": "gpu-otel-injector"}, "spans": self.inj}]}]}) + "\n")
        (d / "out.jsonl").write_text("".join(json.dumps(l) + "\n" for l in self.out))
        (d / "dump.jsonl").write_text("".join(json.dumps(l) + "\n" for l in self.dump))
        return cap, d / "out.jsonl", d / "dump.jsonl"


def analyze(d, world, *extra):
    cap, out, dump = world.write(d)
    r = subprocess.run([sys.executable, str(ANALYZE), str(cap), SERVICE, str(out), "--dump", str(dump), *extra],
                       capture_output=True, text=True, timeout=60)
    assert r.stdout, r.stderr
    return r.returncode, json.loads(r.stdout)


def n_kernels(w):
    return sum(1 for s in w.inj if s["name"] == "gemm")


def test_a_right_threads_capture_passes(tmp_path):
    w = World().threads()
    rc, a = analyze(tmp_path, w, "--records", str(n_kernels(w)))
    assert rc == 0 and a["ok"], a
    assert a["units_exact"] == 20 and a["kernels_per_unit"] == {"4": 20}
    assert a["kernels_outside_application_spans"] == 20
    assert a["kernels_under_a_child_span"] == 20
    assert a["both_ends"]["equal"] and a["from_injector_records"]["units_equal"] == 20


def test_a_kernel_in_another_requests_trace_fails(tmp_path):
    w = World().threads()
    k = next(s for s in w.inj if s["name"] == "gemm" and s["flags"] & 0x200)
    other = [s for s in w.app if s["name"] == "request" and s["traceId"] != k["traceId"]][0]
    k["traceId"], k["parentSpanId"] = other["traceId"], other["spanId"]
    rc, a = analyze(tmp_path, w)
    assert rc == 1 and not a["ok"]
    assert any("extra 1" in f for f in a["failures"]) and any("missing 1" in f for f in a["failures"])


def test_a_request_kernel_left_in_the_slices_fails(tmp_path):
    w = World().threads()
    k = next(s for s in w.inj if s["name"] == "gemm" and s["flags"] & 0x200)
    k["traceId"], k["parentSpanId"], k["flags"] = w.root["traceId"], w.root["spanId"], 0x101
    rc, a = analyze(tmp_path, w)
    assert rc == 1 and any("missing 1" in f for f in a["failures"])


def test_a_missing_remote_parent_flag_and_both_ends_and_the_injectors_records_are_checked(tmp_path):
    w = World().threads()
    next(s for s in w.inj if s["name"] == "gemm" and s["flags"] & 0x200)["flags"] = 0x101
    w.dump = [d for d in w.dump if d.get("correlation_id") != 7]
    rc, a = analyze(tmp_path, w, "--records", str(n_kernels(w) + 1))
    assert rc == 1
    f = " | ".join(a["failures"])
    assert "remote-parent flag" in f and "both ends" in f and "the injector's records put" in f


def test_a_right_batched_capture_passes_and_broken_links_fail(tmp_path):
    w = World().batched()
    rc, a = analyze(tmp_path, w)
    assert rc == 0 and a["ok"], a
    assert a["links"] == {"steps": 3, "step_links_ok": 3, "request_links_ok": 12}
    w.app[0]["links"] = w.app[0]["links"][1:]
    next(s for s in w.app if s["name"] == "request")["links"] = []
    rc, a = analyze(tmp_path, w)
    assert rc == 1
    f = " | ".join(a["failures"])
    assert "links" in f and "no link to its step" in f


def test_a_missing_application_span_fails(tmp_path):
    w = World().threads()
    w.app = [s for s in w.app if s["name"] != "request"][:]
    rc, a = analyze(tmp_path, w)
    assert rc == 1 and any("is not in the capture" in f for f in a["failures"])


def _start(cmd, **kw):
    return subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, **kw)


@pytest.mark.skipif(not (BIN / "otlp_capture").exists(), reason="otlp_capture not built")
def test_the_programs_otlp_json_exporter_reaches_a_capture_through_the_receiver(tmp_path):
    """app_context_infer.py's own exporter (the standard library's HTTP, OTLP JSON) into
    the project's receiver over OTLP/HTTP, out to otlp_capture over gRPC, as on the H200;
    read back by the analyzer's reader. span-cost mode: no GPU, no torch."""
    pytest.importorskip("opentelemetry.sdk")
    cap_port = free_port()
    cap_file = tmp_path / "capture.jsonl"
    cap = _start([str(BIN / "otlp_capture"), "--listen", f"127.0.0.1:{cap_port}", "--out", str(cap_file)])
    recv = _start([str(BIN / "gpu-otel-receiver"), "serve", "--grpc-endpoint", "127.0.0.1:0", "--http-endpoint",
                   "127.0.0.1:0", "--metrics-endpoint", "127.0.0.1:0", "--export-endpoint",
                   f"http://127.0.0.1:{cap_port}"])
    try:
        http = json.loads(recv.stdout.readline())["http"]
        env = {**os.environ, "OTEL_SERVICE_NAME": SERVICE, "PYTHONPATH": str(ROOT / "python" / "gpu-otel-context" / "src")}
        r = subprocess.run([sys.executable, str(GPU / "app_context_infer.py"), "span-cost", "--requests", "7",
                            "--otlp", f"http://{http}"], capture_output=True, text=True, timeout=60, env=env)
        assert r.returncode == 0, r.stderr
        assert "us_per_span=" in r.stdout
        sys.path.insert(0, str(GPU))
        import app_context_analyze

        deadline = time.time() + 20
        spans = []
        while time.time() < deadline and len(spans) < 1007:
            time.sleep(0.3)
            spans = app_context_analyze.read_capture(cap_file, SERVICE) if cap_file.exists() else []
        names = sorted({s["name"] for s in spans})
        assert (len(spans), names) == (1007, ["request", "warm-up"]), names
        assert all(s["_scope"] == "app-context-infer" and s["_end"] >= s["_start"] > 0 for s in spans)
    finally:
        for p in (recv, cap):
            p.send_signal(signal.SIGTERM)
            p.wait(30)
