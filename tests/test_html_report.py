"""The HTML report in a real headless Chromium: totals, diagnostics at their lines, filter, sort, lazy diffs.

Browser tests drive Debian's chromium through Python playwright (its own browser download is never used).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from gpuport.transpile.report import TreeReport
from gpuport.transpile.rules.registry import by_code
from gpuport.transpile.tree import translate_tree

from gpuport.api import make_options
from gpuport.html_report import (
    build_translation_page,
    diff_detail,
    load_store,
    review_items,
    write_translation_report,
)

REPO = Path(__file__).resolve().parent.parent
SUITE = REPO / "bench" / "suite"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
]
# A comment that would end the page's <script> block if the JSON were embedded unescaped.
HOSTILE = b"// </script><script>document.title='pwned'</script> <!-- a comment that tries to break out\n"


def _chromium() -> str:
    for name in ("chromium", "chromium-browser"):
        path = shutil.which(name)
        if path:
            return path
    pytest.skip("[chromium] chromium not installed (apt-get install -y chromium)")


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    exe = _chromium()
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.skip("[chromium] python playwright not installed (pip install playwright)")
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=exe, args=CHROMIUM_ARGS, headless=True)
        try:
            yield b
        finally:
            b.close()


def _open(browser: Any, html_path: Path) -> Any:
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.goto(html_path.resolve().as_uri())
    page.wait_for_selector("body[data-ready='1']", timeout=30_000)
    page.js_errors = errors
    return page


def _shown_paths(page: Any) -> list[str]:
    return page.eval_on_selector_all("#file-table tr.file-row", "rs => rs.map(r => r.dataset.path)")


# ---------------------------------------------------------------- a real translated tree


@pytest.fixture(scope="module")
def tree_report(tmp_path_factory: pytest.TempPathFactory) -> tuple[TreeReport, Path]:
    root = tmp_path_factory.mktemp("tree")
    src = root / "src"
    shutil.copytree(REPO / "examples" / "saxpy", src / "saxpy")
    for name in ("warp_shuffle.cu", "half_precision.cu", "atomics.cu"):
        shutil.copy(REPO / "tests" / "programs" / name, src / name)
    # A suite program with unconverted CUDA (__match_any_sync needs HIP 6.2), plus inline PTX HIP cannot take.
    hist = (SUITE / "histogram" / "histogram-warp-aggregated" / "main.cu").read_text()
    (src / "histogram.cu").write_text(
        hist + '\n__device__ void fence_all() { asm volatile("membar.gl;"); }\n'
    )
    (src / "hostile.cu").write_bytes(HOSTILE + b"__global__ void k(float *x) { x[threadIdx.x] = 0; }\n")
    (src / "README.txt").write_text("not CUDA: copied\n")
    report = translate_tree(src, root / "out", make_options("hip", "5.2"))
    html_path = root / "report.html"
    write_translation_report(report, html_path)
    return report, html_path


@pytest.mark.chromium
def test_translation_report_in_chromium(
    browser: Any, tree_report: tuple[TreeReport, Path], tmp_path: Path
) -> None:
    report, html_path = tree_report
    page = _open(browser, html_path)
    assert page.title().startswith("gpuport translation report"), "the hostile comment broke out of its JSON"
    t = report.totals
    assert t.total_unconverted > 0 and t.total_converted > 0  # the tree exercises both

    # Totals shown equal the report's numbers.
    shown = {
        k: page.inner_text(f"#total-{k}") for k in ("files", "converted", "unconverted", "review", "warnings")
    }
    assert shown == {
        "files": str(len(report.files)),
        "converted": str(t.total_converted),
        "unconverted": str(t.total_unconverted),
        "review": str(t.review),
        "warnings": str(t.warnings),
    }
    assert page.inner_text("#files-translated") == str(report.count("translated"))

    # The table lists every file; no diff is in the DOM before a file is opened.
    assert sorted(_shown_paths(page)) == sorted(f.path for f in report.files)
    assert page.locator("tr.dl, tr.ann, .diff-file").count() == 0

    # Filter by text narrows the table.
    page.fill("#filter", "histogram")
    assert _shown_paths(page) == ["histogram.cu"]
    page.fill("#filter", "GP308")  # matches codes too
    assert _shown_paths(page) == [
        f.path for f in report.files if any(d.code == "GP308" for d in f.diagnostics)
    ]
    page.fill("#filter", "")
    # Only files with unconverted.
    page.check("#only-unconverted")
    assert _shown_paths(page) == [f.path for f in report.files if f.stats.total_unconverted]
    page.uncheck("#only-unconverted")
    # By code, by status.
    page.select_option("#code-filter", "GP301")
    assert sorted(_shown_paths(page)) == sorted(
        f.path for f in report.files if any(d.code == "GP301" for d in f.diagnostics)
    )
    page.select_option("#code-filter", "")
    page.select_option("#tag-filter", "action:copied")
    assert _shown_paths(page) == ["README.txt"]
    page.select_option("#tag-filter", "")
    assert page.inner_text("#shown-count") == f"{len(report.files)} of {len(report.files)} files"

    # Sorting: converted, descending first, then ascending; ties keep the report's order.
    page.click("th[data-key=converted]")
    order = [f.path for f in sorted(report.files, key=lambda f: -f.stats.total_converted)]
    assert _shown_paths(page) == order
    assert page.get_attribute("th[data-key=converted]", "aria-sort") == "descending"
    page.click("th[data-key=converted]")
    assert _shown_paths(page) == [f.path for f in sorted(report.files, key=lambda f: f.stats.total_converted)]
    page.click("th[data-key=path]")
    assert _shown_paths(page) == sorted(f.path for f in report.files)

    # Opening a file renders its diff, with each diagnostic at its input line and the rule's doc.
    hist = next(f for f in report.files if f.path == "histogram.cu")
    page.click("tr.file-row[data-path='histogram.cu'] button.open")
    assert page.locator("tr.dl").count() > 0
    assert page.locator("tr.dl td.code.a.del").count() > 0 and page.locator("tr.dl td.code.b.add").count() > 0
    placed = page.eval_on_selector_all(
        "tr.ann .diag",
        """ds => ds.map(d => {
            let tr = d.closest('tr').previousElementSibling;
            while (tr && !tr.classList.contains('dl')) tr = tr.previousElementSibling;
            return [d.dataset.code, tr ? tr.querySelector('td.aln').textContent : null,
                    d.querySelector('.msg').textContent.trim()];
        })""",
    )
    expected = [[d.code, str(d.line), d.message] for d in hist.diagnostics]
    assert sorted(placed) == sorted(expected)
    gp308 = next(d for d in hist.diagnostics if d.code == "GP308")
    row = page.locator(f"tr.dl:has(td.aln:text-is('{gp308.line}'))")
    assert "asm" in row.locator("td.code.a").inner_text()
    doc = page.locator(".diag[data-code=GP308] details").first
    doc.locator("summary").click()
    # The <pre> gets its text from the <details>' toggle event, after the click returns: wait for the text
    # itself (an empty <pre> is already "visible"), rather than race the event.
    doc.locator("pre", has_text="GP308").wait_for(state="visible", timeout=15000)
    assert doc.locator("pre").inner_text().strip() == by_code()["GP308"].doc().strip()
    # The output side shows the translation.
    out_text = (html_path.parent / "out" / "histogram.cu").read_text()
    assert "hipMalloc" in out_text and page.locator("td.code.b:has-text('hipMalloc')").count() > 0

    page.screenshot(path=str(tmp_path / "report-screenshot.png"), full_page=True)
    if os.environ.get("GPUPORT_SAVE_SCREENSHOT"):
        dest = REPO / "bench" / "results" / "report-screenshot.png"
        dest.parent.mkdir(parents=True, exist_ok=True)
        page.evaluate("window.scrollTo(0, 0)")  # totals, table and the top of the open diff
        page.screenshot(path=str(dest), full_page=False)

    # Unified view re-renders the open file with +/- signs; closing removes its rows.
    page.select_option("#view-mode", "unified")
    assert page.locator("table.diff.unified").count() == 1
    signs = set(page.eval_on_selector_all("table.diff.unified td.sg", "ts => ts.map(t => t.textContent)"))
    assert {"+", "-"} <= signs
    page.click("tr.file-row[data-path='histogram.cu'] button.open")
    assert page.locator("tr.dl").count() == 0
    # Folded unchanged lines expand on click.
    page.click("tr.file-row[data-path='histogram.cu'] button.open")
    before = page.locator("tr.dl").count()
    page.locator("tr.fold").first.click()
    assert page.locator("tr.dl").count() > before
    assert page.js_errors == []
    page.close()


@pytest.mark.chromium
@pytest.mark.slow
def test_300_file_report_renders_no_diff_until_opened(browser: Any, tmp_path: Path) -> None:
    src = tmp_path / "src"
    for i in range(300):
        d = src / f"mod{i // 50}"
        d.mkdir(parents=True, exist_ok=True)
        extra = '    asm volatile("membar.gl;");\n' if i % 7 == 0 else ""
        (d / f"k{i:03d}.cu").write_text(
            "#include <cuda_runtime.h>\n"
            f"__global__ void scale{i}(float *x, int n) {{\n"
            "    int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
            f"{extra}"
            f"    if (i < n) x[i] *= {i}.0f;\n"
            "}\n"
            f"void run{i}(float *x, int n) {{\n"
            "    float *d;\n    cudaMalloc(&d, n * sizeof(float));\n"
            f"    scale{i}<<<(n + 255) / 256, 256>>>(d, n);\n"
            "    cudaDeviceSynchronize();\n    cudaFree(d);\n}\n"
        )
    report = translate_tree(src, tmp_path / "out", make_options("hip", "5.2"))
    assert len(report.files) == 300
    html_path = tmp_path / "big.html"
    write_translation_report(report, html_path)
    page = _open(browser, html_path)
    assert page.locator("tr.file-row").count() == 300
    assert page.locator("script.detail-data").count() == 300  # data embedded, not rendered
    assert page.locator("tr.dl, tr.ann, tr.fold, .diff-file, tr.detail-row").count() == 0
    page.fill("#filter", "k123")
    page.click("tr.file-row[data-path='mod2/k123.cu'] button.open")
    assert page.locator(".diff-file").count() == 1 and page.locator("tr.dl").count() > 0
    unconverted = sum(1 for f in report.files if f.stats.total_unconverted)
    page.fill("#filter", "")
    page.check("#only-unconverted")
    assert page.locator("tr.file-row").count() == unconverted == len(range(0, 300, 7))
    assert page.js_errors == []
    page.close()


def _cli(*args: str, cwd: Path) -> subprocess.CompletedProcess[bytes]:
    env = {**os.environ, "PYTHONPATH": str(REPO), "GPUPORT_LLM_CACHE": str(cwd / "cache.sqlite")}
    return subprocess.run(
        [sys.executable, "-m", "gpuport", *args], cwd=cwd, env=env, capture_output=True, timeout=600
    )


@pytest.mark.chromium
def test_llm_edits_are_marked(browser: Any, tmp_path: Path) -> None:
    """`translate --llm ... --report-html`: the region the (scripted) model rewrote is marked LLM."""
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "a.cu").write_bytes(
        b"#include <cuda_runtime.h>\nvoid f(float *d) {\n    cudaFancyZero(d, 4);\n}\n"
    )
    (tmp_path / "answers.json").write_text(
        json.dumps(["```cpp\n(void)hipMemset(d, 0, 4 * sizeof(float));\n```"])
    )
    proc = _cli(
        "translate", "src", "-o", "out", "--hip-version", "5.2", "--llm", "scripted:answers.json",
        "--llm-no-cache", "--report-html", "r.html", "--report-json", "r.json", cwd=tmp_path,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr.decode()
    data = json.loads((tmp_path / "r.json").read_text())
    page = _open(browser, tmp_path / "r.html")
    assert page.inner_text("#total-model-edits") == str(data["totals"]["model_edits"]) == "1"
    assert page.locator("th[data-key=model_edits]").count() == 1
    page.select_option("#tag-filter", "model")
    assert _shown_paths(page) == ["a.cu"]
    page.click("tr.file-row[data-path='a.cu'] button.open")
    model_rows = page.locator("tr.dl.model")
    assert model_rows.count() == 1  # side by side: input line 3 beside its replacement
    assert page.locator("tr.dl.model td.aln").first.inner_text() == "3"
    assert "hipMemset" in page.locator("tr.dl.model td.code.b").first.inner_text()
    assert page.locator(".badge.llm").count() >= 2  # the edit's badge and the diagnostic's
    assert "LLM fallback (scripted" in page.inner_text(".llm-info")
    assert page.js_errors == []
    page.close()


# ---------------------------------------------------------------- the corpus store


@pytest.mark.chromium
@pytest.mark.slow
def test_store_report_levels_chart_and_diffs(browser: Any, tmp_path: Path) -> None:
    from gpuport.dataset.store import PairResult, Store, TaskRecord, pair_key, tree_hash

    store = tmp_path / "corpus.db"
    build = _cli(
        "build", "--tasks", "saxpy-grid-stride,histogram-warp-aggregated", "--to", "hip,sycl",
        "--max-level", "translated", "--store", str(store), "--no-progress", cwd=tmp_path,
    )  # fmt: skip
    assert build.returncode in (0, 1), build.stderr.decode()[-2000:]
    # Timed pairs as the build driver records them on a GPU machine (this one has none).
    with Store(store) as s:
        for name, ratio in (("timed-a", 0.5), ("timed-b", 1.25), ("timed-c", 3.0)):
            files = {"main.cu": f"__global__ void {name.replace('-', '_')}() {{}}\n"}
            task = TaskRecord(name, "math", "easy", "d", [], {"args": []}, tree_hash(files), files)
            s.record(
                PairResult(
                    task=task, target="hip", pair_key=pair_key("hip", task.cuda_hash, task.spec),
                    level="perf-measured", time_ratio=ratio, original_ms=2.0, translated_ms=2.0 * ratio,
                    translated_files={"main.cu": files["main.cu"]}, compiles_on=["hipcc 5.2 gfx90a"],
                )
            )  # fmt: skip
    pairs = load_store(store)
    assert len(pairs) == 7
    proc = _cli("report", str(store), "-o", "c.html", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr.decode()
    page = _open(browser, tmp_path / "c.html")
    assert page.inner_text("#total-pairs") == "7"
    for p in pairs:
        want = sum(1 for q in pairs if q["level"] == p["level"] and q["target"] == p["target"])
        assert page.inner_text(f"#level-{p['level']}-{p['target']}") == str(want)
    # One bar per timed pair, faster ones (ratio < 1) drawn as such.
    assert page.locator("#perf-chart g.bar").count() == 3
    assert page.locator("#perf-chart g.bar.faster").count() == 1
    assert page.locator("tr.dl").count() == 0
    page.select_option("#tag-filter", "level:perf-measured")
    assert sorted(_shown_paths(page)) == ["timed-a", "timed-b", "timed-c"]
    page.select_option("#tag-filter", "")
    page.fill("#filter", "saxpy-grid-stride sycl")
    assert _shown_paths(page) == ["saxpy-grid-stride"]
    page.click("tr.file-row button.open")
    assert page.locator(".diff-file").count() >= 1 and page.locator("tr.dl td.code.b.add").count() > 0
    assert "main.cu \u2192 main.cpp" in page.inner_text(".diff-head")
    assert page.js_errors == []
    page.close()


# ---------------------------------------------------------------- without a browser


def test_diff_detail_stores_equal_lines_once_and_flags_model_ops() -> None:
    a = "a\nb\ncuda()\nd\n"
    b = "a\nb\nhip()\nd\n"
    d = diff_detail(a, b, "x.cu", "x.hip", model_lines=[[3, 3]])
    assert [op[0] for op in d["ops"]] == ["e", "r", "e"]
    assert d["ops"][1][5] == 1 and d["ops"][0][5] == 0
    assert d["b"][0] is None and d["b"][2] is not None and "hip" in d["b"][2]


def test_page_data_matches_report(tree_report: tuple[TreeReport, Path]) -> None:
    report, html_path = tree_report
    page = build_translation_page(report)
    assert len(page.rows) == len(report.files)
    copied = next(r for r in page.rows if r["path"] == "README.txt")
    assert copied["has_detail"] is False and copied["id"] not in page.details
    codes = {d.code for f in report.files for d in f.diagnostics}
    assert set(page.rules) == codes
    text = html_path.read_text()
    assert "</script><script>document.title" not in text  # escaped inside the JSON block
    assert "<link" not in text and "<script src" not in text  # nothing fetched at view time


def test_page_carries_plain_text_and_lists_review_items(tree_report: tuple[TreeReport, Path]) -> None:
    """Issue 19: the page holds each file's lines as plain text (the browser highlights an opened file;
    Pygments in Python cost 4.5 times a 1,700-file tree's translation, the page 3.7 times larger), and the
    summary's "to review" count comes with the list of those rewrites."""
    report, html_path = tree_report
    page = build_translation_page(report)
    details = [d for d in page.details.values() if "ops" in d]
    assert details and all("<span" not in line for d in details for line in d["a"])
    assert all("<span" not in line for d in details for line in d["b"] if line is not None)
    assert any("</script>" in line for d in details for line in d["a"])  # the hostile line, verbatim
    items = review_items(report)
    assert report.totals.review > 0 and len(items) == report.totals.review
    assert page.totals_html.count('class="review-item"') == report.totals.review
    path, diag = items[0][1], items[0][2]
    assert f"{path}:{diag.line}:{diag.column}" in page.totals_html


