"""One kind of PyTorch op captured as a CUDA graph and replayed: which part of what
PyTorch's decode graph does stops CUPTI's kernel records on a small device-buffer pool
(cupti-ceiling/run.sh; `graphloop.cu`'s graphs, with every graph feature PyTorch uses,
did not stop, 2026-12-06).

usage: graph_ops.py --ops elementwise|matmul|softmax|gemm|sdpa|linear|head|logits|argmax|
                          argmax-only|argmax-768|amax|sum|tokcopy|argmax-copy|ew-d2d|
                          layernorm|kvcache
                    [--nodes N] [--seconds S] [--host-copy 0|1] [--sync-every K]
                    [--capture kept|plain]

  --ops         what each of the graph's N steps launches: an in-place add (one
                elementwise kernel), a 64x64 fp16 matmul (cuBLAS), a softmax, a GEMM
                of the decode's shape (8x768 by 768x2304 fp16: on Hopper cuBLAS picks
                sm90 kernels, some launched with thread-block clusters), or
                scaled_dot_product_attention of the decode's shape (8 x 12 heads, one
                query over 1024 keys of 64; decode.py itself attends with matmul and
                softmax); and decode.py's own ops: its biased linear (F.linear, 8x1x768
                to 2304: cuBLASLt with a bias epilogue), its head (the 8x768 by
                768x50257 logits and their argmax written into the tokens; logits and
                argmax: each half alone, the argmax over logits made before capture;
                the argmax itself apart: argmax-only into an index tensor of its own,
                argmax-768 over 768 values a row instead of 50,257, amax and sum over the
                same rows (the same reduction without an index), tokcopy the copy of an
                index tensor into the tokens alone; argmax-copy the argmax into its own
                index tensor then copied into the tokens, ew-d2d an in-place add then a
                copy of its 64x64 result: a kernel node and a device-to-device memcpy node
                a step),
                its layer norm, or its cache writes (the embedding lookups and index_copy_ into a
                KV cache at a device position advanced in place)
  --host-copy   1: a non-blocking copy of a few bytes to pinned host memory after each
                replay, as decode.py copies its tokens (default 0)
  --sync-every  replays between waits for the GPU (default 8, as decode.py)
  --capture     kept: decode.py's capture (the graph kept, instantiated apart, its nodes
                read through cudart); plain: torch.cuda.graph's own path, nothing read

Prints 'graph_ops: ok ops=O seconds=S kernel_nodes=K graph_replays=R'.
"""
import argparse
import time
import types

import torch
import torch.nn.functional as F

