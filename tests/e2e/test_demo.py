"""The README's first command, on a machine without a GPU, shows what the product is
for and explains it: the spans by kind (adding up to what was exported), all three
gpu.serialized values and what each means for a duration, sampling windows, stall
reasons by the names Nsight Compute uses, a check that passes with a binary already
built, and the path of an HTML report that exists and holds the same numbers, its stall
flame graphs every PC sample."""

import re
import subprocess
from pathlib import Path

from conftest import BIN

DEMO = BIN / "gpu-otel-demo"


def test_the_gpu_free_demo_prints_windows_all_three_values_stalls_and_its_report(tmp_path):
    out = subprocess.run([str(DEMO), "--replay", "--export-file", str(tmp_path / "demo.jsonl")],
                         capture_output=True, text=True, timeout=600, cwd=tmp_path,
                         env={"PATH": "/usr/bin:/bin", "HOME": str(tmp_path)})
    assert out.returncode == 0, out.stderr[-3000:]
    text = out.stdout
    windows = re.search(r"^windows\s+(\d+) PC-sampling bursts", text, re.M)
    assert windows and int(windows.group(1)) > 0, text
    values = re.search(r"gpu\.serialized on the (\d+) kernel executions: (\d+) true \+ (\d+) false \+ (\d+) unknown "
                       r"= (\d+) \[sum identity holds\]", text)
    assert values, text
    executions, t, f, u, total = map(int, values.groups())
    assert t > 0 and f > 0 and u > 0, "all three values occur"
    assert t + f + u == total == executions
    # What each value means for a duration, said under the numbers.
    for value in ("true", "false", "unknown"):
        assert re.search(rf"^  {value}\s+\d+  \S", text, re.M), value
    # The spans by kind add up to what was exported, on the page.
    exported = int(re.search(r"^spans\s+(\d+) exported", text, re.M).group(1))
    kinds = {m.group(2): int(m.group(1)) for m in re.finditer(r"^  +(\d+) ([a-z][a-z ]+?)  ", text, re.M)
             if m.group(2) not in ("true", "false", "unknown")}
    assert kinds["kernel executions"] == executions, kinds
    assert sum(kinds.values()) == exported == int(re.search(r"^ +(\d+) in all$", text, re.M).group(1)), kinds
    # Stall reasons by the names Nsight Compute gives them, with what each means.
    stalls = text[text.index("\nstalls"):text.index("\nreport")]
    assert "not selected" in stalls and "smsp__" not in stalls.split(":", 1)[1].replace("CUPTI's raw names", ""), stalls
    # The check it hints at uses a binary already built, and passes.
    hint = re.search(r"^check it\s+(.*)$", text, re.M).group(1)
    assert not hint.startswith("cargo"), hint
    assert re.search(r"^checked\s+conformance: PASS", text, re.M), text
    report = Path(re.search(r"^report\s+(\S+)", text, re.M).group(1))
    assert report.is_file()
    page = report.read_text()
    assert f'<b data-k="true">{t}</b>' in page
    assert f'<b data-k="unknown">{u}</b>' in page
    assert 'class="window"' in page
    # A stall flame graph per sampled kernel function, holding every sample the stalls
    # line counts (tests/e2e/test_report_browser.py reads such graphs back in Chromium).
    sampled = int(re.search(r"^stalls\s+.*?(\d+) PC samples", text, re.M).group(1))
    graphs = [int(n) for n in re.findall(r'<div class="flame" data-function="[^"]+" data-samples="(\d+)"', page)]
    assert graphs and sum(graphs) == sampled, (graphs, sampled)
