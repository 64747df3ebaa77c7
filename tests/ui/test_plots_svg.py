"""SVG export of the plot views draws the picture the PNG export draws: same layout, data
inside the axes and clipped to each view box, axes and labels all there.

Each view is zoomed so that its data runs on beyond the axes, the SVG is drawn back with
Qt's SVG renderer at the size of the PNG export of the same view, and the two are compared.
"""
from __future__ import annotations

import xml.etree.ElementTree as ET

import numpy as np
import pyqtgraph as pg
import pytest
from PySide6.QtCore import QByteArray, QRectF, QSize
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtSvg import QSvgRenderer

from editor.ui.plots import ChannelPlot, ModelOverview, PruneRangesView
from editor.ui.plots._svg import export_svg
from tests.ui.kit import per_channel_layers, sample_session

SVG = "http://www.w3.org/2000/svg"


@pytest.fixture
def session():
    return sample_session()


def shown(qtbot, view):
    qtbot.addWidget(view)
    view.resize(900, 500)
    view.show()
    qtbot.waitExposed(view)
    return view


def channel_view(qtbot, session):
    view = shown(qtbot, ChannelPlot(session))
    session.selection.select(("record", per_channel_layers(session.message)[0]))
    view.main.plot.setXRange(3, 9, padding=0)  # bars on both sides, the fill and the fence beyond
    return view, view.graphics


def overview_view(qtbot, session):
    view = shown(qtbot, ModelOverview(session))
    view.p_scale.setXRange(10, 20, padding=0)  # layers on both sides, in all three linked plots
    return view, view.graphics


def prune_view(qtbot, session):
    view = shown(qtbot, PruneRangesView(session))
    view.flush()
    view.plot.setXRange(8, 40, padding=0)  # bars run on to the left, and rows below the bottom
    return view, view.plot_widget


VIEWS = {"channel plot": channel_view, "overview": overview_view, "prune ranges": prune_view}


# ---------------------------------------------------------------------------- helpers

def qt_drawable(data: bytes) -> bytes:
    """The SVG with each clip path applied as a mask of the same shape as well.

    Qt's SVG renderer ignores <clipPath> (Qt SVG's "Extended Features" page) but draws
    <mask>; a white mask of the clip's shape shows exactly the clip's region, as a browser
    shows the file. Qt sizes a mask by the bounds of what it masks and drops a group whose
    bounds are empty (a lone hairline), so each masked group also gets an invisible
    rectangle the size of the drawing.
    """
    root = ET.fromstring(data)
    defs = root.find(f"{{{SVG}}}defs")
    assert defs is not None
    _, _, width, height = root.attrib["viewBox"].split()
    frame = {"x": "0", "y": "0", "width": width, "height": height}
    for clip in defs.findall(f"{{{SVG}}}clipPath"):
        mask = ET.SubElement(defs, f"{{{SVG}}}mask", {"id": clip.attrib["id"] + "-mask",
                                                      "maskUnits": "userSpaceOnUse", **frame})
        for shape in clip:
            ET.SubElement(mask, shape.tag, {**shape.attrib, "fill": "#ffffff", "stroke": "none"})
    for parent in list(root.iter(f"{{{SVG}}}g")):
        run = None  # Qt writes a clip group per pen or brush change: one mask per run of them
        for group in list(parent):
            ref = group.get("clip-path")
            if ref is None:
                run = None
            elif run is not None and run.get("clip-path") == ref:
                run.extend(list(group))
                parent.remove(group)
            else:
                run = group
                group.set("mask", ref.replace(")", "-mask)"))
                group.insert(0, ET.Element(f"{{{SVG}}}rect", {**frame, "fill": "none", "stroke": "none"}))
    return ET.tostring(root)


