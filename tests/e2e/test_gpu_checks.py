"""The GPU checks (examples/gpu/) without a GPU: their shared code on what the H200
recorded, their plumbing with the real receiver, and their index.

- common/arms.py on two H200 cost logs (fixtures/h200_floor_9_rounds.txt: the program
  lines of `cost/floor.sh` with SHORT=1 ROUNDS=9, 2026-12-01; fixtures/
  h200_pc_sampling_overhead.txt: the program and PC-sampling exit lines of
  `pc-sampling/overhead.sh`, 2026-11-29, cut to their first 300 characters) gives the
  numbers docs/measurements/ quotes from them.
- The analyzers on the committed receiver outputs of H200 runs
  (receiver/tests/fixtures/).
- The H200 results of 2026-12-05 (fixtures/h200-2026-12-05/: ceiling.tsv, handoff.tsv,
  the decode.sh logs, the shared-gpu.sh summaries and the pair's logs, the endurance
  run's logs, summary.tsv and rss.tsv) recomputed into the numbers
  docs/measurements/h200-2026-12-05.md quotes; the H100 results of 2026-12-06
  (fixtures/h100-2026-12-06/, -pm/ and -eve/) into those of
  docs/measurements/h100-2026-12-06.md.
- common/gpu.sh's receiver, counting backend and both-ends count, with export-load (the
  injector's export path without a GPU) as the workload.
- Every check parses (bash -n, py_compile) and the index names every folder and check.
"""

import gzip
import json
import os
import py_compile
import re
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import BIN, ROOT

GPU = ROOT / "examples" / "gpu"
FIXTURES = Path(__file__).parent / "fixtures"
RECEIVER_FIXTURES = ROOT / "receiver" / "tests" / "fixtures"
sys.path.insert(0, str(GPU / "common"))
sys.path.insert(0, str(GPU / "workloads"))
import graph_nodes  # noqa: E402
import otlp  # noqa: E402


def run(*args, **kw):
    return subprocess.run([str(a) for a in args], capture_output=True, text=True, timeout=300, **kw)


def summaries(*args):
    r = run(sys.executable, GPU / "common" / "arms.py", *args)
    assert r.returncode == 0, r.stderr
    out = {}
    for line in r.stdout.splitlines():
        fields = dict(w.split("=", 1) for w in line.removeprefix("summary: ").split())
        out[(fields.get("streams"), fields["arm"])] = fields
    return out


def test_the_floor_summary_gives_the_injector_within_0_2_us_of_rawinj_over_nine_h200_rounds():
    s = summaries(FIXTURES / "h200_floor_9_rounds.txt", "--ref", "rawinj")
    one, four = s[("1", "inj")], s[("4", "inj")]
    assert (one["runs"], one["us_per_launch_vs_rawinj"], one["paired_us_per_launch_vs_rawinj"]) == ("9", "-0.190", "+0.059")
    assert (four["us_per_launch_vs_rawinj"], four["paired_us_per_launch_vs_rawinj"]) == ("-0.110", "-0.386")
    assert s[("1", "rawinj")]["us_per_launch_vs_rawinj"] == "+0.000"
    assert s[("1", "none")]["us_per_launch_vs_none"] == "+0.000"


def test_the_pc_sampling_overhead_summary_gives_the_default_controller_one_percent_and_131_ms_per_1000_pairs():
    s = summaries(FIXTURES / "h200_pc_sampling_overhead.txt", "--base", "off", "--fields",
                  "duty,bursts,launches_serialized", "--per", "pairs")
    d, fixed = s[(None, "default")], s[(None, "fixed50")]
    assert (d["vs_off"], d["ms_per_1000_pairs"], d["bursts"], d["pairs"]) == ("+1.00%", "131.1", "6", "478")
    assert (fixed["vs_off"], fixed["ms_per_1000_pairs"]) == ("+3.85%", "301.6")
    assert s[(None, "off")]["pairs"] == "-"  # tier off prints no PC-sampling line


def test_arms_refuses_a_log_without_arm_lines(tmp_path):
    log = tmp_path / "empty.txt"
    log.write_text("nothing measured\n")
    r = run(sys.executable, GPU / "common" / "arms.py", log)
    assert r.returncode == 1 and "no arm lines" in r.stderr


def test_the_exit_line_reader_takes_the_tiers_bursts_not_the_deferred_flushes():
    log = (
        "gpu-otel-injector: exit: 7718355 kernel records, 7718355 kernel spans and 361 trace roots exported; "
        "dropped: queue_full=0 cupti_dropped=3 export_failed=0 (kernel spans 0) malformed=0 unexported_at_exit=0; "
        "requests=10485 retries=0 memory_budget_peak_mib=6.3; flushes deferred for bursts=4\n"
        "gpu-otel-injector: exit: pc sampling tier=serialized bursts=68 empty_bursts=21 gap_ms=10000\n"
    )
    e = otlp.exit_line(log)
    assert (e["records"], e["exported"], e["cupti_dropped"], e["bursts"], e["empty_bursts"]) == (7718355, 7718355, 3, 68, 21)
    assert e["memory_budget_peak_mib"] == 6.3
    assert otlp.exit_line("no injector here") is None


def shared_gpu_group(tmp_path, intervals, records=(1000, 1000), spans=(1000, 1000)):
    """A shared-gpu.sh group of two processes: their logs (the injector's real exit-line
    shapes) and their backends' counts with the stretches of "true" kernels."""
    for i, (iv, r, s) in enumerate(zip(intervals, records, spans)):
        (tmp_path / f"n2-p{i}.log").write_text(
            f"gpu-otel-injector: exit: {r} kernel records, {r} kernel spans and 3 trace roots exported; "
            "dropped: queue_full=0 cupti_dropped=0 export_failed=0 (kernel spans 0)\n"
            "gpu-otel-injector: exit: pc sampling tier=serialized tier_at_exit=off sampler_lease=held "
            f"sampler_wait_ms={400 * i} leases_taken=2 leases_given_up=2 step_down=0 bursts=9 stop_failed=0\n")
        (tmp_path / f"n2-p{i}.backend.json").write_text(json.dumps(
            {"kernel_spans": s, "true": sum(x[2] for x in iv), "false": s - sum(x[2] for x in iv), "unknown": 0,
             "true_intervals": iv}))
    return run(sys.executable, GPU / "pc-sampling" / "shared_gpu.py", tmp_path, "n2")


def test_processes_sharing_a_gpu_pass_when_each_carried_every_kernel_and_their_true_stretches_take_turns(tmp_path):
    r = shared_gpu_group(tmp_path, [[[0, 5_000_000_000, 40]], [[7_000_000_000, 9_000_000_000, 30]]])
    assert r.returncode == 0, r.stdout
    assert "sampled_at_some_time=2 max_pairwise_true_overlap_ms=0.000" in r.stdout
    assert "leases_taken=2" in r.stdout and "sampler_wait_ms=400" in r.stdout


def test_two_processes_with_true_kernels_at_once_or_a_lost_kernel_fail_the_shared_gpu_check(tmp_path):
    both = shared_gpu_group(tmp_path, [[[0, 5_000_000_000, 40]], [[4_000_000_000, 9_000_000_000, 30]]])
    assert both.returncode == 1 and "both had true kernels for 1000.0 ms" in both.stdout
    lost = shared_gpu_group(tmp_path, [[], []], spans=(1000, 999))
    assert lost.returncode == 1 and "equal=False" in lost.stdout


class FakeCudart:
    """The three runtime calls graph_nodes.kernel_nodes makes, over graphs given as
    {graph: [(node, cudaGraphNodeType, child graph or None)]}."""

    def __init__(self, graphs):
        self.graphs = graphs
        self.nodes = {n: (kind, child) for g in graphs.values() for n, kind, child in g}

    def cudaGraphGetNodes(self, graph, nodes, count):
        ids = [n for n, _, _ in self.graphs[graph.value]]
        count._obj.value = len(ids)
        for i, n in enumerate(ids if nodes is not None else []):
            nodes[i] = n
        return 0

    def cudaGraphNodeGetType(self, node, kind):
        kind._obj.value = self.nodes[node.value][0]
        return 0

    def cudaGraphChildGraphNodeGetGraph(self, node, child):
        child._obj.value = self.nodes[node.value][1]
        return 0


def test_a_graphs_kernel_nodes_count_its_child_graphs_kernels_and_nothing_else():
    kernel, memset, child, empty, conditional = 0, 2, 4, 5, 13
    graphs = {0x100: [(1, kernel, None), (2, memset, None), (3, child, 0x200), (4, kernel, None), (5, empty, None)],
              0x200: [(6, kernel, None), (7, child, 0x300)],
              0x300: [(8, kernel, None), (9, kernel, None)]}
    assert graph_nodes.kernel_nodes(FakeCudart(graphs), 0x100) == 5
    assert graph_nodes.kernel_nodes(FakeCudart({0x100: []}), 0x100) == 0
    # A conditional node anywhere: the count per launch is not fixed.
    graphs[0x300].append((10, conditional, None))
    assert graph_nodes.kernel_nodes(FakeCudart(graphs), 0x100) is None


# The injector's launch accounting line, as injector/src/stats.rs formats it.
LAUNCH_LINE = (
    "gpu-otel-injector: exit: launch accounting: kernel executions expected={} recorded={} not recorded={} "
    "(reported along the way={}, in gpu.kernels.unrecorded spans={}, without a span for lack of memory={}), "
    "late records={}; launches: kernels={} graphs={} of unknown count={}, records unchecked={} (blocks of unknown "
    "count={}); graph execs known={} untracked={}"
)


def test_a_capture_counts_graph_launch_spans_as_kernel_spans_standing_for_their_kernel_nodes(tmp_path):
    def span(name, a=None):
        kv = [{"key": k, "value": {"intValue": str(v)} if isinstance(v, int) else {"stringValue": v}}
              for k, v in (a or {}).items()]
        return {"name": name, "attributes": kv}
    spans = [span("gemm", {"gpu.kernel.name": "gemm"}), span("gpu.graph.launch", {"gpu.graph.kernel_nodes": 198}),
             span("gpu.graph.launch"), span("step")]
    capture = tmp_path / "c.jsonl"
    capture.write_text(json.dumps({"resourceSpans": [{"resource": {"attributes": []},
                                                      "scopeSpans": [{"spans": spans}]}]}) + "\n")
    c = otlp.counts(capture)
    assert (c["kernel_spans"], c["graph_launch_spans"], c["kernel_executions"]) == (3, 2, 1 + 198), c
    assert (c["graph_launches_of_unknown_size"], c["spans"], c["requests"]) == (1, 4, 1), c


