"""An LLM-style decode loop in plain PyTorch ops: GPT-2-small's shape (12 layers,
d_model 768, 12 heads, vocabulary 50257, random weights), fp16, batch 8, a static KV
cache of 1024 positions, greedy next token. Each step reads the tokens of the last step
and writes the next ones in place; the write position is a device tensor advanced in
place (wrapping to 0 at the end of the cache), so one step captured as a CUDA graph is
replayed as it is, as serving stacks do.

usage: decode.py --graph|--eager [--seconds S] [--until EPOCH_S] [--batch 8] [--sync-every 8]
                 [--layers 12]
  --graph   one decode step captured as a torch.cuda.CUDAGraph (after warm-up on a side
            stream) and replayed: one graph launch per step
  --eager   the same step's ops launched one by one
Every step's tokens are copied to the host (as a server streams them); the host waits for
the GPU every --sync-every steps. Every 10 s: 'decode: t=... tokens_per_s=... steps=...
rss_mib=...' (workloads/progress.py). At the end:
  decode: ok mode=graph|eager steps=N seconds=S tokens_per_s=T kernel_nodes=K graph_replays=R warmup_steps=W
          last_tokens=...
K is the captured graph's kernel nodes (child graphs included; read through libcudart's
cudaGraphGetNodes / cudaGraphNodeGetType on graph.raw_cuda_graph(); -1 where this
PyTorch or libcudart does not give them, 0 in eager mode), R the replays in the loop:
the loop's kernel executions are R x K; the warm-up's W steps and the set-up were
launched one by one.
"""
import argparse
import os
import sys
import time

import torch
import torch.nn.functional as F

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from graph_nodes import cudart, kernel_nodes  # noqa: E402
from progress import Progress, add_arguments  # noqa: E402

VOCAB, D, LAYERS, HEADS = 50257, 768, 12, 12
HEAD = D // HEADS


class Decoder:
    """The model's weights, its KV cache and the step's state, all on the device."""

    def __init__(self, batch, max_len, dev, layers=LAYERS):
        torch.manual_seed(0)
        f16 = torch.float16

        def w(*shape):
            return torch.randn(*shape, device=dev, dtype=f16) * 0.02

        def ones():
            return torch.ones(D, device=dev, dtype=f16)

        def zeros(n=D):
            return torch.zeros(n, device=dev, dtype=f16)

        self.batch, self.max_len = batch, max_len
        self.wte, self.wpe = w(VOCAB, D), w(max_len, D)
        self.layers = [dict(ln1_w=ones(), ln1_b=zeros(), attn_w=w(3 * D, D), attn_b=zeros(3 * D),
                            proj_w=w(D, D), proj_b=zeros(), ln2_w=ones(), ln2_b=zeros(),
                            fc_w=w(4 * D, D), fc_b=zeros(4 * D), out_w=w(D, 4 * D), out_b=zeros())
                       for _ in range(layers)]
        self.lnf_w, self.lnf_b = ones(), zeros()
        self.k = [torch.zeros(batch, HEADS, max_len, HEAD, device=dev, dtype=f16) for _ in range(layers)]
        self.v = [torch.zeros(batch, HEADS, max_len, HEAD, device=dev, dtype=f16) for _ in range(layers)]
        self.tokens = torch.randint(0, VOCAB, (batch, 1), device=dev)
        self.pos = torch.zeros(1, dtype=torch.long, device=dev)
        self.positions = torch.arange(max_len, device=dev)
        self.neg_inf = torch.tensor(float("-inf"), device=dev, dtype=f16)
        self.zero = torch.tensor(0.0, device=dev, dtype=f16)

    def step(self):
        """One token for each sequence: attends over the cache up to the write position,
        writes this position's keys and values, the next tokens into self.tokens, and
        advances the position (wrapping). Nothing is read on the host."""
        B = self.batch
        x = F.embedding(self.tokens, self.wte) + F.embedding(self.pos, self.wpe)  # (B, 1, D)
        # Positions after the write position are not (or no longer) this sequence's.
        bias = torch.where(self.positions <= self.pos, self.zero, self.neg_inf)  # (L,)
        for p, kc, vc in zip(self.layers, self.k, self.v):
            h = F.layer_norm(x, (D,), p["ln1_w"], p["ln1_b"])
            q, k, v = F.linear(h, p["attn_w"], p["attn_b"]).view(B, 1, 3, HEADS, HEAD).unbind(2)
            kc.index_copy_(2, self.pos, k.transpose(1, 2))
            vc.index_copy_(2, self.pos, v.transpose(1, 2))
            scores = torch.matmul(q.transpose(1, 2), kc.transpose(2, 3)) * (HEAD ** -0.5) + bias  # (B, H, 1, L)
            a = torch.matmul(torch.softmax(scores, dim=-1), vc)  # (B, H, 1, HEAD)
            x = x + F.linear(a.transpose(1, 2).reshape(B, 1, D), p["proj_w"], p["proj_b"])
            h = F.layer_norm(x, (D,), p["ln2_w"], p["ln2_b"])
            x = x + F.linear(F.gelu(F.linear(h, p["fc_w"], p["fc_b"]), approximate="tanh"), p["out_w"], p["out_b"])
        x = F.layer_norm(x, (D,), self.lnf_w, self.lnf_b)
        logits = F.linear(x[:, -1], self.wte)  # (B, VOCAB), tied embeddings
        self.tokens.copy_(logits.argmax(dim=-1, keepdim=True))
        self.pos.add_(1).remainder_(self.max_len)


