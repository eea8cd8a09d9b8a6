"""torch.profiler inside a process the gpu-otel injector runs in, through the
companion's hand-off (gpu_otel_context.profile): two profiler windows between three
phases of the same work, a device sync at every edge so each kernel runs inside its
phase.

usage: profiler_handoff.py [ITERS] [MODE]
  MODE handoff (default): gpu_otel_context.profile; plain: torch.profiler.profile (the
  injector keeps CUPTI: the profiler gets no GPU activity, as measured)

Per iteration: one eager matmul/div/relu and one replay of a captured CUDA graph. Prints
one line: `profiler_handoff: mode=... iters=... p0=START,END ... p4=START,END
w1_kernels=N w2_kernels=N` (phases 0 before, 1 window 1, 2 between, 3 window 2, 4 after;
instants in ns since the epoch, CLOCK_REALTIME as the injector's spans).
"""
import importlib.util
import os
import sys
import time

import torch
from torch.profiler import ProfilerActivity

ITERS = int(sys.argv[1]) if len(sys.argv) > 1 else 200
MODE = sys.argv[2] if len(sys.argv) > 2 else "handoff"

# The companion's hand-off module from the checkout, without the package's OpenTelemetry
# imports (a GPU machine may lack the SDK).
ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))
spec = importlib.util.spec_from_file_location(
    "gpu_otel_handoff", os.path.join(ROOT, "python", "gpu-otel-context", "src", "gpu_otel_context", "handoff.py"))
handoff = importlib.util.module_from_spec(spec)
spec.loader.exec_module(handoff)

from eager_and_graph import make_work  # noqa: E402  (this folder: the script's own)

work = make_work()


def window():
    make = handoff.profile if MODE == "handoff" else torch.profiler.profile
    with make(activities=[ProfilerActivity.CPU, ProfilerActivity.CUDA]) as prof:
        work(ITERS)
    return handoff.cuda_kernels(prof.events())


out = {"mode": MODE, "iters": ITERS}
for phase in range(5):
    t0 = time.time_ns()
    if phase in (1, 3):
        out[f"w{(phase + 1) // 2}_kernels"] = window()
    else:
        work(ITERS)
    out[f"p{phase}"] = f"{t0},{time.time_ns()}"
print("profiler_handoff: " + " ".join(f"{k}={v}" for k, v in out.items()), flush=True)
