"""The views rule functions read: one entry (`EntryView`), one prune record (`PruneView`),
the whole message (`DocumentView`)."""
from __future__ import annotations

from typing import Any

from editor.i18n import translate
from editor.records.dialects import Dialect
from editor.records.messages import EntryMessage, PruneRecordMessage, RootMessage
from editor.records.quant_core import OutlierList
from editor.records.rules import _vectors
from editor.records.rules._vectors import Batch, Indices, Vector, vector
from editor.records.rules._wording import _q
from editor.records.rules.context import CheckContext, _prune_nodes
from editor.records.rules.layer_types import LayerType, is_tensor_key

_QUANT_FACTORS = ("scale_d", "offset_d", "scale_w", "offset_w", "shift_bit")
_RNN_FACTORS = ("scale_h", "offset_h", "scale_r", "offset_r")


class EntryView:
    """One `record` entry as the rule functions see it, with its vectors cached (numpy arrays or
    lists, `_vectors.vector`).

    `focus` maps a vector field to an element index: findings about that vector then name
    that element when it is bad (the validator asks "is *this* element wrong", not "is some
    element wrong"). `batch`: the answers of a check of the whole message, entry `index`'s
    among them (`_vectors.Batch`), else the view asks its own.
    """

    __slots__ = ("entry", "index", "dialect", "ctx", "key", "has_value", "value", "focus",
                 "_set", "_arrays", "_type", "_batch")

    def __init__(self, entry: EntryMessage, index: int, dialect: Dialect, ctx: CheckContext,
                 focus: dict[str, int] | None = None, batch: Batch | None = None):
        self.entry = entry
        self.index = index
        self.dialect = dialect
        self.ctx = ctx
        self.key: str | None = entry.key if entry.HasField("key") else None
        self.has_value = entry.HasField("value")
        self.value = entry.value
        self.focus = focus
        # one C call finds every set field (repeated ones only when non-empty)
        self._set = {fd.name: v for fd, v in self.value.ListFields()} if self.has_value else {}
        self._arrays: dict[str, Vector] = {}
        self._type: LayerType | None = None
        self._batch = batch

    def has(self, name: str) -> bool:
        """Whether the value sets `name` (non-empty for a repeated field); False if no such field."""
        return name in self._set

    def get(self, name: str, default: Any = None) -> Any:
        """The value of a singular field if set, else `default` (protobuf's `ListFields` types
        values as Any: a bool, int, float, str or bytes here)."""
        return self._set.get(name, default)

    def n(self, name: str) -> int:
        """How many values a repeated field has (0 when unset or not in this dialect)."""
        v = self._set.get(name)
        return 0 if v is None else len(v)

    def f32(self, name: str) -> Vector:
        """The float32 values of a repeated field (empty if unset)."""
        a = self._arrays.get(name)
        if a is None:
            b = self._batch
            if b is not None and b.fields.get(name) is True:
                a = self._arrays[name] = b.get("array", name, self.index)
            else:
                a = self._arrays[name] = vector(self._set.get(name, ()), self.ctx, floats=True)
        return a

    def ints(self, name: str) -> Vector:
        """The values of a repeated integer field (empty if unset)."""
        a = self._arrays.get(name)
        if a is None:
            b = self._batch
            if b is not None and b.fields.get(name) is False:
                a = self._arrays[name] = b.get("array", name, self.index)
            else:
                a = self._arrays[name] = vector(self._set.get(name, ()), self.ctx, floats=False)
        return a

    def not_positive(self, name: str) -> Indices:
        """`_vectors.not_positive` of float field `name`."""
        b = self._batch
        if b is not None and b.fields.get(name) is True:
            return b.get("not_positive", name, self.index)
        return _vectors.not_positive(self.f32(name))

    def nonzero(self, name: str) -> Indices:
        """`_vectors.nonzero` of integer field `name`."""
        b = self._batch
        if b is not None and b.fields.get(name) is False:
            return b.get("nonzero", name, self.index)
        return _vectors.nonzero(self.ints(name))

    def outliers(self, name: str) -> OutlierList:
        """`_vectors.outliers` of float field `name` at the check's fence factor."""
        b = self._batch
        if b is not None and b.fields.get(name) is True and b.k == self.ctx.outlier_k:
            return b.get("outliers", name, self.index)
        return _vectors.outliers(self.f32(name), self.ctx.outlier_k)

    @property
    def layer_type(self) -> LayerType:
        if self._type is None:
            self._type = self.ctx.layer_type(self.key)
        return self._type

    @property
    def has_factors(self) -> bool:
        return self.has_value and any(self.has(f) for f in _QUANT_FACTORS + _RNN_FACTORS)

    @property
    def takes_weights(self) -> bool:
        """Whether the layer has weights AMCT quantizes: the attached model says so for a layer
        it has; otherwise a tensor key or an AvgPool has none."""
        if self.ctx.model is not None and self.key:
            layer, index = self.ctx.model.find(self.key)
            if layer is not None:
                return index is None and layer.takes_weights
        return not is_tensor_key(self.key) and self.layer_type.kind != "avgpool"

    def pick(self, name: str, bad: Indices) -> int:
        """The element of `bad` (indices) a finding names: the focused one if bad, else the first."""
        if self.focus and name in self.focus and self.focus[name] in bad:
            return int(self.focus[name])
        return int(bad[0])

    def label(self) -> str:
        """How a problem names the entry: ``layer "conv1"``, ``record 3 (no key)``."""
        if self.key:
            return translate("rules", "layer {key}").format(key=_q(self.key))
        if self.index >= 0:
            return translate("rules", "record {index} (no key)").format(index=self.index)
        return translate("rules", "this record (no key)")


def pytorch_avgpool(e: EntryView) -> bool:
    """An AveragePool entry of a PyTorch record: AMCT PyTorch writes scale_w 1.0 and offset_w 0
    for it (``optimizer/weight_calibration.py``, ``_averagegpool_process``) and asks for them
    when it reads the record (its capacity table lists no NO_WEIGHT_QUANT_ONNX_TYPES, so
    ``parse_record_file.py`` wants scale_w of every layer)."""
    return e.dialect.name == "pytorch" and e.layer_type.kind == "avgpool" and not is_tensor_key(e.key)


class PruneView:
    """One `prune_record` as the rule functions see it."""

    __slots__ = ("record", "index", "dialect", "ctx", "nodes")

    def __init__(self, record: PruneRecordMessage, index: int, dialect: Dialect, ctx: CheckContext):
        self.record = record
        self.index = index
        self.dialect = dialect
        self.ctx = ctx
        self.nodes = list(_prune_nodes(record))


class DocumentView:
    """The whole message, for rules that look across entries."""

    __slots__ = ("message", "dialect", "ctx")

    def __init__(self, message: RootMessage, dialect: Dialect, ctx: CheckContext):
        self.message = message
        self.dialect = dialect
        self.ctx = ctx
