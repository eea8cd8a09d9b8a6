"""The kernel nodes of a CUDA graph, read through the CUDA runtime (ctypes, no PyTorch):
what one launch of it stands for in kernel executions (decode.py's K).

    lib = cudart()                       # the libcudart this process uses, else the toolkit's
    kernel_nodes(lib, graph)             # graph: a cudaGraph_t, e.g. CUDAGraph.raw_cuda_graph()
"""
import ctypes
import os

# cudaGraphNodeType values (CUDA runtime API).
KERNEL_NODE, CHILD_GRAPH_NODE, CONDITIONAL_NODE = 0, 4, 13


def cudart():
    """The libcudart this process already uses (PyTorch's), else the toolkit's; None if
    there is none."""
    try:
        with open("/proc/self/maps") as f:
            for line in f:
                fields = line.split()
                if len(fields) >= 6 and os.path.basename(fields[5]).startswith("libcudart.so"):
                    return ctypes.CDLL(fields[5])
    except OSError:
        pass
    for name in ("libcudart.so", "libcudart.so.13", "libcudart.so.12"):
        try:
            return ctypes.CDLL(name)
        except OSError:
            continue
    return None


def kernel_nodes(lib, graph):
    """Kernel nodes of a cudaGraph_t, child graphs included; None when the graph's count
    is not fixed (a conditional node) or the runtime refuses."""
    ptr = ctypes.c_void_p
    n = ctypes.c_size_t(0)
    if lib.cudaGraphGetNodes(ptr(graph), None, ctypes.byref(n)) != 0:
        return None
    nodes = (ptr * n.value)()
    if n.value and lib.cudaGraphGetNodes(ptr(graph), nodes, ctypes.byref(n)) != 0:
        return None
    total = 0
    for node in nodes[:n.value]:
        kind = ctypes.c_int(-1)
        if lib.cudaGraphNodeGetType(ptr(node), ctypes.byref(kind)) != 0:
            return None
        if kind.value == KERNEL_NODE:
            total += 1
        elif kind.value == CHILD_GRAPH_NODE:
            child = ptr()
            if lib.cudaGraphChildGraphNodeGetGraph(ptr(node), ctypes.byref(child)) != 0:
                return None
            sub = kernel_nodes(lib, child.value)
            if sub is None:
                return None
            total += sub
        elif kind.value == CONDITIONAL_NODE:
            return None
    return total
