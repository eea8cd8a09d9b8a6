#!/usr/bin/env python3
"""How long the queue's append sync takes, growing its file or writing into one already
written, alone and beside a database-like writer: the question behind the queue's ack
p99 on the H200 (docs/measurements/persistent-queue.md), asked of a disk directly.

An append writes CHUNK bytes at the end of a segment and fdatasyncs, as the queue's
writer does per group commit. "grow": the file grows with each append, so even
fdatasync must make the new size durable, which commits the file system's journal (in
ext4's ordered mode, after writing out every other file's dirty data). "prealloc": the segment was written with zeros beforehand, so
an append overwrites allocated blocks and needs only fdatasync. "beside a database":
another thread writes ~3 MB of scattered 4 KiB pages and fsyncs every 100 ms, as the
queue's database thread does with its commits.

    python3 scripts/probe-segment-sync.py --dir /var/tmp --rounds 3

Prints per arm and round the sync's p50/p90/p99/max in ms, then medians over rounds.
"""

import argparse
import os
import random
import statistics
import threading
import time


def run(directory, mode, beside_db, chunk, appends):
    seg = os.path.join(directory, "probe-segment")
    db = os.path.join(directory, "probe-db")
    for f in (seg, db):
        if os.path.exists(f):
            os.remove(f)
    fd = os.open(seg, os.O_CREAT | os.O_RDWR)
    if mode == "prealloc":
        zeros = b"\0" * (1 << 20)
        for _ in range(chunk * appends // len(zeros) + 1):
            os.write(fd, zeros)
        os.fsync(fd)
    stop = threading.Event()

    def database():
        fb = os.open(db, os.O_CREAT | os.O_RDWR)
        page = os.urandom(4096)
        while not stop.is_set():
            for _ in range(800):
                os.pwrite(fb, page, random.randrange(0, 64 << 20, 4096))
            os.fsync(fb)
            time.sleep(0.1)
        os.close(fb)

    t = threading.Thread(target=database)
    if beside_db:
        t.start()
    data = os.urandom(chunk)
    took = []
    for i in range(appends):
        t0 = time.perf_counter()
        os.pwrite(fd, data, i * chunk)
        os.fdatasync(fd)
        took.append((time.perf_counter() - t0) * 1e3)
        time.sleep(0.002)
    stop.set()
    if beside_db:
        t.join()
    os.close(fd)
    for f in (seg, db):
        if os.path.exists(f):
            os.remove(f)
    took.sort()
    n = len(took)
    return {
        "p50": took[n // 2],
        "p90": took[int(n * 0.9)],
        "p99": took[int(n * 0.99)],
        "max": took[-1],
    }


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--dir", default="/var/tmp", help="a directory on the disk to probe")
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--chunk", type=int, default=1_200_000, help="bytes per append (~10 requests of 120 KB)")
    p.add_argument("--appends", type=int, default=300)
    a = p.parse_args()
    arms = [(m, d) for m in ("grow", "prealloc") for d in (False, True)]
    results = {arm: [] for arm in arms}
    for r in range(1, a.rounds + 1):
        for mode, beside in arms:  # interleaved
            s = run(a.dir, mode, beside, a.chunk, a.appends)
            results[(mode, beside)].append(s)
            name = f"{mode} {'beside a database' if beside else 'alone'}"
            print(f"round {r} {name}: " + " ".join(f"{k} {v:.2f}" for k, v in s.items()), flush=True)
    print("\n| append sync | p50 ms | p90 ms | p99 ms | max ms |\n|---|---|---|---|---|")
    for (mode, beside), runs in results.items():
        med = {k: statistics.median(x[k] for x in runs) for k in ("p50", "p90", "p99", "max")}
        name = f"{mode}, {'beside a database' if beside else 'alone'}"
        print(f"| {name} | {med['p50']:.2f} | {med['p90']:.2f} | {med['p99']:.2f} | {med['max']:.2f} |")


if __name__ == "__main__":
    main()
