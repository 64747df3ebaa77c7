"""File ▸ Export Report…: the same page as `record-editor report`, of the record as it is open."""
from __future__ import annotations

import re

from editor.records.document import RecordDocument
from editor.records.edits.commands import SetValueCommand
from editor.records.problems import Severity
from editor.report import ReportRequest, build_report
from tests.ui.kit import ScriptedPrompter, copy_sample, open_and_wait


def test_export_report_writes_the_open_record_with_its_unsaved_edit(qtbot, tmp_path, env):
    path = copy_sample(tmp_path, "resnet_caffe.txt")
    prompter = ScriptedPrompter()
    window = env(prompter)
    assert not window.act_export_report.isEnabled()  # no record open
    open_and_wait(qtbot, window, path)
    assert window.act_export_report.isEnabled()
    # offset_d outside int8 is an error AMCT's rules name: the edit must reach the report
    window.session.push(SetValueCommand(window.session.editor, ("record", 0, "value", "offset_d"), 300))
    # the live check runs after the edit: the export takes the problems it has found
    qtbot.waitUntil(lambda: any(p.record_index == 0 and p.severity is Severity.ERROR
                                for p in window.session.problems.problems), timeout=10000)
    out = tmp_path / "review.html"
    prompter.open_answers.append(str(out))
    written = window.report_export.choose_and_export()
    assert written == out and out.exists()
    text = out.read_text(encoding="utf-8")
    assert "unsaved edits" in text
    key = RecordDocument.load(path).message.record[0].key
    # the edited layer is flagged with an error; the file on disk has none
    assert re.search(r'<tr class="m-error"><td class="n mk" data-v="0">', text)
    on_disk = build_report(ReportRequest(RecordDocument.load(path), str(path)))
    assert '<tr class="m-error"><td class="n mk" data-v="0">' not in on_disk
    assert key in text
    assert "The record has unsaved edits" not in on_disk


def test_export_report_cancelled_in_the_file_dialog_writes_nothing(qtbot, tmp_path, env):
    path = copy_sample(tmp_path, "resnet_caffe.txt")
    prompter = ScriptedPrompter()
    window = env(prompter)
    open_and_wait(qtbot, window, path)
    prompter.open_answers.append(None)
    assert window.report_export.choose_and_export() is None
    assert list(tmp_path.glob("*.html")) == []


def test_export_report_to_an_unwritable_place_says_why(qtbot, tmp_path, env):
    path = copy_sample(tmp_path, "resnet_caffe.txt")
    prompter = ScriptedPrompter()
    window = env(prompter)
    open_and_wait(qtbot, window, path)
    assert window.report_export.export(tmp_path / "no such folder" / "r.html") is None
    assert prompter.errors and "no such folder" in prompter.errors[0][1]


def test_exported_report_ranks_layers_as_the_window_does(qtbot, tmp_path, env):
    """The report's Layers table: the window's severity figures, in the window's worst-first
    order; the window's live problems list every outlier, the report sums mild ones up."""
    import shutil
    from pathlib import Path

    from editor.ui.plots.layers_table import KEY, SEVERITY

    path = tmp_path / "r50.txt"
    shutil.copyfile(Path("tests/data/realworld/resnet50_caffe_record.txt"), path)
    prompter = ScriptedPrompter()
    window = env(prompter)
    open_and_wait(qtbot, window, path)
    layers = window.plots.layers
    window.plots.overview.flush()
    layers.refresh()
    rows = [(layers.proxy.data(layers.proxy.index(r, KEY)), layers.proxy.data(layers.proxy.index(r, SEVERITY)))
            for r in range(layers.proxy.rowCount())]
    assert rows[:2] == [("res2c_branch2a", "536×"), ("res3b_branch2a", "320×")]
    out = tmp_path / "review.html"
    prompter.open_answers.append(str(out))
    assert window.report_export.choose_and_export() == out
    text = out.read_text(encoding="utf-8")
    table = text[text.index('<h2 id="layers">'):]
    table = table[:table.index("</table>")]
    shown = re.findall(r'<td class="key">([^<]*)</td><td class="n[^"]*" data-v="[^"]*"(?: title="[^"]*")?>([^<]*)</td>',
                       table)
    assert [(k, v) for k, v in shown if v] == [(k, v) for k, v in rows if v]
    assert "--verbose" not in text and "are mild outliers" in text
