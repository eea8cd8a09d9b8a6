"""The README's first command, on a machine without a GPU, shows what the product is
for: sampling windows, all three gpu.serialized values, stall reasons by name, and the
path of an HTML report that exists and holds the same numbers."""

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
    windows = re.search(r"^windows\s+(\d+) sampling windows", text, re.M)
    assert windows and int(windows.group(1)) > 0, text
    values = re.search(r"gpu\.serialized: (\d+) true \+ (\d+) false \+ (\d+) unknown = (\d+) \((\d+) executions\) "
                       r"\[sum identity holds\]", text)
    assert values, text
    t, f, u, total, executions = map(int, values.groups())
    assert t > 0 and f > 0 and u > 0, "all three values occur"
    assert t + f + u == total == executions
    stalls = re.search(r"^stalls\s+(.*)$", text, re.M).group(1)
    assert "smsp__pcsamp_warps_issue_stalled_" in stalls, stalls
    report = Path(re.search(r"^report\s+(\S+)", text, re.M).group(1))
    assert report.is_file()
    page = report.read_text()
    assert f'<b data-k="true">{t}</b>' in page
    assert f'<b data-k="unknown">{u}</b>' in page
    assert 'class="window"' in page
