"""What AMCT's hard rules accept for one value field of a layer, in words.

An editor shows these words before anything is typed and meets a text that is not a value
of the field with them, so a hint names the range that applies to *this* layer (offset_d
under act_type INT8: -128 to 127, not the int32 range the schema allows) and never suggests
a value the rules refuse (scale_d: no "inf or nan"). The words follow the rules of
`catalog_values`; `tests/records/test_rules_hints.py` holds the two together (each bound a
hint names is accepted by `validate_value`, the values just past it are refused).
"""
from __future__ import annotations

from editor.i18n import QT_TRANSLATE_NOOP, translate
from editor.records import quant_core as quant
from editor.records.dialects import Dialect, get_dialect
from editor.records.messages import EntryMessage, TypedValueMessage, ValueMessage
from editor.records.rules._wording import _fmt, act_words
from editor.records.rules.catalog_values import type_values

_EPS = quant.FLT_EPSILON

#: scale-positive: finite and > 0
_POSITIVE = QT_TRANSLATE_NOOP("rules", "a finite number > 0, such as 0.0235 or 1e-3")

_FIXED: dict[str, str] = {
    "scale_d": _POSITIVE,
    "scale_h": _POSITIVE,
    "scale_w": _POSITIVE,
    "scale_r": _POSITIVE,
    # offset-w-zero
    "offset_w": QT_TRANSLATE_NOOP("rules", "0 (AMCT supports no weight offset)"),
    "offset_r": QT_TRANSLATE_NOOP("rules", "0 (AMCT supports no weight offset)"),
    # shift-bit-range
    "shift_bit": QT_TRANSLATE_NOOP("rules", "a whole number from 1 to 16, or 0 when every shift_bit of the layer is 0"),
    # cluster-shape
    "cluster": QT_TRANSLATE_NOOP("rules", "a whole number from -128 to 127"),
    # tbf-range
    "tensor_balance_factor": QT_TRANSLATE_NOOP("rules", "a number from {lo} to {hi} (FLT_EPSILON to 1/FLT_EPSILON)"),
}


def _value_of(value_or_entry: EntryMessage | ValueMessage) -> ValueMessage:
    return value_or_entry.value if isinstance(value_or_entry, EntryMessage) else value_or_entry


def accepted_values(dialect: str | Dialect, value_or_entry: EntryMessage | ValueMessage, field: str) -> str | None:
    """What the rules accept for value field `field` (one element of it, for a list) of the
    layer `value_or_entry` (its value message or whole entry), in words that follow
    "takes": ``a whole number from -128 to 127 (act_type INT8)``. None when no rule narrows
    what the field's type allows (the type's own words then say it)."""
    d = get_dialect(dialect)
    if not d.has_value_field(field):
        return None
    if field in _FIXED:
        return translate("rules", _FIXED[field]).format(lo=_fmt(_EPS), hi=_fmt(1 / _EPS))
    if field in ("offset_d", "offset_h"):  # offset-d-range
        value = _value_of(value_or_entry)
        act = value.act_type if isinstance(value, TypedValueMessage) and value.HasField("act_type") else None
        lo, hi = quant.amct_offset_check_range(act)
        return translate("rules", "a whole number from {lo} to {hi} ({act})").format(lo=lo, hi=hi, act=act_words(d, act))
    allowed = type_values(field)  # type-values
    if allowed is not None:
        return translate("rules", "one of {values}").format(values=", ".join(allowed))
    return None
