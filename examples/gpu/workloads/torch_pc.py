"""PyTorch workloads for the PC-sampling tiers.

usage: torch_pc.py plain|graph [SECONDS]
plain: matmul + relu + softmax on two streams for about SECONDS (default 3).
graph: captures a few ops into a torch.cuda.CUDAGraph and replays it 20 times
       (cudaStreamBeginCapture + cudaGraphLaunch), then runs plain work for 1 s.
Prints 'torch_pc: mode=... ok ...' when the program finished.
"""
import sys
import time

import torch

mode = sys.argv[1]
seconds = float(sys.argv[2]) if len(sys.argv) > 2 else 3.0
dev = "cuda"
torch.manual_seed(0)


def plain(secs):
    a = torch.randn(2048, 2048, device=dev)
    b = torch.randn(2048, 2048, device=dev)
    s1, s2 = torch.cuda.Stream(), torch.cuda.Stream()
    n = 0
    t0 = time.time()
    while time.time() - t0 < secs:
        with torch.cuda.stream(s1):
            x = torch.relu(a @ b / 2048.0)
        with torch.cuda.stream(s2):
            y = torch.softmax(b @ a.T / 2048.0, dim=1)
        n += 1
        if n % 20 == 0:
            torch.cuda.synchronize()
    torch.cuda.synchronize()
    return n, float(x.sum() + y.sum())


if mode == "plain":
    n, v = plain(seconds)
    print(f"torch_pc: mode=plain ok iterations={n} value={v:.3f}")
elif mode == "graph":
    x = torch.randn(1024, 1024, device=dev)
    w = torch.randn(1024, 1024, device=dev)
    s = torch.cuda.Stream()
    s.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(s):
        for _ in range(3):
            y = torch.relu(x @ w)
    torch.cuda.current_stream().wait_stream(s)
    g = torch.cuda.CUDAGraph()
    with torch.cuda.graph(g):
        y = torch.relu(x @ w)
        y = torch.softmax(y, dim=1)
    for _ in range(20):
        g.replay()
    torch.cuda.synchronize()
    n, v = plain(1.0)
    print(f"torch_pc: mode=graph ok replays=20 value={float(y.sum()):.3f} plain_iterations={n}")
else:
    sys.exit(f"unknown mode {mode}")
