"""What the attached network says of one layer of the record, in a line for the layer panel:
its type and channels there, and how the layer's scale_w compares with its weights."""
from __future__ import annotations

from editor.i18n import translate
from editor.ui.session import EditSession


def model_line(session: EditSession, entry: int) -> str:
    """``Convolution, 256 → 1024 channels`` and the scale_w review of layer entry `entry`
    (empty: no network is attached)."""
    model = session.network
    if model is None:
        return ""
    key = session.editor.value(("record", entry, "key"))
    layer, index = model.find(key) if key else (None, None)
    if layer is None:
        return translate("LayerPanel", "not in {file}").format(file=model.path.name)
    if index is not None:
        return translate("LayerPanel", "input {index} of {layer} ({description})").format(
            index=index, layer=layer.name, description=layer.describe())
    text = layer.describe() + ("" if layer.quantizable else translate("LayerPanel", " — AMCT cannot quantize it"))
    r = session.weights.review(entry)
    if r is not None:
        w = r.worst_index
        where = f"[{w}] " if r.channel_wise else ""
        clipped, wasted = int(r.clipped.sum()), int(r.wasted.sum())
        verdicts = [translate("LayerPanel", "clips the weights in {n}").format(n=clipped) if clipped else "",
                    translate("LayerPanel", "wastes levels in {n}").format(n=wasted) if wasted else ""]
        verdict = translate("LayerPanel", ", ").join(t for t in verdicts if t)
        channels = r.scale_w.size
        text += translate("LayerPanel", "; scale_w / ARQ from the weights: worst {where}×{ratio}").format(
            where=where, ratio=f"{r.ratio[w]:.3g}")
        if verdict:
            of = translate("LayerPanel", " ({verdict} of 1 channel)") if channels == 1 \
                else translate("LayerPanel", " ({verdict} of {n} channels)")
            text += of.format(verdict=verdict, n=channels)
        if r.arq.fusions:
            text += translate("LayerPanel", ", {fusions} folded").format(
                fusions=translate("LayerPanel", ", ").join(r.arq.fusions))
        if r.arq.balanced:
            text += translate("LayerPanel", ", tensor_balance_factor applied")
    elif layer.takes_weights:
        reason = session.weights.reason(entry)
        if reason:
            text += translate("LayerPanel", "; scale_w not compared with the weights: {reason}").format(reason=reason)
    return text
