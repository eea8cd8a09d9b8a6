"""The HTML report renders in a real browser (Debian's Chromium, headless), and the
numbers on the page equal the checker's: per process the three values, the kernel
spans and the windows, and the sum identity the page checks itself in the browser. The
page has a time axis with units, a legend of the three values, and stall reasons by
name; its screenshot (docs/images/report.png is one, made by `screenshot` below from the
demo's output) is a real rendering."""

import gzip
import json
import re
import shutil
import subprocess
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
