"""SVG export of a plot: the picture the view shows, as the PNG export draws it, in vectors.

pyqtgraph 0.14's own SVGExporter fails on any plot with Qt 6.12: its coordinate rewriting
does not understand the close-path command (``Z``) Qt now writes into path data (pyqtgraph
issues #3485 and #3495). So the scene is drawn with Qt's own SVG generator, driven like
pyqtgraph's ImageExporter draws the PNG (`_SvgExporter`), through `_FlatClipDevice`, which
works around Qt's generator losing track of clips (see there).
"""
from __future__ import annotations

import math
from pathlib import Path

import pyqtgraph as pg
import pyqtgraph.exporters  # registers the exporters
from PySide6.QtCore import QBuffer, QByteArray, QLineF, QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QPaintDevice, QPaintEngine, QPainter, QPainterPath, QPolygonF, QTransform
from PySide6.QtSvg import QSvgGenerator
from PySide6.QtWidgets import QGraphicsScene


def export_svg(scene: QGraphicsScene, path: Path, caption: str | None = None) -> None:
    """Write what `scene`'s view shows to `path` as an SVG 1.1 drawing (OSError if it cannot),
    under `caption` (rich text) when one is given."""
    exporter = _SvgExporter(scene)
    exporter.caption = caption
    exporter.export(str(path))


class _SvgExporter(pg.exporters.Exporter):
    """Qt's SVG generator driven like pyqtgraph's ImageExporter: the part of the scene the
    view shows, at the view's size (not the scene rect, which takes in items out of view),
    items in export mode (scatter symbols drawn as paths, not cached pixmaps).

    The drawing is SVG 1.1, whose <clipPath> elements keep each view box's data inside its
    axes (SVG Tiny 1.2, Qt's default, drops every clip). Browsers, Inkscape and office
    suites honour them; Qt's own SVG renderer ignores <clipPath> (Qt SVG "Extended
    Features"), so Qt-based viewers show data beyond the axes.
    """

    caption: str | None = None

    def export(self, fileName=None, toBytes=False, copy=False):
        from editor.ui.plots._export import caption_document

        target = QRectF(self.getTargetRect())  # the view's rectangle, in pixels
        doc, top, pad = None, 0.0, 6.0
        if self.caption:
            doc = caption_document(self.caption, target.width() - 2 * pad)
            top = math.ceil(doc.size().height()) + 2 * pad
        plot = QRectF(0, top, target.width(), target.height())
        frame = QRectF(0, 0, target.width(), target.height() + top)
        view = self.getScene().getViewWidget()
        background = view.backgroundBrush().color()
        if view.backgroundBrush().style() == Qt.BrushStyle.NoBrush:
            background = QColor(Qt.GlobalColor.transparent)
        data = QByteArray()
        buffer = QBuffer(data)  # written to the file at the end: OSError with the reason, no half file
        gen = QSvgGenerator(QSvgGenerator.SvgVersion.Svg11)
        gen.setOutputDevice(buffer)
        # the view's resolution: text (sized in points) takes the room it takes on screen
        gen.setResolution(view.logicalDpiX())
        gen.setSize(QSize(round(frame.width()), round(frame.height())))
        gen.setViewBox(frame)
        gen.setTitle(Path(str(fileName)).stem)
        gen.setDescription("AMCT Record Editor plot")
        out = QPainter(gen)
        try:
            out.fillRect(frame, background)
            if doc is not None:
                out.save()
                out.translate(pad, pad)
                doc.drawContents(out)
                out.restore()
            device = _FlatClipDevice(out, gen)
            painter = QPainter(device)
            try:
                self.setExportMode(True, {"antialias": True, "background": background, "painter": painter})
                painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
                self.getScene().render(painter, plot, self.getSourceRect())
            finally:
                self.setExportMode(False)
                painter.end()
        finally:
            out.end()
        Path(fileName).write_bytes(data.data())


