"""The README runner (scripts/readme-blocks) fails a block that leaves a file or a
process behind, assumes the project's binaries on PATH, or writes less than it says; it
skips a block marked "not run" with its reason, and serves `cargo build`/`cargo run` from
the binaries already built."""

import subprocess

from conftest import BIN, ROOT

RUNNER = ROOT / "scripts" / "readme-blocks"


def run(tmp_path, markdown: str) -> subprocess.CompletedProcess:
    readme = tmp_path / "README.md"
    readme.write_text(markdown)
    return subprocess.run([str(RUNNER), str(readme)], capture_output=True, text=True, timeout=300,
                          env={"PATH": "/usr/bin:/bin", "GPU_OTEL_BIN_DIR": str(BIN)})


def block(text: str, marker: str = "") -> str:
    return f"{marker}\n```sh\n{text}\n```\n" if marker else f"\n```sh\n{text}\n```\n"


def test_a_block_that_runs_as_written_passes_and_cargo_uses_the_built_binaries(tmp_path):
    r = run(tmp_path, block("cargo build --release -p gpu-otel-receiver\n"
                            "target/release/gpu-otel-receiver --version\n"
                            "cargo run --release -p gpu-otel-receiver -- validate >/dev/null"))
    assert r.returncode == 0, r.stdout
    assert "1 run, 0 failed" in r.stdout


def test_a_file_left_behind_a_process_left_running_and_a_binary_assumed_on_path_each_fail(tmp_path):
    r = run(tmp_path, block("echo x > left.txt") + block("sleep 60 &")
            + block("gpu-otel-receiver --version") + block("cargo test -p gpu-otel-receiver"))
    assert r.returncode == 1
    out = r.stdout
    assert "left files behind: left.txt" in out, out
    assert "left processes running: sleep 60" in out, out
    assert "command not found" in out, out
    assert "`cargo test -p gpu-otel-receiver` is not run here" in out, out
    assert "4 run, 4 failed" in out, out


def test_a_block_marked_not_run_is_skipped_with_its_reason_and_declared_files_must_appear(tmp_path):
    r = run(tmp_path, block("exit 1", "<!-- not run: needs a GPU -->")
            + block("touch made.txt", "<!-- run; writes: made.txt, other.txt -->"))
    assert "not run: needs a GPU" in r.stdout
    assert "did not write other.txt, as its marker says" in r.stdout, r.stdout
    assert "1 run, 1 failed, 1 marked not run" in r.stdout
