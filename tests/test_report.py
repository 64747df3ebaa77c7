"""`record-editor report`: one self-contained, deterministic HTML file of a record's review."""
from __future__ import annotations

import re
import shutil
from collections.abc import Sequence
from html.parser import HTMLParser
from pathlib import Path

import numpy as np
import pytest

from editor.cli import main
from editor.defaults import DEFAULT_OUTLIER_K, DEFAULT_STRONG_FENCE
from editor.models import synth as model_synth
from editor.records import quant
from editor.records.document import RecordDocument
from editor.records.messages import EntryMessage
from editor.records.problems import Severity

RESNET50 = Path("tests/data/realworld/resnet50_caffe_record.txt")
SAMPLE = Path("resources/samples/resnet_caffe.txt")


class Links(HTMLParser):
    """Every src/href (and url(...) in style attributes) of a page."""

    def __init__(self) -> None:
        super().__init__()
        self.links: list[str] = []
        self.ids: set[str] = set()

    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            if name in ("src", "href", "xlink:href", "action", "data", "poster") and value is not None:
                self.links.append(value)
            if name == "id" and value:
                self.ids.add(value)


def parse(text: str) -> Links:
    p = Links()
    p.feed(text)
    return p


@pytest.fixture(scope="module")
def resnet50(tmp_path_factory):
    """The real ResNet-50 record with a ResNet-50 Caffe model whose weights give its scale_w."""
    folder = tmp_path_factory.mktemp("r50")
    doc = RecordDocument.load(RESNET50)
    scale_w = {e.key: list(e.value.scale_w) for e in doc.message.record}
    model_synth.caffe_resnet50(folder / "r50.prototxt", folder / "r50.caffemodel", scale_w)
    return folder / "r50.prototxt", folder / "r50.caffemodel"


def test_report_of_the_real_resnet50_with_its_model(tmp_path, resnet50, capsys):
    proto, weights = resnet50
    out_a, out_b = tmp_path / "a.html", tmp_path / "b.html"
    args = ["report", str(RESNET50), "--model", str(proto), "--weights", str(weights)]
    assert main([*args, "-o", str(out_a)]) == 0
    assert main([*args, "-o", str(out_b)]) == 0
    data = out_a.read_bytes()
    assert data == out_b.read_bytes()  # deterministic: byte-identical
    assert len(data) <= 5 * 1024 * 1024
    text = data.decode("utf-8")
    page = parse(text)
    # no external URL: every link is an anchor in the page or inline data
    assert page.links and all(x.startswith("#") or x.startswith("data:") for x in page.links), \
        [x for x in page.links if not x.startswith(("#", "data:"))]
    assert not re.search(r"url\((?!#|data:)", text)
    assert all(link[1:] in page.ids for link in page.links if link.startswith("#"))
    # every problem check finds, with its FILE:LINE:COL and its words, and its layer drawn
    from editor.cli.check import document_problems
    from editor.models import load_model

    model = load_model(proto, weights)
    # as check without --verbose: mild outliers summed up in the layer's line
    problems = document_problems(RecordDocument.load(RESNET50), model, strong_fence=DEFAULT_STRONG_FENCE)
    assert problems
    for p in problems:
        assert f"{RESNET50}:{p.line}:{p.column}" in text
        assert p.rule in text
        if p.record_index is not None:
            assert f"layer-{p.record_index}" in page.ids
    # the weights review and analysis ran: what was checked says so
    assert "Weights review (scale_w against ARQ)" in text and "not run: the model has no weights" not in text
    assert "W-SQNR" in text
    assert "report written to" in capsys.readouterr().out


def _layer_rows(text: str) -> list[str]:
    """The keys of the report's Layers table, in the order the page lists them."""
    table = text[text.index('<h2 id="layers">'):]
    table = table[:table.index("</table>")]
    return re.findall(r'<td class="key">([^<]*)</td>', table)


def _sections(text: str) -> list[str]:
    return re.findall(r'<section class="layer" id="layer-\d+"><h3><span class="key">([^<]*)', text)