class _FlatClipEngine(QPaintEngine):
    """Hands every drawing step to another painter (the SVG generator's), with the clip
    followed here in device coordinates and set anew whenever it changed, so that painter
    never restores a clip; steps under an empty clip are dropped.

    Qt 6.12's SVG generator goes wrong when a QPainter.restore() brings back an outer clip
    (QGraphicsScene.render saves and restores around every clipping item): what follows is
    written under the inner clip just left. In the channel plot that put the axis drawn
    after a fence's label under the label's clip, and so out of sight. (The clip is followed from
    the clip operations, each mapped to device coordinates by its own transform, because
    QPainter.clipPath() maps the clip into the current item's coordinates, where in a view
    box of values of about 1e-3 its intersection comes out empty.)
    """

    _CLIP_FLAGS = (QPaintEngine.DirtyFlag.DirtyClipPath | QPaintEngine.DirtyFlag.DirtyClipRegion
                   | QPaintEngine.DirtyFlag.DirtyClipEnabled)

    def __init__(self, out: QPainter) -> None:
        super().__init__(QPaintEngine.PaintEngineFeature.AllFeatures)
        self._out = out
        self._clip: QPainterPath | None = None  # device coordinates; None: no clip
        self._clip_enabled = True
        self._written: QPainterPath | None = None  # the clip `out` has

    def begin(self, pdev) -> bool:
        return True

    def end(self) -> bool:
        return True

    def type(self) -> QPaintEngine.Type:
        return QPaintEngine.Type.User

    def updateState(self, state) -> None:
        flags = state.state()
        if not flags & self._CLIP_FLAGS:
            return
        if flags & QPaintEngine.DirtyFlag.DirtyClipEnabled:
            self._clip_enabled = state.isClipEnabled()
        if flags & (QPaintEngine.DirtyFlag.DirtyClipPath | QPaintEngine.DirtyFlag.DirtyClipRegion):
            op = state.clipOperation()
            if op == Qt.ClipOperation.NoClip:
                self._clip = None
                return
            if flags & QPaintEngine.DirtyFlag.DirtyClipPath:
                shape = state.clipPath()
            else:
                shape = QPainterPath()
                shape.addRegion(state.clipRegion())
            shape = state.transform().map(shape)
            if op == Qt.ClipOperation.IntersectClip and self._clip is not None:
                shape = self._clip.intersected(shape)
            self._clip = shape
            self._clip_enabled = True

    def _sync(self) -> bool:
        """Bring `out` to the painter's state; False when the clip leaves nothing to draw."""
        src, out = self.painter(), self._out
        clip = self._clip if self._clip_enabled else None
        if clip is not None and clip.isEmpty():
            return False
        if (clip is None) != (self._written is None) or (clip is not None and clip != self._written):
            self._written = clip
            if clip is None:
                out.setClipping(False)
            else:
                out.resetTransform()
                out.setClipPath(clip)
        out.setTransform(src.transform())
        out.setPen(src.pen())
        out.setBrush(src.brush())
        out.setBrushOrigin(src.brushOrigin())
        out.setFont(src.font())
        out.setOpacity(src.opacity())
        out.setRenderHints(src.renderHints())
        return True

    def _flat(self) -> QTransform | None:
        """For geometry drawn with a cosmetic pen (pyqtgraph's, width in pixels) or none: the
        transform to map it to device coordinates, after which `out` draws untransformed.

        Qt writes such strokes in the item's coordinates with vector-effect=non-scaling-stroke,
        which librsvg (GNOME's viewers, rsvg-convert) and other renderers ignore: a 2-pixel
        line in a view box scaled by 1e4 came out 2e4 pixels wide and covered the plot.
        """
        pen = self._out.pen()
        if pen.style() != Qt.PenStyle.NoPen and not pen.isCosmetic():
            return None  # a stroke in item units: it scales with the item, as intended
        transform = self._out.transform()
        if transform.isIdentity():
            return None
        brush = self._out.brush()
        if brush.style() != Qt.BrushStyle.NoBrush and brush.style() != Qt.BrushStyle.SolidPattern:
            brush.setTransform(brush.transform() * transform)
            self._out.setBrush(brush)
        self._out.resetTransform()
        return transform

    def drawPath(self, path) -> None:
        if self._sync():
            t = self._flat()
            self._out.drawPath(t.map(path) if t is not None else path)

    def drawPolygon(self, points, mode) -> None:
        if not self._sync():
            return
        t = self._flat()
        polygon = QPolygonF(list(points))
        if t is not None:
            polygon = t.map(polygon)
        if mode == QPaintEngine.PolygonDrawMode.PolylineMode:
            self._out.drawPolyline(polygon)
        else:
            rule = Qt.FillRule.WindingFill if mode == QPaintEngine.PolygonDrawMode.WindingMode \
                else Qt.FillRule.OddEvenFill
            self._out.drawPolygon(polygon, rule)

    def drawRects(self, rects) -> None:
        if self._sync():
            t = self._flat()
            if t is None:
                self._out.drawRects(rects)
                return
            for rect in rects:
                self._out.drawPolygon(t.map(QPolygonF(QRectF(rect))))

    def drawLines(self, lines) -> None:
        if self._sync():
            t = self._flat()
            if t is None:
                self._out.drawLines(lines)
                return
            self._out.drawLines([t.map(QLineF(line)) for line in lines])

    def drawPoints(self, points) -> None:
        if self._sync():
            t = self._flat()
            if t is None:
                self._out.drawPoints(points)
                return
            self._out.drawPoints(t.map(QPolygonF([QPointF(p) for p in points])))

    def drawEllipse(self, r) -> None:
        if self._sync():
            t = self._flat()
            if t is None:
                self._out.drawEllipse(QRectF(r))
                return
            shape = QPainterPath()
            shape.addEllipse(QRectF(r))
            self._out.drawPath(t.map(shape))

    def drawPixmap(self, r, pm, sr) -> None:
        if self._sync():
            self._out.drawPixmap(r, pm, sr)

    def drawImage(self, r, pm, sr, flags=Qt.ImageConversionFlag.AutoColor) -> None:
        if self._sync():
            self._out.drawImage(r, pm, sr, flags)

    def drawTiledPixmap(self, r, pixmap, s) -> None:
        if self._sync():
            self._out.drawTiledPixmap(r, pixmap, s)

    def drawTextItem(self, p, textItem) -> None:
        if self._sync():
            self._out.drawTextItem(p, textItem)


