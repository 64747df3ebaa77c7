"""The graph's layout, computed on a thread of its own so that the window never waits for it."""
from __future__ import annotations

import time
from dataclasses import dataclass

import numpy as np
from PySide6.QtCore import QObject, QThread, Signal

from editor.graph.layout import GraphLayout, LayoutCancelled, layered_layout
from editor.graph.network import NetworkGraph, network_graph
from editor.i18n import translate
from editor.models import Model
from editor.ui.gc_policy import collect_on_gui_thread


@dataclass
class LaidOut:
    """What a `LayoutWorker` hands over: the model, its graph and where everything goes."""

    model: Model
    graph: NetworkGraph
    layout: GraphLayout
    seconds: float


class LayoutWorker(QThread):
    """Picks the layers to draw from `model` and lays them out (`editor.graph`), off the GUI
    thread. `widths[i]` is the box width of the model's layer `i` (measured with the view's
    fonts on the GUI thread). Signals (delivered to the GUI thread): `done(LaidOut)`,
    `failed(message)`; a cancelled layout says nothing."""

    done = Signal(object)
    failed = Signal(str)

    def __init__(self, model: Model, widths: np.ndarray, height: float, parent: QObject | None = None) -> None:
        super().__init__(parent)
        collect_on_gui_thread()  # no garbage collection may run on this thread (see gc_policy)
        self.model = model
        self.widths = widths
        self.height = height
        self._cancel = False

    def cancel(self) -> None:
        self._cancel = True

    def run(self) -> None:
        t = time.perf_counter()
        try:
            graph = network_graph(self.model)
            layout = layered_layout(len(graph), graph.edges, self.widths[graph.layers], self.height,
                                    keep_going=lambda: not self._cancel)
        except LayoutCancelled:
            return
        except Exception as e:  # noqa: BLE001 - a model the layout cannot take ends in a message
            self.failed.emit(translate("GraphView", "The graph of {model} could not be laid out: {error}").format(
                model=self.model.path.name, error=f"{type(e).__name__}: {e}"))
            return
        if not self._cancel:
            self.done.emit(LaidOut(self.model, graph, layout, time.perf_counter() - t))
