"""What the Qt-layer tests share: small records, a session over one, comparisons by bits, a
prompter that answers from queues, the steps of driving the main window, and the plot
views built over a session."""
from __future__ import annotations

import functools
import shutil
import struct
import time
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

import numpy as np
from google.protobuf import text_format
from PySide6.QtCore import QCoreApplication, QEvent, QModelIndex, QObject, Qt

from editor.models.weights import layer_arq
from editor.paths import samples_dir
from editor.records import synth
from editor.records._pb import basic_info_pb2, caffe_record_pb2, inner_scale_offset_record_tf_pb2
from editor.records.dialects import DIALECTS, Dialect
from editor.records.messages import (
    EntryMessage,
    PruneRootMessage,
    RootMessage,
    TypedValueMessage,
    WideValueMessage,
)
from editor.ui.dialogs import Prompter, SaveAsChoice
from editor.ui.session import EditSession

if TYPE_CHECKING:  # the plots (pyqtgraph) load only for the tests that build one
    from editor.records.document import RecordDocument
    from editor.records.paths import FieldPath
    from editor.ui.main_window import MainWindow
    from editor.ui.plots import ChannelPlot, ModelOverview, PruneRangesView
    from editor.ui.selection import Selection

Attr = basic_info_pb2.AttrProto
W = TypeVar("W")
RELU6_SCALE = float(np.float32(6 / 255))  # 0.0235294122, as in the MobileNetV2 sample
SCALES = [0.0070146145, 0.012803483, 0.008406523, 0.00742073, 0.0050302422, 0.010226682,
          0.010127633, 0.01746215]


#: bundled sample file -> dialect name
SAMPLE_DIALECTS = {
    "resnet_tf_inner_prune.txt": "tf-inner",
    "resnet_tf_convert.txt": "tf-convert",
    "resnet_pytorch.txt": "pytorch",
    "resnet_onnx.txt": "onnx",
    "resnet_mindspore.txt": "mindspore",
    "resnet_caffe.txt": "caffe",
}


def sample_path(name: str) -> Path:
    return samples_dir() / name


def load_sample(name: str) -> tuple[RootMessage, Dialect]:
    """A sample parsed with protobuf's own text parser (independent of the record core)."""
    dialect = DIALECTS[SAMPLE_DIALECTS[name]]
    message = dialect.new_message()
    text_format.Merge(sample_path(name).read_text(encoding="utf-8"), message)
    return message, dialect


def tf_inner(message: RootMessage) -> inner_scale_offset_record_tf_pb2.InnerScaleOffsetRecord:
    """`message`, a tf-inner record, typed as one: its prune records and data types are read
    without narrowing."""
    assert isinstance(message, inner_scale_offset_record_tf_pb2.InnerScaleOffsetRecord)
    return message

def available_samples() -> list[str]:
    return [n for n in SAMPLE_DIALECTS if sample_path(n).is_file()]



#: Caffe's layer message: the one with the input shape (channels, height, width)
CaffeValue = caffe_record_pb2.SingleLayerRecord

def _node(node, name: str, begin: int, end: int, op: str | None = None) -> None:
    node.name = name
    if op is not None:
        node.attr.add(name="type", type=Attr.STRING, s=op.encode())
    node.attr.add(name="begin", type=Attr.INT, i=begin)
    node.attr.add(name="end", type=Attr.INT, i=end)


