"""The HTML report renders in a real browser (Debian's Chromium, headless), and the
numbers on the page equal the checker's: per process the three values, the kernel
spans and the windows, and the sum identity the page checks itself in the browser. The
page has a time axis with units, a legend of the three values, and stall reasons by
name; its screenshot (docs/images/report.png is one, made by `screenshot` below from the
demo's output) is a real rendering. Its stall flame graphs, read back in the browser,
hold every PC sample the producer sent, per kernel function and stall reason."""

import gzip
import html as html_lib
import json
import re
import shutil
import subprocess
import time
from pathlib import Path

import pytest

from conftest import RECEIVER, ROOT

FIXTURE = ROOT / "receiver" / "tests" / "fixtures" / "h200_demo_receiver_output.jsonl.gz"


def chromium() -> str:
    for name in ("chromium", "chromium-browser"):
        path = shutil.which(name)
        if path:
            return path
    pytest.fail("Chromium is not installed (scripts/test installs Debian's chromium)")


def render(html: Path, workdir: Path) -> str:
    """The DOM after the page's scripts ran."""
    out = subprocess.run(
        [chromium(), "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         f"--user-data-dir={workdir / 'chromium-profile'}", "--virtual-time-budget=2000",
         "--dump-dom", html.as_uri()],
        capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr[-2000:]
    return out.stdout


def screenshot(html: Path, png: Path, workdir: Path) -> None:
    """What the page looks like, as a PNG: a 1400-pixel-wide window, headless."""
    out = subprocess.run(
        [chromium(), "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--hide-scrollbars", f"--user-data-dir={workdir / 'chromium-profile'}", "--window-size=1400,1500",
         "--virtual-time-budget=2000", f"--screenshot={png}", html.as_uri()],
        capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr[-2000:]


def report(jsonl: Path, html: Path) -> dict:
    out = subprocess.run([str(RECEIVER), "check", str(jsonl), "--json", "--html", str(html)],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode in (0, 1), out.stderr
    return json.loads(out.stdout)


def sections(dom: str) -> dict:
    found = {}
    for m in re.finditer(r'<section class="process" data-resource="([^"]*)"(.*?)</section>', dom, re.S):
        body = m.group(0)
        nums = {k: int(v) for k, v in re.findall(r'data-k="(\w+)">(\d+)<', body)}
        ident = re.search(r'data-identity="(\w+)"', body)
        nums["identity"] = ident.group(1) if ident else None
        found[m.group(1).replace("&amp;", "&")] = nums
    return found


def test_the_report_of_a_real_h200_run_renders_with_the_checkers_numbers(tmp_path):
    jsonl = tmp_path / "h200.jsonl"
    jsonl.write_bytes(gzip.decompress(FIXTURE.read_bytes()))
    html = tmp_path / "report.html"
    checked = report(jsonl, html)
    dom = render(html, tmp_path)
    assert 'data-rendered="yes"' in dom, "the page's script ran in the browser"
    page = sections(dom)
    assert len(page) == len(checked["resources"]) > 0
    for r in checked["resources"]:
        p = page[r["resource"]]
        assert p["identity"] == "holds", p
        assert (p["true"], p["false"], p["unknown"]) == (r["serialized"], r["not_serialized"], r["unknown"])
        assert p["kernel_spans"] == r["kernel_spans"]
        assert p["windows"] == r["windows"]
    assert "<svg" in dom and 'class="v-false"' in dom
    # The time axis says its unit, the legend says what each value means, stall reasons
    # read by name.
    assert re.search(r'<text class="tick"[^>]*>\d+ (ns|µs|ms|s)</text>', dom), "ticks with units"
    assert "time since the first kernel started" in dom
    for value in ("true", "false", "unknown"):
        assert re.search(rf'<span class="sw v-{value}"></span> {value}</dt><dd>\w', dom), value
    assert not re.search(r"\b\d+(st|nd|rd|th)\b", dom), "no ordinals (\"every 3th\")"
    png = tmp_path / "report.png"
    screenshot(html, png, tmp_path)
    data = png.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 20_000, "a rendered page, not a blank one"


def test_a_page_whose_numbers_do_not_add_up_shows_the_identity_broken(tmp_path):
    jsonl = tmp_path / "h200.jsonl"
    jsonl.write_bytes(gzip.decompress(FIXTURE.read_bytes()))
    html = tmp_path / "report.html"
    report(jsonl, html)
    # Plant a wrong count: the browser-side identity check must catch it.
    text = html.read_text()
    planted = re.sub(r'<b data-k="false">(\d+)</b>', lambda m: f'<b data-k="false">{int(m.group(1)) + 1}</b>',
                     text, count=1)
    assert planted != text
    html.write_text(planted)
    dom = render(html, tmp_path)
    assert 'data-identity="broken"' in dom


def sampled_run(tmp_path: Path) -> tuple[Path, dict]:
    """The receiver's file output of `fake-serialized pc-samples` (a one-launch burst's
    samples on its execution, a two-launch burst's on a function span, through the
    injector's export path and the receiver), and what the producer says it sent."""
    from conftest import FAKE_SERIALIZED, Receiver
    out = tmp_path / "out.jsonl"
    (tmp_path / "r.yaml").write_text(json.dumps({"export": {"file": str(out)}, "reconcile": {"delay": "200ms"}}))
    receiver = Receiver(str(tmp_path), ["--config", str(tmp_path / "r.yaml")], env={"PATH": "/usr/bin:/bin"})
    try:
        run = subprocess.run([str(FAKE_SERIALIZED), "--endpoint", f"http://{receiver.grpc}", "pc-samples"],
                             capture_output=True, text=True, timeout=60)
        assert run.returncode == 0, run.stderr[-3000:]
        sent = json.loads(run.stdout.splitlines()[0])["functions"]
        deadline = time.monotonic() + 30
        while not (out.exists() and all(f in out.read_text() for f in sent)):
            assert time.monotonic() < deadline, "the samples did not reach the file"
            time.sleep(0.2)
        time.sleep(0.5)
    finally:
        receiver.stop()
    return out, sent


def flames(dom: str) -> dict:
    """Per graph: the function's samples as the page states them, what its boxes hold
    per stall reason (read back in the browser) and the browser's own check."""
    found = {}
    for m in re.finditer(r'<div class="flame" ([^>]*)>', dom):
        a = dict(re.findall(r'data-([\w-]+)="([^"]*)"', m.group(1)))
        found[a["function"]] = {"samples": int(a["samples"]), "graph": a.get("graph"),
                                "drawn": json.loads(html_lib.unescape(a["drawn"])) if "drawn" in a else None}
    return found


def test_the_stall_flame_graphs_draw_every_sample_sent_per_function_and_stall(tmp_path):
    jsonl, sent = sampled_run(tmp_path)
    html = tmp_path / "report.html"
    report(jsonl, html)
    dom = render(html, tmp_path)
    assert 'data-rendered="yes"' in dom
    graphs = flames(dom)
    assert graphs.keys() == sent.keys(), "one graph per sampled kernel function"
    for function, stalls in sent.items():
        g = graphs[function]
        assert g["graph"] == "holds", g
        assert g["samples"] == sum(stalls.values()), function
        assert g["drawn"] == stalls, f"{function}: the boxes hold what was sent per stall reason"
    # Stall reasons by name in the graphs and the PC tables, offsets in hex.
    assert re.search(r'<table class="pcs">.*?<td><code>0x[0-9a-f]+</code></td><td>\d+</td>', dom, re.S)
    assert "long scoreboard" in dom
    png = tmp_path / "flame.png"
    screenshot(html, png, tmp_path)
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_a_graph_whose_boxes_do_not_hold_the_samples_shows_broken_and_fails_the_comparison(tmp_path):
    jsonl, sent = sampled_run(tmp_path)
    html = tmp_path / "report.html"
    report(jsonl, html)
    # Plant a wrong count on one PC box: the browser-side check must catch it, and the
    # totals read back no longer equal what was sent.
    text = html.read_text()
    planted = re.sub(r'(<rect class="fl-pc"[^>]*data-samples=")(\d+)"', lambda m: f'{m.group(1)}{int(m.group(2)) + 1}"',
                     text, count=1)
    assert planted != text
    html.write_text(planted)
    graphs = flames(render(html, tmp_path))
    broken = [f for f, g in graphs.items() if g["graph"] == "broken"]
    assert len(broken) == 1
    assert graphs[broken[0]]["drawn"] != sent[broken[0]]
