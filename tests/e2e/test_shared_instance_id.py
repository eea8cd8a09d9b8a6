"""Processes that share one service.instance.id (as the OpenTelemetry Operator sets it for
every process of a container) stay apart: eight fake serialized-tier processes, started
together, each through the injector's real export path, into one receiver. Their trace and
span ids are disjoint, and the receiver settles each process's kernels from that process's
windows alone: each one's bursts are shifted so that they fall on another's kernel between
bursts, which would read "true" were windows mixed."""

import json
import os
import subprocess
from collections import defaultdict

from conftest import FAKE_SERIALIZED, Receiver

PROCESSES = 8
SHIFT_MS = 250  # process i+4's first burst lies on process i's "between" kernel


def attrs(kvs):
    out = {}
    for kv in kvs:
        v = kv.get("value", {})
        out[kv["key"]] = v.get("stringValue", v.get("intValue"))
    return out


def test_processes_sharing_an_instance_id_get_disjoint_ids_and_their_own_verdicts(workdir, tmp_path):
    out_file = tmp_path / "out.jsonl"
    receiver = Receiver(workdir, ["--export-file", str(out_file), "--reconcile-delay", "1s"])
    env = dict(os.environ, OTEL_RESOURCE_ATTRIBUTES="service.instance.id=team.pod-0.trainer")
    procs = [subprocess.Popen([str(FAKE_SERIALIZED), "--endpoint", f"http://{receiver.grpc}",
                               "--service", "trainer", "--offset-ms", str(i * SHIFT_MS), "bursts"],
                              env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
             for i in range(PROCESSES)]
    for p in procs:
        _, err = p.communicate(timeout=60)
        assert p.returncode == 0, err
    receiver.stop()

    traces, spans = defaultdict(set), defaultdict(set)
    kernels = defaultdict(dict)
    for line in out_file.read_text().splitlines():
        for rs in json.loads(line)["resourceSpans"]:
            r = attrs(rs["resource"]["attributes"])
            assert r["service.instance.id"] == "team.pod-0.trainer"
            producer = r["gpu.producer.id"]
            for ss in rs["scopeSpans"]:
                for s in ss["spans"]:
                    traces[producer].add(s["traceId"])
                    spans[producer].add(s["spanId"])
                    a = attrs(s["attributes"])
                    if "gpu.kernel.name" in a:
                        kernels[producer][s["name"]] = a["gpu.serialized"]
    assert len(kernels) == PROCESSES, "one producer per process"
    producers = sorted(traces)
    for i, p in enumerate(producers):
        for q in producers[i + 1:]:
            assert not traces[p] & traces[q], "trace ids shared between processes"
            assert not spans[p] & spans[q], "span ids shared between processes"
    for p in producers:
        assert kernels[p] == {"inside()": "true", "between()": "false", "straddle()": "true",
                              "after()": "false"}, p