def test_the_report_is_severity_first(tmp_path):
    """The Layers table and the flagged sections worst first by severity, as the window's
    Layers table: res2c_branch2a has a channel 536× below its fence, res3b_branch2a 320×."""
    out = tmp_path / "r.html"
    assert main(["report", str(RESNET50), "-o", str(out)]) == 0
    text = out.read_text("utf-8")
    assert _layer_rows(text)[:2] == ["res2c_branch2a", "res3b_branch2a"]
    assert _sections(text)[:2] == ["res2c_branch2a", "res3b_branch2a"]
    table = text[text.index('<h2 id="layers">'):]
    assert re.search(r'res2c_branch2a</td><td class="n sev-strong" data-v="[^"]*" title="from outliers">536×</td>',
                     table)
    first = text[text.index('id="layer-8"'):]
    assert "severity 536× (strong), from outliers" in first[:first.index("</section>")]
    # strong-outlier layers counted beside the flagged ones: a channel ≥ 3× beyond the fence
    doc = RecordDocument.load(RESNET50)
    strong = 0
    for e in doc.message.record:
        a = np.asarray(e.value.scale_w, dtype=np.float64)
        found = quant.outliers(a, DEFAULT_OUTLIER_K)
        if found.fence is None:  # a single channel has no fence
            continue
        lo, hi = found.fence
        far = np.maximum(np.where(a < lo, lo / a, 0.0), np.where(a > hi, a / hi, 0.0))
        strong += bool((far >= DEFAULT_STRONG_FENCE).any())
    assert 0 < strong < len(doc.message.record)
    assert f"{strong} layers with strong outliers" in text


def test_a_mild_only_layer_is_one_line(tmp_path):
    """Mild outliers are summed up per layer, as check without --verbose: a layer whose
    outliers all lie less than 3× beyond the fence has one note, in one line."""
    doc = RecordDocument.load(RESNET50)
    mild = None
    entries: Sequence[EntryMessage] = doc.message.record
    for i, e in enumerate(entries):
        a = np.asarray(e.value.scale_w, dtype=np.float64)
        found = quant.outliers(a, DEFAULT_OUTLIER_K)
        if found.fence is None:  # a single channel has no fence
            continue
        lo, hi = found.fence
        far = np.maximum(np.where(a < lo, lo / a, 0.0), np.where(a > hi, a / hi, 0.0))
        if np.count_nonzero(far > 1) > 1 and far.max() < DEFAULT_STRONG_FENCE:
            mild = i
            break
    assert mild is not None
    out = tmp_path / "r.html"
    assert main(["report", str(RESNET50), "-o", str(out)]) == 0
    text = out.read_text("utf-8")
    section = text[text.index(f'id="layer-{mild}"'):]
    section = section[:section.index("</section>")]
    notes = re.findall(r"<li><span class=\"c-info\">.*?</li>", section)
    assert len(notes) == 1 and "mild outliers" in notes[0], notes
    assert "(mild), from outliers" in section
    key = doc.message.record[mild].key
    problems = text[text.index('<h2 id="problems">'):text.index('<h2 id="layers">')]
    assert problems.count(f">{key}<") == 1


def test_flagged_layers_are_the_layers_with_problems_or_outliers(tmp_path):
    """Each layer the rules name (or whose scale_w has an outlier, by an independent IQR fence
    on log10 following docs/RECORD-FORMAT.md) has its section; no other layer has one."""
    import numpy as np

    out = tmp_path / "r.html"
    assert main(["report", str(SAMPLE), "-o", str(out)]) in (0, 1)
    page = parse(out.read_text(encoding="utf-8"))
    doc = RecordDocument.load(SAMPLE)
    from editor.cli.check import document_problems

    expected = {p.record_index for p in document_problems(doc) if p.record_index is not None}
    entries: Sequence[EntryMessage] = doc.message.record
    for i, e in enumerate(entries):
        v = np.log10(np.asarray(e.value.scale_w, dtype=np.float64)[np.asarray(e.value.scale_w) > 0])
        if v.size >= 4:
            q1, q3 = np.percentile(v, [25, 75])
            if ((v < q1 - 1.5 * (q3 - q1)) | (v > q3 + 1.5 * (q3 - q1))).any():
                expected.add(i)
    drawn = {int(x[6:]) for x in page.ids if x.startswith("layer-")}
    assert drawn == expected


def test_report_compare_lists_the_differences(tmp_path):
    doc = RecordDocument.load(SAMPLE)
    doc.message.record[3].value.scale_d *= 2
    b = tmp_path / "b.txt"
    from google.protobuf import text_format

    b.write_text(text_format.MessageToString(doc.message), encoding="utf-8")
    out = tmp_path / "r.html"
    assert main(["report", str(SAMPLE), "--compare", str(b), "-o", str(out)]) in (0, 1)
    text = out.read_text(encoding="utf-8")
    assert 'id="differences"' in text
    row = re.search(r'<tr><td class="key">(?:<a [^>]*>)?([^<]*)(?:</a>)?</td><td>scale_d</td>', text)
    assert row and row.group(1) == doc.message.record[3].key
    assert "1 layers differ" in text or "1 layer" in text


