"""What the GPU checks read, written once: OTLP-JSON captures (one request per line, as
otlp_capture and the receiver's file sink write them) and the injector's exit line.

The analysis scripts beside the checks import it (`sys.path` gets this folder); run on
its own it prints the kernel-span counts of a capture:

usage: otlp.py CAPTURE      kernel spans, spans and requests in the file
"""
import json
import re
import sys


def attrs(kvs):
    """OTLP JSON attributes as a dict; arrays as lists of their values."""
    out = {}
    for kv in kvs or []:
        v = kv.get("value") or {}
        for k in ("stringValue", "intValue", "boolValue", "doubleValue"):
            if k in v:
                out[kv["key"]] = v[k]
        if "arrayValue" in v:
            out[kv["key"]] = [next(iter(x.values())) for x in v["arrayValue"].get("values", [])]
    return out


def resource_spans(path, service=None):
    """Yields (resource attributes, spans) for each resourceSpans of `service` (every
    service when None) in a JSON-lines OTLP capture. Each span gets "_scope", its
    scope's name."""
    with open(path) as f:
        for line in f:
            if not line.strip():
                continue
            for rs in json.loads(line).get("resourceSpans", []):
                ra = attrs((rs.get("resource") or {}).get("attributes"))
                if service is not None and ra.get("service.name") != service:
                    continue
                spans = []
                for ss in rs.get("scopeSpans", []):
                    scope = (ss.get("scope") or {}).get("name", "")
                    for s in ss.get("spans", []):
                        s["_scope"] = scope
                        spans.append(s)
                yield ra, spans


GRAPH_LAUNCH = "gpu.graph.launch"


def is_kernel(span):
    """A kernel span, as the injector's exit line counts them: a kernel execution's, or
    (GPU_OTEL_GRAPH_RECORDS=launches) a graph replay's gpu.graph.launch span."""
    return span.get("name") == GRAPH_LAUNCH or any(a["key"] == "gpu.kernel.name" for a in span.get("attributes", []))


def executions(span):
    """The kernel executions a kernel span stands for: 1, or a graph launch's
    gpu.graph.kernel_nodes (None when its size is unknown)."""
    if span.get("name") != GRAPH_LAUNCH:
        return 1
    nodes = attrs(span.get("attributes", [])).get("gpu.graph.kernel_nodes")
    return int(nodes) if nodes is not None else None


def counts(path, service=None):
    """Kernel spans (graph-launch spans among them), the executions they stand for
    (graph launches of unknown size counted apart), all spans and export requests in a
    capture."""
    kernels = graph_launches = execs = unknown = spans = requests = 0
    with open(path) as f:
        requests = sum(1 for line in f if line.strip())
    for _, ss in resource_spans(path, service):
        spans += len(ss)
        for s in ss:
            if not is_kernel(s):
                continue
            kernels += 1
            graph_launches += s.get("name") == GRAPH_LAUNCH
            n = executions(s)
            if n is None:
                unknown += 1
            else:
                execs += n
    return {"kernel_spans": kernels, "graph_launch_spans": graph_launches, "kernel_executions": execs,
            "graph_launches_of_unknown_size": unknown, "spans": spans, "requests": requests}


# The injector's exit line; export-load (the injector's export path without a GPU)
# prints the same accounting.
EXIT = re.compile(r"(?:gpu-otel-injector: exit|export-load): (\d+) kernel records, (\d+) kernel spans")
FIELD = re.compile(r"(?<![\w.])(\w+)=(-?[0-9]+(?:\.[0-9]+)?)\b")


def exit_line(text):
    """The injector's exit lines in a log: kernel records CUPTI delivered ("records"),
    kernel spans exported ("exported") and every numeric key=value they print
    (cupti_dropped, queue_full, memory_budget_peak_mib, bursts, gap_ms, ...; the first
    occurrence wins, the PC-sampling line's before the others). None when the log has no exit line."""
    m = EXIT.search(text)
    if not m:
        return None
    out = {"records": int(m.group(1)), "exported": int(m.group(2))}
    lines = [line for line in text.splitlines()
             if "gpu-otel-injector: exit:" in line or line.startswith("export-load: ")]
    # The PC-sampling line first: its bursts= are the tier's (the accounting line also
    # counts "flushes deferred for bursts=").
    for line in sorted(lines, key=lambda line: "exit: pc sampling" not in line):
        for k, v in FIELD.findall(line):
            out.setdefault(k, float(v) if "." in v else int(v))
    return out


# The launch accounting's exit line: its phrases and the keys they are read as.
LAUNCH_FIELDS = {
    "kernel executions expected": "expected", "recorded": "recorded", "not recorded": "not_recorded",
    "reported along the way": "reported", "in gpu.kernels.unrecorded spans": "unrecorded_spans",
    "without a span for lack of memory": "without_span", "late records": "late", "kernels": "kernel_launches",
    "graphs": "graph_launches", "of unknown count": "uncountable_launches", "records unchecked": "unchecked",
    "blocks of unknown count": "uncountable_blocks", "graph execs known": "execs_known", "untracked": "execs_untracked",
}
PHRASE = re.compile(r"([a-z][a-z. ]*)=(\d+)")


def launch_accounting(text):
    """The injector's launch accounting at exit ("exit: launch accounting: kernel
    executions expected=E recorded=R not recorded=M ..."), as a dict keyed by
    LAUNCH_FIELDS' values, summed over every such line (a program's child processes
    under the injector print their own), with "processes": how many. None when the log
    has none."""
    total = None
    for line in text.splitlines():
        at = line.find("exit: launch accounting:")
        if at < 0:
            continue
        fields = {LAUNCH_FIELDS[k.strip()]: int(v) for k, v in PHRASE.findall(line[at:]) if k.strip() in LAUNCH_FIELDS}
        total = total or {"processes": 0}
        total["processes"] += 1
        for k, v in fields.items():
            total[k] = total.get(k, 0) + v
    return total


if __name__ == "__main__":
    print(json.dumps(counts(sys.argv[1])))
