"""Counts a run at both ends: the kernel records CUPTI delivered to the injector (its exit
line in the run's log) against the kernel spans that arrived at the far end (a counting
backend's JSON, or an OTLP-JSON capture).

usage: both_ends.py LOG (--backend JSON | --capture FILE [--service S]) [--metrics FILE] [--name NAME]
  --backend JSON   what `export-load backend` printed (kernel_spans, true, false, unknown)
  --capture FILE   an otlp_capture file or the receiver's file sink
  --metrics FILE   the receiver's /metrics, scraped before it stopped: its "unknown"
                   verdicts by reason and the "unknown" stamps it settled
Prints one line, "both ends: name=... records_cupti=R ... equal=True|False", with what
else the log tells (cupti_dropped, queue_full, the budget's peak, maxrss, PC-sampling
bursts and gap, training steps); exits 1 when the ends differ or the log has no exit line.
"""
import argparse
import json
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from otlp import counts, exit_line  # noqa: E402


def far_end(o):
    if o.backend:
        text = open(o.backend).read() if os.path.exists(o.backend) else ""
        if not text.strip():
            return "backend", None, {}
        b = json.loads(text)
        return "backend", b["kernel_spans"], {k: b[k] for k in ("true", "false", "unknown") if k in b}
    c = counts(o.capture, o.service)
    return "capture", c["kernel_spans"], {"spans": c["spans"], "requests": c["requests"]}


def receiver_metrics(path):
    text = open(path).read() if path and os.path.exists(path) else ""
    unknown = {m.group(1): int(float(m.group(2))) for m in re.finditer(
        r'gpu_otel_receiver_unknown_executions_total\{reason="(\w+)"\} ([0-9.e+]+)', text) if float(m.group(2)) > 0}
    settled = re.search(r"gpu_otel_receiver_unknown_stamps_settled_total ([0-9.e+]+)", text)
    return {"receiver_unknown_by_reason": unknown,
            "receiver_settled_unknown_stamps": int(float(settled.group(1))) if settled else "-"}


def main(argv):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("log")
    where = p.add_mutually_exclusive_group(required=True)
    where.add_argument("--backend")
    where.add_argument("--capture")
    p.add_argument("--service")
    p.add_argument("--metrics")
    p.add_argument("--name")
    o = p.parse_args(argv[1:])
    log = open(o.log, errors="replace").read()
    e = exit_line(log)
    if e is None:
        print(f"both ends: name={o.name or o.log} no exit line in {o.log}")
        return 1
    end, kernels, extra = far_end(o)
    if kernels is None:
        print(f"both ends: name={o.name or o.log} records_cupti={e['records']} no count from the backend "
              f"(it received nothing, or did not finish): {o.backend}")
        return 1
    words = {"name": o.name or os.path.basename(o.log), "records_cupti": e["records"], "exported": e["exported"],
             f"{end}_kernel_spans": kernels, "lost": e["records"] - kernels, "equal": e["records"] == kernels}
    words.update(extra)
    if "unknown" in extra:
        words["unknown_share"] = f"{extra['unknown'] / max(e['records'], 1):.6f}"
    for k in ("cupti_dropped", "queue_full", "memory_budget_peak_mib", "gap_ms", "bursts"):
        if k in e:
            words[k] = e[k]
    for k, pattern in (("maxrss_mib", r"maxrss_mib=([0-9.]+)"), ("steps", r"torch_train: ok steps=(\d+)"),
                       ("seconds", r"torch_train: ok steps=\d+ seconds=([0-9.]+)")):
        m = re.search(pattern, log)
        if m:
            words[k] = m.group(1)
    if o.metrics:
        words.update(receiver_metrics(o.metrics))
    print("both ends: " + " ".join(f"{k}={v}" for k, v in words.items()))
    unsettled = re.search(r"released unsettled: [^)\n]*", log)
    if unsettled:
        print(f"   injector: {unsettled.group(0)}")
    return 0 if words["equal"] else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
