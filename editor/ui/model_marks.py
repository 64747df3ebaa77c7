"""The attached network in the record tree: each layer row's model type and channel counts.

`ModelMarks` installs the ``"model"`` provider on `session.annotations` while a network is
attached (`session.network`): a layer row gets a mark with its op type and channels
(``Conv 64→256``) and a tooltip line (``model: Convolution, 64 → 256 channels``); a key the
model does not have gets a red ``not in model`` mark; the scale_w row of a layer whose
scale_w clips the weights or wastes levels gets a mark and a line saying so (the review,
`session.weights`).
"""
from __future__ import annotations

import numpy as np
from PySide6.QtCore import QObject
from PySide6.QtGui import QColor

from editor.i18n import translate
from editor.models import Layer
from editor.records.paths import FieldPath
from editor.ui.annotations import Annotation
from editor.ui.session import EditSession

KEY = "model"
#: the marks' colours: the model's type (muted), a problem with the model (red, orange)
TYPE_COLOR = QColor("#3a5f7d")
BAD_COLOR = QColor("#C0392B")
WASTE_COLOR = QColor("#B8860B")


def layer_mark(layer: Layer) -> str:
    """``Conv 64→256``: the op type and channel counts, short enough for a tree row."""
    if layer.in_channels is not None and layer.out_channels is not None:
        return f"{layer.op_type} {layer.in_channels}→{layer.out_channels}"
    if layer.out_channels is not None:
        return f"{layer.op_type} →{layer.out_channels}"
    return layer.op_type


class ModelMarks(QObject):
    """Marks the attached network puts on the session's tree rows (see the module docstring)."""

    def __init__(self, session: EditSession) -> None:
        super().__init__(session)
        self.session = session
        session.networkChanged.connect(self._network_changed)
        session.weights.changed.connect(lambda: session.annotations.refresh(KEY))
        self._network_changed(session.network)

    def _network_changed(self, model: object) -> None:
        self.session.annotations.set(KEY, self.annotate if model is not None else None)

    def annotate(self, path: FieldPath) -> Annotation | None:
        """What the network says about the tree row at `path` (None: nothing)."""
        model = self.session.network
        if model is None or len(path) < 2 or path[0] != "record" or not isinstance(path[1], int):
            return None
        i = path[1]
        if len(path) == 2:
            key = self.session.editor.value(("record", i, "key"))
            if not key:
                return None
            layer, index = model.find(key)
            if layer is None:
                return Annotation(translate("ModelMarks", "not in model"),
                                  translate("ModelMarks", "model: {model} has no layer {key}").format(
                                      model=model.path.name, key=repr(key)), BAD_COLOR)
            if index is not None:
                return Annotation(translate("ModelMarks", "input {index} of {op}").format(index=index, op=layer.op_type),
                                  translate("ModelMarks", "model: input {index} of {layer} ({what})").format(
                                      index=index, layer=layer.name, what=layer.describe()), TYPE_COLOR)
            if layer.quantizable:
                tip = translate("ModelMarks", "model: {what}")
            else:
                tip = translate("ModelMarks", "model: {what} — AMCT cannot quantize it")
            return Annotation(layer_mark(layer), tip.format(what=layer.describe()),
                              TYPE_COLOR if layer.quantizable else BAD_COLOR)
        if tuple(path[2:]) == ("value", "scale_w"):
            r = self.session.weights.review(i)
            if r is None or not r.flagged.any():
                return None
            clipped, wasted = int(np.count_nonzero(r.clipped)), int(np.count_nonzero(r.wasted))
            n = r.scale_w.size
            words = []
            if clipped:
                words.append(translate("ModelMarks", "clips the weights in {bad} of 1 channel").format(bad=clipped)
                             if n == 1 else
                             translate("ModelMarks", "clips the weights in {bad} of {n} channels").format(
                                 bad=clipped, n=n))
            if wasted:
                words.append(translate("ModelMarks", "wastes levels in {bad} of {n}").format(bad=wasted, n=n))
            # the mark names the worse fault: clipping loses weights, wasting only precision
            ratios = np.where(r.clipped if clipped else r.wasted, r.ratio, np.nan)
            with np.errstate(invalid="ignore"):
                c = int(np.nanargmin(ratios)) if clipped else int(np.nanargmax(ratios))
            where = translate("ModelMarks", " at [{channel}]").format(channel=c) if n > 1 else ""
            ratio = f"{r.ratio[c]:.3g}"
            mark = translate("ModelMarks", "clips ×{ratio}") if clipped else translate("ModelMarks", "wastes ×{ratio}")
            extreme = (translate("ModelMarks", "lowest ratio ×{ratio}") if clipped
                       else translate("ModelMarks", "highest ratio ×{ratio}"))
            return Annotation(mark.format(ratio=ratio),
                              translate("ModelMarks", "scale_w against the weights (AMCT's ARQ): {faults}; "
                                                      "{extreme}{where}").format(
                                  faults=translate("ModelMarks", ", ").join(words),
                                  extreme=extreme.format(ratio=ratio), where=where),
                              BAD_COLOR if clipped else WASTE_COLOR)
        return None
