"""A PyTorch transformer training loop for carry-rate checks: every kernel it launches
must arrive as a span. Trains a small encoder-only language model on random tokens
for SECONDS (default 15), synchronizing once per step as a real training loop does
when it logs its loss.

usage: torch_train.py [SECONDS] [--nvtx | --nvtx-steps] [--steps N]
--nvtx: each step is an NVTX range "step N" (torch.cuda.nvtx.range_push/pop) and every
op an NVTX range (torch.autograd.profiler.emit_nvtx); --nvtx-steps: the step ranges only;
--steps N stops after N steps.
Prints 'torch_train: ok steps=N seconds=S loss=L'.
"""
import sys
import time

import torch
import torch.nn as nn

seconds = float(sys.argv[1]) if len(sys.argv) > 1 and not sys.argv[1].startswith("-") else 15.0
nvtx = "--nvtx" in sys.argv
step_ranges = nvtx or "--nvtx-steps" in sys.argv
max_steps = int(sys.argv[sys.argv.index("--steps") + 1]) if "--steps" in sys.argv else None
torch.manual_seed(0)
dev = "cuda"
vocab, d, layers, seq, batch = 8192, 512, 6, 256, 16
layer = nn.TransformerEncoderLayer(d, nhead=8, dim_feedforward=4 * d, batch_first=True)
model = nn.Sequential(
    nn.Embedding(vocab, d),
    nn.TransformerEncoder(layer, num_layers=layers),
    nn.Linear(d, vocab),
).to(dev)
opt = torch.optim.AdamW(model.parameters(), lr=1e-4)
loss_fn = nn.CrossEntropyLoss()

steps = 0
t0 = time.time()
ctx = torch.autograd.profiler.emit_nvtx() if nvtx else None
if ctx:
    ctx.__enter__()
while time.time() - t0 < seconds and (max_steps is None or steps < max_steps):
    x = torch.randint(0, vocab, (batch, seq), device=dev)
    y = torch.randint(0, vocab, (batch, seq), device=dev)
    if step_ranges:
        torch.cuda.nvtx.range_push(f"step {steps}")
    logits = model(x)
    loss = loss_fn(logits.view(-1, vocab), y.view(-1))
    opt.zero_grad(set_to_none=True)
    loss.backward()
    opt.step()
    if step_ranges:
        torch.cuda.nvtx.range_pop()
    value = float(loss)  # one synchronization per step, as logging does
    steps += 1
if ctx:
    ctx.__exit__(None, None, None)
torch.cuda.synchronize()
print(f"torch_train: ok steps={steps} seconds={time.time() - t0:.1f} loss={value:.3f}")