def small_record(dialect: str = "tf-inner") -> RootMessage:
    """Three layers and (where the dialect has them) one prune record, all clean.

    0 ``net/conv1/Conv2D``: 8 channels, a pruned producer of [0, 8); act_type INT8 where known.
    1 ``net/conv3/Conv2D``: 8 channels with shift_bit (not in PyTorch, whose AMCT refuses it),
      4 tensor_balance_factor (input channels).
    2 ``net/fc/MatMul``: per-tensor.
    """
    d = DIALECTS[dialect]
    msg = d.new_message()
    e = msg.record.add(key="net/conv1/Conv2D")
    v = e.value
    v.scale_d, v.offset_d = RELU6_SCALE, -128
    v.scale_w.extend(SCALES)
    v.offset_w.extend([0] * 8)
    if isinstance(v, TypedValueMessage):
        v.act_type = "INT8"
    if isinstance(v, CaffeValue):
        v.channels, v.height, v.width = 3, 224, 224
    e = msg.record.add(key="net/conv3/Conv2D")
    v = e.value
    v.scale_d, v.offset_d = 0.05, -3
    v.scale_w.extend(SCALES)
    v.offset_w.extend([0] * 8)
    if dialect != "pytorch":
        v.shift_bit.extend([1] * 8)
    if isinstance(v, WideValueMessage):
        v.tensor_balance_factor.extend([0.5, 1.0, 1.5, 2.0])
    if isinstance(v, CaffeValue):
        v.channels, v.height, v.width = 8, 56, 56
    e = msg.record.add(key="net/fc/MatMul")
    v = e.value
    v.scale_d, v.offset_d = 0.1, 0
    v.scale_w.append(0.002)
    v.offset_w.append(0)
    if isinstance(v, CaffeValue):
        v.channels, v.height, v.width = 8, 1, 1
    if isinstance(msg, PruneRootMessage):
        pr = msg.prune_record.add()
        _node(pr.producer.add(), "net/conv1/Conv2D", 0, 8, "Conv2D")
        _node(pr.consumer.add(), "net/bn1/FusedBatchNormV3", 0, 8, "FusedBatchNormV3")
        _node(pr.consumer.add(), "net/conv2/Conv2D", 0, 8, "Conv2D")
        pr.consumer[1].attr.add(name="prune_axis", type=Attr.INT, i=2)
    return msg


def tree_record() -> RootMessage:
    """Three layers (conv1, conv2 with 4 channels each, an empty pool) and one prune record:
    every kind of tree row present."""
    msg = DIALECTS["tf-inner"].new_message()
    assert isinstance(msg, PruneRootMessage)
    for i, key in enumerate(["conv1", "conv2", "pool"]):
        entry = msg.record.add()
        entry.key = key
        if key != "pool":
            entry.value.scale_d = 0.1 * (i + 1)
            entry.value.offset_d = -128
            entry.value.scale_w.extend([0.01, 0.02, 0.03, 0.04])
            entry.value.offset_w.extend([0, 0, 0, 0])
    prune = msg.prune_record.add()
    node = prune.producer.add()
    node.name = "conv1"
    attr = node.attr.add()
    attr.name, attr.type, attr.s = "type", attr.STRING, b"Conv2D"
    attr = node.attr.add()
    attr.name, attr.type, attr.i = "end", attr.INT, 4
    consumer = prune.consumer.add()
    consumer.name = "conv2"
    return msg


def make_session(message: RootMessage | None = None, dialect: str | None = None) -> EditSession:
    """A session over `message` (default: `small_record` of `dialect`, tf-inner), as a window
    holds one; the dialect is the message's own unless given."""
    if message is None:
        message = small_record(dialect or "tf-inner")
    session = EditSession()
    session.set_message(message, dialect)
    return session


def snapshot(session: EditSession) -> bytes:
    """The record's exact content, for bit-exact before/after comparisons."""
    return session.message.SerializePartialToString(deterministic=True)


def bits(values) -> list[int]:
    """float32 values as their bit patterns (NaN compares equal to itself)."""
    return np.asarray(values, dtype=np.float32).view(np.uint32).tolist()


def f32(x: float) -> float:
    """`x` rounded to float32, as the record stores it."""
    return struct.unpack("<f", struct.pack("<f", x))[0]


