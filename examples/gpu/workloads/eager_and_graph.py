"""CUDA-graph capture as PyTorch's recipe asks, and the work of the profiler hand-off
workloads (`workloads/profiler_handoff.py`, `cupti-ceiling/torch_handoff.py`): per
iteration an eager matmul/div/relu and one replay of a captured graph of 8
matmul/div/tanh steps."""
import torch


def capture(fn):
    """`fn` warmed up three times on a side stream, then captured: (graph, its output)."""
    side = torch.cuda.Stream()
    side.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(side):
        for _ in range(3):
            fn()
    torch.cuda.current_stream().wait_stream(side)
    graph = torch.cuda.CUDAGraph()
    with torch.cuda.graph(graph):
        out = fn()
    torch.cuda.synchronize()
    return graph, out


def make_work():
    """work(n): n iterations, then a device sync, so that each kernel runs inside the
    caller's phase. Returns n."""
    x = torch.randn(1024, 1024, device="cuda")
    static_in = torch.randn(256, 256, device="cuda")

    def graphed():
        t = static_in
        for _ in range(8):
            t = torch.tanh(t @ t / 256.0)
        return t

    graph, _ = capture(graphed)

    def work(n):
        for _ in range(n):
            torch.relu(x @ x / 1024.0)
            graph.replay()
        torch.cuda.synchronize()
        return n

    return work
