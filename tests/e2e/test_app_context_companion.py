"""The companion's own test suite (python/gpu-otel-context/tests: the real OpenTelemetry
SDK, the NVTX calls recorded or sent to a fake NVTX tool built from C), run in its own
pytest process: its fixtures are its own, and OpenTelemetry's runtime context is chosen
once per process."""

import subprocess
import sys

from conftest import ROOT


def test_the_companions_suite_passes_with_the_real_sdk():
    suite = ROOT / "python" / "gpu-otel-context" / "tests"
    r = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-rs", str(suite)],
                       capture_output=True, text=True, timeout=600, cwd=ROOT)
    assert r.returncode == 0, r.stdout[-5000:] + r.stderr[-3000:]
    assert " passed" in r.stdout and "skipped" not in r.stdout.splitlines()[-1], r.stdout[-3000:]
