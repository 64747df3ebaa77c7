"""WeightsReview: the session's scale_w against the attached network's weights, entry by entry.

A service of the `EditSession` (`session.weights`). With a network attached
(`session.network`) each layer entry is compared with AMCT's ARQ scale_w recomputed from
its layer's weights as AMCT quantizes them (`editor.records.model_review.entry_weights`: the
fusions folded unless skip_fusion, the DMQ tensor_balance_factor applied, bit width from
wts_type — the same computation as the rules' and ``refit``'s): per channel the ratio scale_w / ARQ, the channels whose scale_w
clips the weights (ratio below 1) or wastes levels (ratio above the `waste` threshold).

The weights are read once, on a loader thread, when the network is attached (the ARQ values
stay cached on the model); what remains per entry is a comparison of two vectors, made
here when a view asks (`review`) and kept until the entry is edited. `changed` says when
reviews may read differently (a network attached or detached, the threshold moved, an
edit). `reset_command` builds the undo step that sets scale_w to the ARQ values
(`editor.records.edits.weights`, the plan `record-editor refit` writes with too).
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

import numpy as np
from PySide6.QtCore import QObject, QTimer, Signal

from editor.figures.review import worst_ratios
from editor.i18n import translate
from editor.models import ModelError, NotCompared
from editor.models.weights import DEFAULT_WASTE, Review
from editor.records.editing import ChangeKind, RecordChange
from editor.records.edits.commands import EditCommand, MacroCommand
from editor.records.edits.weights import reset_from_weights
from editor.records.model_review import review_entry

if TYPE_CHECKING:
    from editor.models import Model
    from editor.ui.session import EditSession


class WeightsReview(QObject):
    """Reviews of the session's layer entries against the attached network's weights."""

    #: reviews may read differently: a network came or went, the threshold moved, an edit
    changed = Signal()

    def __init__(self, session: EditSession) -> None:
        super().__init__(session)
        self.session = session
        self._waste = DEFAULT_WASTE
        self._reviews: dict[int, Review | ModelError] = {}
        self._announce = QTimer(self)
        self._announce.setSingleShot(True)
        self._announce.setInterval(0)
        self._announce.timeout.connect(self.changed)
        session.recordChanged.connect(self._record_changed)

    # ------------------------------------------------------------------ state

    @property
    def model(self) -> Model | None:
        return self.session.network

    @property
    def active(self) -> bool:
        """A network with weights is attached: there is something to review."""
        model = self.model
        return model is not None and model.has_weights

    @property
    def waste(self) -> float:
        """The ratio scale_w / ARQ above which a channel is said to waste levels."""
        return self._waste

    def set_waste(self, ratio: float) -> None:
        """Flag channels whose scale_w exceeds the ARQ value more than `ratio` times (> 1):
        the reviews, the views and the rule model-scale-w-weights follow."""
        ratio = float(ratio)
        if not ratio > 1:
            raise ValueError(f"the waste threshold must be a ratio above 1, not {ratio:g}")
        if ratio == self._waste:
            return
        self._waste = ratio
        self._reviews.clear()
        checker = self.session.problems.checker
        if checker is not None:
            checker.context.waste = ratio
            if self.model is not None:
                self.session.problems.recheck_all()
        self.changed.emit()

    def set_model(self, model: Model | None, reviews: dict[int, Review | ModelError] | None = None) -> None:
        """The session attached `model` (None: detached; `EditSession.set_network` calls
        this). `reviews` are every entry's reviews made off the GUI thread (`review_record`)
        for the record as it is now, at this threshold; without them entries are reviewed
        when asked."""
        self._reviews = {}
        if model is not None and reviews and all(isinstance(r, ModelError) or r.waste == self._waste
                                                 for r in reviews.values()):
            self._reviews = dict(reviews)
        self._announce.stop()
        self.changed.emit()

    # ------------------------------------------------------------------ reading

    def review(self, index: int) -> Review | None:
        """The review of layer entry `index`, None where there is none (`reason` says why)."""
        r = self._get(index)
        return r if isinstance(r, Review) else None

    def reason(self, index: int) -> str | None:
        """Why entry `index` has no review (no such layer, no weights, …); None if it has one
        or no network is attached."""
        r = self._get(index)
        if isinstance(r, NotCompared):
            return r.reason
        return r.message if isinstance(r, ModelError) else None

    def _get(self, index: int) -> Review | ModelError | None:
        model = self.model
        message = self.session.message
        if model is None or message is None or "record" not in message.DESCRIPTOR.fields_by_name \
                or not 0 <= index < len(message.record):
            return None
        r = self._reviews.get(index)
        if r is None:
            try:
                r = review_entry(message.record[index], model, self._waste)
            except ModelError as e:
                r = e
            self._reviews[index] = r
        return r

    def worst(self) -> tuple[np.ndarray, np.ndarray]:
        """Per layer entry (file order): the ratio of its channel furthest from 1 (nan where
        there is no review), and whether any channel is flagged."""
        message = self.session.message
        n = len(message.record) if message is not None and "record" in message.DESCRIPTOR.fields_by_name else 0
        if self.model is None:
            return np.full(n, np.nan), np.zeros(n, bool)
        return worst_ratios(n, self.review)

    def flagged_entries(self) -> list[int]:
        """Entries with a channel whose scale_w clips the weights or wastes levels."""
        return [int(i) for i in np.flatnonzero(self.worst()[1])]

    # ------------------------------------------------------------------ the reset

    def reset_command(self, index: int, channels: Iterable[int] | None = None) -> EditCommand | str:
        """The undo step setting scale_w of entry `index` to the ARQ values of its weights at
        `channels` (None: every channel), and offset_w to 0 as ARQ gives it
        (`edits.weights.reset_from_weights`, which `record-editor refit` writes too); or why
        not (no review, the rule the new values would break, nothing to change)."""
        r = self.review(index)
        if r is None:
            return self.reason(index) or translate("WeightsReview", "no network with weights is attached")
        got = reset_from_weights(self.session.editor, index, r.arq.scale, channels)
        if isinstance(got, str):
            return got
        problem = self.session.validate(got.command)
        return got.command if problem is None else problem.message

    def reset_all_command(self, entries: Sequence[int] | None = None) -> tuple[EditCommand | None, list[str]]:
        """One undo step resetting the whole scale_w of each of `entries` (default: every
        flagged entry) from the weights, and the refusals of those that could not be (each
        naming its layer)."""
        targets = self.flagged_entries() if entries is None else list(entries)
        commands: list[EditCommand] = []
        refusals: list[str] = []
        message = self.session.message
        for i in targets:
            got = self.reset_command(i)
            if isinstance(got, str):
                key = message.record[i].key if message is not None else ""
                refusals.append(f"{key or translate('WeightsReview', 'record {index}').format(index=i)}: {got}")
            else:
                commands.append(got)
        if not commands:
            return None, refusals
        if len(commands) == 1:
            return commands[0], refusals
        text = translate("WeightsReview", "Reset scale_w of {n} layers from the weights").format(n=len(commands))
        return MacroCommand(self.session.editor, text, commands), refusals

    # ------------------------------------------------------------------ following

    def _schedule(self) -> None:
        self._announce.start()

    def _record_changed(self, change: RecordChange) -> None:
        if self.model is None:
            return
        if change.kind is ChangeKind.CHANGED and change.field == "record" and change.first is not None:
            self._reviews.pop(change.first, None)
        elif change.field == "prune_record" and change.kind is not ChangeKind.RESET:
            return  # prune records do not change a layer's scale_w or its weights
        else:
            self._reviews.clear()
        self._schedule()
