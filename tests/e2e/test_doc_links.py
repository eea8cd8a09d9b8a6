"""The link checker (scripts/check-links, run by scripts/test over README.md, docs/ and
examples/): every relative link must name a file or folder that exists, and its #anchor a
heading of that page as GitHub makes heading anchors; each broken one is named."""

import subprocess
import sys

from conftest import ROOT

CHECK = ROOT / "scripts" / "check-links"


def check(*pages):
    return subprocess.run([sys.executable, str(CHECK), *map(str, pages)], capture_output=True, text=True, timeout=60)


def test_the_checkout_has_no_broken_link():
    r = check()
    assert r.returncode == 0, r.stdout + r.stderr
    assert "all resolve" in r.stdout


def test_links_that_resolve_pass(tmp_path):
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "other.md").write_text(
        "# Other\n\n## What it costs: µs per launch (2026-12-01)\n\n## Repeated\n\n## Repeated\n\n"
        "Setext heading\n---\n\n<a id=\"kept\"></a>\n\n### `code` and **bold**, [a link](x.md)\n")
    (tmp_path / "file.txt").write_text("x")
    page = tmp_path / "page.md"
    page.write_text(
        "# Page\n\n"
        "[up](sub/other.md) [a folder](sub/) [a file](file.txt) [self](#page)\n"
        "[anchor](sub/other.md#what-it-costs-µs-per-launch-2026-12-01) [repeat](sub/other.md#repeated-1)\n"
        "[setext](sub/other.md#setext-heading) [explicit](sub/other.md#kept) [code](sub/other.md#code-and-bold-a-link)\n"
        "![image](file.txt) [titled](file.txt \"a title\") [site](https://example.com/missing) <a href=\"sub/\">x</a>\n"
        "[ref]: sub/other.md#other\n"
        "`[in code](missing.md)`\n\n"
        "```sh\n[in a fence](missing.md)\n# not a heading\n```\n")
    r = check(page)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "14 links in 1 pages, all resolve" in r.stdout


def test_each_broken_link_is_named_with_its_line_and_why(tmp_path):
    (tmp_path / "other.md").write_text("# Other\n\n## Repeated\n\n```\n## In a fence\n```\n")
    page = tmp_path / "page.md"
    page.write_text(
        "# Page\n\n"
        "[gone](missing.md)\n"
        "[no anchor](other.md#nowhere) [once only](other.md#repeated-1)\n"
        "[fenced heading](other.md#in-a-fence) [self](#missing-here)\n"
        "[ref]: gone/\n")
    r = check(page)
    assert r.returncode == 1
    lines = r.stdout.splitlines()
    assert [line.split(": ", 1)[0].rsplit(":", 1)[1] for line in lines] == ["3", "4", "4", "5", "5", "6"], r.stdout
    assert "missing.md: no such file or folder" in lines[0]
    assert "other.md#nowhere: no heading #nowhere in" in lines[1]
    assert "other.md#repeated-1: no heading" in lines[2]
    assert "other.md#in-a-fence: no heading" in lines[3]
    assert "#missing-here: no heading #missing-here in" in lines[4]
    assert "gone/: no such file or folder" in lines[5]
    assert "6 broken link(s)" in r.stderr