def handoff_run(tmp_path, w=(35, 35), inside=0, handoffs=2, profiler_kernels=35, log_lines="", mode="handoff"):
    """A profiler_handoff.py run as handoff/check.py reads it: five phases 1 s apart,
    35 kernels each outside the windows (`inside` in each window), `handoffs` windows."""
    t0 = 1_764_900_000_000_000_000
    s = 1_000_000_000
    phases = [(t0 + i * s, t0 + (i + 1) * s - 1000) for i in range(5)]

    def span(name, start, a):
        kv = [{"key": k, "value": {"intValue": str(v)} if isinstance(v, int) and not isinstance(v, bool)
               else {"boolValue": v}} for k, v in a.items()]
        return {"name": name, "startTimeUnixNano": str(start), "endTimeUnixNano": str(start + 500), "attributes": kv}
    spans = []
    for i, (lo, _) in enumerate(phases):
        n = inside if i in (1, 3) else 35
        spans += [span("k", lo + 10_000 + j, {"gpu.kernel.name": 1}) for j in range(n)]
    for i in range(handoffs):
        lo, hi = phases[1 + 2 * i]
        h = span("gpu.profiler.handoff", lo + 100, {"gpu.profiler.handoff.profiler_kernels": profiler_kernels,
                                                   "gpu.profiler.handoff.callbacks_resumed": False})
        h["endTimeUnixNano"] = str(hi - 100)
        spans.append(h)
    capture = tmp_path / "c.jsonl"
    capture.write_text(json.dumps({"resourceSpans": [{"resource": {"attributes": []},
                                                      "scopeSpans": [{"spans": spans}]}]}) + "\n")
    kernels = sum(1 for x in spans if x["name"] == "k")
    line = " ".join([f"p{i}={lo},{hi}" for i, (lo, hi) in enumerate(phases)] + [f"w1_kernels={w[0]}", f"w2_kernels={w[1]}"])
    log = tmp_path / "run.log"
    log.write_text(f"profiler_handoff: mode=handoff iters=5 {line}\n"
                   f"gpu-otel-injector: exit: {kernels} kernel records, {kernels} kernel spans (0 of them gpu.graph.launch spans, "
                   f"GPU_OTEL_GRAPH_RECORDS=nodes) and 5 trace roots exported; dropped: queue_full=0\n"
                   + log_lines)
    return run(sys.executable, GPU / "handoff" / "check.py", log, capture, mode)


def test_the_hand_off_check_passes_windows_the_profiler_saw_whole_and_the_injector_did_not_see(tmp_path):
    r = handoff_run(tmp_path)
    assert r.returncode == 0 and "handoff: OK" in r.stdout, r.stdout + r.stderr


@pytest.mark.parametrize("case, why", [
    ({"w": (0, 35)}, "profiler kernels [0, 35] != the phase's kernels 35"),
    ({"inside": 3}, "injector kernel spans inside the windows: 3, 3"),
    ({"handoffs": 1}, "1 gpu.profiler.handoff spans, not 2"),
    ({"profiler_kernels": 7}, "handoff span 1 says 7 profiler kernels, not 35"),
])
def test_the_hand_off_check_fails_a_window_the_profiler_missed_or_the_injector_recorded_into(tmp_path, case, why):
    r = handoff_run(tmp_path, **case)
    assert r.returncode == 1 and why in r.stdout, r.stdout + r.stderr


CUPTI_PATH_LEFT = ("gpu-otel-injector: GPU_OTEL_CUPTI_PATH=/usr/local/cuda/lib64/libcupti.so not loaded: the "
                   "process already holds /opt/v/nvidia/cu13/lib/libcupti.so.13, and CUPTI's subscriber (which a "
                   "profiler hand-off passes on) lives in one copy; the injector uses the one held\n")


def test_the_cupti_path_run_passes_only_where_the_injector_said_it_left_the_second_copy_unloaded(tmp_path):
    r = handoff_run(tmp_path, mode="cuptipath", log_lines=CUPTI_PATH_LEFT)
    assert r.returncode == 0 and "cuptipath: OK" in r.stdout, r.stdout + r.stderr
    r = handoff_run(tmp_path, mode="cuptipath")
    assert r.returncode == 1 and "no line saying GPU_OTEL_CUPTI_PATH was left unloaded" in r.stdout, r.stdout


SECOND_CUPTI = ("gpu-otel-injector: profiler hand-off refused: another libcupti is loaded in this process "
                "(the injector's log names both): a profiler on it cannot take CUPTI from the injector's copy; "
                "the injector keeps recording (this process also loaded /opt/v/nvidia/cu13/lib/libcupti.so.13)\n")


def test_a_hand_off_refused_for_a_second_libcupti_is_reported_as_such_never_as_a_pass(tmp_path):
    r = handoff_run(tmp_path, w=(0, 0), inside=35, handoffs=0, log_lines=SECOND_CUPTI)
    assert r.returncode == 3, r.stdout + r.stderr
    assert ("handoff: REFUSED (a second libcupti: /opt/v/nvidia/cu13/lib/libcupti.so.13); "
            "the injector kept CUPTI: every kernel recorded") in r.stdout, r.stdout


def test_a_refused_hand_off_still_fails_when_the_injector_missed_a_windows_kernels(tmp_path):
    r = handoff_run(tmp_path, w=(0, 0), inside=3, handoffs=0, log_lines=SECOND_CUPTI)
    assert r.returncode == 3 and "FAIL: kernel spans per phase [35, 3, 35, 3, 35]" in r.stdout, r.stdout


def test_the_launch_accounting_reader_reads_every_count_and_sums_the_lines_of_several_processes():
    one = LAUNCH_LINE.format(*range(101, 115))
    a = otlp.launch_accounting(one)
    assert a == {"processes": 1, "expected": 101, "recorded": 102, "not_recorded": 103, "reported": 104,
                 "unrecorded_spans": 105, "without_span": 106, "late": 107, "kernel_launches": 108,
                 "graph_launches": 109, "uncountable_launches": 110, "unchecked": 111, "uncountable_blocks": 112,
                 "execs_known": 113, "execs_untracked": 114}
    child = LAUNCH_LINE.format(*[1] * 14)
    both = otlp.launch_accounting(f"decode: ok\n{one}\nsomething else\n{child}\n")
    assert (both["processes"], both["expected"], both["not_recorded"], both["execs_untracked"]) == (2, 102, 104, 115)
    assert otlp.launch_accounting("gpu-otel-injector: exit: 5 kernel records, 5 kernel spans") is None


def endurance_log(records, expected, recorded, missing, unchecked, replays, nodes, kernels):
    """A graph decode's output as decode.py and the injector print it."""
    return (
        "decode: mode=graph set up in 9.1 s, kernel_nodes=197\n"
        "decode: t=10.0 tokens_per_s=10312.4 steps=12890 rss_mib=812.3\n"
        "decode: t=20.0 tokens_per_s=10290.0 steps=25752 rss_mib=830.0\n"
        "decode: t=30.0 tokens_per_s=10301.7 steps=38630 rss_mib=829.5\n"
        f"decode: ok mode=graph steps={replays} seconds=30.1 tokens_per_s=10300.0 kernel_nodes={nodes} "
        f"graph_replays={replays} warmup_steps=3 last_tokens=1,2,3\n"
        f"gpu-otel-injector: exit: {records} kernel records, {records} kernel spans and 90 trace roots exported; "
        "dropped: queue_full=0 cupti_dropped=0 export_failed=0 (kernel spans 0) malformed=0 unexported_at_exit=0 "
        f"not_recorded={missing}; requests=100 retries=0 memory_budget_peak_mib=41.5; serialized stamps true=0\n"
        + LAUNCH_LINE.format(expected, recorded, missing, missing, 2, 0, 0, kernels, replays, 1, unchecked, 1, 1, 0)
        + "\n"
    )


def test_the_endurance_report_balances_expected_executions_against_spans_and_counted_loss(tmp_path):
    """A graph decode whose CUPTI stopped recording: 38,630 replays x 197 nodes + 700
    kernels launched one by one = 7,610,810 executions; 5,000,000 records (64 of them in
    the capture's block, unchecked) reached the backend, 2,610,810 were counted as not
    recorded."""
    records, unchecked, replays, nodes, kernels = 5_000_000, 64, 38_630, 197, 700
    missing = replays * nodes + kernels - records
    expected = records - unchecked + missing
    (tmp_path / "decode-graph.log").write_text(
        endurance_log(records, expected, records - unchecked, missing, unchecked, replays, nodes, kernels))
    (tmp_path / "decode-graph.backend.json").write_text(json.dumps({"kernel_spans": records, "spans": records + 92}))
    (tmp_path / "rss.tsv").write_text(
        "t_s\tname\tapp_rss_mib\tapp_cpu_s\treceiver_rss_mib\treceiver_cpu_s\treceiver_kernel_spans\tqueue_mib\n"
        "0.0\tdecode-graph\t500.0\t1.0\t40.0\t0.1\t0\t0.1\n"
        "10.0\tdecode-graph\t810.0\t11.0\t60.0\t5.0\t2500000\t64.0\n"
        "20.0\tdecode-graph\t830.0\t21.0\t61.0\t9.0\t5000000\t64.0\n"
        "30.0\tdecode-graph\t829.0\t31.0\t61.0\t9.2\t5000000\t64.0\n"
        "40.0\tdecode-graph\t829.0\t41.0\t61.0\t9.3\t5000000\t64.0\n")
    report = [sys.executable, GPU / "carry" / "endurance.py", "report", tmp_path, "decode-graph"]
    r = run(*report)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "7610810 vs 7610810 -> EQUAL" in r.stdout and "minus spans + loss: 0;" in r.stdout, r.stdout
    header, row = (tmp_path / "summary.tsv").read_text().splitlines()
    w = dict(zip(header.split("\t"), row.split("\t")))
    assert (w["not_recorded"], w["counted_loss"], w["replays_x_nodes"], w["ends_equal"]) == \
        (str(missing), str(missing), str(replays * nodes), "True")
    assert (w["rss_first_mib"], w["rss_max_mib"], w["rss_last_mib"], w["sampled_rss_max_mib"]) == \
        ("812.3", "830.0", "829.5", "830.0")
    assert (w["tokens_per_s_first"], w["tokens_per_s_last"], w["budget_peak_mib"]) == ("10312.4", "10301.7", "41.5")
    # The records stopped coming at the receiver: the lowest rate between samples is 0.
    assert (w["receiver_spans_per_s_first"], w["receiver_spans_per_s_min_inner"]) == ("250000.0", "0.0")
    # A span short at the backend: the ends and the balance differ, and the report fails.
    (tmp_path / "decode-graph.backend.json").write_text(json.dumps({"kernel_spans": records - 1}))
    r = run(*report)
    assert r.returncode == 1 and "-> DIFFER" in r.stdout and "not balanced or not counted: decode-graph" in r.stdout