def capture(dec, warmup):
    """Warms the step up on a side stream, captures one step, instantiates it. Returns
    the graph and its kernel nodes (-1 when not known)."""
    side = torch.cuda.Stream()
    side.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(side):
        for _ in range(warmup):
            dec.step()
    torch.cuda.current_stream().wait_stream(side)
    try:
        graph, kept = torch.cuda.CUDAGraph(keep_graph=True), True
    except TypeError:  # a PyTorch without keep_graph: the graph is not kept to read
        graph, kept = torch.cuda.CUDAGraph(), False
    with torch.cuda.graph(graph):
        dec.step()
    count = None
    if kept:
        graph.instantiate()
        lib = cudart()
        if lib is not None:
            count = kernel_nodes(lib, graph.raw_cuda_graph())
    torch.cuda.synchronize()
    return graph, -1 if count is None else count


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    mode = p.add_mutually_exclusive_group(required=True)
    mode.add_argument("--graph", action="store_true")
    mode.add_argument("--eager", action="store_true")
    add_arguments(p, 60.0)
    p.add_argument("--batch", type=int, default=8)
    p.add_argument("--max-len", type=int, default=1024)
    p.add_argument("--sync-every", type=int, default=8, help="steps between waits for the GPU")
    p.add_argument("--warmup", type=int, default=3, help="steps launched one by one before the loop")
    p.add_argument("--layers", type=int, default=LAYERS, help="transformer blocks (fewer: a smaller graph)")
    args = p.parse_args()
    dev = "cuda"
    t_setup = time.time()
    with torch.inference_mode():
        dec = Decoder(args.batch, args.max_len, dev, args.layers)
        if args.graph:
            graph, nodes = capture(dec, args.warmup)
            run = graph.replay
        else:
            for _ in range(args.warmup):
                dec.step()
            torch.cuda.synchronize()
            nodes, run = 0, dec.step
        host = torch.empty(args.batch, 1, dtype=torch.long, pin_memory=True)
        print(f"decode: mode={'graph' if args.graph else 'eager'} set up in {time.time() - t_setup:.1f} s,"
              f" kernel_nodes={nodes}", flush=True)
        progress = Progress("decode", args.batch, args)
        steps = 0
        while not progress.over():
            run()
            host.copy_(dec.tokens, non_blocking=True)  # a device-to-host copy: no kernel
            steps += 1
            if steps % args.sync_every == 0:
                torch.cuda.current_stream().synchronize()
                progress.tick(steps)
        torch.cuda.synchronize()
    seconds = max(progress.elapsed(), 1e-6)
    print(f"decode: ok mode={'graph' if args.graph else 'eager'} steps={steps} seconds={seconds:.1f}"
          f" tokens_per_s={steps * args.batch / seconds:.1f} kernel_nodes={nodes}"
          f" graph_replays={steps if args.graph else 0} warmup_steps={args.warmup}"
          f" last_tokens={','.join(str(t) for t in host.view(-1).tolist())}",
          flush=True)


if __name__ == "__main__":
    main()
