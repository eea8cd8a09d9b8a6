"""The endurance check's sampler and report (carry/endurance.sh).

usage:
  endurance.py sample TSV EVERY_S NAME=APP_PID,RECEIVER_PID,METRICS_URL,QUEUE_DIR ...
      every EVERY_S seconds, one row per workload into TSV (columns: SAMPLE_COLUMNS): the
      application's and its receiver's resident memory and CPU seconds (/proc), the kernel
      spans the receiver received (its /metrics) and its queue's size on disk; until no
      application is left (a receiver or queue not there reads -1)
  endurance.py rawinj LOG TSV
      the graph decode under cupti-probes/rawinj.c (LOG: its output; TSV: the sampler's):
      CUPTI's kernel records against replays x kernel nodes, the ceiling measured before
  endurance.py report OUT NAME...
      per workload, from OUT/NAME.log (the program's lines and the injector's exit lines),
      OUT/NAME.backend.json (the counting backend), OUT/NAME.metrics (the receiver's
      /metrics at the end) and OUT/rss.tsv: executions expected against spans at the
      backend + counted loss, memory and tokens/s over time. Prints a few lines per
      workload and writes OUT/summary.tsv; exits 1 when a workload has no exit line or no
      backend count, or its balance or its two ends differ.

The balance. The injector's launch accounting counts what launches promised over the
blocks of correlation ids whose promise is known ("expected"), the records of those
blocks ("recorded") and of the others ("unchecked": e.g. the blocks where a stream
capture ran), and what was promised and never recorded ("not recorded"). Every record
CUPTI gave is a span at the backend or a counted drop (queue_full, a failed export,
unexported at exit). So, with the loss counted:

    expected + unchecked + surplus = executions at the backend + not recorded + dropped

where the executions at the backend are its kernel spans, each graph-launch span
(GPU_OTEL_GRAPH_RECORDS=launches) counted as its kernel nodes, and surplus is what was recorded beyond the promise (0 when CUPTI records no more than
was launched). For the graph decode, the program's own count is independent of CUPTI and
of the injector's callbacks: graph replays x the graph's kernel nodes (decode.py's R x K)
plus the kernels launched one by one (the launch accounting's kernel launches).
"""
import json
import os
import re
import statistics
import sys
import time
import urllib.request

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "common"))
from otlp import exit_line, launch_accounting  # noqa: E402

SAMPLE_COLUMNS = ["t_s", "name", "app_rss_mib", "app_cpu_s", "receiver_rss_mib", "receiver_cpu_s",
                  "receiver_kernel_spans", "queue_mib"]
TICK = os.sysconf("SC_CLK_TCK")
# The graph decode must reach this many kernel executions (and the decodes 480 s).
MIN_GRAPH_EXECUTIONS = 50_000_000
MIN_LOOP_S = 480


# ---- sampling ------------------------------------------------------------------------

def rss_mib(pid):
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except (OSError, ValueError):
        pass
    return -1.0


def cpu_s(pid):
    """User + system CPU seconds of a process (all its threads)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / TICK
    except (OSError, ValueError, IndexError):
        return -1.0


def kernel_spans(url):
    """gpu_otel_receiver_kernel_spans from a receiver's /metrics; -1 when it does not answer."""
    try:
        with urllib.request.urlopen(url, timeout=2) as r:
            text = r.read().decode()
    except (OSError, ValueError):
        return -1
    m = re.search(r"^gpu_otel_receiver_kernel_spans(?:_total)? ([0-9.e+]+)$", text, re.M)
    return int(float(m.group(1))) if m else -1


def dir_mib(path):
    total = 0
    for root, _, files in os.walk(path):
        for name in files:
            try:
                total += os.path.getsize(os.path.join(root, name))
            except OSError:
                pass
    return total / 2**20 if os.path.isdir(path) else -1.0


