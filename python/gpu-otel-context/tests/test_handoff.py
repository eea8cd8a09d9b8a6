"""Handing CUPTI to torch.profiler: the companion's side. The injector's two functions
are found in the copy of the library already loaded (never a second copy), the codes
they return become a quiet no-op (no injector attached), a warning (a refusal: the
profiler will miss GPU activity) or an error (a misuse), and CUPTI is always taken back
at the end of the window, with the profiler's kernel count when it can be read. The real
injector library answers here as it does in a process where CUDA never attached it."""

import ctypes
import os
import warnings
from pathlib import Path

import pytest

from gpu_otel_context import handoff
from gpu_otel_context.handoff import HandoffError, Injector, find_injector, profiler_window

ROOT = Path(__file__).resolve().parents[3]


def injector_library() -> Path:
    """The injector cdylib cargo built (GPU_OTEL_BIN_DIR in CI, else target/debug)."""
    dirs = [os.environ.get("GPU_OTEL_BIN_DIR"),
            os.path.join(os.environ.get("CARGO_TARGET_DIR") or ROOT / "target", "debug")]
    for d in dirs:
        if d and (Path(d) / "libgpu_otel_injector.so").exists():
            return Path(d) / "libgpu_otel_injector.so"
    raise AssertionError(f"libgpu_otel_injector.so not built in {dirs}: cargo build -p gpu-otel-injector")


class FakeInjector:
    """Stands for the two C functions: returns the codes given, records the calls."""

    def __init__(self, begin=0, end=0):
        self.codes = {"begin": begin, "end": end}
        self.calls = []

    def begin(self):
        self.calls.append(("begin",))
        return self.codes["begin"]

    def end(self, profiler_kernels):
        self.calls.append(("end", profiler_kernels))
        return self.codes["end"]


def test_without_an_injector_in_the_process_the_window_is_a_quiet_no_op(monkeypatch):
    monkeypatch.delenv("CUDA_INJECTION64_PATH", raising=False)
    assert find_injector() is None
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with profiler_window() as handed:
            assert handed is False


def test_an_injector_that_is_not_loaded_is_never_loaded_a_second_time(tmp_path):
    # RTLD_NOLOAD: a path the process has not loaded gives nothing, not a new copy.
    lib = tmp_path / "copy.so"
    lib.write_bytes(injector_library().read_bytes())
    assert find_injector(str(lib)) is None


def test_the_real_injector_is_found_where_it_is_loaded_and_answers_not_attached_without_cuda(monkeypatch):
    path = str(injector_library())
    ctypes.CDLL(path)  # as the CUDA driver loads it (InitializeInjection never ran: no CUDA)
    monkeypatch.setenv("CUDA_INJECTION64_PATH", path)
    inj = find_injector()
    assert isinstance(inj, Injector)
    assert inj.begin() == handoff.NOT_ATTACHED
    assert inj.end(None) == handoff.NOT_ATTACHED
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with profiler_window() as handed:
            assert handed is False


def test_cupti_is_taken_back_with_the_profilers_kernel_count_even_when_the_block_raises():
    inj = FakeInjector()
    with pytest.raises(ZeroDivisionError):
        with profiler_window(inj, kernels=lambda: 7000) as handed:
            assert handed is True
            1 / 0
    assert inj.calls == [("begin",), ("end", 7000)]


def test_a_kernel_count_that_cannot_be_read_is_sent_as_unknown_and_cupti_still_comes_back():
    inj = FakeInjector()

    def broken():
        raise RuntimeError("no trace")

    with profiler_window(inj, kernels=broken):
        pass
    assert inj.calls == [("begin",), ("end", None)]


def test_a_refused_hand_off_warns_why_and_the_block_runs_without_ending_a_window():
    inj = FakeInjector(begin=handoff.PC_SAMPLING)
    with pytest.warns(RuntimeWarning, match="PC sampling"):
        with profiler_window(inj) as handed:
            assert handed is False
    assert inj.calls == [("begin",)]


def test_a_second_libcupti_in_the_process_is_a_warning_and_the_injector_keeps_recording():
    inj = FakeInjector(begin=handoff.SECOND_CUPTI)
    with pytest.warns(RuntimeWarning, match="second libcupti"):
        with profiler_window(inj) as handed:
            assert handed is False
    assert inj.calls == [("begin",)]


def test_misuse_is_an_error_naming_it():
    with pytest.raises(HandoffError, match="already handed over"):
        with profiler_window(FakeInjector(begin=handoff.ALREADY_HANDED_OFF)):
            pass
    with pytest.raises(HandoffError, match="was not handed over") as e:
        with profiler_window(FakeInjector(end=handoff.NOT_HANDED_OFF)):
            pass
    assert e.value.code == handoff.NOT_HANDED_OFF


def test_the_profilers_kernels_are_its_cuda_events_less_copies_and_sets():
    class Ev:
        def __init__(self, name, device):
            self.name, self.device_type = name, device

    events = [Ev("ampere_sgemm", "DeviceType.CUDA"), Ev("Memcpy HtoD (Pageable -> Device)", "DeviceType.CUDA"),
              Ev("Memset (Device)", "DeviceType.CUDA"), Ev("aten::mm", "DeviceType.CPU"),
              Ev("void at::native::vectorized_elementwise_kernel", "DeviceType.CUDA")]
    assert handoff.cuda_kernels(events) == 2