class _FlatClipDevice(QPaintDevice):
    """A paint device of `like`'s size and resolution whose drawing goes to `out` (`_FlatClipEngine`)."""

    def __init__(self, out: QPainter, like: QPaintDevice) -> None:
        super().__init__()
        self._engine = _FlatClipEngine(out)
        self._like = like

    def paintEngine(self) -> QPaintEngine:
        return self._engine

    def metric(self, metric: QPaintDevice.PaintDeviceMetric) -> int:
        m, like = QPaintDevice.PaintDeviceMetric, self._like
        if metric in (m.PdmDevicePixelRatioF_EncodedA, m.PdmDevicePixelRatioF_EncodedB):
            return QPaintDevice.encodeMetricF(metric, 1.0)
        values = {
            m.PdmWidth: like.width, m.PdmHeight: like.height, m.PdmWidthMM: like.widthMM,
            m.PdmHeightMM: like.heightMM, m.PdmDpiX: like.logicalDpiX, m.PdmDpiY: like.logicalDpiY,
            m.PdmPhysicalDpiX: like.physicalDpiX, m.PdmPhysicalDpiY: like.physicalDpiY,
            m.PdmDepth: like.depth, m.PdmNumColors: like.colorCount,
            m.PdmDevicePixelRatio: lambda: 1, m.PdmDevicePixelRatioScaled: QPaintDevice.devicePixelRatioFScale,
        }
        return round(values[metric]()) if metric in values else 0