def alive(pid):
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def sample(tsv, every, specs):
    targets = []
    for spec in specs:
        name, rest = spec.split("=", 1)
        app, receiver, url, queue = rest.split(",", 3)
        targets.append((name, int(app), int(receiver), url, queue))
    t0 = time.monotonic()
    with open(tsv, "w") as out:
        out.write("\t".join(SAMPLE_COLUMNS) + "\n")
        while any(alive(t[1]) for t in targets):
            t = time.monotonic() - t0
            for name, app, receiver, url, queue in targets:
                row = [f"{t:.1f}", name, f"{rss_mib(app):.1f}", f"{cpu_s(app):.1f}", f"{rss_mib(receiver):.1f}",
                       f"{cpu_s(receiver):.1f}", str(kernel_spans(url)), f"{dir_mib(queue):.1f}"]
                out.write("\t".join(row) + "\n")
            out.flush()
            time.sleep(max(0.0, every - (time.monotonic() - t0 - t)))
    return 0


# ---- the report ----------------------------------------------------------------------

PERIODIC = re.compile(r"^(?:decode|compiled_train): t=([0-9.]+) tokens_per_s=([0-9.]+) steps=(\d+) rss_mib=(-?[0-9.]+)",
                      re.M)
END = re.compile(r"^(?:decode|compiled_train): ok (.*)$", re.M)
WORD = re.compile(r"(\w+)=(-?[0-9.]+)\b")


def read(path):
    return open(path, errors="replace").read() if os.path.exists(path) else ""


# The exit line's counts that add up over processes (the budget's peak is the largest).
SUMMED = ("records", "exported", "queue_full", "cupti_dropped", "export_failed", "unexported_at_exit")


def injector_exit(log):
    """The injector's exit lines, summed over the processes that printed one (a child
    process under the injector prints its own, and its spans reach the same backend):
    kernel records, spans exported, the drops, kernel spans whose export failed
    ("kernel_export_failed") and the budget's peak; with "processes". None when none."""
    total = None
    for line in log.splitlines():
        e = exit_line(line) if "gpu-otel-injector: exit:" in line else None
        if not e:
            continue
        total = total or {"processes": 0, "kernel_export_failed": 0, "memory_budget_peak_mib": 0.0}
        total["processes"] += 1
        for k in SUMMED:
            total[k] = total.get(k, 0) + e.get(k, 0)
        m = re.search(r"export_failed=\d+ \(kernel spans (\d+)\)", line)
        total["kernel_export_failed"] += int(m.group(1)) if m else e.get("export_failed", 0)
        total["memory_budget_peak_mib"] = max(total["memory_budget_peak_mib"], e.get("memory_budget_peak_mib", 0.0))
    return total


def series(log):
    """The periodic lines: (t, tokens/s over the interval, steps, rss MiB)."""
    return [(float(t), float(r), int(s), float(m)) for t, r, s, m in PERIODIC.findall(log)]


def samples(tsv, name):
    rows = []
    text = read(tsv).splitlines()
    for line in text[1:]:
        cells = line.split("\t")
        if len(cells) == len(SAMPLE_COLUMNS) and cells[1] == name:
            rows.append(dict(zip(SAMPLE_COLUMNS, cells)))
    return rows


def spans_rates(rows):
    """Kernel spans a second the receiver received between samples that both answered:
    the first interval's, the median, and the lowest of those between the first and the
    last (a program still starting or ending is left out): CUPTI's ceiling showed as
    intervals with none. None where there are too few."""
    pts = [(float(r["t_s"]), int(r["receiver_kernel_spans"])) for r in rows if int(r["receiver_kernel_spans"]) >= 0]
    rates = [(b[1] - a[1]) / (b[0] - a[0]) for a, b in zip(pts, pts[1:]) if b[0] > a[0]]
    inner = rates[1:-1]
    return (rates[0] if rates else None, statistics.median(rates) if rates else None, min(inner) if inner else None)


def fmt(v):
    if v is None:
        return "-"
    if isinstance(v, float):
        return f"{v:.1f}"
    return str(v)


