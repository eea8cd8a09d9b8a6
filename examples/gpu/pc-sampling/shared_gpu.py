"""Reads one shared-gpu.sh group (PREFIX-p0, PREFIX-p1, ...): per process, CUPTI's records
(the exit line) against its backend's kernel spans, its "true" stamps, the sampler
lease's counters (exit line: pc_enable, sampler_wait_ms, leases_taken, leases_given_up,
lease_enables, lease_disables, lease_disable_failed, step_down, stop_failed); across processes, the overlap of their "true" stretches (each backend's
true_intervals), which one sampling process per GPU makes zero.

usage: shared_gpu.py DIR PREFIX
Prints a line per process and a verdict line; exits 1 when a process lost a kernel or
exported none, or two processes had "true" kernels at the same time.
"""
import glob
import json
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "common"))
from otlp import exit_line  # noqa: E402

# pc_enable and the lease_* counters: GPU_OTEL_PC_ENABLE=context|lease (absent from older builds).
LEASE = ("pc_enable", "sampler_wait_ms", "leases_taken", "leases_given_up", "lease_enables", "lease_disables",
         "lease_disable_failed", "step_down", "stop_failed", "start_failed", "bursts")


def overlap_ns(a, b):
    """Total time two sorted lists of [start, end, n] intervals overlap."""
    total, i, j = 0, 0, 0
    while i < len(a) and j < len(b):
        lo, hi = max(a[i][0], b[j][0]), min(a[i][1], b[j][1])
        total += max(0, hi - lo)
        if a[i][1] < b[j][1]:
            i += 1
        else:
            j += 1
    return total


def main(argv):
    d, prefix = argv[1], argv[2]
    procs, ok = [], True
    for log in sorted(glob.glob(os.path.join(d, f"{prefix}-p*.log"))):
        name = os.path.basename(log)[:-4]
        text = open(log, errors="replace").read()
        e = exit_line(text) or {}
        bpath = os.path.join(d, f"{name}.backend.json")
        b = json.loads(open(bpath).read() or "{}") if os.path.exists(bpath) else {}
        # From the PC-sampling exit line only: the first line also says "flushes deferred
        # for bursts=", which is not the tier's bursts.
        pc = next((x for x in text.splitlines() if "exit: pc sampling" in x), "")
        lease = {k: m.group(1) for k in LEASE for m in [re.search(rf"\b{k}=(\S+)", pc)] if m}
        records, spans = e.get("records"), b.get("kernel_spans")
        # Every process trains, so launches kernels: none recorded is a loss even when
        # both ends agree on 0 (on the H200 a process lost CUPTI altogether that way).
        equal = records is not None and records == spans
        ok &= bool(records)
        ok &= equal
        iv = b.get("true_intervals", [])
        procs.append((name, iv))
        held_s = sum(x[1] - x[0] for x in iv) / 1e9
        print(f"shared-gpu: {name} records_cupti={records} backend_kernel_spans={spans} equal={equal} "
              f"true={b.get('true')} false={b.get('false')} unknown={b.get('unknown')} "
              f"true_stretches={len(iv)} true_span_s={held_s:.2f} "
              + " ".join(f"{k}={v}" for k, v in lease.items()))
    worst = 0
    for i in range(len(procs)):
        for j in range(i + 1, len(procs)):
            o = overlap_ns(procs[i][1], procs[j][1])
            worst = max(worst, o)
            if o > 1_000_000:
                ok = False
                print(f"shared-gpu: OVERLAP {procs[i][0]} and {procs[j][0]} both had true kernels for {o / 1e6:.1f} ms")
    sampled = sum(1 for _, iv in procs if iv)
    print(f"shared-gpu: {prefix} processes={len(procs)} sampled_at_some_time={sampled} "
          f"max_pairwise_true_overlap_ms={worst / 1e6:.3f} every_kernel_carried={ok and True} verdict={'ok' if ok else 'FAIL'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
