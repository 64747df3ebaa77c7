"""Render `record-editor report` of the real ResNet-50 record in a headless browser: the
pages the README shows, at a laptop's width (1280 px) and as PDF.

    python -m scripts.render_report [OUT_DIR]     (default: docs/)

The record is tests/data/realworld/resnet50_caffe_record.txt; its model is ResNet-50's Caffe
definition with weights that give the record's scale_w under ARQ (`editor.models.synth.
caffe_resnet50`); the comparison is with a copy whose three layers changed. The browser is
Chromium (Debian's `chromium` package: `apt-get install chromium`), started headless; it
fetches nothing (the page has no external URL). Writes report-summary.png,
report-layer.png, report-compare.png and the Chinese report's report-summary-zh_CN.png into
OUT_DIR, and the page and its PDF (report-resnet50.html/.pdf) there too when OUT_DIR is given
(into a temporary folder for docs/, which keeps only the pictures).
"""
from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from google.protobuf import text_format

from editor.cli import main as cli
from editor.models import synth
from editor.records.document import RecordDocument

RECORD = Path("tests/data/realworld/resnet50_caffe_record.txt")


def browser() -> str:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    sys.exit("no Chromium: apt-get install chromium")


def shoot(html: Path, png: Path, height: int) -> None:
    subprocess.run([browser(), "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                    f"--window-size=1280,{height}", f"--screenshot={png}", html.as_uri()],
                   check=True, capture_output=True)


def part(report: Path, start: str, end: str | None, to: Path) -> Path:
    """The page's head and the part from `start` to `end` (markers in the HTML): a section
    to photograph at its place in the layout."""
    text = report.read_text(encoding="utf-8")
    head = text[:text.index("<main>") + len("<main>")]
    i = text.index(start)
    j = text.index(end, i) if end else len(text)
    to.write_text(head + text[i:j] + "</main></body></html>", encoding="utf-8")
    return to


def main(argv: list[str]) -> int:
    out = (Path(argv[0]) if argv else Path("docs")).resolve()  # file URIs need absolute paths
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        pages = out if argv else tmp  # the HTML and the PDF: not into docs/
        doc = RecordDocument.load(RECORD)
        synth.caffe_resnet50(tmp / "resnet50.prototxt", tmp / "resnet50.caffemodel",
                             {e.key: list(e.value.scale_w) for e in doc.message.record})
        for i in (3, 10, 20):
            doc.message.record[i].value.scale_d *= 1.1
            doc.message.record[i].value.scale_w[5] *= 3
        (tmp / "resnet50_b.txt").write_text(text_format.MessageToString(doc.message), encoding="utf-8")
        report = pages / "report-resnet50.html"
        model = ["--model", str(tmp / "resnet50.prototxt"), "--weights", str(tmp / "resnet50.caffemodel")]
        cli(["report", str(RECORD), *model, "--compare", str(tmp / "resnet50_b.txt"), "-o", str(report)])
        shoot(report, out / "report-summary.png", 1500)
        first = report.read_text(encoding="utf-8").index('<section class="layer"')
        marker = report.read_text(encoding="utf-8")[first:first + 60].split(">")[0]
        shoot(part(report, marker, "</section>", tmp / "layer.html"), out / "report-layer.png", 900)
        shoot(part(report, '<h2 id="differences">', None, tmp / "diff.html"), out / "report-compare.png", 420)
        pdf = pages / "report-resnet50.pdf"
        subprocess.run([browser(), "--headless", "--no-sandbox", "--disable-gpu", "--no-pdf-header-footer",
                        f"--print-to-pdf={pdf}", report.as_uri()], check=True, capture_output=True)
        chinese = tmp / "report-resnet50-zh_CN.html"
        cli(["report", str(RECORD), *model, "--compare", str(tmp / "resnet50_b.txt"), "--lang", "zh_CN",
             "-o", str(chinese)])
        shoot(chinese, out / "report-summary-zh_CN.png", 1500)
        for path in (report, pdf):
            print(path, path.stat().st_size, "bytes")
    for name in ("report-summary.png", "report-layer.png", "report-compare.png", "report-summary-zh_CN.png"):
        print(out / name, (out / name).stat().st_size, "bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
