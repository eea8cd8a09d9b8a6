"""Turns the raw logs of run.sh / handoff.sh into one TSV row per arm.

usage: summarize.py RAW_DIR OUT.tsv [column ...]

Each RAW_DIR/<arm>.log holds the arm's stdout and stderr; its lines
`graphloop: k=v ...`, `ceilinj: k=v ...` and `torch_handoff: k=v ...` are merged into
one row (keys prefixed app., lib., torch.; the PyTorch workloads' `decode: ...` and
`graph_ops: ...` lines as app.: their graph replays x kernel nodes are the graph kernels
expected, set against CUPTI's graph kernel records), with the arm's exit status from
RAW_DIR/<arm>.rc and its settings from RAW_DIR/<arm>.cmd. Prints the chosen columns
as an aligned table too.
"""
import os
import sys

PREFIXES = {"graphloop:": "app.", "ceilinj:": "lib.", "torch_handoff:": "torch.", "decode:": "app.",
            "graph_ops:": "app."}


def parse(path):
    row = {}
    with open(path, errors="replace") as f:
        for line in f:
            for prefix, tag in PREFIXES.items():
                if line.startswith(prefix):
                    for tok in line[len(prefix):].split():
                        if "=" in tok:
                            k, v = tok.split("=", 1)
                            row[tag + k] = v
    return row


def derive(row):
    def num(k):
        try:
            return float(row[k])
        except (KeyError, ValueError):
            return None

    expected, got = num("app.expected_kernels"), num("lib.kernel_records")
    if expected and got is not None:
        row["records/expected"] = f"{got / expected:.4f}"
        row["missing"] = str(int(expected - got))
    nodes, graph_replays = num("app.kernel_nodes"), num("app.graph_replays")
    if nodes is not None and nodes >= 0 and graph_replays is not None:
        row["app.expected_graph_kernels"] = str(int(nodes * graph_replays))
        graph_got = num("lib.graph_kernel_records")
        if nodes * graph_replays > 0 and graph_got is not None:
            row["graph_records/expected"] = f"{graph_got / (nodes * graph_replays):.4f}"
    replays, traces = num("app.replays"), num("lib.graph_trace_records")
    if replays and traces:
        row["graph_trace/replays"] = f"{traces / replays:.4f}"
    rss = num("lib.max_rss_kb")
    if rss is not None:
        row["max_rss_mb"] = f"{rss / 1024:.0f}"


def main():
    raw, out, cols = sys.argv[1], sys.argv[2], sys.argv[3:]
    rows = []
    for name in sorted(os.listdir(raw), key=lambda n: os.path.getmtime(os.path.join(raw, n))):
        if not name.endswith(".log"):
            continue
        arm = name[:-4]
        row = {"arm": arm}
        row.update(parse(os.path.join(raw, name)))
        for ext, key in ((".rc", "rc"), (".cmd", "settings")):
            p = os.path.join(raw, arm + ext)
            if os.path.exists(p):
                row[key] = open(p).read().strip().replace("\t", " ")
        derive(row)
        rows.append(row)
    keys = ["arm", "rc"] + [c for c in cols if c not in ("arm", "rc")]
    rest = sorted({k for r in rows for k in r} - set(keys) - {"settings"})
    header = keys + rest + ["settings"]
    with open(out, "w") as f:
        f.write("\t".join(header) + "\n")
        for r in rows:
            f.write("\t".join(r.get(k, "") for k in header) + "\n")
    widths = [max(len(k), *(len(r.get(k, "")) for r in rows)) if rows else len(k) for k in keys]
    print("  ".join(k.ljust(w) for k, w in zip(keys, widths)))
    for r in rows:
        print("  ".join(r.get(k, "").ljust(w) for k, w in zip(keys, widths)))


if __name__ == "__main__":
    main()
