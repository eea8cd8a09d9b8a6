#!/usr/bin/env python3
"""A stand-in for the GPU workloads of examples/gpu/carry/endurance.sh on a machine
without a GPU (its PYTHON): called as `fake_gpu_workload.py WORKLOAD.py [ARGS]` with
the workload's own arguments (--graph/--eager, --seconds, --until), it sends real kernel
spans into the receiver the injector would (OTEL_EXPORTER_OTLP_ENDPOINT) with
export-load (the injector's export path, $GPU_OTEL_BIN_DIR), and prints what the program
and the injector would: the workload's begin, periodic and end lines, the injector's
exit line (export-load's own accounting) and a launch accounting line that says
FAKE_NOT_RECORDED (default 500) executions were launched and never recorded, with the
graph decode's replays x kernel nodes made to agree.
"""
import argparse
import os
import re
import subprocess
import sys
import time

KERNEL_NODES = 10
LAUNCHED_ONE_BY_ONE = 37
UNCHECKED = 64


def accounting(expected, recorded, missing, unchecked, kernels, graphs, blocks):
    """The injector's launch accounting line (injector/src/stats.rs)."""
    return (f"gpu-otel-injector: exit: launch accounting: kernel executions expected={expected} recorded={recorded}"
            f" not recorded={missing} (reported along the way={missing}, in gpu.kernels.unrecorded spans="
            f"{1 if missing else 0}, without a span for lack of memory=0), late records=0; launches: kernels={kernels}"
            f" graphs={graphs} of unknown count={blocks}, records unchecked={unchecked} (blocks of unknown count="
            f"{blocks}); graph execs known={1 if graphs else 0} untracked=0")


def main():
    program = os.path.basename(sys.argv[1])
    p = argparse.ArgumentParser()
    p.add_argument("--graph", action="store_true")
    p.add_argument("--eager", action="store_true")
    p.add_argument("--seconds", type=float, default=5)
    p.add_argument("--until", type=float)
    a = p.parse_args(sys.argv[2:])
    name = "decode" if program == "decode.py" else "compiled_train"
    graph = a.graph or name == "compiled_train"
    begin = float(os.environ.get("FAKE_BEGIN_AFTER_S", "0")) if name == "compiled_train" else 0.0
    if begin:
        # A compilation: a few kernels from a child process under the injector (it prints
        # its own exit lines), then quiet until the loop begins.
        child = subprocess.run([os.path.join(os.environ["GPU_OTEL_BIN_DIR"], "export-load"), "produce", "--rate",
                                "1000", "--seconds", "0.1", "--endpoint", os.environ["OTEL_EXPORTER_OTLP_ENDPOINT"]],
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, check=True)
        n = int(re.search(r"export-load: (\d+) kernel records", child.stderr).group(1))
        print(re.search(r"export-load: .*", child.stderr).group(0).replace("export-load: ", "gpu-otel-injector: exit: "),
              file=sys.stderr)
        print(accounting(n, n, 0, 0, n, 0, 0), file=sys.stderr, flush=True)
        time.sleep(begin)
    print(f"{name}: mode={'graph' if a.graph else 'eager'} set up in 0.1 s" if name == "decode"
          else f"{name}: compiled and warmed up in {begin:.1f} s (3 steps)", flush=True)
    seconds = a.seconds if a.until is None else min(a.seconds, a.until - time.time())
    seconds = max(seconds, 1.0)
    # The injector's exit deadline as endurance.sh gives it; a rate that a 2-core machine
    # running three receivers, producers and backends at once drains within it.
    deadline_s = int(os.environ.get("GPU_OTEL_EXIT_DEADLINE_MS", "10000")) / 1000
    produce = subprocess.Popen(
        [os.path.join(os.environ["GPU_OTEL_BIN_DIR"], "export-load"), "produce", "--rate", "10000",
         "--seconds", f"{seconds:.1f}", "--deadline", f"{deadline_s}",
         "--endpoint", os.environ["OTEL_EXPORTER_OTLP_ENDPOINT"]],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    t0 = time.monotonic()
    while produce.poll() is None:
        time.sleep(1)
        t = time.monotonic() - t0
        print(f"{name}: t={t:.1f} tokens_per_s={1000 + t:.1f} steps={int(t * 100)} rss_mib={100 + t:.1f}", flush=True)
    summary = produce.stderr.read()
    # The injector's own lines (an export that failed says why) pass through, as they
    # would from the program.
    for said in re.findall(r"^gpu-otel-injector: .*$", summary, re.M):
        print(said, file=sys.stderr)
    m = re.search(r"export-load: (\d+) kernel records, .*", summary)
    if not m:
        sys.exit(f"fake_gpu_workload: no accounting from export-load: {summary[-500:]}")
    records = int(m.group(1))
    loss = int(os.environ.get("FAKE_NOT_RECORDED", "500"))
    # The program's count must be R x K + launches one by one = records + loss.
    loss += (LAUNCHED_ONE_BY_ONE - records - loss) % KERNEL_NODES
    replays = (records + loss - LAUNCHED_ONE_BY_ONE) // KERNEL_NODES
    unchecked = UNCHECKED if graph else 0
    line = m.group(0).replace("export-load: ", "gpu-otel-injector: exit: ")
    print(line.replace("not_recorded=0", f"not_recorded={loss}"), file=sys.stderr)
    print(accounting(records - unchecked + loss, records - unchecked, loss, unchecked, LAUNCHED_ONE_BY_ONE,
                     replays if graph else 0, 1 if graph else 0), file=sys.stderr, flush=True)
    steps = replays if a.graph else int(seconds * 100)
    nodes = KERNEL_NODES if a.graph else 0
    tail = f" kernel_nodes={nodes} graph_replays={steps if a.graph else 0} warmup_steps=3" if name == "decode" \
        else " loss=9.000 compile_s=0.1"
    print(f"{name}: ok{' mode=graph' if a.graph else ' mode=eager' if a.eager else ''} steps={steps}"
          f" seconds={seconds:.1f} tokens_per_s=1000.0{tail}", flush=True)


if __name__ == "__main__":
    main()
