"""`Analyzer`: which layer of a record costs accuracy — the weight error of every entry, the
activation error on the user's samples, the whole-model check — and `AnalysisResult`, what
the command line prints and a window shows. Qt-free.

The analyzer reads the record as it is *now* each time it is asked, so a window can hold
one beside its live record: after an edit, `layer_weights(index)` gives that layer's weight
figures again at once (the weights stay prepared), and `rerun_layer(index)` measures its
activations again with the new factors on the layer's kept inputs (`prepare_layer` keeps
them ahead of an edit). Long calls take ``progress(done, total) -> bool`` and stop with
AnalysisCancelled when it returns False or `cancel()` is called from another thread.
"""
from __future__ import annotations

import contextlib
import math
import os
import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from editor.analysis.activations import ActivationFigures, OutputCheck
from editor.analysis.imports import ImportedColumn
from editor.analysis.inputs import InputSpec, Sample
from editor.analysis.weights import ChannelHistogram, WeightAnalysis, WeightFigures, channel_histogram
from editor.i18n import translate
from editor.models import Model, ModelError
from editor.records.messages import EntryMessage, RootMessage

if TYPE_CHECKING:
    import onnx

    from editor.analysis.plans import ModelTensors, Planned
    from editor.analysis.run import ActivationRun, LayerProbe

Progress = Callable[[int, int], bool]

#: a layer's kept inputs for re-runs, over all layers (bytes)
DEFAULT_PROBE_BYTES = 512 << 20


@dataclass
class LayerResult:
    """One record entry's figures, or why it has none."""

    index: int
    key: str
    op_type: str | None
    weights: WeightFigures | None = None
    weights_note: str | None = None
    activations: ActivationFigures | None = None
    activations_note: str | None = None
    imported: dict[str, float] = field(default_factory=dict)

    @property
    def similarity(self) -> float | None:
        a = self.activations
        return a.similarity if a is not None and a.similarity is not None and not math.isnan(a.similarity) else None


@dataclass
class AnalysisResult:
    """Every entry's figures in record order (the first entry of a key; AMCT uses the first),
    the samples run, the whole-model check per output, imported columns and notes."""

    layers: list[LayerResult]
    samples: list[str]
    outputs: list[OutputCheck]
    imported: list[ImportedColumn] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    _by_index: dict[int, LayerResult] | None = field(default=None, init=False, repr=False, compare=False)

    @property
    def activations_run(self) -> bool:
        return bool(self.samples)

    def layer(self, index: int) -> LayerResult | None:
        """The result of record entry `index` (None: a later entry of a key, or no such entry)."""
        if self._by_index is None or len(self._by_index) != len(self.layers):
            self._by_index = {r.index: r for r in self.layers}
        return self._by_index.get(index)

    def ranked(self) -> list[LayerResult]:
        """Worst first: by similarity where measured (lowest first), then the layers with
        only weight figures by weight SQNR, then the rest in record order."""
        def order(r: LayerResult) -> tuple[Any, ...]:
            s = r.similarity
            if s is not None:
                return (0, s, r.index)
            w = r.weights.sqnr_db if r.weights is not None and not math.isnan(r.weights.sqnr_db) else None
            if w is not None:
                return (1, w, r.index)
            return (2, 0.0, r.index)
        return sorted(self.layers, key=order)

    def below(self, threshold: float) -> list[LayerResult]:
        """Layers whose similarity is below `threshold`, worst first (the roll-back plan)."""
        return [r for r in self.ranked() if r.similarity is not None and r.similarity < threshold]

    def weight_below(self, threshold_db: float) -> list[LayerResult]:
        """Layers whose weight SQNR is below `threshold_db`, worst first."""
        out = [r for r in self.layers if r.weights is not None and not r.weights.sqnr_db >= threshold_db]
        return sorted(out, key=lambda r: (r.weights.sqnr_db if r.weights and not math.isnan(r.weights.sqnr_db)
                                          else -math.inf, r.index))