from decode import capture


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--ops", required=True, choices=(
        "elementwise", "matmul", "softmax", "gemm", "sdpa", "linear", "head", "logits", "argmax",
        "argmax-only", "argmax-768", "amax", "sum", "tokcopy", "argmax-copy", "ew-d2d",
        "layernorm", "kvcache"))
    p.add_argument("--nodes", type=int, default=200)
    p.add_argument("--seconds", type=float, default=8.0)
    p.add_argument("--host-copy", type=int, default=0)
    p.add_argument("--sync-every", type=int, default=8)
    p.add_argument("--capture", choices=("kept", "plain"), default="kept")
    args = p.parse_args()
    dev, f16 = "cuda", torch.float16
    torch.manual_seed(0)
    x = torch.randn(64, 64, device=dev, dtype=f16)
    w = torch.randn(64, 64, device=dev, dtype=f16) / 8
    out = torch.empty_like(x)
    a = torch.randn(8, 768, device=dev, dtype=f16)
    b = torch.randn(768, 2304, device=dev, dtype=f16) / 32
    ab = torch.empty(8, 2304, device=dev, dtype=f16)
    q = torch.randn(8, 12, 1, 64, device=dev, dtype=f16)
    kv = torch.randn(8, 12, 1024, 64, device=dev, dtype=f16)
    # decode.py's shapes (GPT-2 small, batch 8, one token).
    h = torch.randn(8, 1, 768, device=dev, dtype=f16)
    attn_w = torch.randn(2304, 768, device=dev, dtype=f16) * 0.02
    attn_b = torch.zeros(2304, device=dev, dtype=f16)
    wte = torch.randn(50257, 768, device=dev, dtype=f16) * 0.02
    wpe = torch.randn(1024, 768, device=dev, dtype=f16) * 0.02
    ln_w, ln_b = torch.ones(768, device=dev, dtype=f16), torch.zeros(768, device=dev, dtype=f16)
    tokens = torch.zeros(8, 1, dtype=torch.long, device=dev)
    logits = torch.randn(8, 50257, device=dev, dtype=f16)
    pos = torch.zeros(1, dtype=torch.long, device=dev)
    idx = torch.zeros(8, 1, dtype=torch.long, device=dev)
    row = torch.zeros(8, 1, device=dev, dtype=f16)
    h2 = h.view(8, 768)
    x2 = torch.empty_like(x)
    kc = torch.zeros(8, 12, 1024, 64, device=dev, dtype=f16)

    def step():
        for _ in range(args.nodes):
            if args.ops == "elementwise":
                torch.add(x, 1, out=x)
            elif args.ops == "matmul":
                torch.matmul(x, w, out=out)
            elif args.ops == "gemm":
                torch.matmul(a, b, out=ab)
            elif args.ops == "sdpa":
                F.scaled_dot_product_attention(q, kv, kv)
            elif args.ops == "linear":
                F.linear(h, attn_w, attn_b)
            elif args.ops == "head":
                tokens.copy_(F.linear(h[:, -1], wte).argmax(dim=-1, keepdim=True))
            elif args.ops == "logits":
                F.linear(h[:, -1], wte)
            elif args.ops == "argmax":
                tokens.copy_(logits.argmax(dim=-1, keepdim=True))
            elif args.ops == "argmax-only":
                torch.argmax(logits, dim=-1, keepdim=True, out=idx)
            elif args.ops == "argmax-768":
                torch.argmax(h2, dim=-1, keepdim=True, out=idx)
            elif args.ops == "amax":
                torch.amax(logits, dim=-1, keepdim=True, out=row)
            elif args.ops == "sum":
                torch.sum(logits, dim=-1, keepdim=True, out=row)
            elif args.ops == "tokcopy":
                tokens.copy_(idx)
            elif args.ops == "argmax-copy":
                torch.argmax(logits, dim=-1, keepdim=True, out=idx)
                tokens.copy_(idx)
            elif args.ops == "ew-d2d":
                torch.add(x, 1, out=x)
                x2.copy_(x)
            elif args.ops == "layernorm":
                F.layer_norm(h, (768,), ln_w, ln_b)
            elif args.ops == "kvcache":
                e = F.embedding(tokens, wte) + F.embedding(pos, wpe)  # (8, 1, 768)
                kc.index_copy_(2, pos, e.view(8, 1, 12, 64).transpose(1, 2))
                pos.add_(1).remainder_(1024)
            else:
                torch.softmax(x, dim=-1)  # its output from the graph's own pool

    with torch.inference_mode():
        if args.capture == "kept":
            # decode.py's capture: one step warmed up on a side stream, captured, its
            # kernel nodes read.
            graph, nodes = capture(types.SimpleNamespace(step=step), warmup=1)
        else:
            # As PyTorch's documentation shows it: no graph kept, no node read.
            side = torch.cuda.Stream()
            side.wait_stream(torch.cuda.current_stream())
            with torch.cuda.stream(side):
                step()
            torch.cuda.current_stream().wait_stream(side)
            graph, nodes = torch.cuda.CUDAGraph(), args.nodes
            with torch.cuda.graph(graph):
                step()
            torch.cuda.synchronize()
        host = torch.empty(8, dtype=f16, pin_memory=True)
        replays, t0 = 0, time.time()
        while time.time() - t0 < args.seconds:
            graph.replay()
            if args.host_copy:
                host.copy_(x.view(-1)[:8], non_blocking=True)  # no kernel
            replays += 1
            if replays % args.sync_every == 0:
                torch.cuda.current_stream().synchronize()
        torch.cuda.synchronize()
    print(f"graph_ops: ok ops={args.ops} seconds={time.time() - t0:.1f} kernel_nodes={nodes}"
          f" graph_replays={replays}", flush=True)


if __name__ == "__main__":
    main()
