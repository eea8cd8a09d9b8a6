"""PyTorch under the injector, with torch.profiler subscribing to CUPTI too.

usage: torch_profiler.py late|early
late:  CUDA work first (the injector attaches at cuInit), then torch.profiler.
early: torch.profiler starts before any CUDA work.
Prints what the profiler saw and 'torch_profiler: ok' if the program finished.
"""
import sys
import torch
from torch.profiler import ProfilerActivity, profile

mode = sys.argv[1]


def work(n):
    x = torch.randn(1024, 1024, device="cuda")
    for _ in range(n):
        x = torch.relu(x @ x.T / 1024.0)
    torch.cuda.synchronize()
    return float(x.sum())


if mode == "late":
    work(20)
with profile(activities=[ProfilerActivity.CPU, ProfilerActivity.CUDA]) as prof:
    work(20)
events = prof.events()
cuda_kernels = [e for e in events if getattr(e, "device_type", None) is not None and "CUDA" in str(e.device_type)]
print(f"torch_profiler: mode={mode} profiler_events={len(events)} cuda_device_events={len(cuda_kernels)}")
work(5)
print("torch_profiler: ok")
