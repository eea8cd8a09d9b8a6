"""A PyTorch training loop that uses CUDA graphs the way most training code meets them:
through torch.compile(mode="reduce-overhead"), whose CUDA-graph trees capture the forward
and backward passes and replay them every step. A small GPT-style language model (causal
self-attention in plain ops, random tokens, fixed shapes), AdamW (fused, outside the
graphs), one synchronization per step to read the loss, as logging does.

usage: compiled_train.py [--seconds S] [--until EPOCH_S] [--warmup 3]
The first --warmup steps (compilation, CUDA-graph warm-up and recording) are not timed.
Every 10 s: 'compiled_train: t=... tokens_per_s=... steps=... rss_mib=...'
(workloads/progress.py). At the end:
  compiled_train: ok steps=N seconds=S tokens_per_s=T loss=L compile_s=C
"""
import argparse
import os
import sys
import time

import torch
import torch.nn as nn
import torch.nn.functional as F

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from progress import Progress, add_arguments  # noqa: E402

# Small, so that it leaves the GPU to the decodes beside it in the endurance check.
VOCAB, D, LAYERS, HEADS, SEQ, BATCH = 8192, 256, 4, 4, 128, 16


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.ln1, self.ln2 = nn.LayerNorm(D), nn.LayerNorm(D)
        self.qkv, self.proj = nn.Linear(D, 3 * D), nn.Linear(D, D)
        self.fc, self.out = nn.Linear(D, 4 * D), nn.Linear(4 * D, D)

    def forward(self, x):
        B, T, _ = x.shape
        q, k, v = self.qkv(self.ln1(x)).view(B, T, 3, HEADS, D // HEADS).permute(2, 0, 3, 1, 4)
        a = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        x = x + self.proj(a.transpose(1, 2).reshape(B, T, D))
        return x + self.out(F.gelu(self.fc(self.ln2(x))))


class LanguageModel(nn.Module):
    def __init__(self):
        super().__init__()
        self.tok, self.pos = nn.Embedding(VOCAB, D), nn.Embedding(SEQ, D)
        self.blocks = nn.ModuleList(Block() for _ in range(LAYERS))
        self.ln = nn.LayerNorm(D)
        self.head = nn.Linear(D, VOCAB, bias=False)

    def forward(self, x, y):
        h = self.tok(x) + self.pos.weight[: x.shape[1]]
        for b in self.blocks:
            h = b(h)
        logits = self.head(self.ln(h))
        return F.cross_entropy(logits.view(-1, VOCAB), y.view(-1))


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_arguments(p, 60.0)
    p.add_argument("--warmup", type=int, default=3, help="untimed steps: compilation and graph recording")
    args = p.parse_args()
    torch.manual_seed(0)
    torch.set_float32_matmul_precision("high")
    dev = "cuda"
    model = LanguageModel().to(dev)
    step_loss = torch.compile(model, mode="reduce-overhead")
    opt = torch.optim.AdamW(model.parameters(), lr=1e-4, fused=True)

    def step():
        # A new step for the CUDA-graph trees: the previous step's outputs may be overwritten.
        torch.compiler.cudagraph_mark_step_begin()
        x = torch.randint(0, VOCAB, (BATCH, SEQ), device=dev)
        y = torch.randint(0, VOCAB, (BATCH, SEQ), device=dev)
        loss = step_loss(x, y)
        loss.backward()
        opt.step()
        opt.zero_grad(set_to_none=True)
        return float(loss)  # one synchronization per step, as logging does

    t0 = time.time()
    for _ in range(args.warmup):
        value = step()
    torch.cuda.synchronize()
    compile_s = time.time() - t0
    print(f"compiled_train: compiled and warmed up in {compile_s:.1f} s ({args.warmup} steps)", flush=True)
    progress = Progress("compiled_train", BATCH * SEQ, args)
    steps = 0
    while not progress.over():
        value = step()
        steps += 1
        progress.tick(steps)
    torch.cuda.synchronize()
    seconds = max(progress.elapsed(), 1e-6)
    print(f"compiled_train: ok steps={steps} seconds={seconds:.1f} tokens_per_s={steps * BATCH * SEQ / seconds:.1f}"
          f" loss={value:.3f} compile_s={compile_s:.1f}", flush=True)


if __name__ == "__main__":
    main()
