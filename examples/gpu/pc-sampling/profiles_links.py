"""The receiver's pprof files against the trace they link to: every sample's link (the
`trace_id` / `span_id` labels) looked up among the spans of a capture of the same run.

usage: profiles_links.py CAPTURE PPROF_DIR
Prints one JSON object, then a summary line: samples and PC offsets in the files; links
by what they name (a kernel execution: the serialized tier's one-launch bursts; the
slice span `gpu.kernels`: function spans; anything else, or nothing in the capture:
unresolved); per execution with pairs, whether the samples linked to it equal its
`gpu.pc_sampling.sample_count` (they do when it dropped no pair); the files' bytes.

The pprof files are read by a protobuf reader of its own (a GPU machine may have no
pprof tooling): `Profile.sample` (2), `Profile.string_table` (6), a sample's `value` (2)
and `label` (3: key 1, str 2).
"""
import gzip
import json
import os
import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "common"))
from otlp import attrs, resource_spans  # noqa: E402


def fields(buf):
    """(field number, wire type, value) of a protobuf message: ints for varints, bytes
    for length-delimited fields."""
    i = 0
    while i < len(buf):
        key, i = varint(buf, i)
        number, wire = key >> 3, key & 7
        if wire == 0:
            value, i = varint(buf, i)
        elif wire == 2:
            n, i = varint(buf, i)
            value, i = buf[i:i + n], i + n
        elif wire == 1:
            value, i = buf[i:i + 8], i + 8
        elif wire == 5:
            value, i = buf[i:i + 4], i + 4
        else:
            raise ValueError(f"wire type {wire}")
        yield number, wire, value


def varint(buf, i):
    shift = out = 0
    while True:
        b = buf[i]
        i += 1
        out |= (b & 0x7F) << shift
        shift += 7
        if b < 0x80:
            return out, i


def packed(wire, value):
    if wire == 0:
        return [value]
    out, i = [], 0
    while i < len(value):
        v, i = varint(value, i)
        out.append(v)
    return out


def pprof_samples(path):
    """(samples, {label: value}) of each sample of a gzipped pprof file."""
    strings, raw = [], []
    for number, wire, value in fields(gzip.decompress(Path(path).read_bytes())):
        if number == 6:
            strings.append(value.decode())
        elif number == 2:
            raw.append(value)
    for s in raw:
        values, labels = [], []
        for number, wire, value in fields(s):
            if number == 2:
                values += packed(wire, value)
            elif number == 3:
                label = {n: v for n, _, v in fields(value)}
                labels.append((label.get(1, 0), label.get(2, 0)))
        yield sum(values), {strings[k]: strings[v] for k, v in labels}


def main():
    capture, pprof_dir = sys.argv[1], Path(sys.argv[2])
    spans = {}
    for ra, ss in resource_spans(capture):
        for s in ss:
            spans[(s["traceId"], s["spanId"])] = (ra.get("service.name"), s, attrs(s.get("attributes")))
    files = sorted(pprof_dir.glob("*.pb.gz"))
    links = defaultdict(int)  # kind -> samples
    distinct = defaultdict(set)  # kind -> span ids
    on_execution = defaultdict(int)  # (trace, span) -> samples
    stalls = defaultdict(int)
    total = 0
    for f in files:
        for n, labels in pprof_samples(f):
            total += n
            stalls[labels.get("stall_reason", "")] += n
            key = (labels.get("trace_id", ""), labels.get("span_id", ""))
            found = spans.get(key)
            if found is None:
                kind = "unresolved"
            elif "gpu.kernel.name" in found[2]:
                kind = "execution"
                on_execution[key] += n
            elif found[1]["name"] == "gpu.kernels":
                kind = "slice"
            else:
                kind = "unresolved"
            links[kind] += n
            distinct[kind].add(key)
    executions = [(k, a) for k, (_, _, a) in spans.items()
                  if "gpu.kernel.name" in a and "gpu.pc_sampling.pair_pc_offsets" in a]
    exact = [k for k, a in executions if int(a.get("gpu.pc_sampling.pairs_dropped", 0)) == 0]
    equal = sum(1 for k in exact if on_execution.get(k, 0) == int(spans[k][2]["gpu.pc_sampling.sample_count"]))
    out = {
        "pprof_files": len(files),
        "pprof_bytes": sum(f.stat().st_size for f in files),
        "samples": total,
        "samples_by_link": dict(links),
        "links_by_kind": {k: len(v) for k, v in distinct.items()},
        "stalls": dict(sorted(stalls.items(), key=lambda kv: -kv[1])),
        "executions_with_pairs": len(executions),
        "executions_without_drops": len(exact),
        "executions_whose_linked_samples_equal_their_count": equal,
        "function_spans_with_pairs": sum(1 for _, s, a in spans.values()
                                         if "gpu.pc_sampling.function" in a and "gpu.pc_sampling.pair_pc_offsets" in a),
    }
    print(json.dumps(out, indent=1))
    print(f"summary: files={len(files)} bytes={out['pprof_bytes']} samples={total} "
          f"execution={links.get('execution', 0)} slice={links.get('slice', 0)} "
          f"unresolved={links.get('unresolved', 0)} executions_with_pairs={len(executions)} "
          f"equal={equal}/{len(exact)}")


if __name__ == "__main__":
    main()
