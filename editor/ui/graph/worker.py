"""The graph's layout, computed on a thread of its own so that the window never waits for it."""
from __future__ import annotations

import time
from dataclasses import dataclass

import numpy as np
from PySide6.QtCore import QObject, QThread, Signal
from PySide6.QtGui import QFont, QPainterPath

from editor.graph.layout import GraphLayout, LayoutCancelled, layered_layout
from editor.graph.network import NetworkGraph, network_graph
from editor.i18n import translate
from editor.models import Model
from editor.ui.gc_policy import collect_on_gui_thread
from editor.ui.graph.items import edge_paths, node_widths


@dataclass
class LaidOut:
    """What a `LayoutWorker` hands over: the model, its graph and where everything goes."""

    model: Model
    graph: NetworkGraph
    layout: GraphLayout
    #: the edges' lines and arrowheads, by band (`edge_paths`: hundreds of curves, built here too)
    paths: list[tuple[QPainterPath, QPainterPath]]
    seconds: float


class LayoutWorker(QThread):
    """Picks the layers to draw from `model`, measures their boxes with the view's `fonts`
    (bold, small), lays them out (`editor.graph`) and builds the edges' paths, off the GUI
    thread (Qt's fonts are reentrant). Signals (delivered to the GUI thread):
    `done(LaidOut)`, `failed(message)`; a cancelled layout says nothing."""

    done = Signal(object)
    failed = Signal(str)

    def __init__(self, model: Model, fonts: tuple[QFont, QFont], height: float, parent: QObject | None = None) -> None:
        super().__init__(parent)
        collect_on_gui_thread()  # no garbage collection may run on this thread (see gc_policy)
        self.model = model
        self.fonts = (QFont(fonts[0]), QFont(fonts[1]))
        self.height = height
        self._cancel = False

    def cancel(self) -> None:
        self._cancel = True

    def run(self) -> None:
        t = time.perf_counter()
        try:
            graph = network_graph(self.model)
            widths = node_widths([(graph.layer(k).op_type, graph.layer(k).label) for k in range(len(graph))],
                                 *self.fonts)
            layout = layered_layout(len(graph), graph.edges, np.asarray(widths), self.height,
                                    keep_going=lambda: not self._cancel)
            paths = edge_paths(layout.edges)
        except LayoutCancelled:
            return
        except Exception as e:  # noqa: BLE001 - a model the layout cannot take ends in a message
            self.failed.emit(translate("GraphView", "The graph of {model} could not be laid out: {error}").format(
                model=self.model.path.name, error=f"{type(e).__name__}: {e}"))
            return
        if not self._cancel:
            self.done.emit(LaidOut(self.model, graph, layout, paths, time.perf_counter() - t))