class Analyzer:
    """The analysis of one record message against one model (see the module docstring).

    `samples` are the user's inputs (`inputs.discover`); without them only the weights are
    analysed. The activation part needs an ONNX model (`model.framework == "onnx"`).
    `whole_model` false skips the whole-model check; `threads` limits onnxruntime's threads
    (a window keeping a core for itself); `probe_bytes` bounds the inputs kept for re-runs.
    """

    def __init__(self, message: RootMessage, model: Model, samples: Sequence[Sample] = (), *,
                 whole_model: bool = True, probe_bytes: int = DEFAULT_PROBE_BYTES, threads: int | None = None):
        self.message = message
        self.model = model
        self.samples = list(samples)
        self.whole_model = whole_model
        self.probe_bytes = probe_bytes
        #: onnxruntime threads (None: its default, one per core)
        self.threads = threads
        self.weights = WeightAnalysis(model)
        self._onnx: onnx.ModelProto | None = None
        self._tensors: ModelTensors | None = None
        self._specs: list[InputSpec] | None = None
        self._probes: OrderedDict[tuple[object, ...], LayerProbe] = OrderedDict()
        self._lock = threading.Lock()
        self._running: list[ActivationRun | LayerProbe] = []
        self._cancelled = threading.Event()
        #: inputs were given for a model the activations cannot be run on
        self.inputs_ignored = False

    # --- what the analysis covers ------------------------------------------------------

    def entries(self) -> list[int]:
        """The entry indices analysed: the first of each key, in record order."""
        seen: set[str] = set()
        out = []
        entries: Sequence[EntryMessage] = self.message.record
        for i, e in enumerate(entries):
            if e.key not in seen:
                seen.add(e.key)
                out.append(i)
        return out

    @property
    def can_run_activations(self) -> bool:
        return self.model.framework == "onnx"

    # --- the ONNX model, read when first needed -----------------------------------------

    def onnx_model(self) -> onnx.ModelProto:
        """The ONNX model as onnxruntime runs it (types of its tensors inferred where possible)."""
        if self._onnx is None:
            import onnx

            try:
                m = onnx.load(str(self.model.path))
            except Exception as e:  # noqa: BLE001 - onnx raises many kinds for bad files
                raise ModelError(translate("analysis", "cannot load the model for running: {reason}").format(
                    reason=e), self.model.path) from None
            with contextlib.suppress(Exception):  # the inferred types are a help, not a need
                m = onnx.shape_inference.infer_shapes(m)
            self._onnx = m
        return self._onnx

    def tensors(self) -> ModelTensors:
        if self._tensors is None:
            from editor.analysis.plans import ModelTensors

            self._tensors = ModelTensors(self.onnx_model())
        return self._tensors

    def input_specs(self) -> list[InputSpec]:
        """The model's inputs, for reading samples (`inputs.discover`)."""
        if self._specs is None:
            from editor.analysis.run import model_inputs

            self._specs = model_inputs(self.onnx_model())
        return self._specs

    # --- weights ------------------------------------------------------------------------

    def layer_weights(self, index: int) -> WeightFigures:
        """Entry `index`'s weight figures under its factors as they are now (ModelError: why none)."""
        return self.weights.figures(self.message.record[index])

    def weight_histogram(self, index: int, channel: int, bins: int = 64) -> ChannelHistogram:
        """A histogram of one output channel's weights (as AMCT quantizes them) with its
        quantization grid under the entry's scale_w as it is now (ModelError: why none;
        IndexError: no such channel)."""
        entry = self.message.record[index]
        prepared = self.weights.prepared(entry)
        scale_w = entry.value.scale_w
        scale = scale_w[channel] if len(scale_w) > 1 else scale_w[0]
        return channel_histogram(prepared.rows[channel], scale, prepared.bits, bins)

    # --- the whole analysis -------------------------------------------------------------

    def cancel(self) -> None:
        """Stop a run under way (any thread): it raises AnalysisCancelled."""
        self._cancelled.set()
        with self._lock:
            for r in self._running:
                r.cancel()

    def run(self, progress: Progress | None = None) -> AnalysisResult:
        """Weights of every entry and (with samples and an ONNX model) the activations and the
        whole-model check; the weights are figured while onnxruntime prepares and runs."""
        from editor.analysis.run import AnalysisCancelled

        self._cancelled.clear()
        indices = self.entries()
        entries = self.message.record
        with_runs = bool(self.samples) and self.can_run_activations
        total = len(indices) + (len(self.samples) + 1 if with_runs else 0)
        results: list[LayerResult] = []
        for i in indices:
            layer, _ = self.model.find(entries[i].key)
            results.append(LayerResult(i, entries[i].key, layer.op_type if layer is not None else None))
        # steps done: weights figured, and the activation run's own count (each goes up)
        done = {"weights": 0, "run": 0}

        def report() -> None:
            if self._cancelled.is_set() or (progress is not None and not progress(done["weights"] + done["run"],
                                                                                  total)):
                raise AnalysisCancelled()

        def weights() -> None:
            for r in results:
                try:
                    r.weights = self.weights.figures(entries[r.index])
                except ModelError as e:
                    r.weights_note = e.message
                done["weights"] += 1
                report()

        def run_step(run_done: int, _total: int) -> bool:
            done["run"] = run_done
            report()
            return True

        notes: list[str] = []
        outputs: list[OutputCheck] = []
        if self.inputs_ignored or (self.samples and not self.can_run_activations):
            notes.append(translate("analysis", "activations are analysed on ONNX models; this is a {framework} "
                                   "model: weights only").format(framework=self.model.title))
        if with_runs:
            outputs = self._run_activations(results, run_step, weights)
        else:
            weights()
            if not self.samples and not self.inputs_ignored:
                notes.append(translate("analysis", "no inputs given: weights only (activation figures need --inputs)"))
        return AnalysisResult(results, [s.label for s in self.samples] if with_runs else [], outputs, notes=notes)

    def plan(self, index: int) -> Planned:
        """What the activation analysis runs for entry `index` (or why nothing)."""
        from editor.analysis.plans import plan_entry

        return plan_entry(index, self.message.record[index], self.model, self.tensors(), self.weights)

    def _run_activations(self, results: list[LayerResult], progress: Progress,
                         meanwhile: Callable[[], None]) -> list[OutputCheck]:
        from editor.analysis.run import ActivationRun

        plans = []
        for r in results:
            planned = self.plan(r.index)
            if planned.plan is None:
                r.activations_note = planned.reason
            else:
                plans.append(planned.plan)
        run = ActivationRun(self.onnx_model(), plans, self.input_specs(), self.samples, whole_model=self.whole_model,
                            threads=self.threads)
        with self._lock:
            self._running.append(run)
        try:
            if self._cancelled.is_set():
                run.cancel()
            figures, outputs = run.run(progress, meanwhile)
        finally:
            with self._lock:
                self._running.remove(run)
        for r in results:
            if r.index in figures:
                r.activations = figures[r.index]
        return outputs

    # --- one layer again -----------------------------------------------------------------

    def _probe(self, index: int) -> tuple[LayerProbe, object]:
        from editor.analysis.graph import int8_path
        from editor.analysis.plans import NotAnalysed
        from editor.analysis.run import LayerProbe

        if not self.samples:
            raise NotAnalysed(translate("analysis", "no inputs to run the layer on"))
        planned = self.plan(index)
        if planned.plan is None:
            raise NotAnalysed(planned.reason or "")
        plan = planned.plan
        shape = (plan.x, plan.y, plan.node.name, plan.input_index, plan.folded_bn,
                 int8_path(plan.act_bits, plan.offset_d),
                 None if plan.weight is None else plan.weight.shape,
                 None if plan.balance is None else plan.balance.shape,
                 plan.bias if isinstance(plan.bias, str) else None if plan.bias is None else plan.bias.tobytes())
        probe = self._probes.get(shape)
        if probe is None:
            probe = LayerProbe(self.onnx_model(), plan, self.input_specs(), self.samples, self.threads)
            self._probes[shape] = probe
        self._probes.move_to_end(shape)
        return probe, plan

    def prepare_layer(self, index: int, progress: Progress | None = None) -> None:
        """Keep entry `index`'s float inputs (and outputs) of every sample, so that
        `rerun_layer` after an edit runs that layer alone. NotAnalysed says why not."""
        probe, _ = self._probe(index)
        self._fill(probe, progress)

    def _fill(self, probe: LayerProbe, progress: Progress | None) -> None:
        if probe.filled:
            return
        self._cancelled.clear()
        probe.reset()  # a fill cancelled before (another layer selected meanwhile) is asked again
        with self._lock:
            self._running.append(probe)
        try:
            probe.fill(progress)
        finally:
            with self._lock:
                self._running.remove(probe)
        # keep the most recent layers' inputs within the budget
        while sum(p.nbytes for p in self._probes.values()) > self.probe_bytes and len(self._probes) > 1:
            self._probes.popitem(last=False)

    def rerun_layer(self, index: int, progress: Progress | None = None) -> ActivationFigures:
        """Entry `index`'s activation figures with its factors as they are now, from its kept
        inputs (run up to the layer first when they are not kept). NotAnalysed says why not."""
        probe, plan = self._probe(index)
        self._fill(probe, progress)
        return probe.run(plan)  # type: ignore[arg-type]


def analyzer_for(message: RootMessage, model: Model, inputs: Sequence[str | os.PathLike[str]] = (),
                 **kwargs: Any) -> Analyzer:
    """An analyzer with the samples found in `inputs` (files and folders; InputError names a
    path that cannot be used). Samples need an ONNX model to be read against."""
    from editor.analysis.inputs import discover

    analyzer = Analyzer(message, model, **kwargs)
    if inputs and model.framework == "onnx":
        analyzer.samples = discover([Path(p) for p in inputs], analyzer.input_specs())
    elif inputs:
        analyzer.inputs_ignored = True
    return analyzer
