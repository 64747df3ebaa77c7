"""Attaching the network a record belongs to: read on a loader thread, remembered per record.

`ModelController` attaches a model file (ONNX, Caffe .prototxt with its .caffemodel,
TensorFlow frozen graph; `editor.models.load_model`) to the session's record: a
`ModelWorker` thread reads the model, reviews every layer's scale_w against its weights
(`review_record`, which reads each weighted layer's weights once and leaves AMCT's ARQ values
cached on the model) and checks the record with the ``model-`` rules, all with progress and
Cancel; the GUI thread then only installs the results (`EditSession.set_network`). An edit
made while the thread runs makes its review and check stale: the session checks again
itself, with the weights already read.

Which model belongs to which record is remembered (QSettings, by the record file's absolute
path), and attached again when that file is opened again — said in the status bar, and a
model file gone since is a status-bar note, not an error dialog. A model that cannot be read
when the user attaches it is an error message naming the file and what is wrong.
"""
from __future__ import annotations

import json
import os
import time
from dataclasses import dataclass, field
from pathlib import Path

from PySide6.QtCore import QObject, QSettings, QThread, QTimer, Signal

from editor.i18n import translate
from editor.models import MODEL_EXTENSIONS, LoadCancelled, Model, ModelError, detect, load_model
from editor.models.base import file_stamp
from editor.models.match import KeyMatch, match_keys
from editor.models.weights import Review
from editor.records.dialects import Dialect
from editor.records.messages import RootMessage
from editor.records.model_review import review_record
from editor.records.rules import LiveChecker
from editor.ui.dialogs import Prompter
from editor.ui.gc_policy import collect_on_gui_thread
from editor.ui.session import EditSession

#: the settings key holding {record path: [model path, weights path or ""]}
SETTINGS_KEY = "models/attached"
#: how many records' models are remembered (the most recently attached ones)
REMEMBERED = 200


@dataclass(frozen=True)
class ModelFiles:
    """A model file and, for a Caffe .prototxt, its weights (.caffemodel)."""

    model: Path
    weights: Path | None = None

    def describe(self) -> str:
        return self.model.name + (f" + {self.weights.name}" if self.weights is not None else "")

    def stamps(self) -> tuple[tuple[int, int] | None, ...]:
        """The files' size and modification time (None: gone): tells a changed model."""
        out: list[tuple[int, int] | None] = []
        for p in (self.model, self.weights):
            if p is None:
                continue
            try:
                out.append(file_stamp(p))
            except OSError:
                out.append(None)
        return tuple(out)


def caffe_weights_beside(model: Path) -> Path | None:
    """The .caffemodel next to a Caffe .prototxt with the same stem, if there is one."""
    if model.suffix.lower() != ".prototxt":
        return None
    candidate = model.with_suffix(".caffemodel")
    return candidate if candidate.is_file() else None


def is_model_file(path: str | os.PathLike) -> bool | None:
    """Whether a dropped file is a model: True, False (a record, or not a model the editor
    reads), or None where only the user can tell (a binary .pb: a frozen TensorFlow graph or
    a binary record)."""
    p = Path(path)
    ext = p.suffix.lower()
    if ext not in MODEL_EXTENSIONS:
        return False
    if ext in (".onnx", ".caffemodel"):
        return True
    try:
        _framework, text = detect(p)
    except (ModelError, OSError):
        return False
    return True if text else None


@dataclass
class AttachResult:
    """What a `ModelWorker` hands over: the model, the reviews and the check made with it."""

    model: Model
    files: ModelFiles
    reviews: dict[int, Review | ModelError] | None = None
    checker: LiveChecker | None = None
    #: seconds: reading the model (structure), reviewing the weights, checking the record
    timings: dict[str, float] = field(default_factory=dict)