def test_the_endurance_report_counts_a_graph_launch_span_at_the_backend_as_its_kernel_nodes(tmp_path):
    """GPU_OTEL_GRAPH_RECORDS=launches: 38,630 replays, each one gpu.graph.launch span of
    197 nodes, + 700 kernels launched one by one: 39,330 spans at the backend standing for
    7,610,810 executions, all of them recorded."""
    replays, nodes, kernels = 38_630, 197, 700
    spans, executions = replays + kernels, replays * nodes + kernels
    (tmp_path / "decode-graph.log").write_text(
        endurance_log(spans, executions, executions, 0, 0, replays, nodes, kernels))
    backend = {"kernel_spans": spans, "graph_launch_spans": replays, "kernel_executions": executions}
    (tmp_path / "decode-graph.backend.json").write_text(json.dumps(backend))
    (tmp_path / "rss.tsv").write_text(
        "t_s\tname\tapp_rss_mib\tapp_cpu_s\treceiver_rss_mib\treceiver_cpu_s\treceiver_kernel_spans\tqueue_mib\n"
        "0.0\tdecode-graph\t500.0\t1.0\t40.0\t0.1\t0\t0.1\n")
    report = [sys.executable, GPU / "carry" / "endurance.py", "report", tmp_path, "decode-graph"]
    r = run(*report)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "7610810 vs 7610810 -> EQUAL" in r.stdout and "minus spans + loss: 0;" in r.stdout, r.stdout
    header, row = (tmp_path / "summary.tsv").read_text().splitlines()
    w = dict(zip(header.split("\t"), row.split("\t")))
    assert (w["backend_kernel_spans"], w["backend_kernel_executions"], w["ends_equal"]) == \
        (str(spans), str(executions), "True")
    # Counted as spans, the same backend would be millions short.
    (tmp_path / "decode-graph.backend.json").write_text(json.dumps({"kernel_spans": spans}))
    r = run(*report)
    assert r.returncode == 1 and "-> DIFFER" in r.stdout, r.stdout


def test_the_rawinj_comparison_sets_cuptis_records_against_replays_times_kernel_nodes(tmp_path):
    log = tmp_path / "rawinj.log"
    log.write_text(endurance_log(0, 0, 0, 0, 0, 162_000, 197, 700).split("gpu-otel-injector")[0]
                   + "rawinj: kernel_records=24874415 callbacks=0\n")
    tsv = tmp_path / "rss.tsv"
    tsv.write_text("t_s\tname\tapp_rss_mib\tapp_cpu_s\treceiver_rss_mib\treceiver_cpu_s\treceiver_kernel_spans\t"
                   "queue_mib\n0.0\tdecode-graph\t2800.5\t1.0\t-1.0\t-1.0\t-1\t-1.0\n")
    r = run(sys.executable, GPU / "carry" / "endurance.py", "rawinj", log, tsv)
    assert r.returncode == 0, r.stderr
    assert ("rawinj: kernel_records=24874415 graph_replays=162000 kernel_nodes=197 replays_x_nodes=31914000 "
            "records_minus_replays_x_nodes=-7039585") in r.stdout, r.stdout
    assert "RSS MiB first/max/last 812.3/830.0/829.5 (sampled max 2800.5)" in r.stdout, r.stdout


