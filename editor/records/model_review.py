"""A record's weights and scale_w against an attached model, entry by entry: what the
``model-scale-w-weights`` rule, ``record-editor refit``, the GUI's weights review and the
quantization-error analysis share. No Qt here.

`entry_weights` is the one computation of an entry's weights as AMCT quantizes them
(`editor.models.prepare`), with the settings AMCT would use for that entry: the bit width
of its ``wts_type`` (INT8 where unset or where the dialect has no such field), the fusions
of the entry's dialect (`editor.models.fusion`) unless its ``skip_fusion`` is true (the
dialect's default where unset: false, true for ONNX), and its ``tensor_balance_factor``
(DMQ). `review_entry` compares the entry's scale_w with AMCT's ARQ of those weights.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TypedDict

import numpy as np

from editor.i18n import translate
from editor.models import Layer, LoadCancelled, Model, ModelError, NotCompared
from editor.models.base import FRAMEWORK_DIALECTS
from editor.models.prepare import PreparedWeights, prepare
from editor.models.weights import DEFAULT_WASTE, Arq, Review, compare
from editor.records import quant
from editor.records.dialects import DIALECTS, Dialect, get_dialect
from editor.records.document import RecordDocument
from editor.records.messages import (
    EntryMessage,
    RootMessage,
    TypedValueMessage,
    ValueMessage,
    WideValueMessage,
    copy_into,
)

__all__ = ["PreparedWeights", "entry_weights", "model_dialect", "read_in", "review_entry", "review_record",
           "shape_fixes"]


def weight_bits(value: ValueMessage) -> int:
    """Bit width of an entry's weights: its wts_type where the dialect has one, else INT8.
    An unknown type name counts as INT8 (type-values reports it)."""
    name = value.wts_type if isinstance(value, TypedValueMessage) else None
    try:
        return quant.bit_width(name)
    except ValueError:
        return quant.bit_width(None)


def folds(value: ValueMessage) -> bool:
    """Whether AMCT folds the fusions into this layer's weights: unless skip_fusion is true."""
    return not value.skip_fusion if "skip_fusion" in value.DESCRIPTOR.fields_by_name else True


def dialect_of_entry(entry: EntryMessage) -> Dialect | None:
    """The dialect whose record entry type `entry` is (each dialect has its own)."""
    name = entry.DESCRIPTOR.full_name
    return next((d for d in DIALECTS.values() if d.entry_descriptor.full_name == name), None)


def _balance(value: ValueMessage) -> np.ndarray | None:
    if not isinstance(value, WideValueMessage) or not len(value.tensor_balance_factor):
        return None
    return np.asarray(value.tensor_balance_factor, dtype=np.float32)


def _layer_of(entry: EntryMessage, model: Model) -> Layer:
    key = entry.key
    layer, index = model.find(key)
    if layer is None:
        raise NotCompared(translate("models", "the model has no layer {key}").format(key=repr(key)))
    if index is not None:
        raise NotCompared(translate("models", "a tensor-quantization key (layer:input) has no weights"))
    if not layer.takes_weights:
        raise NotCompared(translate("models", "{op} has no weights AMCT quantizes").format(op=layer.op_type))
    if not layer.has_weight_values:
        raise NotCompared(layer.weight_note or translate("models", "the model carries no weights for this layer"))
    return layer


class _Settings(TypedDict):
    """What `prepare` is asked for one entry: AMCT's settings for its layer."""

    bits: int
    channel_wise: bool
    fuse: bool
    dialect: str | None
    balance: np.ndarray | None


def _settings(entry: EntryMessage, layer: Layer) -> _Settings:
    value = entry.value
    n = len(value.scale_w)
    dialect = dialect_of_entry(entry)
    # a record read in another framework's dialect says nothing of what this model's AMCT
    # fuses: every fusion of the model's framework applies then
    fusing = dialect.name if dialect is not None and dialect.name in FRAMEWORK_DIALECTS.get(
        layer.framework, ()) else None
    return {"bits": weight_bits(value), "channel_wise": n > 1 if n else layer.channel_wise,
            "fuse": folds(value), "dialect": fusing, "balance": _balance(value)}


def entry_weights(entry: EntryMessage, model: Model) -> PreparedWeights:
    """The weights of `entry`'s layer exactly as AMCT quantizes them for this entry: rows per
    output channel, float32, after every fusion the entry's skip_fusion allows and after the
    DMQ tensor_balance_factor step (`PreparedWeights`: rows, layer, bits, channel_wise,
    fusions folded, balance applied). `channel_wise` follows the entry's scale_w (more than
    one value), else what the layer's type allows.

    Raises ModelError (`NotCompared`, whose message reads "not compared: …") saying why they
    cannot be computed: the model has no such layer, the key quantizes an input tensor, the
    layer has no weights AMCT quantizes or the model carries none, the weights hold inf or
    nan or are already quantized, a fusion cannot be folded.
    """
    layer = _layer_of(entry, model)
    return prepare(layer, **_settings(entry, layer))


def _entry_arq(entry: EntryMessage, model: Model, layer: Layer) -> Arq:
    """AMCT's ARQ of `entry_weights` (cached on the model per setting: a review after an edit
    that changed only scale_w reads no weights)."""
    settings = _settings(entry, layer)
    tbf = settings["balance"]
    key = (layer.index, settings["bits"], settings["fuse"], settings["channel_wise"], settings["dialect"],
           tbf.tobytes() if tbf is not None else None)
    cache: dict[tuple[object, ...], Arq] = model.__dict__.setdefault("_arq_cache", {})
    got = cache.get(key)
    if got is None:
        got = cache[key] = prepare(layer, **settings).arq()
    return got