class ModelWorker(QThread):
    """Reads a model, reviews the record's scale_w against its weights and checks the record
    with it, off the GUI thread.

    Signals (delivered to the GUI thread): `progress(permille)` at most every 50 ms;
    `loaded(AttachResult)`; `failed(message)` naming the file and what is wrong; `cancelled()`.
    The record is only read here (its message, never a widget or the tree model); an edit
    made meanwhile is the controller's to notice.
    """

    progress = Signal(int)
    loaded = Signal(object)
    failed = Signal(str)
    cancelled = Signal()

    def __init__(self, files: ModelFiles, message: RootMessage | None, dialect: Dialect | None, *, waste: float,
                 reuse: Model | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        collect_on_gui_thread()  # no garbage collection may run on this thread (see gc_policy)
        self.files = files
        self.message = message
        self.dialect = dialect
        self.waste = waste
        self.reuse = reuse
        self._cancel = False
        self._last_emit = 0.0
        #: the stages and their share of the progress bar: reading, reviewing, checking
        self._stage = (0, 1000)

    def cancel(self) -> None:
        self._cancel = True

    @property
    def cancel_requested(self) -> bool:
        return self._cancel

    def _report(self, done: int, total: int) -> bool:
        now = time.monotonic()
        if now - self._last_emit >= 0.05 or done >= total:
            self._last_emit = now
            lo, hi = self._stage
            self.progress.emit(lo + (hi - lo) * min(done, total) // max(total, 1))
        return not self._cancel

    def run(self) -> None:
        timings: dict[str, float] = {}
        try:
            t = time.perf_counter()
            self._stage = (0, 200)
            model = self.reuse if self.reuse is not None else load_model(self.files.model, self.files.weights,
                                                                          progress=self._report)
            timings["read"] = time.perf_counter() - t
            result = AttachResult(model, self.files, timings=timings)
            if self.message is not None and self.dialect is not None and not self._cancel:
                t = time.perf_counter()
                self._stage = (200, 900)
                result.reviews = review_record(self.message, self.dialect, model, waste=self.waste,
                                               progress=self._report)
                timings["review"] = time.perf_counter() - t
                t = time.perf_counter()
                checker = LiveChecker(self.message, self.dialect, model=model)
                checker.context.waste = self.waste
                result.checker = checker
                timings["check"] = time.perf_counter() - t
        except LoadCancelled:
            self.cancelled.emit()
            return
        except ModelError as e:
            self.failed.emit(str(e) if e.path else f"{self.files.model}: {e}")
            return
        except MemoryError:
            self.failed.emit(translate("Models", "{path}: not enough memory to read this model").format(
                path=self.files.model))
            return
        except Exception as e:  # noqa: BLE001 - a bad model must end in a message, not a traceback
            self.failed.emit(translate("Models", "{path}: could not be read ({error})").format(
                path=self.files.model, error=f"{type(e).__name__}: {e}"))
            return
        if self._cancel:
            self.cancelled.emit()
            return
        self.progress.emit(1000)
        self.loaded.emit(result)


class ModelController(QObject):
    """Attaches, detaches and remembers the network of one `EditSession`'s record.

    What the window shows comes out as signals: `status(text, ms)`, `loadingChanged(bool)`,
    `progress(permille)`; `attachFinished(bool)` ends each attach (True: attached).
    """

    status = Signal(str, int)
    loadingChanged = Signal(bool)
    progress = Signal(int)
    attachFinished = Signal(bool)

    def __init__(self, session: EditSession, prompter: Prompter, settings: QSettings,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.prompter = prompter
        self.settings = settings
        #: the files of the attached model (None: none attached)
        self.files: ModelFiles | None = None
        #: what the last attach took, in seconds (read, review, check; the benchmark reports it)
        self.timings: dict[str, float] = {}
        self._worker: ModelWorker | None = None
        self._edits = 0
        self._edits_at_start = 0
        self._quiet = False
        self._remember = True
        self._pending: ModelFiles | None = None
        #: the model last attached, its files and their stamps: attached again as it is (its
        #: weights read) when the same record is reloaded and the files did not change
        self._last: tuple[ModelFiles, tuple[tuple[int, int] | None, ...], Model] | None = None
        self._counts_of: tuple[Model, dict[str, int]] | None = None
        session.recordChanged.connect(self._count_edit)
        session.documentChanged.connect(self._document_changed)

    # ------------------------------------------------------------------ state

    @property
    def model(self) -> Model | None:
        return self.session.network

    @property
    def is_loading(self) -> bool:
        return self._worker is not None

    def matches(self) -> KeyMatch | None:
        """Which keys name a layer of the attached model, which do not, which of its layers
        have no record (None: no model, or no record)."""
        model = self.model
        message = self.session.message
        if model is None or message is None:
            return None
        keys = [e.key for e in message.record] if "record" in message.DESCRIPTOR.fields_by_name else []
        return match_keys(keys, model)

    def summary(self, found: KeyMatch | None = None) -> str:
        """The status bar's words: the model, layers matched, unmatched keys, without record."""
        model = self.model
        found = found if found is not None else self.matches()
        if model is None or found is None:
            return ""
        parts = [translate("Models", "model {name}").format(name=model.path.name),
                 translate("Models", "{n} matched").format(n=len(found.matched))]
        n = len(found.unmatched)
        if n:
            parts.append(translate("Models", "1 unmatched key") if n == 1
                         else translate("Models", "{n} unmatched keys").format(n=n))
        if found.without_record:
            parts.append(translate("Models", "{n} without record").format(n=len(found.without_record)))
        return " · ".join(parts)

    def counts(self) -> dict[str, int] | None:
        """Keys naming a layer, keys naming none, quantizable layers with no record."""
        found = self.matches()
        if found is None:
            return None
        return {"matched": len(found.matched), "unmatched": len(found.unmatched),
                "without_record": len(found.without_record)}

    def details(self, found: KeyMatch | None = None) -> str:
        """The status bar label's tooltip: the files, the framework, the counts' names."""
        model = self.model
        found = found if found is not None else self.matches()
        if model is None or found is None:
            return translate("Models", "No model attached (File ▸ Attach Model…)")
        c = self._model_counts(model)
        lines = [translate("Models", "{framework} model {path}").format(framework=model.title, path=model.path)]
        if model.weights_path is not None:
            lines.append(translate("Models", "weights {path}").format(path=model.weights_path))
        lines.append(translate("Models", "{layers} layers, {quantizable} AMCT can quantize, {weighted} with weights "
                                         "({with_values} with their values in the file)").format(
            layers=c["layers"], quantizable=c["quantizable"], weighted=c["weighted"], with_values=c["with_weights"]))
        lines.append((translate("Models", "{n} key names a layer of the model") if len(found.matched) == 1
                      else translate("Models", "{n} keys name a layer of the model")).format(n=len(found.matched)))

        def some(names: list[str]) -> str:
            more = translate("Models", " and {n} more").format(n=len(names) - 5) if len(names) > 5 else ""
            return ", ".join(names[:5]) + more
        if found.by_module:
            lines.append((translate("Models", "{n} key names a PyTorch module, matched to the node torch.onnx.export "
                                              "made of it: {pairs}") if len(found.by_module) == 1
                          else translate("Models", "{n} keys name PyTorch modules, matched to the nodes torch.onnx.export "
                                                   "made of them: {pairs}")).format(
                n=len(found.by_module), pairs=some([f"{k} → {v}" for k, v in found.by_module.items()])))
        if found.unmatched:
            lines.append((translate("Models", "{n} key names no layer: {keys}") if len(found.unmatched) == 1
                          else translate("Models", "{n} keys name no layer: {keys}")).format(
                n=len(found.unmatched), keys=some(found.unmatched)))
        if found.suggested:
            lines.append((translate("Models", "{n} of them probably meant for a layer without a record: {pairs}")
                          if len(found.unmatched) > 1 else
                          translate("Models", "probably meant for a layer without a record: {pairs}")).format(
                n=len(found.suggested), pairs=some([f"{k} → {v}" for k, v in found.suggested.items()])))
        if found.without_record:
            lines.append((translate("Models", "{n} quantizable layer has no record: {layers}")
                          if len(found.without_record) == 1 else
                          translate("Models", "{n} quantizable layers have no record: {layers}")).format(
                n=len(found.without_record), layers=some([layer.name for layer in found.without_record])))
        if self.session.weights.active:
            lines.append(translate("Models", "scale_w reviewed against the weights (waste above {ratio}×)").format(
                ratio=f"{self.session.weights.waste:g}"))
        else:
            lines.append(translate("Models", "The model carries no weights: scale_w is not reviewed against them"))
        return "\n".join(lines)

    def _model_counts(self, model: Model) -> dict[str, int]:
        """`Model.counts()`, once per model (it walks every layer)."""
        cached = self._counts_of
        if cached is None or cached[0] is not model:
            cached = self._counts_of = (model, model.counts())
        return cached[1]

    # ------------------------------------------------------------------ attaching

    def choose_and_attach(self) -> None:
        """File ▸ Attach Model…: ask for a model file (and a Caffe net's weights), attach it."""
        if self.session.message is None:
            self.prompter.error(translate("Models", "Attach model"),
                                translate("Models", "Open a record first: a model is attached to a record."))
            return
        folder = str(self.files.model.parent) if self.files is not None else self._record_dir()
        chosen = self.prompter.open_model_name(folder)
        if not chosen:
            return
        model = Path(chosen)
        weights = caffe_weights_beside(model)
        if model.suffix.lower() == ".prototxt" and weights is None:
            weights_name = self.prompter.open_weights_name(str(model.parent))
            weights = Path(weights_name) if weights_name else None
        self.attach(model, weights)

    def attach(self, model: str | os.PathLike, weights: str | os.PathLike | None = None, *,
               remember: bool = True, quiet: bool = False) -> bool:
        """Start attaching `model` (with `weights`, for a Caffe .prototxt) to the open record
        on a thread; False when no record is open. `remember`: attach it again when this
        record file is next opened. `quiet`: a model that cannot be read is said in the
        status bar (a remembered model, re-attached), not in an error dialog."""
        if self.session.message is None:
            return False
        files = ModelFiles(Path(model), Path(weights) if weights is not None else None)
        self.cancel(wait=True)
        last = self._last
        reuse = last[2] if last is not None and last[0] == files and last[1] == files.stamps() else None
        worker = ModelWorker(files, self.session.message, self.session.dialect,
                             waste=self.session.weights.waste, reuse=reuse, parent=self)
        worker.progress.connect(self.progress)
        worker.loaded.connect(self._loaded)
        worker.failed.connect(self._failed)
        worker.cancelled.connect(self._cancelled)
        worker.finished.connect(self._worker_finished)
        self._worker = worker
        self._quiet = quiet
        self._remember = remember
        self._edits_at_start = self._edits
        self.progress.emit(0)
        self.loadingChanged.emit(True)
        self.status.emit(translate("Models", "Attaching model {files}…").format(files=files.describe()), 0)
        worker.start()
        return True

    def attach_after_open(self, model: str | os.PathLike, weights: str | os.PathLike | None = None) -> None:
        """Attach `model` to the record being opened, once it is shown (the command line's
        ``--model``), instead of the model remembered for it."""
        self._pending = ModelFiles(Path(model), Path(weights) if weights is not None else None)

    def cancel(self, wait: bool = False) -> None:
        """Stop an attach under way; the record stays as it was (with its model, if any)."""
        worker = self._worker
        if worker is None:
            return
        worker.cancel()
        if wait:
            worker.wait()
            self._worker = None
            self.loadingChanged.emit(False)

    def detach(self) -> None:
        """Detach the model (and forget it for this record)."""
        self.cancel(wait=True)
        if self.model is None:
            return
        name = self.files.describe() if self.files is not None else self.model.path.name
        self.files = None
        self._last = None
        self.session.set_network(None)
        self._forget(self._record_path())
        self.status.emit(translate("Models", "Detached model {name}; the record is checked on its own").format(name=name),
                         5000)

    def _current(self) -> ModelWorker | None:
        sender = self.sender()
        if not isinstance(sender, ModelWorker) or sender is not self._worker:
            return None
        self._worker = None
        self.loadingChanged.emit(False)
        return sender

    def _worker_finished(self) -> None:
        worker = self.sender()
        if isinstance(worker, ModelWorker):
            worker.deleteLater()
        if worker is self._worker:
            self._worker = None
            self.loadingChanged.emit(False)

    def _loaded(self, result: AttachResult) -> None:
        worker = self._current()
        if worker is None:
            return
        if worker.cancel_requested:
            self._cancelled_message()
            return
        fresh = self._edits == self._edits_at_start and worker.message is self.session.message
        self.files = result.files
        self._last = (result.files, result.files.stamps(), result.model)
        self.timings = dict(result.timings)
        start = time.perf_counter()
        self.session.set_network(result.model, checker=result.checker if fresh else None,
                                 reviews=result.reviews if fresh else None)
        self.timings["install"] = time.perf_counter() - start
        if self._remember:
            self._remember_for(self._record_path(), result.files)
        model = result.model
        found = self.matches()
        matched = len(found.matched) if found is not None else 0
        what = (translate("Models", "{matched} of {n} key names a layer") if len(self.session.message.record) == 1
                else translate("Models", "{matched} of {n} keys name a layer")).format(
            matched=matched, n=len(self.session.message.record))
        notes = ""
        if model.notes:
            notes = (translate("Models", "; 1 note in the tooltip") if len(model.notes) == 1
                     else translate("Models", "; {n} notes in the tooltip").format(n=len(model.notes)))
        weights = "" if model.has_weights else translate("Models", " (no weights: scale_w is not reviewed)")
        verb = (translate("Models", "Re-attached model {files}") if self._quiet
                else translate("Models", "Attached model {files}")).format(files=result.files.describe())
        self.status.emit(f"{verb}: {what}{weights}{notes}", 8000)
        self.attachFinished.emit(True)

    def _failed(self, message: str) -> None:
        if self._current() is None:
            return
        if self._quiet:
            self.status.emit(translate("Models", "The model remembered for this record could not be attached: "
                                                "{why}").format(why=message), 15000)
        else:
            self.status.emit(translate("Models", "Could not attach the model"), 5000)
            self.prompter.error(translate("Models", "Cannot attach model"), message)
        self.attachFinished.emit(False)

    def _cancelled(self) -> None:
        if self._current() is None:
            return
        self._cancelled_message()

    def _cancelled_message(self) -> None:
        if self.model is not None and self.files:
            text = translate("Models", "Attaching the model cancelled; {files} stays attached").format(
                files=self.files.describe())
        else:
            text = translate("Models", "Attaching the model cancelled")
        self.status.emit(text, 5000)
        self.attachFinished.emit(False)

    def _count_edit(self, _change: object) -> None:
        self._edits += 1

    # ------------------------------------------------------------------ remembering

    def _record_path(self) -> Path | None:
        doc = self.session.document
        return doc.path.resolve() if doc is not None and doc.path is not None else None

    def _record_dir(self) -> str:
        path = self._record_path()
        return str(path.parent) if path is not None else str(Path.home())

    def remembered(self) -> dict[str, list[str]]:
        """{record file: [model file, weights file or ""]} as the settings hold it."""
        raw = self.settings.value(SETTINGS_KEY, "")
        try:
            data = json.loads(raw) if isinstance(raw, str) and raw else {}
        except ValueError:
            return {}
        return {str(k): [str(x) for x in v][:2] for k, v in data.items()
                if isinstance(v, list) and v and all(isinstance(x, str) for x in v)} \
            if isinstance(data, dict) else {}

    def remembered_for(self, record: Path | None) -> ModelFiles | None:
        if record is None:
            return None
        got = self.remembered().get(str(record))
        if not got:
            return None
        return ModelFiles(Path(got[0]), Path(got[1]) if len(got) > 1 and got[1] else None)

    def _remember_for(self, record: Path | None, files: ModelFiles) -> None:
        if record is None:
            return
        data = self.remembered()
        data.pop(str(record), None)
        data[str(record)] = [str(files.model.resolve()), str(files.weights.resolve()) if files.weights else ""]
        if len(data) > REMEMBERED:
            data = dict(list(data.items())[-REMEMBERED:])
        self.settings.setValue(SETTINGS_KEY, json.dumps(data))

    def _forget(self, record: Path | None) -> None:
        if record is None:
            return
        data = self.remembered()
        if data.pop(str(record), None) is not None:
            self.settings.setValue(SETTINGS_KEY, json.dumps(data))

    def saved_as(self, path: Path) -> None:
        """The record was saved under another name: its model goes with it."""
        if self.files is not None:
            self._remember_for(Path(path).resolve(), self.files)

    def _document_changed(self, document: object) -> None:
        """Another record is shown (the session dropped the network): attach the model given
        with it (`attach_after_open`), else the one remembered for its file."""
        self.cancel(wait=True)
        self.files = None
        pending, self._pending = self._pending, None
        if document is None:
            return
        if pending is not None:
            self.attach(pending.model, pending.weights)
            return
        files = self.remembered_for(self._record_path())
        if files is None:
            return
        missing = [p for p in (files.model, files.weights) if p is not None and not p.is_file()]
        if missing:
            note = translate("Models", "The model remembered for this record, {path}, is no longer there; "
                                       "File ▸ Attach Model… attaches another").format(path=missing[0])
            # after the window's own "Opened …", which follows this
            QTimer.singleShot(0, lambda: self.status.emit(note, 15000))
            return
        self.attach(files.model, files.weights, quiet=True)