def test_report_many_records_one_broken(tmp_path, capsys):
    folder = tmp_path / "runs"
    (folder / "sub").mkdir(parents=True)
    shutil.copy(SAMPLE, folder / "a.txt")
    shutil.copy(SAMPLE, folder / "sub" / "b.txt")
    (folder / "broken.txt").write_text("record { key: 'x' value { scale_d: }\n", encoding="utf-8")
    out = tmp_path / "reports"
    code = main(["report", str(folder), "--recursive", "-o", str(out)])
    assert code == 2  # the broken one; the others are written all the same
    assert sorted(p.name for p in out.iterdir()) == ["a.html", "b.html"]
    captured = capsys.readouterr()
    assert "broken.txt" in captured.err
    assert "2 of 3 reports written" in captured.out


def test_report_exit_status_follows_errors(tmp_path):
    doc = RecordDocument.load(SAMPLE)
    doc.message.record[0].value.offset_d = 300
    bad = tmp_path / "bad.txt"
    from google.protobuf import text_format

    bad.write_text(text_format.MessageToString(doc.message), encoding="utf-8")
    from editor.cli.check import document_problems

    assert any(p.severity is Severity.ERROR for p in document_problems(RecordDocument.load(bad)))
    assert main(["report", str(bad), "-o", str(tmp_path / "r.html")]) == 1
    assert (tmp_path / "r.html").exists()


def test_report_unreadable_output_folder_is_a_usage_error(tmp_path, capsys):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    assert main(["report", str(SAMPLE), "-o", str(blocker / "r.html")]) == 2
    assert "r.html" in capsys.readouterr().err


class Texts(HTMLParser):
    """The text a reader sees (not the style sheet or the script)."""

    def __init__(self) -> None:
        super().__init__()
        self.texts: list[str] = []
        self._skip = 0

    def handle_starttag(self, tag, attrs):
        self._skip += tag in ("style", "script")

    def handle_endtag(self, tag):
        self._skip -= tag in ("style", "script")

    def handle_data(self, data):
        if not self._skip and data.strip():
            self.texts.append(data.strip())


#: names that stay as they are in Chinese text (docs/GLOSSARY.md: algorithm and metric names,
#: frameworks, the program's own name and options)
KEPT = {"ARQ", "IQR", "SQNR", "dB", "INT", "AMCT", "Caffe", "ONNX", "key", "log", "cos", "producer", "consumer",
        "Record", "Editor", "record-editor", "report", "inputs", "compare", "docs", "FLT_EPSILON", "selective", "Q1", "Q3",
        "log10"}


def test_the_chinese_report_has_no_english_ui_text(tmp_path, resnet50):
    proto, weights = resnet50
    doc = RecordDocument.load(RESNET50)
    doc.message.record[5].value.scale_d *= 1.5
    from google.protobuf import text_format

    b = tmp_path / "b.txt"
    b.write_text(text_format.MessageToString(doc.message), encoding="utf-8")
    out = tmp_path / "zh.html"
    assert main(["report", str(RESNET50), "--model", str(proto), "--weights", str(weights), "--compare", str(b),
                 "--lang", "zh_CN", "-o", str(out)]) == 0
    page = Texts()
    page.feed(out.read_text(encoding="utf-8"))
    names = {e.key for e in doc.message.record} | {str(RESNET50), str(b), str(proto), str(weights)}
    from editor.models import load_model

    model = load_model(proto, weights)
    names |= {layer.op_type for layer in model.layers} | {doc.dialect.name, doc.dialect.full_name, model.format}
    from editor.records import rules

    names |= set(rules.RULES)
    english = []
    for text in page.texts:
        text = re.sub(r"\S*…\S*", " ", text)  # a long message clipped in its middle: names cut
        for name in sorted(names, key=len, reverse=True):
            text = text.replace(name, " ")
        for word in re.findall(r"[A-Za-z][A-Za-z0-9_\-.]*", text):
            if word in KEPT or "_" in word or "." in word or re.fullmatch(r"[A-Za-z]|e-?\d+|INT\d+", word):
                continue  # field names (scale_w), file names, single letters (A, B, k), exponents
            english.append(word)
    assert english == [], " ".join(sorted(set(english)))
    assert "概要" in out.read_text(encoding="utf-8")
