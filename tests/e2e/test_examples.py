"""Every example that needs no GPU, run as its README says (`examples/*/run.sh`,
`examples/kubernetes/check.sh`) on the binaries under test: each must end with its
"ok: ..." line and exit 0. What each checks is in its script's opening comment: spans
arrive (replay, demo, load), TLS and mutual TLS with tokens work and refuse the wrong
senders, the persistent queue survives a SIGKILL and a restart with the backend down,
the mirror gets everything, the Kubernetes recipe renders and its configuration
validates."""

import os
import subprocess

import pytest

from conftest import BIN, ROOT

SCRIPTS = [
    "demo/run.sh",
    "replay/run.sh",
    "tls-export/run.sh",
    "mtls-ingest/run.sh",
    "persistent-queue/run.sh",
    "mirror/run.sh",
    "kubernetes/check.sh",
    "load/run.sh",
]


def test_every_scenario_folder_with_a_script_is_run_here():
    on_disk = sorted(
        f"{d.name}/{s.name}"
        for d in (ROOT / "examples").iterdir() if d.is_dir()
        for s in d.glob("*.sh") if s.name in ("run.sh", "check.sh")
    )
    assert on_disk == sorted(SCRIPTS)


@pytest.mark.parametrize("script", SCRIPTS)
def test_the_example_runs_as_written_and_reports_ok(script):
    env = {**os.environ, "GPU_OTEL_BIN_DIR": str(BIN)}
    env.pop("OTEL_EXPORTER_OTLP_ENDPOINT", None)
    out = subprocess.run(["bash", str(ROOT / "examples" / script)], capture_output=True, text=True,
                         timeout=600, env=env, cwd=ROOT)
    assert out.returncode == 0, f"{script}:\n{out.stdout[-3000:]}\n{out.stderr[-3000:]}"
    last = out.stdout.strip().splitlines()[-1]
    assert last.startswith("ok: "), out.stdout[-3000:]
