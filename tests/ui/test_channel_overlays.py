"""The channel plot's overlays: named per-channel series by key, their marks, strip and legend."""
from __future__ import annotations

import numpy as np
from PySide6.QtGui import QColor, QTextDocument

from editor.records.edits.commands import SetValueCommand
from editor.ui.plots.channel_overlays import ChannelMarks, ChannelOverlay, OverlayData, OverlayStrip
from tests.ui.kit import SCALES, channel_plot, make_session

TEAL = QColor("#008080")
MAGENTA = QColor("#AA00AA")


def halves(index, series):
    """An overlay at half of each scale_w, marking the channels above 0.01, with a ratio strip."""
    if not series.scale_w.size:
        return None
    values = series.scale_w.astype(np.float64) / 2
    high = np.flatnonzero(series.scale_w > 0.01)
    return OverlayData(values=values,
                       marks=(ChannelMarks("above 0.01", high, MAGENTA, "d",
                                           lambda c: f"channel {c} is above 0.01"),),
                       strip=OverlayStrip("scale_w / half", series.scale_w / values, log=True, lines=(1.0, 2.0)),
                       weight=(values * 127,),
                       describe=lambda c: f"half {values[c]:.4g}",
                       note=f"{high.size} above 0.01")


def plain(rich: str) -> str:
    """What a rich-text label reads as (non-breaking spaces as spaces)."""
    doc = QTextDocument()
    doc.setHtml(rich)
    return doc.toPlainText().replace("\xa0", " ")


def drawn(item) -> np.ndarray:
    _x, y = item.getOriginalDataset()
    return np.zeros(0) if y is None else np.asarray(y)


def test_an_overlay_draws_its_values_marks_strip_and_legend(qtbot):
    session = make_session()
    plot = channel_plot(qtbot, session)
    plot.resize(900, 700)
    plot.show()
    session.selection.select(("record", 0))
    plot.set_overlay("halves", ChannelOverlay("half of scale_w", TEAL, halves))
    data = plot.overlay_data("halves")
    assert data is not None
    items = plot.overlays._items["halves"]
    # 8 channels: drawn as stairs over the bars, one step per channel
    assert np.allclose(drawn(items.main), np.asarray(SCALES, np.float32) / 2)
    high = [c for c, v in enumerate(np.asarray(SCALES, np.float32)) if v > 0.01]
    mark = items.marks["above 0.01"]
    assert mark.getOriginalDataset()[0].tolist() == high
    assert np.allclose(mark.getOriginalDataset()[1], np.asarray(SCALES, np.float32)[high])  # on their bars
    assert plot.strip.plot.isVisible() and plot.strip.plot.getAxis("left").labelText == "scale_w / half"
    assert np.allclose(drawn(items.strip), 2.0)
    assert [round(line.value(), 6) for line in items.lines] == [0.0, round(np.log10(2.0), 6)]  # log axis
    legend = plain(plot.legend.text())
    assert plot.legend.isVisible() and "half of scale_w" in legend and f"above 0.01 ({len(high)})" in legend
    assert f"{len(high)} above 0.01" in plot.details.text()
    c = high[0]
    text = plot.describe("scale_w", c)
    assert f"half {SCALES[c] / 2:.4g}" in text and f"channel {c} is above 0.01" in text
    caption = plot.caption_html()
    assert caption is not None and "half of scale_w" in plain(caption)
    # the weight range row: the overlay's series against the band
    plot.act_weight.setChecked(True)
    assert np.allclose(drawn(items.weight[0]), np.asarray(SCALES, np.float32) / 2 * 127)


def test_an_overlay_follows_edits_and_layers_and_goes_when_removed(qtbot):
    session = make_session()
    plot = channel_plot(qtbot, session)
    session.selection.select(("record", 0))
    plot.set_overlay("halves", ChannelOverlay("half of scale_w", TEAL, halves))
    session.push(SetValueCommand(session.editor, ("record", 0, "value", "scale_w", 3), 0.5))
    plot.flush()
    assert drawn(plot.overlays._items["halves"].main)[3] == np.float32(0.5) / 2
    session.selection.select(("record", 2))  # per-tensor fc: one channel
    plot.flush()
    data = plot.overlay_data("halves")
    assert data is not None and data.values is not None and data.values.size == 1
    plot.set_overlay("halves", None)
    assert plot.overlay_data("halves") is None and not plot.legend.isVisible()
    assert not plot.strip.plot.isVisible()
    assert "half" not in plot.describe("scale_w", 0)
    assert all(item.scene() is None for item in plot.main.plot.listDataItems() if item.opts["symbol"] == "d")


def test_overlays_stack_by_key_and_one_with_nothing_to_say_draws_nothing(qtbot):
    session = make_session()
    plot = channel_plot(qtbot, session)
    session.selection.select(("record", 1))
    plot.set_overlay("halves", ChannelOverlay("half of scale_w", TEAL, halves))
    plot.set_overlay("silent", ChannelOverlay("never", MAGENTA, lambda index, series: None))
    assert list(plot.overlays.overlays) == ["halves", "silent"]
    assert plot.overlay_data("silent") is None
    assert drawn(plot.overlays._items["silent"].main).size == 0
    assert plot.overlay_data("halves") is not None
    calls = []
    plot.set_overlay("silent", ChannelOverlay("never", MAGENTA, lambda index, series: calls.append(index)))
    plot.refresh_overlays()
    assert calls and calls[-1] == 1
