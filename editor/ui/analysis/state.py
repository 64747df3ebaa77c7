"""SessionAnalysis: the analysis of one session's record against its attached model
(`editor.analysis`), run on a worker thread, kept beside the live record.

A run (`start`) analyses a snapshot of the record taken when it starts: the weight error of
every entry and, with inputs and an ONNX model, the activation error on them. Progress comes
as `progress(done, total)`; `cancel` stops it. Figures are kept by layer key, so layers added,
removed or moved above keep theirs.

After a run, edits are followed at once (*what-if*): a layer whose factors changed gets its
weight figures computed again from its prepared weights (a fraction of a millisecond), and
its activation figures are stale until `rerun_layer` runs that one layer again on its kept
inputs (on the worker thread). Figures are remembered per factors, so an undo that brings
a layer's old factors back brings its old figures back, not stale.
"""
from __future__ import annotations

import math
import os
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QThread, QTimer, Signal

from editor.analysis.activations import ActivationFigures
from editor.analysis.analyzer import AnalysisResult, Analyzer, analyzer_for
from editor.analysis.imports import ImportedColumn
from editor.analysis.weights import WeightFigures
from editor.i18n import translate
from editor.records.editing import ChangeKind, RecordChange

if TYPE_CHECKING:
    from editor.records.messages import RootMessage
    from editor.ui.session import EditSession

#: a layer's figures remembered for this many sets of its factors (undo, redo, what-if)
REMEMBERED = 16


@dataclass
class LayerFigures:
    """One layer's figures as shown now: weights (None: `weights_note` says why), activations
    (None: `activations_note`), whether the activations are out of date (its factors changed
    since they were measured) and imported values by column name."""

    key: str
    weights: WeightFigures | None = None
    weights_note: str | None = None
    activations: ActivationFigures | None = None
    activations_note: str | None = None
    stale: bool = False
    #: the serialized factors the figures are for
    current: bytes = b""
    #: figures by the serialized factors they were measured with (newest last)
    by_factors: dict[bytes, tuple[WeightFigures | None, ActivationFigures | None]] = field(default_factory=dict)

    @property
    def similarity(self) -> float | None:
        a = self.activations
        if a is None or a.similarity is None or math.isnan(a.similarity):
            return None
        return a.similarity


class _Job(QThread):
    """One call on the analyzer off the GUI thread: `done(result)` or `failed(message)`;
    `cancelled` when it was stopped."""

    step = Signal(int, int)
    done = Signal(object)
    failed = Signal(str)
    cancelled = Signal()

    def __init__(self, work, parent: QObject) -> None:
        super().__init__(parent)
        self._work = work

    def run(self) -> None:
        from editor.analysis.run import AnalysisCancelled

        def report(done: int, total: int) -> bool:
            self.step.emit(done, total)
            return not self.isInterruptionRequested()

        try:
            result = self._work(report)
        except AnalysisCancelled:
            self.cancelled.emit()
        except Exception as e:  # noqa: BLE001 - any failure of a hostile file is said, not raised
            self.failed.emit(str(e) or type(e).__name__)
        else:
            self.done.emit(result)