@pytest.mark.chromium
def test_review_item_opens_its_file_highlighted(browser: Any, tree_report: tuple[TreeReport, Path]) -> None:
    report, html_path = tree_report
    page = _open(browser, html_path)
    assert page.locator("#review-items li").count() == report.totals.review
    page.click("summary:has-text('rewrites to review')")
    page.locator("a.review-item").first.click()
    assert page.locator(".diff-file").count() == 1
    assert page.locator("td.code span.k").count() > 0  # highlighted in the browser
    assert page.locator("td.code span.cp").count() > 0  # the include line
    assert page.js_errors == []
    assert page.title().startswith("gpuport")  # the hostile comment stayed text
    page.close()


def test_report_of_a_file_to_stdout_translates_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 19: `translate a.cu --report-html r.html` (output to stdout) shows the diff from the text it
    wrote; the report translated the file a second time to get it."""
    import gpuport.api
    import gpuport.commands.translate as command
    from gpuport.cli import main

    calls = 0
    real = gpuport.api.translate

    def counting(*args: Any, **kwargs: Any) -> Any:
        nonlocal calls
        calls += 1
        return real(*args, **kwargs)

    monkeypatch.setattr(gpuport.api, "translate", counting)
    monkeypatch.setattr(command, "translate", counting)
    (tmp_path / "a.cu").write_text("void f(float **p) { cudaMalloc(p, 4); }\n")
    rc = main(["translate", str(tmp_path / "a.cu"), "--report-html", str(tmp_path / "r.html"), "-q"])
    assert rc == 0 and "hipMalloc" in capsys.readouterr().out
    assert calls == 1
    page = (tmp_path / "r.html").read_text()
    assert "hipMalloc(p, 4)" in page and "not kept" not in page