class ScriptedPrompter(Prompter):
    """Answers every question from a queue and records what was shown or asked."""

    def __init__(self) -> None:
        super().__init__(None)
        self.save_answers: list[str] = []
        self.confirm_answers: list[bool] = []
        self.save_as_answers: list[SaveAsChoice | None] = []
        self.open_answers: list[str | None] = []
        #: answers to open_model_name / open_weights_name
        self.model_answers: list[str | None] = []
        self.weights_answers: list[str | None] = []
        #: answers to ask_field_value / ask_layer_key
        self.answers: list = []
        self.errors: list[tuple[str, str]] = []
        #: every question and note, as text
        self.asked: list[str] = []
        #: (title, text, yes) of each confirm
        self.questions: list[tuple[str, str, str]] = []
        #: (failure, read_as) of each file that failed to open (also in `errors`)
        self.failures: list = []
        #: True: also show the real failure dialog (not modal), kept in `failure_dialogs`
        self.show_failure_dialog = False
        self.failure_dialogs: list = []
        #: files handed to an external editor (nothing is launched)
        self.external: list[Path] = []

    def ask_save_changes(self, name):
        self.asked.append(f"save? {name}")
        return self.save_answers.pop(0)

    def confirm(self, title, text, yes="Yes"):
        self.asked.append(f"{title}: {text}")
        self.questions.append((title, text, yes))
        return self.confirm_answers.pop(0)

    def save_as(self, directory, name, dialect, binary):
        return self.save_as_answers.pop(0)

    def open_file_name(self, directory):
        return self.open_answers.pop(0)

    def open_model_name(self, directory):
        return self.model_answers.pop(0)

    def open_weights_name(self, directory):
        return self.weights_answers.pop(0)

    def compare_file_name(self, directory):
        return self.open_answers.pop(0)

    def report_file_name(self, suggested):
        self.asked.append(f"report? {suggested}")
        return self.open_answers.pop(0)

    def error(self, title, text):
        self.errors.append((title, text))

    def info(self, title, text):
        self.asked.append(text)

    def open_failed(self, failure, read_as):
        self.errors.append(("Cannot open record", failure.text))
        self.failures.append((failure, read_as))
        if not self.show_failure_dialog:
            return None
        dialog = super().open_failed(failure, read_as)
        self.failure_dialogs.append(dialog)
        return dialog

    def open_external(self, path):
        self.external.append(Path(path))
        return True

    def ask_field_value(self, fields, count):
        return self.answers.pop(0)

    def ask_layer_key(self, keys):
        return self.answers.pop(0)


@functools.lru_cache(maxsize=4)
def big_record_text(dialect: str, layers: int, channels: int) -> str:
    """The text of `synth.make_big(dialect, layers, channels)` as AMCT writes it, made once per
    test process (text_format takes seconds over a record this big; the tests that open one
    only need the file)."""
    return synth.to_text(synth.make_big(dialect, layers=layers, channels=channels))


def copy_sample(tmp_path: Path, name: str) -> Path:
    """A bundled sample copied to `tmp_path` (tests save over it)."""
    target = tmp_path / name
    shutil.copyfile(sample_path(name), target)
    return target


def open_and_wait(qtbot, window, path, **kwargs) -> None:
    """Open `path` in `window` and wait until it is shown."""
    with qtbot.waitSignal(window.loadFinished, timeout=30000) as blocker:
        assert window.open_path(path, **kwargs)
    assert blocker.args == [True], window.prompter.errors


class _Deliveries(QObject):
    """Counts, by type, the events Qt delivers to the GUI thread's objects (installed on the
    application, it sees every one, timer events and queued calls included)."""

    def __init__(self) -> None:
        super().__init__()
        self.kinds: Counter[str] = Counter()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        self.kinds[event.type().name] += 1
        return False


def settle(timeout: float = 5.0) -> None:
    """Wait until the event loop has nothing left to do: process events until a pass
    delivers none.

    What a step sets going in Qt runs on later turns of the event loop: layouts (posted
    layout requests, `resizeDocks`), the views' redraws and coalesced updates (zero-delay
    timers), an accepted edit's commit (a queued call), deferred deletions, paints — and
    each may post more. Once a pass finds nothing to deliver, all of it has run, so a
    geometry read now is the one the window keeps, and something that was not done (a
    refused value committed, a second paint) will not be done later either. Timers with a
    delay and other threads are not waited for: wait for their signals.
    """
    app = QCoreApplication.instance()
    assert app is not None
    seen = _Deliveries()
    app.installEventFilter(seen)
    deadline = time.monotonic() + timeout
    try:
        while True:
            seen.kinds.clear()
            QCoreApplication.processEvents()
            if not seen.kinds:
                return
            if time.monotonic() > deadline:
                raise AssertionError(f"the event loop still had work after {timeout} s: {dict(seen.kinds)}")
    finally:
        app.removeEventFilter(seen)