class SessionAnalysis(QObject):
    """The analysis of the session's record (see the module docstring)."""

    #: figures changed (a run finished, an edit, a re-run, imported columns): views redraw
    changed = Signal()
    #: a run or re-run made progress (done, total)
    progress = Signal(int, int)
    #: a run or re-run is under way (True) or ended (False)
    busyChanged = Signal(bool)
    #: a sentence for the status bar (finished, cancelled, failed)
    message = Signal(str)
    #: a run failed: why
    failed = Signal(str)
    #: entry index's inputs are kept: its re-run runs that layer alone
    prepared = Signal(int)

    def __init__(self, session: EditSession, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.analyzer: Analyzer | None = None
        self.result: AnalysisResult | None = None
        self.layers: dict[str, LayerFigures] = {}
        self.imported: list[ImportedColumn] = []
        #: the inputs and options of the last run
        self.inputs: list[str] = []
        self.whole_model = True
        self._job: _Job | None = None
        #: keeping the shown layer's inputs in the background (`prepare_layer`), and for which
        self._prep: _Job | None = None
        self._prep_index: int | None = None
        self._prep_wanted: int | None = None
        #: entries whose inputs the analyzer keeps (it may drop the oldest past its budget)
        self._prepared: set[int] = set()
        #: the analyzer of a run under way (set on the worker thread once made)
        self._pending: Analyzer | None = None
        self._follow = QTimer(self)
        self._follow.setSingleShot(True)
        self._follow.setInterval(0)
        self._follow.timeout.connect(self.follow_edits)
        session.recordChanged.connect(self._record_changed)
        session.documentChanged.connect(lambda _d: self.clear())
        session.networkChanged.connect(lambda _m: self.clear())

    # ------------------------------------------------------------------ state

    @property
    def busy(self) -> bool:
        return self._job is not None

    @property
    def has_result(self) -> bool:
        return self.result is not None

    @property
    def activations_run(self) -> bool:
        return self.result is not None and self.result.activations_run

    def can_run(self) -> str | None:
        """Why no analysis can run now (None: it can)."""
        model = self.session.network
        message = self.session.message
        if message is None or "record" not in message.DESCRIPTOR.fields_by_name or not len(message.record):
            return translate("SessionAnalysis", "open a record with layer entries first")
        if model is None:
            return translate("SessionAnalysis", "attach the model the record belongs to first (File ▸ Attach Model…)")
        if not model.has_weights:
            return translate("SessionAnalysis", "the attached model has no weights to analyse")
        if self.busy:
            return translate("SessionAnalysis", "an analysis is under way")
        return None

    def figures(self, key: str) -> LayerFigures | None:
        return self.layers.get(key)

    def clear(self) -> None:
        """Forget the analysis (another record, another model)."""
        self.cancel()
        self._stop_prep()
        had = self.result is not None or bool(self.imported)
        self.analyzer = None
        self.result = None
        self.layers = {}
        self.imported = []
        if had:
            self.changed.emit()

    # ------------------------------------------------------------------ running

    def _snapshot(self) -> RootMessage:
        message = self.session.message
        assert message is not None
        copy = type(message)()
        copy.CopyFrom(message)
        return copy

    def start(self, inputs: Sequence[str | os.PathLike] = (), *, whole_model: bool = True,
              threads: int | None = None) -> bool:
        """Analyse the record as it is now on a worker thread (False: `can_run` says why not)."""
        self._stop_prep()
        why = self.can_run()
        if why is not None:
            self.message.emit(why)
            return False
        model = self.session.network
        assert model is not None
        snapshot = self._snapshot()
        self.inputs = [str(p) for p in inputs]
        self.whole_model = whole_model
        paths = [Path(p) for p in self.inputs]

        def work(report):
            analyzer = analyzer_for(snapshot, model, paths, whole_model=whole_model, threads=threads)
            self._pending = analyzer  # so that cancel() reaches a run under way
            return analyzer, analyzer.run(report)

        self._pending = None
        self._launch(work, self._finished)
        return True

    def prepare_layer(self, index: int | None) -> None:
        """Keep entry `index`'s inputs in the background (the layer shown), so that its re-run
        after an edit runs that layer alone. One preparation at a time: one of another layer
        is asked to stop, and this one starts when it has (the window never waits for it)."""
        self._prep_wanted = index
        job = self._prep
        if job is not None:
            if self._prep_index != index:
                job.requestInterruption()
                if self.analyzer is not None:
                    self.analyzer.cancel()
            return
        message = self.session.message
        if index is None or self.analyzer is None or not self.activations_run or self.busy or message is None \
                or not 0 <= index < len(message.record) or index in self._prepared:
            return
        analyzer = self.analyzer
        analyzer.message = self._snapshot()

        def work(report):
            analyzer.prepare_layer(index, report)
            return index

        job = _Job(work, self)
        job.done.connect(self._prep_done)
        job.finished.connect(lambda: self._prep_ended(job))
        self._prep, self._prep_index = job, index
        job.start(QThread.Priority.LowPriority)

    def _prep_done(self, index: int) -> None:
        self._prepared.add(index)
        self.prepared.emit(index)

    def _stop_prep(self) -> None:
        """Stop a preparation and wait for it (before another thread uses the analyzer)."""
        self._prep_wanted = None
        job = self._prep
        if job is None:
            return
        job.requestInterruption()
        if self.analyzer is not None:
            self.analyzer.cancel()
        job.wait()
        self._prep, self._prep_index = None, None

    def _prep_ended(self, job: _Job) -> None:
        if self._prep is job:
            self._prep, self._prep_index = None, None
            if self._prep_wanted is not None:
                self.prepare_layer(self._prep_wanted)
        job.deleteLater()

    def rerun_layer(self, index: int) -> bool:
        """Measure entry `index`'s activations again with its factors as they are now, on its
        kept inputs (False: no analysis with inputs to re-run, or one is under way)."""
        message = self.session.message
        if self.analyzer is None or not self.activations_run or self.busy or message is None \
                or not 0 <= index < len(message.record):
            return False
        self._stop_prep()  # one thread on the analyzer at a time (the re-run keeps the inputs itself)
        analyzer = self.analyzer
        analyzer.message = self._snapshot()  # the worker reads its own copy, never the live record
        key = message.record[index].key
        factors = message.record[index].value.SerializeToString()

        def work(report):
            return key, factors, analyzer.rerun_layer(index, report)

        self._launch(work, self._rerun_done)
        return True

    def _launch(self, work, done) -> None:
        job = _Job(work, self)
        job.step.connect(self.progress)
        job.done.connect(done)
        job.failed.connect(self._failed)
        job.cancelled.connect(self._cancelled)
        job.finished.connect(lambda: self._job_ended(job))
        self._job = job
        self.busyChanged.emit(True)
        job.start()

    def cancel(self, wait: bool = False) -> None:
        """Stop a run under way (its figures are not kept)."""
        if wait:
            self._stop_prep()
        job = self._job
        if job is None:
            return
        job.requestInterruption()
        for analyzer in (self._pending, self.analyzer):
            if analyzer is not None:
                analyzer.cancel()
        if wait:
            job.wait()

    def wait(self, ms: int = 60_000) -> bool:
        """Wait for a run under way to end (scripts and tests)."""
        job = self._job
        return job is None or job.wait(ms)

    def _job_ended(self, job: _Job) -> None:
        if self._job is job:
            self._job = None
            self.busyChanged.emit(False)
        job.deleteLater()

    def _finished(self, pair: tuple[Analyzer, AnalysisResult]) -> None:
        analyzer, result = pair
        self.analyzer = analyzer
        self.result = result
        self._prepared = set()
        self.layers = {}
        for r in result.layers:
            # the factors the figures were measured with: the snapshot's
            f = LayerFigures(r.key, r.weights, r.weights_note, r.activations, r.activations_note,
                             current=analyzer.message.record[r.index].value.SerializeToString())
            f.by_factors[f.current] = (f.weights, f.activations)
            self.layers[r.key] = f
        self._attach_imports()
        self.follow_edits()  # edits made while it ran
        self.message.emit(self.summary())
        self.changed.emit()

    def _rerun_done(self, triple: tuple[str, bytes, ActivationFigures]) -> None:
        key, factors, figures = triple
        f = self.layers.get(key)
        if f is None:
            return
        weights = f.by_factors.get(factors, (f.weights, None))[0]
        self._remember(f, factors, weights, figures)
        if factors == f.current:  # not edited again meanwhile
            f.activations, f.stale = figures, False
        self.message.emit(translate("SessionAnalysis", "{key}: activations measured again").format(key=key))
        self.changed.emit()

    def _failed(self, why: str) -> None:
        self.message.emit(translate("SessionAnalysis", "Analysis failed: {reason}").format(reason=why))
        self.failed.emit(why)

    def _cancelled(self) -> None:
        self.message.emit(translate("SessionAnalysis", "Analysis cancelled"))

    def summary(self) -> str:
        """One sentence on the last run."""
        r = self.result
        if r is None:
            return ""
        if r.activations_run:
            text = translate("SessionAnalysis", "Analysed {layers} layers on {samples} samples").format(
                layers=len(r.layers), samples=len(r.samples))
            for out in r.outputs:  # the whole-model check: every layer quantized at once
                text += translate("SessionAnalysis", "; output {name}: cosine {cosine} (lowest {lowest}), max "
                                                     "|error| {error}").format(
                    name=out.name, cosine=f"{out.cosine:.5f}", lowest=f"{out.min_cosine:.5f}",
                    error=f"{out.max_abs_error:.4g}")
            return text
        return translate("SessionAnalysis", "Analysed the weights of {layers} layers ({why})").format(
            layers=len(r.layers), why="; ".join(r.notes))

    # ------------------------------------------------------------------ what-if

    def _record_changed(self, change: RecordChange) -> None:
        if self.analyzer is not None and change.kind is not ChangeKind.MOVED:
            self._follow.start()

    @staticmethod
    def _remember(f: LayerFigures, factors: bytes, weights: WeightFigures | None,
                  activations: ActivationFigures | None) -> None:
        f.by_factors.pop(factors, None)
        f.by_factors[factors] = (weights, activations)
        while len(f.by_factors) > REMEMBERED:
            f.by_factors.pop(next(iter(f.by_factors)))

    def follow_edits(self) -> None:
        """Bring every layer's figures to its factors as they are now (the event loop calls this
        after each edit; scripts and tests may call it at once)."""
        self._follow.stop()
        analyzer, message = self.analyzer, self.session.message
        if analyzer is None or message is None or "record" not in message.DESCRIPTOR.fields_by_name:
            return
        from editor.models import ModelError

        changed = False
        seen: set[str] = set()
        for entry in message.record:
            f = self.layers.get(entry.key)
            if f is None or entry.key in seen:
                continue
            seen.add(entry.key)
            factors = entry.value.SerializeToString()
            if factors == f.current:
                continue
            f.current = factors
            changed = True
            known = f.by_factors.get(factors)
            if known is not None and (known[1] is not None or not self.activations_run):
                f.weights, f.activations, f.stale = known[0], known[1] or f.activations, False
                continue
            try:
                f.weights, f.weights_note = analyzer.weights.figures(entry), None
            except ModelError as e:
                f.weights, f.weights_note = None, e.message
            f.stale = f.activations is not None  # shown greyed until the layer is run again
            self._remember(f, factors, f.weights, None)
        if changed:
            self.changed.emit()

    # ------------------------------------------------------------------ imported results

    def import_results(self, paths: Sequence[str | os.PathLike]) -> list[str]:
        """Add other tools' per-layer results as columns (`editor.analysis.imports`); returns
        what to tell the user (unmatched names, unreadable files)."""
        from editor.analysis.imports import ResultsError, read_results

        message = self.session.message
        keys = [e.key for e in message.record] if message is not None and \
            "record" in message.DESCRIPTOR.fields_by_name else []
        notes: list[str] = []
        for p in paths:
            try:
                columns = read_results(p, keys)
            except ResultsError as e:
                notes.append(str(e))
                continue
            for c in columns:
                self.imported = [old for old in self.imported if old.name != c.name] + [c]
                if c.unmatched:
                    notes.append(translate("SessionAnalysis", "{file}: {count} names match no layer: {names}").format(
                        file=Path(c.path).name, count=len(c.unmatched), names=", ".join(c.unmatched[:8])
                        + (" …" if len(c.unmatched) > 8 else "")))
        self._attach_imports()
        self.changed.emit()
        return notes

    def _attach_imports(self) -> None:
        if self.result is not None:
            self.result.imported = list(self.imported)

    # ------------------------------------------------------------------ roll-back

    def measured_keys(self) -> list[str]:
        """The layers the analysis measured (the roll-back config names each)."""
        return list(self.layers)

    def below(self, threshold: float, weight_db: bool = False) -> list[str]:
        """Keys of the layers below `threshold`, worst first: by similarity, or (`weight_db`)
        by weight SQNR in dB."""
        rows: list[tuple[float, str]] = []
        for key, f in self.layers.items():
            if weight_db:
                v = f.weights.sqnr_db if f.weights is not None else math.nan
            else:
                v = f.similarity if f.similarity is not None else math.nan
            if not math.isnan(v) and v < threshold:
                rows.append((v, key))
        return [k for _, k in sorted(rows)]