def pixels(image: QImage) -> np.ndarray:
    """An image's RGB values, shape (height, width, 3), as signed ints."""
    image = image.convertToFormat(QImage.Format.Format_RGB32)
    raw = np.frombuffer(image.constBits(), np.uint8).reshape(image.height(), image.bytesPerLine() // 4, 4)
    return raw[:, :image.width(), 2::-1].astype(np.int16)  # BGRA in memory


def without_vector_effects(data: bytes) -> bytes:
    """The SVG as a renderer that ignores vector-effect (librsvg, GNOME's viewers) reads it."""
    root = ET.fromstring(data)
    for element in root.iter():
        element.attrib.pop("vector-effect", None)
    return ET.tostring(root)


def render_svg(path, size: QSize, *, vector_effects: bool = True) -> np.ndarray:
    data = qt_drawable(path.read_bytes())
    renderer = QSvgRenderer(QByteArray(data if vector_effects else without_vector_effects(data)))
    assert renderer.isValid()
    image = QImage(size, QImage.Format.Format_RGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    renderer.render(painter, QRectF(0, 0, size.width(), size.height()))
    painter.end()
    return pixels(image)


def mismatch(a: np.ndarray, b: np.ndarray, reach: int = 2, tolerance: int = 130) -> float:
    """The fraction of pixels of `a` with no pixel of about its colour in `b` within
    `reach` pixels (so antialiasing and text rasterized a pixel apart do not count, a line
    or a bar missing or moved does)."""
    h, w, _ = a.shape
    padded = np.pad(b, ((reach, reach), (reach, reach), (0, 0)), constant_values=-1000)
    best = np.full((h, w), 10_000, np.int16)
    for dy in range(2 * reach + 1):
        for dx in range(2 * reach + 1):
            shifted = padded[dy:dy + h, dx:dx + w]
            best = np.minimum(best, np.abs(a - shifted).max(axis=2))
    return float((best > tolerance).mean())


def coloured(a: np.ndarray) -> np.ndarray:
    """Where the data is: saturated pixels (axes, text and grid are grey; the data colours are not)."""
    return (a.max(axis=2) - a.min(axis=2)) > 40


def plot_areas(view: pg.GraphicsView, scale: float, shape, margin: int = 2) -> np.ndarray:
    """Where the visible view boxes are, in pixels of an export `scale` times the view's size."""
    inside = np.zeros(shape[:2], bool)
    for box in view.scene().items():
        if isinstance(box, pg.ViewBox) and box.isVisible():
            r = view.mapFromScene(box.sceneBoundingRect()).boundingRect()
            x0, y0 = (max(0, int(v * scale) - margin) for v in (r.left(), r.top()))
            x1, y1 = (int((v + 1) * scale) + margin for v in (r.right(), r.bottom()))
            inside[y0:y1, x0:x1] = True
    return inside


# ---------------------------------------------------------------------------- tests

@pytest.mark.parametrize("make", VIEWS.values(), ids=VIEWS.keys())
def test_svg_export_draws_what_the_png_export_draws(qtbot, session, tmp_path, make):
    view, graphics = make(qtbot, session)
    view.export_image(tmp_path / "plot.png", caption=False)
    view.export_image(tmp_path / "plot.svg", caption=False)
    png_image = QImage(str(tmp_path / "plot.png"))
    png = pixels(png_image)
    svg = render_svg(tmp_path / "plot.svg", png_image.size())

    # same picture: every line, bar, label and tick of each is in the other, where it is
    assert mismatch(svg, png) < 0.0005 and mismatch(png, svg) < 0.0005

    # the data lies inside the plot areas and is clipped to them, as in the PNG
    inside = plot_areas(graphics, png_image.width() / graphics.width(), png.shape)
    assert coloured(png)[inside].sum() > 1000  # the zoom leaves data in view
    assert not coloured(png)[~inside].any()
    assert not coloured(svg)[~inside].any()
    assert coloured(svg)[inside].sum() == pytest.approx(coloured(png)[inside].sum(), rel=0.05)


def test_svg_is_the_view_at_its_size_with_clip_paths(qtbot, session, tmp_path):
    _view, graphics = channel_view(qtbot, session)
    export_svg(graphics.scene(), tmp_path / "c.svg")
    root = ET.parse(tmp_path / "c.svg").getroot()
    assert root.get("version") == "1.1"
    assert root.attrib["viewBox"].split() == ["0", "0", str(graphics.width()), str(graphics.height())]
    clips = root.findall(f"{{{SVG}}}defs/{{{SVG}}}clipPath")
    paths = [c.find(f"{{{SVG}}}path") for c in clips]
    assert clips and all(p is not None and p.attrib["d"].strip() for p in paths)  # none empty
    assert not root.findall(f".//{{{SVG}}}image")  # vectors only: no pixmap drawn in


def test_svg_export_to_an_unwritable_place_raises(qtbot, session, tmp_path):
    view, _ = channel_view(qtbot, session)
    with pytest.raises(OSError):
        view.export_image(tmp_path / "missing" / "c.svg")


@pytest.mark.parametrize("make", VIEWS.values(), ids=VIEWS.keys())
def test_svg_strokes_do_not_need_vector_effect(qtbot, session, tmp_path, make):
    """pyqtgraph's pens are cosmetic (pixels wide). Written inside a view box's data
    transform with vector-effect=non-scaling-stroke, they cover the plot in every renderer
    that ignores vector-effect (librsvg drew a 2-pixel line 2e4 pixels wide): the export
    writes them in drawing units, so at the drawing's own size both renderings agree."""
    view, _graphics = make(qtbot, session)
    view.export_image(tmp_path / "plot.svg", caption=False)
    _, _, width, height = ET.fromstring((tmp_path / "plot.svg").read_bytes()).attrib["viewBox"].split()
    size = QSize(round(float(width)), round(float(height)))
    honoured = render_svg(tmp_path / "plot.svg", size)
    ignored = render_svg(tmp_path / "plot.svg", size, vector_effects=False)
    assert mismatch(ignored, honoured) < 0.0005 and mismatch(honoured, ignored) < 0.0005