def workload(out, name):
    """Everything the report says of one workload, as an ordered dict (None: not known)."""
    log = read(os.path.join(out, f"{name}.log"))
    w = {"name": name}
    end = END.search(log)
    words = {k: v for k, v in WORD.findall(end.group(1))} if end else {}
    w["loop_s"] = float(words["seconds"]) if "seconds" in words else None
    w["steps"] = int(words["steps"]) if "steps" in words else None
    w["tokens_per_s"] = float(words["tokens_per_s"]) if "tokens_per_s" in words else None
    e = injector_exit(log)
    la = launch_accounting(log) or {}
    backend_text = read(os.path.join(out, f"{name}.backend.json")).strip()
    backend = json.loads(backend_text) if backend_text else {}
    w["injector_processes"] = e["processes"] if e else 0
    w["expected"] = la.get("expected")
    w["recorded"] = la.get("recorded")
    w["unchecked"] = la.get("unchecked")
    w["records_cupti"] = e["records"] if e else None
    w["exported"] = e["exported"] if e else None
    w["backend_kernel_spans"] = backend.get("kernel_spans")
    # What the spans stand for: with GPU_OTEL_GRAPH_RECORDS=launches a graph-launch span is
    # its replay's kernel nodes (a backend from before counted spans only).
    w["backend_kernel_executions"] = backend.get("kernel_executions", w["backend_kernel_spans"])
    w["backend_graph_launch_spans"] = backend.get("graph_launch_spans", 0)
    w["not_recorded"] = la.get("not_recorded")
    w["reported_along_the_way"] = la.get("reported")
    w["unrecorded_spans"] = la.get("unrecorded_spans")
    drops = {k: (e or {}).get(k) for k in ("queue_full", "cupti_dropped", "export_failed", "unexported_at_exit")}
    w.update(drops)
    kernel_export_failed = e["kernel_export_failed"] if e else None
    known = None not in (w["expected"], w["recorded"], w["unchecked"], w["backend_kernel_spans"], w["not_recorded"],
                         w["queue_full"], w["unexported_at_exit"], kernel_export_failed)
    if known:
        surplus = max(w["recorded"] - w["expected"], 0)
        dropped = w["queue_full"] + kernel_export_failed + w["unexported_at_exit"]
        w["surplus"] = surplus
        w["counted_loss"] = w["not_recorded"] + dropped
        w["left"] = w["expected"] + w["unchecked"] + surplus
        w["right"] = w["backend_kernel_executions"] + w["counted_loss"]
        w["balance_equal"] = w["left"] == w["right"]
    else:
        w.update(surplus=None, counted_loss=None, left=None, right=None, balance_equal=None)
    ends = (w["exported"], w["backend_kernel_spans"])
    # Spans the receiver still held at its stop (its persistent queue keeps them for the
    # next start): not at the backend, not lost.
    m = re.search(r"^gpu_otel_receiver_queue_spans ([0-9.e+]+)$", read(os.path.join(out, f"{name}.metrics")), re.M)
    w["kept_in_receiver_queue"] = int(float(m.group(1))) if m else None
    w["ends_equal"] = (ends[0] == ends[1]) if None not in ends else None
    # The program's own count (the graph decode): R x K + kernels launched one by one.
    r, k = words.get("graph_replays"), words.get("kernel_nodes")
    w["graph_replays"] = int(r) if r is not None else None
    w["kernel_nodes"] = int(k) if k is not None else None
    w["graph_launches_seen"] = la.get("graph_launches")
    w["kernel_launches_seen"] = la.get("kernel_launches")
    if w["graph_replays"] and w["kernel_nodes"] and w["kernel_nodes"] > 0:
        w["replays_x_nodes"] = w["graph_replays"] * w["kernel_nodes"]
        w["program_expected"] = w["replays_x_nodes"] + (w["kernel_launches_seen"] or 0)
        w["program_vs_spans_and_loss"] = (w["program_expected"] - w["right"]) if w["right"] is not None else None
    else:
        w["replays_x_nodes"] = w["program_expected"] = w["program_vs_spans_and_loss"] = None
    # Over time: the program's own lines (the loop only), and the sampler's.
    s = series(log)
    rss = [m for *_, m in s if m >= 0]
    rate = [r for _, r, _, _ in s]
    w["rss_first_mib"], w["rss_max_mib"], w["rss_last_mib"] = (rss[0], max(rss), rss[-1]) if rss else (None,) * 3
    w["tokens_per_s_first"], w["tokens_per_s_last"] = (rate[0], rate[-1]) if rate else (None, None)
    w["tokens_per_s_min"] = min(rate) if rate else None
    w["tokens_per_s_median"] = statistics.median(rate) if rate else None
    w["last_vs_first"] = round(rate[-1] / rate[0], 3) if rate and rate[0] > 0 else None
    rows = samples(os.path.join(out, "rss.tsv"), name)
    app_rss = [float(r["app_rss_mib"]) for r in rows if float(r["app_rss_mib"]) >= 0]
    w["sampled_rss_max_mib"] = max(app_rss) if app_rss else None
    receiver_rss = [float(r["receiver_rss_mib"]) for r in rows if float(r["receiver_rss_mib"]) >= 0]
    w["receiver_rss_max_mib"] = max(receiver_rss) if receiver_rss else None
    queue = [float(r["queue_mib"]) for r in rows if float(r["queue_mib"]) >= 0]
    w["queue_max_mib"] = max(queue) if queue else None
    w["receiver_spans_per_s_first"], w["receiver_spans_per_s_median"], w["receiver_spans_per_s_min_inner"] = \
        spans_rates(rows)
    w["budget_peak_mib"] = (e or {}).get("memory_budget_peak_mib")
    metrics = read(os.path.join(out, f"{name}.metrics"))
    lost = sum(int(float(v)) for v in re.findall(r"^gpu_otel_receiver_spans_dropped(?:_total)?\{[^}]*\} ([0-9.e+]+)$",
                                                 metrics, re.M))
    w["receiver_spans_dropped"] = lost if metrics else None
    return w