@pytest.mark.skipif(not (BIN / "export-load").exists(), reason="export-load not built")
def test_the_endurance_check_counts_three_workloads_at_both_ends_with_stand_ins_for_the_gpu(tmp_path):
    """carry/endurance.sh end to end without a GPU: three receivers with their persistent
    queues, three counting backends (the training's started 12 s late, after its
    "compilation", which a child process's spans preceded), the sampler and the report;
    each workload a stand-in (fake_gpu_workload.py) that sends real spans with
    export-load and prints the programs' and the injector's lines, 500-odd executions
    not recorded."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    smi = bin_dir / "nvidia-smi"
    smi.write_text("#!/bin/sh\necho 'stand-in GPU, 0.0, 0 MiB'\n")
    smi.chmod(0o755)
    out = tmp_path / "out"
    cores = {k: "any" for k in ("GRAPH_CORES", "EAGER_CORES", "TRAIN_CORES", "GRAPH_RECEIVER_CORES",
                                 "EAGER_RECEIVER_CORES", "TRAIN_RECEIVER_CORES", "BACKEND_CORES")}
    env = {**os.environ, **cores, "GPU_OTEL_BIN_DIR": str(BIN),
           "PORT_BASE": str(free_base(offsets=(0, 1000, 2000))),
           "PATH": f"{bin_dir}:{os.environ['PATH']}", "OUT": str(out), "MARGIN": "14", "SAMPLE_S": "2",
           "FAKE_BEGIN_AFTER_S": "12", "PYTHON": str(Path(__file__).parent / "fake_gpu_workload.py")}
    r = run("bash", GPU / "carry" / "endurance.sh", "run", "6", env=env)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "endurance: 3 of 3 balanced" in r.stdout, r.stdout
    assert "compiled-train: loop began after ~1" in r.stdout, r.stdout
    header, *rows = (out / "summary.tsv").read_text().splitlines()
    table = {w["name"]: w for w in (dict(zip(header.split("\t"), row.split("\t"))) for row in rows)}
    for name, w in table.items():
        assert w["records_cupti"] == w["backend_kernel_spans"] and int(w["backend_kernel_spans"]) > 10_000, (name, w)
        assert w["balance_equal"] == "True" and int(w["not_recorded"]) >= 500, (name, w)
    assert table["decode-graph"]["program_vs_spans_and_loss"] == "0"
    assert table["compiled-train"]["injector_processes"] == "2"
    assert not (out / "queues").exists()
    assert {line.split("\t")[1] for line in (out / "rss.tsv").read_text().splitlines()[1:]} == set(table)


@pytest.fixture(scope="module")
def h200_outputs(tmp_path_factory):
    d = tmp_path_factory.mktemp("h200")
    for name in ("demo", "torch_serialized"):
        (d / f"{name}.jsonl").write_bytes(gzip.decompress((RECEIVER_FIXTURES / f"h200_{name}_receiver_output.jsonl.gz")
                                                          .read_bytes()))
    return d


def test_the_kernel_analysis_finds_every_h200_demo_kernel_under_its_root_in_launch_order(h200_outputs):
    r = run(sys.executable, GPU / "carry" / "analyze_kernels.py", h200_outputs / "demo.jsonl", "cuda-kernels-example",
            0, 10**20, 10000)
    a = json.loads(r.stdout)
    assert (a["kernel_spans"], a["spans_equal_launched"], a["root_spans"], a["orphan_kernel_spans"]) == (10000, True, 1, 0)
    assert (a["distinct_correlation_ids"], a["overlaps_within_a_stream"], a["streams"]) == (10000, 0, 4)
    assert a["start_order_vs_launch_order_inversions_within_a_stream"] == 0


def test_the_pc_sampling_analysis_reads_the_serialized_h200_capture(h200_outputs):
    r = run(sys.executable, GPU / "pc-sampling" / "analyze_pc.py", h200_outputs / "torch_serialized.jsonl",
            "torch_serialized")
    a = json.loads(r.stdout)
    assert (a["tier"], a["kernel_spans"], a["gpu_serialized"]) == ("serialized", 5370, {"true": 1, "false": 5369})
    assert (a["sequence_holes"], a["unclosed_seqs"], a["executions_with_samples_not_true"]) == (0, [], 0)


def test_both_ends_compares_the_exit_line_with_a_capture_and_fails_when_they_differ(h200_outputs, tmp_path):
    log = tmp_path / "run.log"
    log.write_text("gpu-otel-injector: exit: 5370 kernel records, 5370 kernel spans and 3 trace roots exported; "
                   "dropped: queue_full=0 cupti_dropped=0\n")
    both = [sys.executable, GPU / "common" / "both_ends.py", log, "--capture", h200_outputs / "torch_serialized.jsonl"]
    r = run(*both)
    assert r.returncode == 0 and "capture_kernel_spans=5370 lost=0 equal=True" in r.stdout, r.stdout
    log.write_text(log.read_text().replace("5370 kernel records", "5371 kernel records"))
    r = run(*both)
    assert r.returncode == 1 and "lost=1 equal=False" in r.stdout, r.stdout


def free_base(n=5, offsets=(0,)):
    """A port with the n after it free (the checks' receiver, backend, capture, metrics),
    and so the n from it + each offset (one such set per workload)."""
    for _ in range(50):
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            base = s.getsockname()[1]
        if base + max(offsets) + n > 65535:
            continue
        try:
            for p in (base + o + i for o in offsets for i in range(n)):
                with socket.socket() as s:
                    s.bind(("127.0.0.1", p))
            return base
        except OSError:
            continue
    raise RuntimeError("no free run of ports")


@pytest.mark.skipif(not (BIN / "export-load").exists(), reason="export-load not built")
def test_the_checks_plumbing_counts_every_span_of_a_producer_at_the_backend_behind_the_receiver(tmp_path):
    """What every carry check does, with export-load in the workload's place: the receiver
    (to_backend), its counting backend, then both_ends.py on the producer's accounting."""
    script = f"""
set -u
. {GPU}/common/gpu.sh
to_backend any {tmp_path}/run 1s
"$BIN/export-load" produce --rate 20000 --seconds 1 --endpoint "$(receiver_url)" > {tmp_path}/run.json 2> {tmp_path}/run.log
unserve
python3 "$COMMON/both_ends.py" {tmp_path}/run.log --backend {tmp_path}/run.backend.json --name plumbing
"""
    env = {**os.environ, "GPU_OTEL_BIN_DIR": str(BIN), "PORT_BASE": str(free_base()), "BACKEND_CORES": "any"}
    r = run("bash", "-c", script, cwd=tmp_path, env=env)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "records_cupti=20000 exported=20000 backend_kernel_spans=20000 lost=0 equal=True" in r.stdout, r.stdout
    assert "Receiver started" in (tmp_path / "run.receiver.err").read_text()


def fake_pc_samples(tmp_path):
    """fake-serialized's PC samples (the injector's export path without a GPU) through a
    receiver writing its output and pprof files: the output, the pprof folder and the run."""
    from conftest import FAKE_SERIALIZED, Receiver
    out, pprof = tmp_path / "out.jsonl", tmp_path / "pprof"
    (tmp_path / "r.yaml").write_text(json.dumps({"export": {"file": str(out), "pprof_dir": str(pprof)},
                                                 "reconcile": {"delay": "200ms"}}))
    receiver = Receiver(str(tmp_path), ["--config", str(tmp_path / "r.yaml")], env={"PATH": "/usr/bin:/bin"})
    try:
        produced = run(FAKE_SERIALIZED, "--endpoint", f"http://{receiver.grpc}", "pc-samples")
        assert produced.returncode == 0, produced.stderr
    finally:
        receiver.stop()
    return out, pprof, produced


@pytest.mark.skipif(not (BIN / "fake-serialized").exists(), reason="fake-serialized not built")
def test_the_profiles_check_resolves_every_pprof_link_to_its_execution_or_slice_span(tmp_path):
    """pc-sampling/profiles_links.py, with fake-serialized's serialized tier (the
    injector's export path without a GPU) in the CUDA example's place: the receiver's
    file output stands for otlp_capture's (the same OTLP-JSON lines)."""
    out, pprof, produced = fake_pc_samples(tmp_path)
    sent = json.loads(produced.stdout.splitlines()[0])
    r = run(sys.executable, GPU / "pc-sampling" / "profiles_links.py", out, pprof)
    assert r.returncode == 0, r.stderr
    got = json.loads(r.stdout[:r.stdout.rindex("}") + 1])
    assert got["samples_by_link"] == {"execution": sum(sent["execution"]["totals"].values()),
                                      "slice": sum(sent["function"]["totals"].values())}, got
    assert got["links_by_kind"]["execution"] == 1 and got["executions_with_pairs"] == 1
    assert got["executions_whose_linked_samples_equal_their_count"] == got["executions_without_drops"] == 1
    assert "unresolved=0" in r.stdout.splitlines()[-1]


@pytest.mark.skipif(not (BIN / "fake-serialized").exists(), reason="fake-serialized not built")
def test_the_source_lines_check_passes_a_module_with_lines_and_one_without_and_fails_the_wrong_expectation(tmp_path):
    """pc-sampling/profiles_lines.py, with fake-serialized in spin_lines' place: its
    `_Z6insidev` is in a module with line information (the fake correlation names
    /src/fake/_Z6insidev.cu), its `_Z4spinPfi` in one without."""
    out, pprof, produced = fake_pc_samples(tmp_path)
    check = GPU / "pc-sampling" / "profiles_lines.py"
    lines = run(sys.executable, check, out, pprof, "/src/fake/_Z6insidev.cu", "_Z6insidev")
    assert lines.returncode == 0, lines.stdout + lines.stderr
    assert "lines=10..105" in lines.stdout.splitlines()[-1], lines.stdout  # 96 PCs, 16 bytes apart
    none = run(sys.executable, check, out, pprof, "none", "_Z4spinPfi")
    assert none.returncode == 0, none.stdout + none.stderr
    assert run(sys.executable, check, out, pprof, "none", "_Z6insidev").returncode == 1
    assert run(sys.executable, check, out, pprof, "/src/fake/_Z4spinPfi.cu", "_Z4spinPfi").returncode == 1


CHECKS = sorted([*GPU.glob("*.sh"), *GPU.glob("*/*.sh")])
PROGRAMS = sorted(p for p in GPU.glob("*/*.py"))


@pytest.mark.parametrize("script", CHECKS, ids=lambda p: str(p.relative_to(GPU)))
def test_every_check_parses(script):
    r = run("bash", "-n", script)
    assert r.returncode == 0, r.stderr


@pytest.mark.parametrize("program", PROGRAMS, ids=lambda p: str(p.relative_to(GPU)))
def test_every_analysis_program_compiles(program, tmp_path):
    py_compile.compile(str(program), cfile=str(tmp_path / "out.pyc"), doraise=True)


def test_every_owed_step_runs_a_check_that_exists():
    text = (GPU / "owed.sh").read_text()
    steps = re.findall(r"^  ([a-z]+)\)", text, re.M)
    assert steps == ["lease", "hwbuffer", "cost", "endurance", "ceiling", "profiles", "nodescale"]
    for step in steps:
        assert f"STEP={step} " in text, f"{step} is not described in the header"
    for rel in re.findall(r'"\$GPU_DIR/([^"]+)"', text):
        assert (GPU / rel).is_file(), rel
    r = run("bash", GPU / "owed.sh")
    assert r.returncode == 2 and "STEP must be one of" in r.stderr


def test_lent_refuses_a_bad_spec_before_running_any_step_and_waits_for_the_background_ones(tmp_path):
    """lent.sh, GPU-free: no step starts when one spec is malformed; a background step's
    output is waited for and shown after the foreground ones."""
    tar = tmp_path / "bin.tar.xz"
    (tmp_path / "b").mkdir()
    (tmp_path / "b" / "marker").write_text("x")
    assert run("tar", "cJf", tar, "-C", tmp_path / "b", "marker").returncode == 0
    env = {**os.environ, "BIN_TAR": str(tar), "OUT": str(tmp_path / "out"),
           "GPU_OTEL_BIN_DIR": str(tmp_path / "bin")}
    bad = run("bash", GPU / "lent.sh", "nosuch:5&", "cost", env=env)
    assert bad.returncode == 2 and "bad spec 'cost'" in bad.stderr, bad.stderr
    assert not (tmp_path / "out" / "nosuch.out").exists(), "a step ran before the specs were checked"
    ok = run("bash", GPU / "lent.sh", "nosuch:5&", "other:5", env=env)
    assert ok.returncode == 0, ok.stderr
    assert (tmp_path / "bin" / "marker").read_text() == "x", "the binaries were not unpacked"
    out = ok.stdout
    assert out.index("-- other: exit 2") < out.index("-- nosuch (background): exit 2"), out
    assert out.count("STEP must be one of") == 2, out


def test_the_index_names_every_folder_and_every_check():
    """A folder with a README of its own (CUPTI's probes) names its programs there."""
    index = (GPU / "README.md").read_text()
    for folder in (p for p in GPU.iterdir() if p.is_dir()):
        assert f"{folder.name}/" in index, f"the index does not name {folder.name}/"
    for check in CHECKS:
        rel = str(check.relative_to(GPU))
        own = check.parent / "README.md"
        assert rel in index or check.parent.name == "common" or (own.exists() and check.name in own.read_text()), \
            f"{rel} is named neither in the index nor in its folder's README"


# What the H200 showed on 2026-12-05 (docs/measurements/h200-2026-12-05.md): the small
# raw results of that day, recomputed here into the numbers the page quotes.
H200_1205 = FIXTURES / "h200-2026-12-05"


def endurance_report(tmp_path, results, *workloads):
    """carry/endurance.py's report on a copy of a run's results (it writes summary.tsv)."""
    for f in results.iterdir():
        (tmp_path / f.name).write_bytes(f.read_bytes())
    return run(sys.executable, GPU / "carry" / "endurance.py", "report", tmp_path, *workloads)


def tsv_rows(path):
    header, *rows = path.read_text().splitlines()
    return {r.split("\t")[0]: dict(zip(header.split("\t"), r.split("\t"))) for r in rows}


def test_the_h200_graph_decode_cost_gives_serialized_after_its_graph_refusal_7_36_percent_over_tier_off():
    s = summaries(H200_1205 / "decode-graph.txt", "--base", "off", "--ref", "rawinj", "--value", "tokens_per_s",
                  "--fields", "bursts,launches_serialized,graph_launches")
    ser, off, none, raw = (s[(None, a)] for a in ("serialized", "off", "none", "rawinj"))
    assert (none["median_tokens_per_s"], raw["median_tokens_per_s"], off["median_tokens_per_s"],
            ser["median_tokens_per_s"]) == ("8611.40", "7909.50", "7937.10", "8521.50")
    assert (ser["vs_off"], ser["paired_vs_off"], none["vs_off"]) == ("+7.36%", "+7.36%", "+8.50%")
    assert (ser["bursts"], ser["launches_serialized"]) == ("1", "4")
    text = (H200_1205 / "decode-graph.txt").read_text()
    # Every serialized run was refused by its graphs after one burst.
    assert text.count("graph_refusals=1 ") == 5 and text.count("pc_disabled=true") == 5


def test_the_h200_eager_decode_cost_puts_serialized_4_5_percent_under_tier_off_by_medians_but_not_paired():
    s = summaries(H200_1205 / "decode-eager.txt", "--base", "off", "--ref", "rawinj", "--value", "tokens_per_s",
                  "--fields", "bursts,launches_serialized,graph_launches")
    ser = s[(None, "serialized")]
    assert (ser["median_tokens_per_s"], ser["vs_off"], ser["paired_vs_off"]) == ("2525.50", "-4.50%", "+0.77%")
    assert (s[(None, "off")]["min"], s[(None, "off")]["max"]) == ("2284.40", "2822.50")


def test_the_h200_launch_cost_of_serialized_between_bursts_meets_0_3_us_on_one_stream_not_on_four():
    one = summaries(H200_1205 / "launch-s1.txt", "--base", "off", "--ref", "rawinj", "--fields",
                    "bursts,launches_serialized")
    four = summaries(H200_1205 / "launch-s4.txt", "--base", "off", "--ref", "rawinj", "--fields",
                     "bursts,launches_serialized")
    assert one[(None, "serialized")]["us_per_launch_vs_off"] == "+0.201"
    assert four[(None, "serialized")]["us_per_launch_vs_off"] == "+0.402"
    assert (one[(None, "off")]["us_per_launch_vs_rawinj"], four[(None, "off")]["us_per_launch_vs_rawinj"]) == \
        ("-0.286", "+0.124")


def test_h200_graph_records_stop_at_the_small_pools_capacity_only_under_forced_flushes():
    rows = tsv_rows(H200_1205 / "ceiling.tsv")
    capacity = 4 * (1 << 20) // 32  # CEIL_POOL_LIMIT=4 buffers of 1 MiB, 32 bytes a record
    forced = {a for a, r in rows.items() if "CEIL_FLUSH_FORCED=1" in r["settings"]}
    assert forced == {"flush-forced", "sync-flush-forced", "reinst100-forced"}
    for arm in forced | {"toggle-kind"}:
        assert int(rows[arm]["lib.kernel_records"]) == capacity == 131_072, arm
        assert rows[arm]["lib.dropped"] == "0", arm
    whole = [a for a, r in rows.items() if a not in forced | {"toggle-kind", "finalize-reattach", "nolib"}
             and not a.startswith("graph-trace")]
    assert len(whole) == 20
    for arm in whole:
        assert rows[arm]["lib.kernel_records"] == rows[arm]["app.expected_kernels"], arm
    assert rows["graph-small"]["lib.graph_kernel_records"] == "600000"
    assert (rows["finalize-reattach"]["lib.kernel_records"], rows["finalize-reattach"]["records/expected"]) == \
        ("560200", "0.9337")


def test_h200_graph_level_records_replace_the_per_kernel_records_one_per_replay():
    rows = tsv_rows(H200_1205 / "ceiling.tsv")
    for arm in ("graph-trace-beside", "graph-trace-only"):
        r = rows[arm]
        assert (r["lib.kernel_records"], r["lib.graph_trace_records"], r["app.replays"]) == ("0", "3000", "3000"), arm


def test_h200_profiler_hand_off_gives_torch_its_events_and_the_client_its_records_back_only_when_it_steps_aside():
    rows = tsv_rows(H200_1205 / "handoff.tsv")

    def seen(arm):
        r = rows[arm]
        return ((r["torch.w1_cuda_events"], r["torch.w2_cuda_events"]),
                tuple(r[f"lib.phase{i}_records"] for i in range(5)))

    assert seen("reference")[0] == ("7000", "7000")
    assert seen("plain") == (("0", "0"), ("7100", "7000", "7000", "7000", "7000"))
    assert seen("handoff") == (("7000", "7000"), ("7100", "0", "7000", "0", "7000"))
    assert rows["handoff"]["lib.subscribe_rc"] == "39"  # Kineto keeps the subscriber
    assert seen("handoff-late") == (("0", "0"), ("7100", "7000", "7000", "0", "7000"))
    assert seen("handoff-teardown") == (("7000", "7000"), ("7100", "0", "0", "0", "0"))
    assert seen("handoff-keep-subscriber") == (("0", "0"), ("7100", "0", "7000", "0", "7000"))
    assert seen("handoff-finalize") == (("7000", "7000"), ("7100", "0", "7000", "0", "7000"))
    assert rows["handoff-finalize"]["lib.subscribe_rc"] == "0"
    assert seen("activity-only-plain") == (("7000", "7000"), ("7100", "0", "0", "0", "0"))
    assert seen("activity-only-handoff") == (("7000", "7000"), ("7100", "0", "7000", "0", "7000"))


def test_h200_serialized_processes_sharing_a_gpu_under_the_lease_lost_every_record_but_one_processes():
    def procs(name):
        out = {}
        for line in (H200_1205 / name).read_text().splitlines():
            m = re.match(r"shared-gpu: (n\d-p\d) (.*?);?$", line)
            if m:
                out[m[1]] = dict(w.split("=", 1) for w in m[2].split())
        return out

    n2, n4 = procs("n2.summary"), procs("n4.summary")
    assert (n2["n2-p0"]["records_cupti"], n2["n2-p0"]["leases_taken"], n2["n2-p0"]["step_down"]) == \
        ("0", "1", "burst_stuck")
    assert (n2["n2-p1"]["records_cupti"], n2["n2-p1"]["backend_kernel_spans"], n2["n2-p1"]["leases_taken"]) == \
        ("295080", "295080", "0")
    assert (n4["n4-p0"]["records_cupti"], n4["n4-p0"]["backend_kernel_spans"], n4["n4-p0"]["true"]) == \
        ("245490", "245490", "6")
    assert n4["n4-p1"]["records_cupti"] == "None"  # its process ended with SIGSEGV
    assert n4["n4-p2"]["records_cupti"] == n4["n4-p3"]["records_cupti"] == "0"
    # One process per group carried records, whichever had the lease.
    assert [p for p, w in {**n2, **n4}.items() if w["records_cupti"] not in ("0", "None")] == ["n2-p1", "n4-p0"]


def test_the_h200_endurance_report_recomputes_the_graph_decodes_counted_loss_and_the_balanced_pair(tmp_path):
    r = endurance_report(tmp_path, H200_1205 / "endurance", "decode-graph", "decode-eager", "compiled-train")
    assert "31689721 vs 31674307 -> DIFFER" in r.stdout, r.stdout
    assert "140216 replays x 226 kernel nodes = 31688816 (>= 50M: NO) + kernels launched 905 = 31689721, " \
           "minus spans + loss: 15414;" in r.stdout
    assert "25743659 vs 25743659 -> EQUAL" in r.stdout and "20538982 vs 20538982 -> EQUAL" in r.stdout
    got, kept = tsv_rows(tmp_path / "summary.tsv"), tsv_rows(H200_1205 / "endurance" / "summary.tsv")
    for name in kept:  # every column of that day but the receiver's drops, which need its metrics
        assert {k: got[name].get(k) for k in kept[name] if k != "receiver_spans_dropped"} == \
            {k: v for k, v in kept[name].items() if k != "receiver_spans_dropped"}, name
    g = kept["decode-graph"]
    assert (g["rss_first_mib"], g["rss_last_mib"], g["tokens_per_s_first"], g["tokens_per_s_last"]) == \
        ("1142.6", "2201.0", "3856.5", "2263.4")


def test_the_h200_graph_decodes_rss_grew_while_records_came_and_stayed_flat_once_they_stopped():
    rows = [line.split("\t") for line in (H200_1205 / "endurance" / "rss.tsv").read_text().splitlines()[1:]]
    graph = [(float(t), float(rss), int(spans)) for t, name, rss, _, _, _, spans, _ in rows
             if name == "decode-graph" and float(rss) > 0]
    stopped = [(t, rss) for t, rss, spans in graph if spans == 24_874_458]
    assert stopped[0] == (370.1, 2201.0) and {rss for _, rss in stopped} == {2201.0}
    growing = [rss for t, rss, spans in graph if 0 < t < 370]
    assert growing == sorted(growing) and (growing[0], growing[-1]) == (1129.0, 2183.2)


def test_a_shared_gpu_process_that_exported_no_kernel_fails_the_check_and_its_bursts_are_the_tiers():
    """The H200's two-process group of 2026-12-05: p0 took the lease, its burst got stuck,
    and it exported 0 records of 685 training steps; both ends said 0, which is no proof."""
    r = run(sys.executable, GPU / "pc-sampling" / "shared_gpu.py", H200_1205 / "shared", "n2")
    assert r.returncode == 1 and "every_kernel_carried=False verdict=FAIL" in r.stdout, r.stdout
    # bursts= of the PC-sampling line (1), not the first line's "flushes deferred for bursts=2".
    assert "n2-p0 records_cupti=0 backend_kernel_spans=0 " in r.stdout and "step_down=burst_stuck" in r.stdout
    assert r.stdout.split("\n")[0].endswith("bursts=1"), r.stdout


H100_1205 = FIXTURES / "h100-2026-12-05"


def test_the_h100_graph_runs_count_every_execution_in_both_graph_record_modes():
    """graph-launches.sh on the H100, 2026-12-05 14:22 UTC: 3,000 replays of a 200-kernel
    graph. Nodes mode: a record per kernel; launches mode: a gpu.graph.launch span per
    replay, its kernel count known at instantiation; no loss in either."""
    nodes = otlp.exit_line((H100_1205 / "graph-nodes.log").read_text())
    launches_log = (H100_1205 / "graph-launches.log").read_text()
    launches = otlp.exit_line(launches_log)
    assert (nodes["records"], nodes["exported"], nodes["cupti_dropped"], nodes["not_recorded"]) == (600_000, 600_000, 0, 0)
    assert (launches["records"], launches["exported"], launches["not_recorded"]) == (3_000, 3_000, 0)
    a = otlp.launch_accounting(launches_log)
    assert (a["graph_launches"], a["execs_known"], a["unchecked"]) == (3_000, 1, 600_000), a
    assert "graph-trace records=3000" in launches_log


def test_the_h100_hand_off_run_is_the_second_libcupti_case_kineto_refused_after_the_injector_stepped_aside():
    """handoff.sh on the H100 (before the refusal existed): the injector stepped aside and
    came back, recorded every kernel outside the windows, yet Kineto's subscribe failed
    (MULTIPLE_SUBSCRIBERS) and the profiler saw nothing; the injector's CUPTI was the
    toolkit's while PyTorch's wheel loads its own."""
    log = (H100_1205 / "handoff.log").read_text()
    ex = otlp.exit_line(log)
    assert ex["records"] == ex["exported"] == 21_100  # 7,100 + 7,000 + 7,000: phases 0, 2 and 4
    assert "w1_kernels=0" in log and "w2_kernels=0" in log
    assert log.index("CUPTI handed to the application's profiler") < log.index("MULTIPLE_SUBSCRIBERS_NOT_SUPPORTED")
    assert "NVTX_INJECTION64_PATH=/usr/local/cuda/lib64/libcupti.so" in log
    plain = otlp.exit_line((H100_1205 / "handoff-plain.log").read_text())
    assert plain["records"] == plain["exported"] == 35_100  # the injector kept CUPTI: every phase


EVENING_1205 = FIXTURES / "gpu-2026-12-05-evening"


def test_with_one_libcupti_the_profiler_gets_every_kernel_of_each_window_and_the_injector_every_kernel_outside():
    """handoff.sh on the H100, 2026-12-05 17:10 UTC, with cudarc asking for libcupti.so.13
    first (the injector shares the wheel's copy) and the injector's clock registered again
    on coming back: torch.profiler got the 7,000 kernels of each window, the injector every
    kernel outside them; with GPU_OTEL_CUPTI_PATH at the toolkit's copy, that copy was not
    loaded beside the wheel's and the hand-off worked the same."""
    check = (EVENING_1205 / "h100-handoff" / "check.txt").read_text()
    for mode in ("plain", "handoff", "cuptipath"):
        assert f"{mode}: OK" in check, check
    wheel = "/opt/torch/.venv/lib/python3.12/site-packages/nvidia/cu13/lib/libcupti.so.13"
    for mode in ("handoff", "cuptipath"):
        log = (EVENING_1205 / "h100-handoff" / f"{mode}.log").read_text()
        assert "w1_kernels=7000" in log and "w2_kernels=7000" in log
        ex = otlp.exit_line(log)
        assert ex["records"] == ex["exported"] == 21_100  # phases 0, 2 and 4
        assert f"NVTX_INJECTION64_PATH={wheel}" in log
        assert "MULTIPLE_SUBSCRIBERS" not in log
    cuptipath = (EVENING_1205 / "h100-handoff" / "cuptipath.log").read_text()
    assert ("GPU_OTEL_CUPTI_PATH=/usr/local/cuda/lib64/libcupti.so not loaded: the process already holds "
            + wheel) in cuptipath


def test_before_the_clock_was_registered_again_the_kernels_after_a_window_came_in_the_profilers_clock():
    """The same run on the H200 an hour before, without registering the injector's clock on
    coming back: the profiler got every window's kernels and nothing was lost (21,100
    records = spans), but the kernels after the windows carried Kineto's timestamps (~130 s
    after boot), so none fell inside phases 2 and 4. Its cuptipath run, with the earlier
    loader, loaded the toolkit's copy beside the wheel's, and the hand-off was refused."""
    check = (EVENING_1205 / "h200-handoff" / "check.txt").read_text()
    assert "handoff: FAIL: kernel spans after the windows 0, 0 != 7000" in check
    assert "cuptipath: REFUSED (a second libcupti: /usr/local/cuda-13.0/" in check
    log = (EVENING_1205 / "h200-handoff" / "handoff.log").read_text()
    assert "w1_kernels=7000" in log and "w2_kernels=7000" in log
    ex = otlp.exit_line(log)
    assert ex["records"] == ex["exported"] == 21_100


def test_with_the_sampler_lease_two_and_four_serialized_processes_each_carry_every_kernel_and_never_sample_together():
    """shared-gpu.sh 30 "2 4" with PC_ENABLE=lease on the H200, 2026-12-05 17:04 UTC."""
    for n in (2, 4):
        lines = (EVENING_1205 / "h200-shared" / f"n{n}.summary").read_text().splitlines()
        procs = [line for line in lines if re.match(rf"shared-gpu: n{n}-p\d ", line)]
        assert len(procs) == n
        for line in procs:
            f = dict(kv.split("=", 1) for kv in line.split()[2:])
            assert f["records_cupti"] == f["backend_kernel_spans"] and f["equal"] == "True", line
            assert int(f["lease_disable_failed"]) == 0 and f["step_down"] == "none", line
        total = [line for line in lines if line.startswith(f"shared-gpu: n{n} processes=")][0]
        assert f"sampled_at_some_time={n} max_pairwise_true_overlap_ms=0.000 every_kernel_carried=True verdict=ok" in total


def test_sampled_pcs_carry_the_source_lines_of_a_module_built_with_lineinfo_and_none_without():
    """profiles.sh ONLY=lines: on the H100 all three runs passed; on the H200 the runs with
    line information passed and the one without got no sample at all (every GetData of its
    2 s failed; the exit line then had no GetData error field, added since: the H100 run
    names it, CUPTI_ERROR_OUT_OF_MEMORY)."""
    h100 = (EVENING_1205 / "h100-lines" / "profiles-log.txt").read_text()
    sums = re.findall(r"^summary: expect=(\S+) pairs=(\d+) with_line=(\d+) .* ok=(\w+)$", h100, re.M)
    assert [ok for *_, ok in sums] == ["True"] * 3
    assert len(sums) == 3 and all(int(p) > 0 for _, p, _, _ in sums)
    assert [int(w) == int(p) for e, p, w, _ in sums if e != "none"] == [True, True]
    assert [int(w) for e, _, w, _ in sums if e == "none"] == [0]
    assert "getdata_error=CUPTI_ERROR_OUT_OF_MEMORY" in h100
    h200 = (EVENING_1205 / "h200-lines" / "profiles-log.txt").read_text()
    assert "summary: expect=none pairs=0 with_line=0 lines=0..0 pprof_samples=0 with_line=0 ok=False" in h200


def test_before_the_fix_the_launches_mode_lost_graph_node_counts_and_claimed_a_loss_that_was_not_one(tmp_path):
    """endurance.sh in the launches mode on the H100, 2026-12-05 17:20 UTC, three workloads:
    the graph decode's records came 72,000 at a time, minutes apart (CUPTI's own flush
    period returns full buffers only), and a table indexed by the correlation id's low
    bits had lost most launches' node counts by then: 138,640 of 163,120 graph-launch
    spans without a size, 30,997,707 executions reported as not recorded."""
    r = endurance_report(tmp_path, EVENING_1205 / "h100-endurance-before", "decode-graph", "decode-eager", "compiled-train")
    assert "counted loss 30997707 (not recorded 30997707" in r.stdout and "36669732 vs 36531092 -> DIFFER" in r.stdout
    assert "24724851 vs 24724851 -> EQUAL" in r.stdout  # the eager decode, per-kernel records
    backend = json.loads((EVENING_1205 / "h100-endurance-before" / "decode-graph.backend.json").read_text())
    assert (backend["graph_launch_spans"], backend["graph_launches_of_unknown_size"]) == (163_120, 138_640)
    rows = [line.split("\t") for line in (EVENING_1205 / "h100-endurance-before" / "rss.tsv").read_text().splitlines()[1:]]
    spans = sorted({int(s) for _, name, *_, s, _ in rows if name == "decode-graph"})
    assert spans == [0, 72_312, 147_210, 164_025], spans  # lumps, not a flow


def test_the_launches_mode_carries_every_graph_execution_for_minutes_after_the_fix(tmp_path):
    """The same on the H100 after the fix (the collector flushes in the launches mode; a
    record finds its launch's node count by its exact correlation id), 17:37 UTC, the two
    graph workloads for 380 s: 228,464 replays x 226 nodes + 905 kernels = 51,633,769
    executions at the backend, equal to what the program ran, no loss; the application's
    RSS flat."""
    r = endurance_report(tmp_path, EVENING_1205 / "h100-endurance-after", "decode-graph", "compiled-train")
    assert "51633769 vs 51633769 -> EQUAL" in r.stdout and "17863425 vs 17863425 -> EQUAL" in r.stdout, r.stdout
    assert "228464 replays x 226 kernel nodes = 51632864 (>= 50M: yes) + kernels launched 905 = 51633769, " \
           "minus spans + loss: 0" in r.stdout
    log = (EVENING_1205 / "h100-endurance-after" / "decode-graph.log").read_text()
    a = otlp.launch_accounting(log)
    assert a["graph_launches"] == 228_464
    assert "late records=0" in log and "(launches not kept for them=0)" in log
    got = tsv_rows(tmp_path / "summary.tsv")["decode-graph"]
    assert float(got["rss_last_mib"]) <= float(got["rss_first_mib"]) + 5, got


H100_1206 = FIXTURES / "h100-2026-12-06"


def pc_exit_lines(text):
    """Each PC-sampling exit line's counters, in order."""
    return [dict(w.split("=", 1) for w in m[1].split() if "=" in w)
            for m in re.finditer(r"exit: pc sampling (.*)$", text, re.M)]


def test_pytorchs_graph_features_one_at_a_time_keep_every_record_on_the_small_pool_and_its_decode_does_not():
    """cupti-ceiling/run.sh on the H100, 2026-12-06: each of PyTorch's graph features in
    the probe's graph keeps CUPTI's records coming; PyTorch's decode stops at the pool."""
    rows = tsv_rows(H100_1206 / "ceiling.tsv")
    pt = ["pt-global", "pt-autofree", "pt-other-stream", "pt-legacy-stream", "pt-copy-nodes", "pt-all"]
    for arm in pt:
        r = rows[arm]
        assert r["lib.kernel_records"] == r["app.expected_kernels"] == "600000", arm
        assert (r["lib.dropped"], r["lib.buffers_requested"], r["lib.buffers_completed"]) == ("0", "16", "16"), arm
    torch = rows["torch-decode-small"]
    capacity = 4 * (1 << 20) // 32  # 4 device buffers of 1 MiB, 32 bytes a record
    assert int(torch["lib.kernel_records"]) == 130_499 < capacity
    assert (torch["lib.graph_kernel_records"], torch["lib.eager_kernel_records"], torch["lib.dropped"]) == \
        ("129594", "905", "0")
    assert (torch["lib.buffers_requested"], torch["lib.buffers_completed"]) == ("4", "4")


def test_the_h100_launches_mode_carries_every_graph_execution_of_490_s_beside_a_compiled_training(tmp_path):
    """endurance.sh in the launches mode, 490 s, 2026-12-06 09:03 UTC: 63.5M graph
    executions at the backend = what the program ran, no loss; the decode's RSS flat."""
    r = endurance_report(tmp_path, H100_1206 / "endurance", "decode-graph", "compiled-train")
    assert "63550297 vs 63550297 -> EQUAL" in r.stdout and "23560263 vs 23560263 -> EQUAL" in r.stdout, r.stdout
    assert "281192 replays x 226 kernel nodes = 63549392 (>= 50M: yes) + kernels launched 905 = 63550297, " \
           "minus spans + loss: 0" in r.stdout
    assert "endurance: 2 of 2 balanced" in r.stdout
    rows = [line.split("\t") for line in (H100_1206 / "endurance" / "rss.tsv").read_text().splitlines()[1:]]
    rss = [float(rss) for t, name, rss, *_ in rows if name == "decode-graph" and float(t) >= 20 and float(rss) > 0]
    assert len(rss) >= 45 and max(rss) - min(rss) < 10, rss
    got = tsv_rows(tmp_path / "summary.tsv")["decode-graph"]
    assert float(got["loop_s"]) >= 480


def test_h100_serialized_processes_at_the_defaults_each_carry_every_kernel_and_take_the_lease_in_turns():
    """shared-gpu.sh 110 "2 4" at the defaults (lease mode, 60 s hold), 2026-12-06."""
    for n, sampled in ((2, 2), (4, 2)):
        lines = (H100_1206 / "lease" / f"n{n}.summary").read_text().splitlines()
        procs = [dict(kv.split("=", 1) for kv in line.split()[2:]) for line in lines
                 if re.match(rf"shared-gpu: n{n}-p\d ", line)]
        assert len(procs) == n
        for p in procs:
            assert p["records_cupti"] == p["backend_kernel_spans"] and p["equal"] == "True", p
            assert (p["pc_enable"], p["step_down"], p["lease_disable_failed"]) == ("lease", "none", "0"), p
            assert p["lease_enables"] == p["lease_disables"] == p["leases_taken"], p
        # Whoever never held the lease waited the whole run and stamped nothing "true".
        for p in procs:
            if p["leases_taken"] == "0":
                assert p["true"] == "0" and int(p["sampler_wait_ms"]) > 110_000, p
        total = [line for line in lines if line.startswith(f"shared-gpu: n{n} processes=")][0]
        assert f"sampled_at_some_time={sampled} max_pairwise_true_overlap_ms=0.000 every_kernel_carried=True " \
               "verdict=ok" in total


def test_in_lease_mode_each_launch_bound_run_made_one_burst_whose_exits_all_but_the_last_found_the_guard_busy():
    """cost/decode.sh launch and profiles.sh on the H100, 2026-12-06 (before the collector
    decided on its flush under the guard): one burst per run, open for 30-89% of it."""
    runs = []
    for name in ("launch-s1", "launch-s4"):
        runs += [e for e in pc_exit_lines((H100_1206 / "cost" / f"{name}.txt").read_text())]
    runs += pc_exit_lines((H100_1206 / "profiles-log.txt").read_text())
    serialized = [e for e in runs if e["tier"] == "serialized"]
    assert len(serialized) == 23  # 10 serialized + 10 candidate launch runs, 3 in profiles.sh
    for e in serialized:
        assert (e["pc_enable"], e["bursts"]) == ("lease", "1"), e
        assert int(e["guard_busy"]) == int(e["launches_serialized"]) - 1, e
        assert float(e["duty"]) >= 0.30, e
    # Under context mode on the H200 (2026-12-05) the same arms' bursts kept their budget.
    h200 = pc_exit_lines((H200_1205 / "launch-s1.txt").read_text())
    assert all(e["guard_busy"] == "0" and float(e["duty"]) < 0.01 for e in h200 if e["tier"] == "serialized")


def test_the_h100_serialized_graph_decode_ran_as_fast_as_no_injector_and_9_3_percent_over_tier_off():
    s = summaries(H100_1206 / "cost" / "decode-graph.txt", "--base", "off", "--ref", "rawinj", "--value",
                  "tokens_per_s", "--fields", "bursts,launches_serialized,graph_launches")
    ser, off, none = (s[(None, a)] for a in ("serialized", "off", "none"))
    assert (none["median_tokens_per_s"], off["median_tokens_per_s"], ser["median_tokens_per_s"]) == \
        ("8301.20", "7628.70", "8338.20")
    assert (ser["vs_off"], ser["paired_vs_off"]) == ("+9.30%", "+9.30%")
    one = summaries(H100_1206 / "cost" / "launch-s1.txt", "--base", "off", "--ref", "rawinj")
    assert (one[(None, "serialized")]["us_per_launch_vs_off"], one[(None, "candidate")]["us_per_launch_vs_off"]) == \
        ("+8.436", "+9.990")


def nodescale_runs(results):
    """A node-scale.sh run's queue-runs.txt and output-log.txt, each as a list of runs
    (key=value dicts with their arm)."""
    def rows(name, keep):
        return [dict(w.split("=", 1) for w in line.split()[1:]) | {"arm": line.split()[0]}
                for line in (results / name).read_text().splitlines() if keep(line)]
    return (rows("queue-runs.txt", lambda line: not line.startswith("#")),
            rows("output-log.txt", lambda line: re.match(r"\S+ rep=\d ", line)))


def median_of(runs, key, **where):
    """The median of `key` over the runs whose fields equal `where`."""
    v = sorted(float(r[key]) for r in runs if all(r[k] == w for k, w in where.items()))
    return v[len(v) // 2]


def test_at_node_scale_the_queue_passed_1m_spans_per_s_and_gzip_cut_bytes_14_5_times_at_1_15_times_the_cpu():
    runs, out = nodescale_runs(H100_1206 / "nodescale")
    assert len(runs) == 20 and all(r["exported_all"] == "yes" and r["refused"] == "0" for r in runs)

    def median(arm, rate, key):
        return median_of(runs, key, arm=arm, rate=rate)

    assert median("queue-group", "0", "accepted_spans_per_s") == 1_002_763
    assert median("memory", "0", "accepted_spans_per_s") == 1_999_830
    assert (median("memory", "500000", "ack_p99_ms"), median("queue-group", "500000", "ack_p99_ms")) == \
        (37.34, 37.40)
    assert len(out) == 25 and all(r["ok"] == "yes" and r["sent"] == r["sink_spans"] for r in out
                                 if "sampling" not in r["arm"])

    def out_median(arm, key):
        return median_of(out, key, arm=arm)

    none, gzip_ = out_median("none", "cpu_us_per_span"), out_median("gzip", "cpu_us_per_span")
    assert round(gzip_ / none, 2) == 1.15
    assert round(out_median("none", "bytes_per_span") / out_median("gzip", "bytes_per_span"), 1) == 14.5


def test_h100_source_lines_name_the_lineinfo_kernels_lines_in_both_tiers_and_the_hardware_buffer_knobs_as_measured():
    log = (H100_1206 / "profiles-log.txt").read_text()
    sums = re.findall(r"^summary: expect=(\S+) pairs=(\d+) with_line=(\d+) lines=(\S+) pprof_samples=(\d+) "
                      r"with_line=(\d+) ok=(\w+)$", log, re.M)
    assert [(e, p, w, lines, ok) for e, p, w, lines, _, _, ok in sums] == [
        ("spin_lines.cu", "843", "843", "8..17", "True"),
        ("spin_lines.cu", "713", "713", "8..17", "True"),
        ("none", "700", "0", "0..0", "True"),
    ]
    links = re.findall(r"^summary: files=\d+ bytes=\d+ samples=(\d+) execution=(\d+) slice=(\d+) unresolved=(\d+)",
                       log, re.M)
    assert len(links) == 6 and all(u == "0" and s == sl and ex == "0" for s, ex, sl, u in links)
    hw = (H100_1206 / "hwbuffer-log.txt").read_text()
    arms = re.findall(r"^== hw-(\S+)\ngetdata_failed=(\d+) getdata_error=(\S*)\n.*\n.*\nsamples=(\d+)$", hw, re.M)
    assert arms == [("cupti-defaults", "9", "CUPTI_ERROR_OUT_OF_MEMORY", "6041459"),
                    ("worker-10ms", "12", "CUPTI_ERROR_OUT_OF_MEMORY", "488622"),
                    ("hw-2g", "0", "", "0"),
                    ("both", "0", "", "4185775")]


def test_the_ceiling_summary_sets_a_pytorch_graphs_records_against_its_replays_times_kernel_nodes(tmp_path):
    """summarize.py on two raw logs of 2026-12-06: PyTorch's decode under ceilinj on the
    small pool ran 8,040 replays x 226 nodes and CUPTI gave 7.13% of their records."""
    r = run(sys.executable, GPU / "cupti-ceiling" / "summarize.py", H100_1206 / "ceiling-raw", tmp_path / "c.tsv")
    assert r.returncode == 0, r.stderr
    rows = tsv_rows(tmp_path / "c.tsv")
    torch = rows["torch-decode-small"]
    assert (torch["app.graph_replays"], torch["app.kernel_nodes"]) == ("8040", "226")
    assert (torch["app.expected_graph_kernels"], torch["lib.graph_kernel_records"]) == ("1817040", "129594")
    assert torch["graph_records/expected"] == "0.0713"
    # graphloop's own count stays where it was; no graph expectation is made up for it.
    assert (rows["pt-all"]["records/expected"], rows["pt-all"]["app.expected_graph_kernels"]) == ("1.0000", "")


H100_1206_PM = FIXTURES / "h100-2026-12-06-pm"


def test_the_h100_eager_decode_carries_every_kernel_for_490_s_with_flat_rss(tmp_path):
    """endurance.sh with the eager decode alone, 490 s, 2026-12-06 12:48 UTC (issue 31,
    item 4): every kernel CUPTI recorded reached the backend, no loss, RSS flat."""
    r = endurance_report(tmp_path, H100_1206_PM / "endurance", "decode-eager")
    assert "36582167 vs 36582167 -> EQUAL" in r.stdout, r.stdout
    assert "cupti_dropped 0; receiver dropped 0, kept in its queue at the end 0" in r.stdout
    assert "endurance: 1 of 1 balanced" in r.stdout
    got = tsv_rows(tmp_path / "summary.tsv")["decode-eager"]
    assert float(got["loop_s"]) >= 480
    rows = [line.split("\t") for line in (H100_1206_PM / "endurance" / "rss.tsv").read_text().splitlines()[1:]]
    rss = [float(rss) for t, name, rss, *_ in rows if name == "decode-eager" and float(t) >= 20 and float(rss) > 0]
    assert len(rss) >= 45 and max(rss) - min(rss) < 15, rss


def test_no_single_kind_of_pytorch_op_or_capture_path_stops_the_records_only_the_decode_does():
    """cupti-ceiling/run.sh graph_ops arms on the small pool, H100, 2026-12-06 12:50 UTC:
    adds, matmuls, softmaxes, the copy to the host, PyTorch's plain capture and a wait
    per replay all keep every record; decode.py's graph stops at four buffers."""
    rows = tsv_rows(H100_1206_PM / "ceiling.tsv")
    for arm in ("torch-ew-small", "torch-ew-copy-small", "torch-mm-small", "torch-softmax-small",
                "torch-ew-plain-small", "torch-ew-sync1-small"):
        r = rows[arm]
        assert r["graph_records/expected"] == "1.0000", (arm, r)
        assert r["lib.graph_kernel_records"] == r["app.expected_graph_kernels"], (arm, r)
        assert int(r["lib.buffers_requested"]) > 4 and r["lib.dropped"] == "0", (arm, r)
    decode = rows["torch-decode-small"]
    assert (decode["lib.graph_kernel_records"], decode["lib.buffers_requested"], decode["lib.dropped"]) == \
        ("129594", "4", "0")


def test_with_the_flush_decided_under_the_guard_the_one_lease_burst_still_held_every_launch_exit():
    """cost/decode.sh launch, H100, 2026-12-06 12:48 UTC (the build with pc::hold_for_flush):
    still one burst per serialized run, and every busy guard the launches met was the
    collector's; the serialized tier cost +0.15 and +0.29 µs a launch over tier off."""
    serialized = []
    for name in ("launch-s1", "launch-s4"):
        serialized += [e for e in pc_exit_lines((H100_1206_PM / "cost" / f"{name}.txt").read_text())
                       if e["tier"] == "serialized"]
    assert len(serialized) == 10
    for e in serialized:
        assert (e["pc_enable"], e["bursts"]) == ("lease", "1"), e
        assert e["guard_busy"] == e["guard_busy_collector"] == str(int(e["launches_serialized"]) - 1), e
        assert int(e["lease_calls_ms"]) <= 80, e
    one = summaries(H100_1206_PM / "cost" / "launch-s1.txt", "--base", "off", "--ref", "rawinj")
    four = summaries(H100_1206_PM / "cost" / "launch-s4.txt", "--base", "off", "--ref", "rawinj")
    assert (one[(None, "serialized")]["us_per_launch_vs_off"], four[(None, "serialized")]["us_per_launch_vs_off"]) \
        == ("+0.154", "+0.288")


def test_at_node_scale_with_zstd_in_the_queue_it_accepts_83_percent_of_memory_mode_and_drains_far_slower():
    """node-scale.sh on the H100 host, 2026-12-06 12:57 UTC (queue.compression zstd,
    export gzip, 4 generator cores): accepted spans/s, ack p99 at 1M offered, disk bytes."""
    runs, out = nodescale_runs(H100_1206_PM / "nodescale")
    assert len(runs) == 30 and all(r["exported_all"] == "yes" and r["refused"] == "0" for r in runs)

    def median(arm, rate, key):
        return median_of(runs, key, arm=arm, rate=rate)

    memory, queue = median("memory", "0", "accepted_spans_per_s"), median("queue-group", "0", "accepted_spans_per_s")
    assert (memory, queue) == (3_257_471, 2_711_943) and round(queue / memory, 2) == 0.83
    assert median("queue-group", "1000000", "ack_p99_ms") == 5.87
    assert median("queue-group", "0", "disk_bytes_per_span") == 15.4
    # What the acknowledgements hide: the backlog on disk drains at a quarter of memory mode.
    assert median("queue-group", "0", "e2e_spans_per_s") == 623_724
    assert median("memory", "0", "e2e_spans_per_s") == 2_481_466
    def out_median(arm, key):
        return median_of(out, key, arm=arm)

    assert round(out_median("gzip", "cpu_us_per_span") / out_median("none", "cpu_us_per_span"), 2) == 1.09


def test_one_launch_bursts_still_linked_no_sample_to_its_own_execution_on_the_h100():
    log = (H100_1206_PM / "profiles-log.txt").read_text()
    links = re.findall(r"^summary: files=\d+ bytes=\d+ samples=(\d+) execution=(\d+) slice=(\d+) unresolved=(\d+)",
                       log, re.M)
    assert len(links) == 6 and all(u == "0" and s == sl and ex == "0" for s, ex, sl, u in links)


H100_1206_EVE = FIXTURES / "h100-2026-12-06-eve"


def test_enabling_pc_sampling_on_the_floors_context_is_not_what_sped_the_serialized_graph_decode_up():
    """cost/decode.sh decode, graph only, RAWINJ_PC="toggle keep", H100, 2026-12-06 18:18
    UTC: the floor with PC sampling enabled (and disabled, or kept) decodes as the floor
    does; the serialized tier, refused by its graph, decodes as fast as no CUPTI client,
    and every kernel of the tier-off and serialized runs reached the receiver."""
    log = H100_1206_EVE / "decode-graph.txt"
    s = summaries(log, "--base", "off", "--ref", "rawinj", "--value", "tokens_per_s")
    tok = {arm: float(s[(None, arm)]["median_tokens_per_s"]) for (_, arm) in s}
    assert tok == {"none": 8349.6, "rawinj": 7663.5, "rawinj-pc-toggle": 7656.5, "rawinj-pc-keep": 7680.6,
                   "off": 7634.9, "serialized": 8338.7}
    for pc in ("rawinj-pc-toggle", "rawinj-pc-keep"):
        assert abs(tok[pc] / tok["rawinj"] - 1) < 0.005, pc
    assert tok["serialized"] / tok["off"] > 1.09 and abs(tok["serialized"] / tok["none"] - 1) < 0.005
    runs = re.findall(r"^(off|serialized) run=\d decode: ok .* graph_replays=(\d+)", log.read_text(), re.M)
    assert len(runs) == 10
    # 226 kernel nodes a replay, 905 kernels before the first (warm-up, capture) a run.
    expected = sum(int(r) for _, r in runs) * 226 + 10 * 905
    exit_line = (H100_1206_EVE / "decode-receiver-exit.txt").read_text()
    assert f"{expected} kernel executions" in exit_line and expected == 9_028_710
    assert "0 spans dropped" in exit_line


def test_with_the_guard_held_per_record_the_one_lease_burst_still_held_every_launch_exit():
    """cost/decode.sh launch and profiles.sh, H100, 2026-12-06 18:12 UTC (the collector
    takes the guard around each record it reads): still one burst a serialized run,
    every busy guard the collector's."""
    cost = (H100_1206_EVE / "cost.out").read_text()
    ser = re.findall(r"^summary: arm=serialized .* bursts=(\S+) launches_serialized=(\S+) .* "
                     r"guard_busy=(\S+) guard_busy_collector=(\S+)$", cost, re.M)
    assert ser == [("1", "614", "613", "613"), ("1", "165", "164", "164")]
    profiles = pc_exit_lines((H100_1206_EVE / "profiles.out").read_text())
    serialized = [e for e in profiles if e["tier"] == "serialized"]
    assert len(serialized) == 3
    for e in serialized:
        assert e["bursts"] == "1" and e["guard_busy"] == e["guard_busy_collector"] != "0", e


def test_of_the_decodes_ops_the_head_alone_stops_cuptis_records_on_the_small_pool():
    """cupti-ceiling/run.sh, H100, 2026-12-06 18:15 UTC: the decode's GEMM, attention,
    biased linear, layer norm and cache writes each keep every record; its head (logits
    and argmax) stops after three buffers, as the decode does with one block or none."""
    rows = tsv_rows(H100_1206_EVE / "ceiling.tsv")
    for arm in ("torch-gemm-small", "torch-sdpa-small", "torch-linear-small", "torch-layernorm-small",
                "torch-kvcache-small"):
        r = rows[arm]
        assert r["graph_records/expected"] == "1.0000" and r["lib.dropped"] == "0", (arm, r)
    head = rows["torch-head-small"]
    assert (head["lib.graph_kernel_records"], head["app.expected_graph_kernels"], head["lib.buffers_requested"]) \
        == ("87100", "233600", "3")
    for arm in ("torch-decode-small", "torch-decode-l1-small", "torch-decode-l0-small"):
        assert float(rows[arm]["graph_records/expected"]) < 0.2 and rows[arm]["lib.dropped"] == "0", arm


def test_at_node_scale_saturated_runs_of_36000_requests_gave_memory_mode_2_51m_and_the_queue_drained_at_0_82m():
    """node-scale.sh queue and drain, H100 host, 2026-12-06 18:23 UTC (8 generators on 5
    cores, saturated runs 3x longer than before): accepted and end-to-end spans/s, ack
    p99 at 1M offered, and the backlog read back on 8 cores before the replay's change."""
    runs = [dict(w.split("=", 1) for w in line.split()[1:]) | {"arm": line.split()[0]}
            for line in (H100_1206_EVE / "queue-runs.txt").read_text().splitlines() if not line.startswith("#")]
    assert len(runs) == 30 and all(r["exported_all"] == "yes" and r["refused"] == "0" for r in runs)

    def median(arm, rate, key):
        return median_of(runs, key, arm=arm, rate=rate)

    assert median("memory", "0", "accepted_spans_per_s") == 2_513_170
    assert median("memory", "0", "e2e_spans_per_s") == 2_372_912
    assert median("memory", "0", "server_cores") == 8.42
    assert median("queue-group", "0", "accepted_spans_per_s") == 1_747_719
    assert median("queue-group", "0", "e2e_spans_per_s") == 824_693
    assert median("queue-group", "1000000", "ack_p99_ms") == 4.53
    drain = re.findall(r"^gpu-otel-receiver rep=\d want=(\d+) exported=(\d+) all=yes drain_spans_per_s=(\d+)",
                       (H100_1206_EVE / "drain-log.txt").read_text(), re.M)
    assert len(drain) == 5 and all(w == e for w, e, _ in drain)
    assert sorted(int(d) for _, _, d in drain)[2] == 1_126_118


H100_1206_NIGHT = FIXTURES / "h100-2026-12-06-night"


def test_the_stuck_bursts_busy_guards_were_all_the_collectors_flush_with_or_without_its_yield():
    """cost/decode.sh launch, H100, 2026-12-06 21:46 UTC: the build whose injector threads
    yield the guard to an open burst (c0e8931 and its bound) beside the build before it
    (candidate): one burst a serialized run in both, every busy guard the collector's and
    counted in its flush step; the yield waited once a run. So the collector held the
    guard from before the burst opened: the burst opened inside the collector's own hold
    (what launches_inside_injector, added after this run, counts)."""
    cost = (H100_1206_NIGHT / "cost.out").read_text()
    rows = re.findall(r"^summary: arm=(serialized|candidate) .* bursts=(\S+) launches_serialized=(\S+) .* "
                      r"guard_busy=(\S+) guard_busy_collector=(\S+) injector_yields=(\S+)", cost, re.M)
    assert rows == [("serialized", "1", "1860", "1859", "1859", "1"), ("candidate", "1", "305", "304", "304", "-"),
                    ("serialized", "1", "335", "334", "334", "1"), ("candidate", "1", "478", "477", "477", "-")]
    steps = re.findall(r"^(serialized|candidate) run=\d guard_busy_collector_in=(\S+)$", cost, re.M)
    assert len(steps) == 20
    assert all(re.fullmatch(r"flush:\d+", s) for _, s in steps), steps


def test_of_the_heads_two_halves_the_argmax_into_the_tokens_stops_cuptis_records_and_the_logits_do_not():
    """cupti-ceiling/run.sh, H100, 2026-12-06 21:48 UTC, 1 MB x 4 device buffers: the
    8x768 by 768x50257 logits keep every record; the argmax over logits made before the
    capture, copied into the tokens, stops after two buffers, with nothing dropped."""
    rows = tsv_rows(H100_1206_NIGHT / "ceiling.tsv")
    logits, argmax = rows["torch-logits-small"], rows["torch-argmax-small"]
    assert (logits["lib.graph_kernel_records"], logits["app.expected_graph_kernels"]) == ("152000", "152000")
    assert (argmax["lib.graph_kernel_records"], argmax["app.expected_graph_kernels"], argmax["lib.buffers_requested"]) \
        == ("65424", "582400", "2")
    assert rows["torch-head-small"]["lib.graph_kernel_records"] == "87099"
    for r in rows.values():
        assert r["lib.dropped"] == "0"


H100_1206_LATE = FIXTURES / "h100-2026-12-06-late"


def test_with_launches_inside_the_injectors_hold_skipped_two_runs_in_five_still_kept_a_burst_open_in_the_flush():
    """cost/decode.sh launch, another H100, 2026-12-06 22:12 UTC (the build that yields
    the guard and skips launches inside the injector's own hold): the median serialized
    run made one burst of 2 launches and no launch came inside the injector's hold, yet
    2 runs in 5 on each stream count still held the burst open with every busy guard in
    the collector's flush step; between bursts the serialized tier cost +0.17 and +0.35
    µs a launch over tier off."""
    cost = (H100_1206_LATE / "cost.out").read_text()
    ser = re.findall(r"^summary: arm=serialized .* us_per_launch_vs_off=(\S+) .* bursts=(\S+) launches_serialized=(\S+) "
                     r".* injector_yields=(\S+) injector_yield_ms=(\S+) launches_inside_injector=(\S+)", cost, re.M)
    assert ser == [("+0.171", "1", "2", "1", "0", "0"), ("+0.354", "1", "2", "1", "0", "0")]
    steps = [int(n) for n in re.findall(r"^serialized run=\d guard_busy_collector_in=flush:(\d+)$", cost, re.M)]
    assert steps == [1, 1, 922, 1, 359, 1, 1, 1, 2586, 3127]


def test_the_argmax_alone_and_the_same_reductions_keep_every_record_and_the_tokens_copy_is_no_kernel():
    """cupti-ceiling/run.sh, H100, 2026-12-06 22:14 UTC, 1 MB x 4 device buffers: the
    argmax into an index tensor of its own, over 768 values a row, amax and sum keep
    every record over 17-53 buffers; the copy into the tokens alone makes no kernel node.
    What stopped the records (the night call) is the argmax with that copy."""
    rows = tsv_rows(H100_1206_LATE / "ceiling.tsv")
    for arm in ("torch-argmaxonly-small", "torch-argmax768-small", "torch-amax-small", "torch-sum-small"):
        r = rows[arm]
        assert r["graph_records/expected"] == "1.0000" and r["lib.dropped"] == "0", (arm, r)
        assert int(r["lib.buffers_requested"]) >= 17
    tok = rows["torch-tokcopy-small"]
    assert (tok["app.expected_graph_kernels"], tok["lib.graph_kernel_records"]) == ("0", "0")


def test_arms_runs_prints_each_runs_own_values_that_the_medians_hide():
    """arms.py --runs on the H100 afternoon launch log: one line a serialized run with its
    own busy guards and bursts (their median, 1,894, hides the run with 79), fields that
    are not numbers included, nothing for the arms whose lines lack the first field."""
    r = run(sys.executable, GPU / "common" / "arms.py", H100_1206_PM / "cost" / "launch-s1.txt",
            "--runs", "guard_busy,bursts,tier")
    assert r.returncode == 0, r.stderr
    assert r.stdout.splitlines() == [
        f"serialized run={i} guard_busy={g} bursts=1 tier=serialized"
        for i, g in enumerate((1894, 620, 79, 2376, 2241), start=1)
    ]
