"""The source lines of PC samples on a real kernel: the capture's spans with pairs and
the receiver's pprof files of one run of spin_lines (profiles.sh).

usage: profiles_lines.py CAPTURE PPROF_DIR SOURCE [KERNEL]
SOURCE: the .cu file the kernel was built from with -lineinfo (its samples must name it),
or `none` (built without: no pair may carry a line). KERNEL: a part of the kernel's
mangled name (default spin_lines).
Prints one JSON object, then a summary line, and exits 1 when the expectation fails.

pprof is read by profiles_links.py's protobuf reader: `Profile.location` (4: id 1,
line 4: function_id 1, line 2), `Profile.function` (5: id 1, system_name 3, filename 4).
"""
import gzip
import json
import os
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "common"))
from otlp import attrs, resource_spans  # noqa: E402
from profiles_links import fields, packed  # noqa: E402

def pprof_lines(path):
    """(samples, system name, filename, line) of each sample of a gzipped pprof file."""
    strings, samples, locations, functions = [], [], {}, {}
    for number, wire, value in fields(gzip.decompress(Path(path).read_bytes())):
        if number == 6:
            strings.append(value.decode())
        elif number == 2:
            samples.append(value)
        elif number == 4:
            loc = {n: v for n, _, v in fields(value) if n != 4}
            lines = [{n: v for n, _, v in fields(l)} for n, _, l in fields(value) if n == 4]
            locations[loc.get(1, 0)] = lines[0] if lines else {}
        elif number == 5:
            f = {n: v for n, _, v in fields(value)}
            functions[f.get(1, 0)] = (f.get(3, 0), f.get(4, 0))
    for s in samples:
        ids, values = [], []
        for number, wire, value in fields(s):
            if number == 1:
                ids += packed(wire, value)
            elif number == 2:
                values += packed(wire, value)
        line = locations.get(ids[0], {}) if ids else {}
        name, filename = functions.get(line.get(1, 0), (0, 0))
        yield sum(values), strings[name], strings[filename], line.get(2, 0)


def main():
    capture, pprof_dir, source = sys.argv[1], Path(sys.argv[2]), sys.argv[3]
    kernel = sys.argv[4] if len(sys.argv) > 4 else "spin_lines"
    pairs = with_line = 0
    files, lines = Counter(), Counter()
    for _, ss in resource_spans(capture):
        for s in ss:
            a = attrs(s.get("attributes"))
            name = a.get("gpu.pc_sampling.function") or a.get("gpu.kernel.name") or ""
            if kernel not in name or "gpu.pc_sampling.pair_pc_offsets" not in a:
                continue
            offsets = a["gpu.pc_sampling.pair_pc_offsets"]
            pairs += len(offsets)
            for f, n in zip(a.get("gpu.pc_sampling.pair_source_files", []),
                            a.get("gpu.pc_sampling.pair_source_lines", [])):
                if f and int(n) > 0:
                    with_line += 1
                    files[f] += 1
                    lines[int(n)] += 1
    pprof_total = pprof_with_line = 0
    pprof_files = Counter()
    for f in sorted(pprof_dir.glob("*.pb.gz")):
        for n, name, filename, line in pprof_lines(f):
            if kernel not in name:
                continue
            pprof_total += n
            if filename and line > 0:
                pprof_with_line += n
                pprof_files[filename] += n
    out = {"pairs": pairs, "pairs_with_line": with_line, "files": dict(files),
           "lines": dict(sorted(lines.items())), "pprof_samples": pprof_total,
           "pprof_samples_with_line": pprof_with_line, "pprof_files": dict(pprof_files)}
    print(json.dumps(out, indent=1))
    if source == "none":
        ok = pairs > 0 and with_line == 0 and pprof_with_line == 0
    else:
        base = os.path.basename(source)
        ok = (pairs > 0 and with_line == pairs and all(f.endswith(base) for f in files)
              and pprof_total > 0 and pprof_with_line == pprof_total)
    print(f"summary: expect={'none' if source == 'none' else os.path.basename(source)} pairs={pairs} "
          f"with_line={with_line} lines={min(lines, default=0)}..{max(lines, default=0)} "
          f"pprof_samples={pprof_total} with_line={pprof_with_line} ok={ok}")
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