def lines(w):
    """A few lines for one workload."""
    more = f" ({w['injector_processes']} processes printed an injector exit line)" if w["injector_processes"] > 1 else ""
    out = [f"== {w['name']}: loop {fmt(w['loop_s'])} s, {fmt(w['steps'])} steps, {fmt(w['tokens_per_s'])} tokens/s"
           + more]
    out.append(f"   executions expected={fmt(w['expected'])} (+ unchecked records {fmt(w['unchecked'])}, surplus"
               f" {fmt(w['surplus'])}) = executions at the backend {fmt(w['backend_kernel_executions'])} + counted loss"
               f" {fmt(w['counted_loss'])} (not recorded {fmt(w['not_recorded'])}, queue_full {fmt(w['queue_full'])},"
               f" unexported {fmt(w['unexported_at_exit'])}): {fmt(w['left'])} vs {fmt(w['right'])}"
               f" -> {'EQUAL' if w['balance_equal'] else 'DIFFER' if w['balance_equal'] is False else 'unknown'}")
    out.append(f"   records CUPTI gave={fmt(w['records_cupti'])} exported={fmt(w['exported'])} at the backend"
               f" {fmt(w['backend_kernel_spans'])} (ends equal: {fmt(w['ends_equal'])}); reported along the way"
               f" {fmt(w['reported_along_the_way'])}, in gpu.kernels.unrecorded spans {fmt(w['unrecorded_spans'])};"
               f" cupti_dropped {fmt(w['cupti_dropped'])}; receiver dropped {fmt(w['receiver_spans_dropped'])},"
               f" kept in its queue at the end {fmt(w['kept_in_receiver_queue'])}")
    if w["replays_x_nodes"] is not None:
        enough = "yes" if w["replays_x_nodes"] >= MIN_GRAPH_EXECUTIONS else "NO"
        out.append(f"   the program's count: {w['graph_replays']} replays x {w['kernel_nodes']} kernel nodes ="
                   f" {w['replays_x_nodes']} (>= {MIN_GRAPH_EXECUTIONS // 1_000_000}M: {enough}) + kernels launched"
                   f" {fmt(w['kernel_launches_seen'])} = {w['program_expected']}, minus spans + loss:"
                   f" {fmt(w['program_vs_spans_and_loss'])}; graph launches the injector saw"
                   f" {fmt(w['graph_launches_seen'])}")
    out.append(f"   RSS MiB first/max/last {fmt(w['rss_first_mib'])}/{fmt(w['rss_max_mib'])}/{fmt(w['rss_last_mib'])}"
               f" (sampled max {fmt(w['sampled_rss_max_mib'])}); injector budget peak {fmt(w['budget_peak_mib'])} MiB;"
               f" tokens/s first/last {fmt(w['tokens_per_s_first'])}/{fmt(w['tokens_per_s_last'])}"
               f" (min {fmt(w['tokens_per_s_min'])}, last/first {fmt(w['last_vs_first'])}); receiver kernel spans/s"
               f" first/median/lowest {fmt(w['receiver_spans_per_s_first'])}/{fmt(w['receiver_spans_per_s_median'])}/"
               f"{fmt(w['receiver_spans_per_s_min_inner'])}, its RSS max"
               f" {fmt(w['receiver_rss_max_mib'])} MiB, queue max {fmt(w['queue_max_mib'])} MiB")
    return out


