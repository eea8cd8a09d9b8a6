"""The profiler hand-off under the real injector, read from both ends: the workload's
line (phases, the profiler's kernels per window), the capture of what reached the
backend, the injector's exit lines.

usage: check.py LOG CAPTURE MODE

handoff: each window's profiler kernels = the reference count (the kernels of one
phase: the phase before the first window, all of whose kernels the injector recorded);
no injector kernel span starts inside a window; the kernel spans of phases 2 and 4 each
equal that count; one gpu.profiler.handoff span per window, covering it, with its
profiler kernel count; the injector's records = its kernel spans.
plain: the profiler got no kernel (the measured failure the hand-off removes).
cuptipath: as handoff, and GPU_OTEL_CUPTI_PATH (the toolkit's libcupti) was not loaded
beside the wheel's copy: the injector's log says so.
A hand-off the injector refused because the process holds a second libcupti (PyTorch's
wheel and the toolkit's) is reported as REFUSED, with what must still hold: the
injector recorded every phase's kernels and no window; it is not a pass.
"""
import re
import sys
import os

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "common"))
from otlp import attrs, exit_line, is_kernel, resource_spans  # noqa: E402

log, capture, mode = open(sys.argv[1]).read(), sys.argv[2], sys.argv[3]
m = re.search(r"^profiler_handoff: (.*)$", log, re.M)
if not m:
    print(f"{mode}: FAIL: no profiler_handoff line\n{log[-2000:]}")
    sys.exit(1)
line = dict(kv.split("=", 1) for kv in m.group(1).split())
phases = [tuple(int(t) for t in line[f"p{i}"].split(",")) for i in range(5)]
w = [int(line["w1_kernels"]), int(line["w2_kernels"])]
spans = [s for _, ss in resource_spans(capture) for s in ss]
kernels = [s for s in spans if is_kernel(s)]
handoffs = [s for s in spans if s.get("name") == "gpu.profiler.handoff"]


def starting_in(lo, hi):
    return sum(1 for s in kernels if lo <= int(s["startTimeUnixNano"]) < hi)


per_phase = [starting_in(lo, hi) for lo, hi in phases]
ex = exit_line(log) or {}
bad = []
print(f"{mode}: profiler kernels per window {w}; injector kernel spans per phase {per_phase}, "
      f"total {len(kernels)}; gpu.profiler.handoff spans {len(handoffs)}; "
      f"exit records={ex and ex['records']} exported={ex and ex['exported']}")
for s in handoffs:
    print(f"  handoff span {int(s['startTimeUnixNano'])}..{int(s['endTimeUnixNano'])} {attrs(s.get('attributes'))}")
hand_lines = re.findall(r"gpu-otel-injector: .*(?:hand|profiler).*", log)
for h in hand_lines:
    print("  " + h[:300])


def unbalanced():
    """Why records, kernel spans exported and kernel spans at the backend differ, or None."""
    if not ex:
        return "no injector exit line"
    if not ex["records"] == ex["exported"] == len(kernels):
        return f"records {ex['records']}, kernel spans exported {ex['exported']}, at the backend {len(kernels)}: not equal"
    return None


refused = re.search(r"profiler hand-off refused: .*\(this process also loaded ([^,\s)]+)", log)
if mode != "plain" and refused:
    ref = per_phase[0]
    if ref == 0 or per_phase != [ref] * 5:
        bad.append(f"kernel spans per phase {per_phase}: not every phase's kernels")
    if handoffs:
        bad.append(f"{len(handoffs)} gpu.profiler.handoff spans for refused hand-offs")
    if unbalanced():
        bad.append(unbalanced())
    print(f"{mode}: REFUSED (a second libcupti: {refused.group(1)}); the injector kept CUPTI: "
          + ("every kernel recorded" if not bad else "FAIL: " + "; ".join(bad)))
    sys.exit(3)
if mode == "plain":
    if any(w):
        bad.append(f"the profiler got kernels {w} while the injector held CUPTI (not what was measured)")
else:
    ref = per_phase[0]
    if ref == 0:
        bad.append("no kernel span in phase 0")
    if w != [ref, ref]:
        bad.append(f"profiler kernels {w} != the phase's kernels {ref}")
    if per_phase[1] or per_phase[3]:
        bad.append(f"injector kernel spans inside the windows: {per_phase[1]}, {per_phase[3]}")
    if per_phase[2] != ref or per_phase[4] != ref:
        bad.append(f"kernel spans after the windows {per_phase[2]}, {per_phase[4]} != {ref}")
    if len(handoffs) != 2:
        bad.append(f"{len(handoffs)} gpu.profiler.handoff spans, not 2")
    for i, s in enumerate(sorted(handoffs, key=lambda s: int(s["startTimeUnixNano"]))[:2]):
        lo, hi = phases[1 + 2 * i]
        a = attrs(s.get("attributes"))
        if not (lo <= int(s["startTimeUnixNano"]) and int(s["endTimeUnixNano"]) <= hi):
            bad.append(f"handoff span {i + 1} is not inside its window")
        if int(a.get("gpu.profiler.handoff.profiler_kernels", -1)) != w[i]:
            bad.append(f"handoff span {i + 1} says {a.get('gpu.profiler.handoff.profiler_kernels')} profiler kernels, not {w[i]}")
    if unbalanced():
        bad.append(unbalanced())
    if mode == "cuptipath" and not re.search(r"GPU_OTEL_CUPTI_PATH=\S+ not loaded: the process already holds", log):
        bad.append("no line saying GPU_OTEL_CUPTI_PATH was left unloaded beside the held libcupti")
print(f"{mode}: " + ("OK" if not bad else "FAIL: " + "; ".join(bad)))
sys.exit(1 if bad else 0)
