"""The GPU checks (examples/gpu/) without a GPU: their shared code on what the H200
recorded, their plumbing with the real receiver, and their index.

- common/arms.py on two H200 cost logs (fixtures/h200_floor_9_rounds.txt: the program
  lines of `cost/floor.sh` with SHORT=1 ROUNDS=9, 2026-12-01; fixtures/
  h200_pc_sampling_overhead.txt: the program and PC-sampling exit lines of
  `pc-sampling/overhead.sh`, 2026-11-29, cut to their first 300 characters) gives the
  numbers docs/measurements/ quotes from them.
- The analyzers on the committed receiver outputs of H200 runs
  (receiver/tests/fixtures/).
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


def free_base(n=5):
    """A port with the n after it free (the checks' receiver, backend, capture, metrics)."""
    for _ in range(50):
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            base = s.getsockname()[1]
        if base + n > 65535:
            continue
        try:
            for p in range(base, base + n):
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


CHECKS = sorted(p for p in GPU.glob("*/*.sh"))
PROGRAMS = sorted(p for p in GPU.glob("*/*.py"))


@pytest.mark.parametrize("script", CHECKS, ids=lambda p: str(p.relative_to(GPU)))
def test_every_check_parses(script):
    r = run("bash", "-n", script)
    assert r.returncode == 0, r.stderr


@pytest.mark.parametrize("program", PROGRAMS, ids=lambda p: str(p.relative_to(GPU)))
def test_every_analysis_program_compiles(program, tmp_path):
    py_compile.compile(str(program), cfile=str(tmp_path / "out.pyc"), doraise=True)


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
