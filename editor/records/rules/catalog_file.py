"""Rules that look across the whole file (they run once per check, after the entries and
prune records, and point at the first entry concerned)."""
from __future__ import annotations

from collections.abc import Iterator, Sequence

from editor.i18n import QT_TRANSLATE_NOOP, translate
from editor.records.messages import EntryMessage
from editor.records.rules._registry import INFO, WITH_ACT_TYPE, Finding, rule
from editor.records.rules.views import DocumentView

SKIP_FUSION_DEFAULT = rule(
    "skip-fusion-default", INFO, frozenset({"onnx"}), QT_TRANSLATE_NOOP(
        "rule-descriptions",
        "ONNX: skip_fusion defaults to true (every other flavour: false); layers that leave it unset "
        "skip Conv+BN fusion"))


@SKIP_FUSION_DEFAULT.on_document
def _skip_fusion_default(d: DocumentView) -> Iterator[Finding]:
    entries: Sequence[EntryMessage] = d.message.record
    relying = [i for i, en in enumerate(entries)
               if en.HasField("value") and not en.value.HasField("skip_fusion")
               and (en.value.HasField("scale_d") or en.value.HasField("offset_d") or len(en.value.scale_w))]
    if relying:
        if len(relying) > 1:
            text = translate("rules", "skip_fusion is unset, so the ONNX default true applies: AMCT ONNX skips "
                             "Conv+BN fusion for this layer, unlike the other AMCT flavours (default false); "
                             "write skip_fusion explicitly if the record came from another flavour (so do "
                             "{count} more layers)")
        else:
            text = translate("rules", "skip_fusion is unset, so the ONNX default true applies: AMCT ONNX skips "
                             "Conv+BN fusion for this layer, unlike the other AMCT flavours (default false); "
                             "write skip_fusion explicitly if the record came from another flavour")
        yield Finding(text.format(count=len(relying) - 1), "skip_fusion", entry=relying[0])


BIT_WIDTH_HINT = rule(
    "bit-width-hint", INFO, WITH_ACT_TYPE, QT_TRANSLATE_NOOP(
        "rule-descriptions",
        "all offset_d values fit INT4 (some at -8) but no act_type is set, so AMCT and the clip ranges "
        "assume INT8"))


@BIT_WIDTH_HINT.on_document
def _bit_width_hint(d: DocumentView) -> Iterator[Finding]:
    count, at_min, first = 0, 0, None
    entries: Sequence[EntryMessage] = d.message.record
    for i, en in enumerate(entries):  # stops at the first sign of a wider type
        v = en.value
        if v.HasField("act_type"):
            return
        if v.HasField("offset_d"):
            o = v.offset_d
            if not -8 <= o <= 7:
                return
            count += 1
            if o == -8:
                at_min += 1
                if first is None:
                    first = i
    if count >= 2 and first is not None:
        yield Finding(translate("rules", "all {count} offset_d values lie in INT4's range [-8, 7] ({at_min} "
                                "at -8, its minimum) but no layer sets act_type, so AMCT reads them as INT8 and "
                                "the clip ranges shown assume INT8; if this record is INT4, set act_type: "
                                "\"INT4\"").format(count=count, at_min=at_min), "act_type", entry=first)
