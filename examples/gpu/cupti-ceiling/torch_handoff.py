"""torch.profiler (Kineto) in a process that ceilinj.so is injected into.

usage: torch_handoff.py SCENARIO

The workload is fixed: per iteration an eager matmul/div/relu and one replay of a small
captured CUDA graph. Phases are marked through ceilinj's control file
($CEIL_HANDOFF_FILE), so ceilinj counts its kernel records per phase; this script prints
the iterations per phase and what each profiler window saw, in one line:
`torch_handoff: scenario=... w1_cuda_events=... w2_cuda_events=... ok=1`.

Scenarios (what the control file is told at the edges of the two profiler windows;
ceilinj counts records per phase: 0 before, 1 window 1, 2 between, 3 window 2, 4 after):
  none      no control file is used (run it without injection: the reference)
  plain     phase marks only: the library keeps CUPTI during both windows
  handoff   "off" before each window, "on" after it
  late      window 1 with the library attached, then handoff around window 2
"""
import os
import sys
import time

import torch
from torch.profiler import ProfilerActivity, profile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "workloads"))
from eager_and_graph import make_work  # noqa: E402

SCENARIO = sys.argv[1]
CTL = os.environ.get("CEIL_HANDOFF_FILE")
ITERS = int(os.environ.get("HANDOFF_ITERS", "200"))
marks = 0


def tell(cmd):
    """Writes cmd to the control file and waits for ceilinj's acknowledgement."""
    global marks
    if not CTL:
        return "no-control-file"
    if cmd == "mark":
        marks += 1
        cmd = f"mark{marks}"
    ack = CTL + ".ack"
    if os.path.exists(ack):
        os.remove(ack)
    with open(CTL + ".tmp", "w") as f:
        f.write(cmd)
    os.replace(CTL + ".tmp", CTL)
    deadline = time.time() + 10
    while time.time() < deadline:
        if os.path.exists(ack):
            with open(ack) as f:
                text = f.read().strip()
            if text:
                return text.replace(" ", ",")
        time.sleep(0.005)
    return "timeout"


work = make_work()


def window(n):
    with profile(activities=[ProfilerActivity.CPU, ProfilerActivity.CUDA]) as prof:
        work(n)
    evs = prof.events()
    cuda = sum(1 for e in evs if "CUDA" in str(getattr(e, "device_type", "")))
    return len(evs), cuda


# What each scenario tells the library at the four window edges.
EDGES = {
    "none": [None, None, None, None],
    "plain": ["mark", "mark", "mark", "mark"],
    "handoff": ["off", "on", "off", "on"],
    "late": ["mark", "mark", "off", "on"],
}[SCENARIO]
out = {"scenario": SCENARIO, "iters": ITERS}


def edge(i):
    if EDGES[i]:
        out[f"ack{i}"] = tell(EDGES[i])


# Phases counted by ceilinj: 0 before, 1 window 1, 2 between, 3 window 2, 4 after.
work(ITERS)
edge(0)
out["w1_events"], out["w1_cuda_events"] = window(ITERS)
edge(1)
work(ITERS)
edge(2)
out["w2_events"], out["w2_cuda_events"] = window(ITERS)
edge(3)
work(ITERS)
out["ok"] = 1
print("torch_handoff: " + " ".join(f"{k}={v}" for k, v in out.items()), flush=True)
