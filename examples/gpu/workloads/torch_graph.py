"""A CUDA-graph inference loop: a small transformer's forward pass captured once into a
CUDA graph (torch.cuda.CUDAGraph) and replayed, as serving stacks do to cut launch cost.
Every kernel node of every replay must arrive as a span.

usage: torch_graph.py [--replays N] [--seconds S]
Prints 'torch_graph: ok replays=N seconds=S'.
"""
import sys
import time

import torch
import torch.nn as nn

from eager_and_graph import capture


def arg(name, default):
    return type(default)(sys.argv[sys.argv.index(name) + 1]) if name in sys.argv else default


replays = arg("--replays", 0)
seconds = arg("--seconds", 5.0)
torch.manual_seed(0)
dev = "cuda"
d, layers, seq, batch = 512, 4, 128, 8
layer = nn.TransformerEncoderLayer(d, nhead=8, dim_feedforward=4 * d, batch_first=True)
model = nn.TransformerEncoder(layer, num_layers=layers).to(dev).eval()
static_x = torch.randn(batch, seq, d, device=dev)

with torch.inference_mode():
    graph, static_y = capture(lambda: model(static_x))

    done = 0
    t0 = time.time()
    while (replays and done < replays) or (not replays and time.time() - t0 < seconds):
        static_x.copy_(torch.randn(batch, seq, d, device=dev))
        graph.replay()
        done += 1
        if done % 50 == 0:
            torch.cuda.synchronize()
    torch.cuda.synchronize()
print(f"torch_graph: ok replays={done} seconds={time.time() - t0:.1f} out={float(static_y.float().abs().mean()):.4f}")