def review_entry(entry: EntryMessage, model: Model, waste: float = DEFAULT_WASTE) -> Review:
    """The review of one record entry's scale_w against AMCT's ARQ of its layer's weights
    (`entry_weights`).

    Raises ModelError saying why there is none: any reason of `entry_weights`, the entry has
    no scale_w, or the lengths disagree.
    """
    layer = _layer_of(entry, model)
    if not len(entry.value.scale_w):
        raise NotCompared(translate("models", "the entry has no scale_w"))
    arq = _entry_arq(entry, model, layer)
    try:
        return compare(layer, entry.value.scale_w, arq, waste)
    except ModelError as e:
        raise NotCompared(e.message) from None


def review_record(message: RootMessage, dialect: str | Dialect, model: Model, *, waste: float = DEFAULT_WASTE,
                  progress: Callable[[int, int], bool] | None = None) -> dict[int, Review | ModelError]:
    """Every entry's review (or the reason it has none), by entry index.

    Reads each weighted layer's weights once (they stay cached on the model, so the rules
    and plots reuse them): a GUI calls this on its loader thread after attaching a model.
    `progress(done, total)` returning False raises LoadCancelled.
    """
    get_dialect(dialect)
    entries: Sequence[EntryMessage] = message.record
    out: dict[int, Review | ModelError] = {}
    total = len(entries)
    for i, entry in enumerate(entries):
        try:
            out[i] = review_entry(entry, model, waste)
        except ModelError as e:
            out[i] = e
        if progress is not None and not progress(i + 1, total):
            raise LoadCancelled()
    return out


#: The Caffe fields that hold a layer's input shape (C, H, W), in that order.
SHAPE_FIELDS = ("channels", "height", "width")


def shape_fixes(message: RootMessage, model: Model, entries: Iterable[int] | None = None
                ) -> dict[int, dict[str, int]]:
    """The input-shape fields to write so that entries agree with the model: entry index ->
    {field: the model's value} for each of channels/height/width that is unset or differs
    from the (C, H, W) the model propagates to the entry's layer (rule ``model-input-shape``).

    Only dialects with those fields (Caffe) and layers whose input shape the model knows;
    `entries` limits the search (default: every entry). Entries already right are left out.
    """
    if "record" not in message.DESCRIPTOR.fields_by_name:
        return {}
    records = message.record
    fixes: dict[int, dict[str, int]] = {}
    for i in range(len(records)) if entries is None else entries:
        if not 0 <= i < len(records):
            continue
        entry = records[i]
        if "channels" not in entry.value.DESCRIPTOR.fields_by_name:
            return {}
        layer, index = model.find(entry.key)
        if layer is None or index is not None or layer.input_shape is None \
                or len(layer.input_shape) != len(SHAPE_FIELDS):
            continue
        value = entry.value
        if not value.ListFields():
            continue  # an empty entry: AMCT skips it, the rules say so; nothing to fill
        wrong = {f: int(m) for f, m in zip(SHAPE_FIELDS, layer.input_shape, strict=True)
                 if not value.HasField(f) or getattr(value, f) != m}
        if wrong:
            fixes[i] = wrong
    return fixes


def model_dialect(dialect: str | Dialect, framework: str, keys: Iterable[str | None] = ()) -> str | None:
    """The dialect a record read as `dialect` should be read as once a model of `framework`
    is attached, or None when its dialect already fits the model (an AMCT flavour of that
    framework). An attached model is evidence of the dialect: a Caffe net makes the record
    Caffe, a TensorFlow graph TensorFlow (tf-inner). An ONNX model is quantized by AMCT
    PyTorch (whose keys are module names: ``conv1``, ``layer1.0.conv1``) or AMCT ONNX (whose
    keys are the model's node names): a record keyed by exporter node paths (``/conv1/Conv``)
    is ONNX, any other PyTorch — the user says otherwise with Read As / --dialect."""
    name = get_dialect(dialect).name
    family = FRAMEWORK_DIALECTS.get(framework, ())
    if not family or name in family:
        return None
    if framework == "onnx":
        return "onnx" if any(k and k.startswith("/") for k in keys) else "pytorch"
    return family[0]


def read_in(document: RecordDocument, dialect: str | Dialect, message: RootMessage | None = None) -> RecordDocument:
    """`document` read as `dialect` (what following the model's dialect does in the window):
    its file's text read again with that schema and, when `message` is given (the record
    with edits made since it was read), that record read as `dialect` in its place — by
    field names, as text format reads, so each dialect's defaults apply (ONNX's skip_fusion).
    The file's own text stays the document's source: a save still rewrites only what changed.

    Raises RecordError when the record does not read as `dialect` (a field it does not have),
    or when the document is binary (read by field numbers, whose meaning differs: the user
    chooses with Read As).
    """
    from google.protobuf import text_format

    from editor.records.document import RecordError

    d = get_dialect(dialect)
    if document.binary:
        raise RecordError(translate("reading", "a binary record is read by field numbers, which mean other fields "
                                    "in {dialect}; read it as another dialect with File ▸ Read As Dialect").format(
            dialect=d.name), document.path)
    source = document.source_text
    if source is not None:
        again = RecordDocument.from_text(source, d, path=document.path)
        again.repairs = list(document.repairs)
        again.problems.extend(p for p in document.problems if p.rule == "repaired")
    else:
        again = RecordDocument(d.new_message(), d, document.path)
    if message is not None:
        parsed = d.new_message()
        try:
            text_format.Merge(text_format.MessageToString(message), parsed)
        except text_format.ParseError as e:
            raise RecordError(translate("reading", "the record does not read as {dialect}: {error}").format(
                dialect=d.name, error=e), document.path) from None
        copy_into(again.message, parsed)
    return again