def wait_for_disk_check(qtbot, window: MainWindow) -> None:
    """After `window` saved its record: wait until it has looked at the file again. The file
    watcher reports the write; the window checks the file a moment after the last report
    (`DocumentController._check_disk`, on a single-shot timer each report restarts, and
    again after the save when a report came during it)."""
    qtbot.waitSignal(window.documents._disk_timer.timeout, timeout=5000).wait()


def document_of(window: MainWindow) -> RecordDocument:
    """The record open in `window` (its `document` is None while none is: the test opened one)."""
    assert window.document is not None, "no record is open"
    return window.document


def path_now(selection: Selection) -> FieldPath:
    """`selection.path`, read through a call. mypy narrows a property on ``==`` and keeps
    that across the calls that change it (python/mypy#19783): a test asserting the path
    before and after an edit reads it here."""
    return selection.path


def view_index(window, path, column: int = 0) -> QModelIndex:
    """The tree view's index of the row at `path`, scrolled into view."""
    tree = window.tree
    index = tree.proxy.mapFromSource(window.session.model.index_for_path(path, column))
    tree.view.scrollTo(index)
    return index


def select_in_tree(qtbot, window, path) -> None:
    """Click the row of `path` in the tree, as a user would."""
    view = window.tree.view
    index = window.tree.proxy.mapFromSource(window.session.model.index_for_path(path))
    view.scrollTo(index)
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=view.visualRect(index).center())
    assert window.session.selection.path == tuple(path)


def widget_as(widget: object, kind: type[W]) -> W:
    """A panel's field editor (typed by what every editor offers) as the widget class the test
    knows it is, to reach what only that class has (a check box's `box`, a line's `text`)."""
    assert isinstance(widget, kind), f"{type(widget).__name__} is not a {kind.__name__}"
    return widget


def type_and_enter(qtbot, edit, text: str) -> None:
    """Replace the text of a line edit by typing, then press Enter."""
    edit.setFocus()
    edit.selectAll()
    qtbot.keyClicks(edit, text)
    qtbot.keyClick(edit, Qt.Key.Key_Return)


# ---------------------------------------------------------------------------- plots

def sample_session(name: str = "resnet_tf_inner_prune.txt") -> EditSession:
    """A session over a bundled sample (as protobuf's own text parser reads it), in its dialect."""
    message, dialect = load_sample(name)
    return make_session(message, dialect.name)


def per_channel_layers(message: RootMessage) -> list[int]:
    """Indices of the layers with more than one scale_w value."""
    entries: Sequence[EntryMessage] = message.record
    return [i for i, e in enumerate(entries) if len(e.value.scale_w) > 1]


def plotted(plot: ChannelPlot) -> np.ndarray:
    """The scale_w values the channel plot's main row holds."""
    return plot.main.curve.getOriginalDataset()[1]


def channel_plot(qtbot, session: EditSession) -> ChannelPlot:
    """A channel plot over `session`, closed with the test."""
    from editor.ui.plots import ChannelPlot

    plot = ChannelPlot(session)
    qtbot.addWidget(plot)
    return plot


def overview(qtbot, session: EditSession) -> ModelOverview:
    """A model overview over `session`, closed with the test."""
    from editor.ui.plots import ModelOverview

    view = ModelOverview(session)
    qtbot.addWidget(view)
    return view


def prune_view(qtbot, session: EditSession) -> PruneRangesView:
    """A prune ranges view over `session`, closed with the test."""
    from editor.ui.plots import PruneRangesView

    view = PruneRangesView(session)
    qtbot.addWidget(view)
    return view


# ---------------------------------------------------------------- a record fitted to a model

PLANTED = 5     # conv1's channel whose scale_w is a quarter of its ARQ value: clips the weights
WASTEFUL = 9    # conv1's channel at three times its ARQ value: wastes levels


def fitted_record(model, dialect: str = "pytorch"):
    """A record for `model` whose scale_w are exactly AMCT's ARQ values of its weights."""
    message = synth.build_record(dialect, synth.layers_from_model(model), seed=1)
    for entry in message.record:
        layer = model.layer(entry.key)
        if not layer.takes_weights:
            continue
        arq = layer_arq(model, layer, fold=not entry.value.skip_fusion,
                        channel_wise=len(entry.value.scale_w) > 1)
        entry.value.scale_w[:] = arq.scale.tolist()
    return message
