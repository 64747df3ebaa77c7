"""Short labels for layer keys and prune node names that still tell every name apart.

AMCT keys are paths (``MobilenetV2/expanded_conv_10/depthwise/depthwise``). Shown whole they
make the tree and the prune-ranges view wide; cut in the middle to fit, eleven MobileNetV2
depthwise layers all read ``…/expanded…/depthwise``. `KeyLabels` drops the path segments
that tell the names apart least — the scope every name starts with, then the segments
shared by the most names, the op type most names end with — as long as the label still
names one key only: ``…/expanded_conv_10/…/depthwise``, ``…/block1/unit_1/…/conv1/``.

A dropped run of segments reads "…"; a dropped last segment (the op type most names end
with) leaves the trailing "/". A label is unique when no other name fits it read as a
pattern: its kept segments in order, "…" standing for one segment or more (a leading "…/"
for the scope alone), a trailing "/" for exactly one. So two names never get
the same label, and a label read by a person names one layer.

Qt-free: the tree's delegate and the prune-ranges view use it, and a test runs it on the
real records.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence

#: what stands for dropped segments
GAP = "…"
#: a last segment (op type) is dropped only when at least this share of the names end with it
TAIL_SHARE = 0.5
#: names beyond this many are labelled by scope only (the search is linear in them, but a
#: record with 100 000 layers should not wait for its tree labels)
MAX_NAMES = 20000


def common_scope(names: Sequence[str]) -> str:
    """The leading path segments every name shares, with their "/" (``resnet_v1_50/``),
    as long as every name has something after it; "" for fewer than two names."""
    if len(names) < 2:
        return ""
    first = names[0].split("/")
    n = len(first) - 1  # never the last segment of the first name
    for name in names[1:]:
        segs = name.split("/")
        n = min(n, len(segs) - 1)
        i = 0
        while i < n and segs[i] == first[i]:
            i += 1
        n = i
        if n == 0:
            return ""
    return "/".join(first[:n]) + "/" if n else ""


def _fits(pattern: list[tuple[str, bool]], segs: list[str], end_gap: bool, tail: bool) -> bool:
    """Whether a name's segments `segs` fit a label's `pattern`: (kept segment, whether
    dropped ones come before it) in order. After a gap a segment comes at least one
    segment later, else right after the one before; `end_gap`: dropped segments (at least
    one) follow the last kept one; `tail`: then exactly one more (the dropped op type)."""
    least = int(end_gap) + int(tail)

    def match(p: int, start: int) -> bool:
        if p == len(pattern):
            rest = len(segs) - start
            return rest >= least if end_gap else rest == least
        seg, gap = pattern[p]
        positions = range(start + 1, len(segs)) if gap else range(start, min(start + 1, len(segs)))
        return any(segs[i] == seg and match(p + 1, i + 1) for i in positions)

    return match(0, 0)


class KeyLabels:
    """The short, unique label of each of a set of names (layer keys, prune node names).

    `label(name)` gives the shortest form found; `scoped(name)` the name without the scope
    every name shares (the first, gentlest shortening). A name not in the set (one typed
    since) gets the scoped form.
    """

    def __init__(self, names: Iterable[str]) -> None:
        distinct = list(dict.fromkeys(n for n in names if n))
        self.scope = common_scope(distinct)
        self._labels: dict[str, str] = {}
        if len(distinct) > MAX_NAMES:
            return
        rests = [n[len(self.scope):].split("/") for n in distinct]
        counts: dict[str, int] = {}
        tails: dict[str, int] = {}
        #: the names holding each segment: the only ones a label keeping it could fit
        self._holders: dict[str, set[int]] = {}
        for i, segs in enumerate(rests):
            for seg in set(segs):
                self._holders.setdefault(seg, set()).add(i)
            if len(segs) > 1:
                tails[segs[-1]] = tails.get(segs[-1], 0) + 1
        for seg, who in self._holders.items():
            counts[seg] = len(who)
        frequent_tails = {t for t, c in tails.items()
                          if len(distinct) >= 4 and c >= TAIL_SHARE * len(distinct)}
        for i, (name, segs) in enumerate(zip(distinct, rests, strict=True)):
            self._labels[name] = self._shorten(i, segs, rests, counts, frequent_tails)
        del self._holders

    @staticmethod
    def prepare(document: object) -> KeyLabels:
        """The labels of a newly read document's names, worked out on the loader thread
        (see `DocumentController.add_load_step`); `labels_for` keeps them for the tree and
        the prune-ranges view, which ask for the same names when the record is shown."""
        return labels_for(record_names(getattr(document, "message", None)))

    @property
    def size(self) -> int:
        """How many names have a label."""
        return len(self._labels)

    def label(self, name: str) -> str:
        """The shortest unique label of `name` (its scoped form if it was not in the set)."""
        found = self._labels.get(name)
        return found if found is not None else self.scoped(name)

    def scoped(self, name: str) -> str:
        """`name` without the scope all names share, marked "…/" (``…/block1/unit_1/…``)."""
        if self.scope and name.startswith(self.scope) and len(name) > len(self.scope):
            return GAP + "/" + name[len(self.scope):]
        return name

    def labels(self) -> dict[str, str]:
        """Every name of the set with its label."""
        return dict(self._labels)

    # ------------------------------------------------------------------ the search

    def _shorten(self, me: int, segs: list[str], rests: list[list[str]], counts: dict[str, int],
                 frequent_tails: set[str]) -> str:
        n = len(segs)
        keep = [True] * n
        # the segments other names share too, the most shared first (the leftmost of equals);
        # a segment only this name has says the most about it and stays, and so does the
        # last one unless it is the op type most names end with
        order = sorted((i for i in range(n) if segs[i] and counts[segs[i]] >= 2
                        and (i < n - 1 or (n > 1 and segs[i] in frequent_tails))),
                       key=lambda i: (-counts[segs[i]], i))
        for i in order:
            keep[i] = False
            if not any(keep) or not self._unique(me, segs, keep, rests):
                keep[i] = True
        return self._text(segs, keep)

    def _unique(self, me: int, segs: list[str], keep: list[bool], rests: list[list[str]]) -> bool:
        """Whether no other name fits the label `keep` makes of `segs` (see `_fits`)."""
        tail = not keep[-1]
        pattern: list[tuple[str, bool]] = []
        gap = False
        for seg, kept in zip(segs[:-1] if tail else segs, keep, strict=False):
            if kept:
                pattern.append((seg, gap))
                gap = False
            else:
                gap = True
        # only names holding every kept segment can fit: a few set intersections, not a scan
        sets = sorted((self._holders[s] for s, _ in pattern), key=len)
        candidates = sets[0].intersection(*sets[1:]) if sets else range(len(rests))
        return not any(j != me and _fits(pattern, rests[j], gap, tail) for j in candidates)

    def _text(self, segs: list[str], keep: list[bool]) -> str:
        # the scope's "…/" stands for the scope alone: segments dropped right after it get
        # a "…/" of their own, so "…/x" says x comes first after the scope
        out: list[str] = [GAP] if self.scope else []
        gap = False
        for i, (seg, kept) in enumerate(zip(segs, keep, strict=True)):
            if kept:
                out.append(seg)
                gap = False
            elif i == len(segs) - 1:
                out.append("")  # the op type went: a trailing "/" says something was there
            elif not gap:
                out.append(GAP)
                gap = True
        return "/".join(out)


def record_names(message: object) -> list[str]:
    """Layer keys and prune node names of a record message, in file order: the names the
    tree and the prune-ranges view label (the same set, so the two agree)."""
    fields = getattr(getattr(message, "DESCRIPTOR", None), "fields_by_name", {})
    names: list[str] = []
    if "record" in fields:
        names.extend(e.key for e in message.record)  # type: ignore[attr-defined]
    if "prune_record" in fields:
        for pr in message.prune_record:  # type: ignore[attr-defined]
            names.extend(node.name for node in pr.producer)
            names.extend(node.name for node in pr.consumer)
            if pr.HasField("selective_prune"):
                names.append(pr.selective_prune.name)
    return names


#: the names most recently labelled, and their labels: the tree and the prune-ranges view
#: label the same names, and the loader thread labels them first
_last: tuple[tuple[str, ...], KeyLabels] | None = None


def labels_for(names: Sequence[str], *, limit: int | None = None,
               previous: KeyLabels | None = None) -> KeyLabels:
    """`KeyLabels` of `names`, computed once for the same names whoever asks (the tree,
    the prune-ranges view, the loader thread before either).

    With `limit`, more than that many names are not labelled again: `previous` (or scoped
    names) stands in — used after an edit renames a layer of a big record, where labelling
    every name again would stall the window.
    """
    global _last
    key = tuple(names)
    last = _last
    if last is not None and last[0] == key:
        return last[1]
    if limit is not None and len(key) > limit:
        return previous if previous is not None else KeyLabels(())
    labels = KeyLabels(key)
    _last = (key, labels)
    return labels
