"""The GPUs the kernel spans of a capture name, against nvidia-smi's list.

usage: named_by.py CAPTURE SMI_CSV CASE
  SMI_CSV  nvidia-smi --query-gpu=index,uuid,name --format=csv,noheader
Prints "CASE: kernel_spans=N named_by={(gpu.device.id, hw.id, hw.model): spans}
nvidia_smi={...} every_hw_id_is_nvidia_smis=True|False"; exits 1 when False.
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "common"))
from otlp import is_kernel, resource_spans  # noqa: E402


def main(argv):
    capture, smi_csv, case = argv[1:4]
    smi = {}
    for line in open(smi_csv):
        if line.strip():
            index, uuid, name = (f.strip() for f in line.split(",")[:3])
            smi[index] = (uuid, name)
    kernels, named = 0, {}
    for ra, spans in resource_spans(capture):
        n = sum(1 for s in spans if is_kernel(s))
        if n:
            kernels += n
            key = (ra.get("gpu.device.id"), ra.get("hw.id"), ra.get("hw.model"))
            named[key] = named.get(key, 0) + n
    uuids = {u for u, _ in smi.values()}
    ok = kernels > 0 and all(hw in uuids for (_, hw, _) in named)
    print(f"{case}: kernel_spans={kernels} named_by={named} nvidia_smi={smi} every_hw_id_is_nvidia_smis={ok}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