def report(out, names):
    rows = [workload(out, n) for n in names]
    for w in rows:
        print("\n".join(lines(w)))
    with open(os.path.join(out, "summary.tsv"), "w") as f:
        f.write("\t".join(rows[0].keys()) + "\n")
        for w in rows:
            f.write("\t".join(fmt(v) for v in w.values()) + "\n")
    bad = [w["name"] for w in rows if w["records_cupti"] is None or w["backend_kernel_spans"] is None
           or not w["balance_equal"] or not w["ends_equal"]]
    decodes = [w for w in rows if w["name"].startswith("decode") and (w["loop_s"] or 0) < MIN_LOOP_S]
    print(f"endurance: {len(rows) - len(bad)} of {len(rows)} balanced"
          + (f"; not balanced or not counted: {' '.join(bad)}" if bad else "")
          + (f"; decode loops under {MIN_LOOP_S} s: {' '.join(w['name'] for w in decodes)}" if decodes else ""))
    return 1 if bad else 0


# The ceiling of graph-launched kernel records measured before on the H200 (CUDA 13.0,
# driver 580.159.04, CUPTI's default device buffers), with rawinj.c and with the injector.
CEILING_MEASURED = 24_874_415


def rawinj(log_path, tsv):
    """The graph decode under rawinj.c: CUPTI's kernel records against the program's
    replays x kernel nodes."""
    log = read(log_path)
    m = re.search(r"rawinj: kernel_records=(\d+)", log)
    end = END.search(log)
    words = dict(WORD.findall(end.group(1))) if end else {}
    if not m or not words:
        print(f"rawinj: no {'rawinj line' if not m else 'decode end line'} in {log_path}")
        return 1
    records, replays, nodes = int(m.group(1)), int(words["graph_replays"]), int(words["kernel_nodes"])
    s = series(log)
    rss = [x[3] for x in s if x[3] >= 0]
    rate = [x[1] for x in s]
    sampled = [float(r["app_rss_mib"]) for r in samples(tsv, "decode-graph") if float(r["app_rss_mib"]) >= 0]
    line = f"rawinj: kernel_records={records} graph_replays={replays} kernel_nodes={nodes}"
    if nodes > 0:
        line += (f" replays_x_nodes={replays * nodes} records_minus_replays_x_nodes={records - replays * nodes}"
                 " (the set-up's and warm-up's kernels are records too)")
    line += f" ceiling_measured_before={CEILING_MEASURED} loop_s={words.get('seconds')}"
    print(line)
    if rss and rate:
        print(f"   RSS MiB first/max/last {rss[0]:.1f}/{max(rss):.1f}/{rss[-1]:.1f} (sampled max"
              f" {fmt(max(sampled) if sampled else None)}); tokens/s first/last {rate[0]:.1f}/{rate[-1]:.1f}")
    return 0


def main(argv):
    if len(argv) >= 4 and argv[1] == "sample":
        return sample(argv[2], float(argv[3]), argv[4:])
    if len(argv) >= 4 and argv[1] == "report":
        return report(argv[2], argv[3:])
    if len(argv) == 4 and argv[1] == "rawinj":
        return rawinj(argv[2], argv[3])
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
