"""Where a field lies inside an entry the fast path read, found without reading it again.

`ParsedText.item_node` gives an entry read by the fast path its full location tree by
reading it again with the careful (pure-Python protobuf) parser: ~0.1 s for one layer of
1 024 channels. `record-editor check` locates every problem it prints, and a rule that
speaks of most layers (scale-w-outlier) made that 7 s and 290 MB for a 10 MB file. Here the
entry's text is searched instead: strings and comments blanked, brackets matched, the named
field's statements found at the right depth with a regular expression. Nothing is built but
a few lists; an entry of 1 024 channels takes well under a millisecond.

It answers exactly what `tree_offset` answers on the tree `item_node` builds
(`tests/test_quick_locate.py` holds the two together on every layout the fast path reads),
and None whenever the text is not what it expects — the caller then builds the tree.
It relies on what the fast path guarantees of its entries: valid syntax, no field given
twice, no list of messages.
"""
from __future__ import annotations

import re
from bisect import bisect_right
from collections import deque
from itertools import islice

from editor.records.paths import FieldPath
from editor.records.textread import Node, Stmt

# possessive, one way through each string: `(?:[^"]|\\.)*` keeps a backtracking mark per
# character, ~120 bytes each (an 8 MB key took 1 GB and 20 s to locate a problem in)
_BLANKS = re.compile(rb"\"[^\"\\\n]*+(?:\\.[^\"\\\n]*+)*+\"|'[^'\\\n]*+(?:\\.[^'\\\n]*+)*+'|#[^\n]*+")
_BRACKETS = [bytes([c]) for c in b"{}<>[]"]
_CLOSE_OF = {ord("{"): ord("}"), ord("<"): ord(">"), ord("["): ord("]")}
_MESSAGE_OPEN = frozenset(b"{<")
_LIST_VALUE = re.compile(rb"[^\s,\[\]]+")
_NAME_CACHE: dict[str, re.Pattern[bytes]] = {}
_COLON_CACHE: dict[str, re.Pattern[bytes]] = {}


def _whole(name: str) -> bytes:
    """`name` as a whole token: the literal first, so that the search runs at C speed, then a
    look back that no name character comes before it."""
    literal = re.escape(name.encode("ascii"))
    return literal + rb"(?<![\w.+\-]" + literal + rb")"


def _name_pattern(name: str) -> re.Pattern[bytes]:
    pattern = _NAME_CACHE.get(name)
    if pattern is None:
        pattern = _NAME_CACHE[name] = re.compile(
            _whole(name) + rb"[ \t\r\n\f\v]*(:)?[ \t\r\n\f\v]*")
    return pattern


def _colon_pattern(name: str) -> re.Pattern[bytes]:
    pattern = _COLON_CACHE.get(name)
    if pattern is None:
        pattern = _COLON_CACHE[name] = re.compile(
            _whole(name) + rb"[ \t\r\n\f\v]*:[ \t\r\n\f\v]*")
    return pattern


def _blanked(span: bytes) -> bytes:
    """`span` with strings as runs of `_` and comments as spaces, offsets kept. Only the part
    from the first quote or `#` to the end of the line of the last one is searched: a layer's
    key comes first, its thousands of values after it need no look."""
    found = [i for i in (span.find(b'"'), span.find(b"'"), span.find(b"#")) if i >= 0]
    if not found:
        return span
    lo = min(found)  # outside any string or comment: each starts with one of these
    last = max(span.rfind(b'"'), span.rfind(b"'"), span.rfind(b"#"))
    hi = span.find(b"\n", last)
    hi = len(span) if hi < 0 else hi
    return span[:lo] + _BLANKS.sub(_blank, span[lo:hi]) + span[hi:]


def _blank(m: re.Match[bytes]) -> bytes:
    text = m.group()
    # a string stays one token; a comment becomes whitespace (its newline is kept outside)
    return b"_" * len(text) if text[:1] != b"#" else b" " * len(text)


def quick_offset(data: bytes, start: int, end: int, path: FieldPath) -> int | None:
    """The file offset of `path` (fields below the entry, as `tree_offset` takes
    them) inside the top-level statement `data[start:end]`, or None when unsure."""
    if not path or not path[0] or not isinstance(path[0], str):
        return None
    found = _structure(data[start:end])
    if found is None:
        return None
    span, opens, closing = found
    body: tuple[int, int] | None = (opens[0] + 1, closing[opens[0]])
    off: int | None = None
    steps = list(path)
    while steps:
        name = steps.pop(0)
        if not isinstance(name, str) or body is None:
            return None
        want_index: int | None = None
        if steps and isinstance(steps[0], int):
            step = steps.pop(0)
            assert isinstance(step, int)
            want_index = step
        try:
            chosen = _choose(span, opens, closing, body, name, want_index)
        except _Unsure:
            return None
        if chosen is None:
            return None
        stmt_start, message, positions, k = chosen
        if message:
            node_open = positions[min(k, len(positions) - 1)]
            off = stmt_start if want_index is None else node_open
            body = (node_open + 1, closing[node_open])
        else:
            body = None
            off = positions[min(k, len(positions) - 1)] if positions else stmt_start
    return None if off is None else start + off


#: the last entry's structure, for the next look-up in it (a layer with several problems):
#: (its text as read, then `_structure`'s answer). Keyed by the text itself, so that a
#: reloaded or edited file can never be answered from another's.
_last: tuple[bytes, tuple[bytes, list[int], dict[int, int]] | None] | None = None


def _structure(raw: bytes) -> tuple[bytes, list[int], dict[int, int]] | None:
    """(the entry's text blanked, the offsets of its opening brackets in order, each one's
    closing bracket) of the top-level statement `raw`; None when its brackets do not match
    or it is not a message."""
    global _last
    last = _last
    if last is not None and last[0] == raw:
        return last[1]
    span = _blanked(raw)
    # Each bracket character found by `bytes.find` (memchr, at memory speed): a regular
    # expression's character class crawls over a layer's 43 KB at well under 100 MB/s.
    at: list[int] = []
    for ch in _BRACKETS:
        i = span.find(ch)
        while i >= 0:
            at.append(i)
            i = span.find(ch, i + 1)
    at.sort()
    closing: dict[int, int] = {}
    stack: list[tuple[int, int]] = []
    result: tuple[bytes, list[int], dict[int, int]] | None = None
    for i in at:
        c = span[i]
        want = _CLOSE_OF.get(c)
        if want is not None:
            stack.append((i, want))
        elif not stack or stack[-1][1] != c:
            break
        else:
            closing[stack.pop()[0]] = i
    else:
        if not stack and closing:
            opens = sorted(closing)
            if span[opens[0]] in _MESSAGE_OPEN:
                result = (span, opens, closing)
    _last = (raw, result)
    return result


class _Unsure(Exception):
    """The text is not as this search expects: let the full tree answer."""


def _choose(span: bytes, opens: list[int], closing: dict[int, int], body: tuple[int, int],
            name: str, want: int | None) -> tuple[int, bool, list[int], int] | None:
    """The statement of field `name` directly inside `body` that `_find_offset` would pick —
    the one holding index `want`, or the last when `want` is None — as (its start, whether
    it is a message, the offsets of its values or of its messages' brackets, the index
    within it); None when there is none or the text is not as expected."""
    lo, hi = body
    i = bisect_right(opens, lo - 1)
    if i >= len(opens) or opens[i] >= hi:
        return _choose_flat(span, lo, hi, name, want)
    at = lo
    matches: list[re.Match[bytes]] = []
    pattern = _name_pattern(name)
    while i < len(opens) and opens[i] < hi:  # only between the nested blocks: depth 0
        o = opens[i]
        matches += pattern.finditer(span, at, o)
        at = closing[o] + 1
        i = bisect_right(opens, closing[o])
    matches += pattern.finditer(span, at, hi)
    if want is None:
        for m in reversed(matches):
            got = _statement(span, opens, closing, m)
            if got is not None:
                return m.start(), got[0], got[1], max(len(got[1]) - 1, 0)
        return None
    count = 0
    for m in matches:
        got = _statement(span, opens, closing, m)
        if got is None:
            continue
        n = len(got[1])
        if count <= want < count + n:
            return m.start(), got[0], got[1], want - count
        count += n
    return None


def _choose_flat(span: bytes, lo: int, hi: int, name: str, want: int | None
                 ) -> tuple[int, bool, list[int], int] | None:
    """`_choose` for a body without brackets (a layer's `value { }`): every statement is
    `name: value`, so the one holding index `want` is the want-th match, found at C speed."""
    pattern = _colon_pattern(name)
    m = _nth_plain(span, lo, hi, name, pattern, want)
    if m is not None:
        after = m.end()
        if after >= hi or span[after] in _NOT_VALUE:
            return None
        return m.start(), False, [after], 0
    matches = pattern.finditer(span, lo, hi)
    if want is None:
        last = deque(matches, maxlen=1)
        m = last[0] if last else None
    else:
        m = next(islice(matches, want, None), None)
    if m is None:
        return None
    after = m.end()
    if after >= hi or span[after] in _NOT_VALUE:
        return None
    return m.start(), False, [after], 0


def _nth_plain(span: bytes, lo: int, hi: int, name: str, pattern: re.Pattern[bytes], want: int | None
               ) -> re.Match[bytes] | None:
    """The match `_choose_flat` wants, found by counting and `bytes.find` (memory speed) when
    every occurrence of the name in the body is written `␣name:` or `⏎name:` (AMCT's layout,
    one line or many): then each is a statement, and the want-th occurrence is the want-th
    statement. None when the body is written otherwise (the caller looks at every match)."""
    literal = name.encode("ascii")
    total = span.count(literal, lo, hi)
    if not total:
        return None
    spaced = span.count(b" " + literal + b":", lo - 1, hi)  # AMCT's layout: all of them
    if spaced != total and total != spaced + span.count(b"\n" + literal + b":", lo - 1, hi):
        return None
    if want is None:
        at = span.rfind(literal, lo, hi)
    elif want >= total:
        return None
    else:
        # Occurrence a_k starts at a, b_k at b (a_k <= want <= b_k): guess from their mean
        # spacing, count the occurrences before the guess, narrow, and step the last few.
        a, a_k = span.find(literal, lo, hi), 0
        b, b_k = span.rfind(literal, lo, hi), total - 1
        while a_k < want and b_k - a_k > 8:
            mid = max(a + 1, a + (b - a) * (want - a_k) // (b_k - a_k))
            k = a_k + 1 + span.count(literal, a + 1, mid)  # those starting in [a + 1, mid - len]
            at = span.find(literal, max(a + 1, mid - len(literal) + 1), hi)  # the k-th
            if k <= want:
                a, a_k = at, k
            else:
                b, b_k = span.rfind(literal, a, at), k - 1
        at, k = a, a_k
        while k < want:
            at = span.find(literal, at + 1, hi)
            k += 1
    return pattern.match(span, at, hi)


def _statement(span: bytes, opens: list[int], closing: dict[int, int], m: re.Match[bytes]
               ) -> tuple[bool, list[int]] | None:
    """(is a message, offsets of its values or brackets) of the statement the name match `m`
    starts; None when `m` is not a statement (a value spelled like the field); raises
    `_Unsure` when the text is not as expected."""
    after = m.end()
    c = span[after] if after < len(span) else -1
    if c in _MESSAGE_OPEN:
        return True, [after]
    if m.group(1) is None:
        return None  # an enum value spelled like the field, not a statement
    if c == 0x5B:  # [a, b, c]
        close = closing.get(after)
        if close is None:
            raise _Unsure
        inner = bisect_right(opens, after)
        if inner < len(opens) and opens[inner] < close:
            raise _Unsure  # a list of messages: the careful path knows
        return False, [v.start() for v in _LIST_VALUE.finditer(span, after + 1, close)]
    if c in _NOT_VALUE:
        raise _Unsure
    return False, [after]


_NOT_VALUE = frozenset(b"]}>,;:") | {-1}


# --------------------------------------------------------------------------- the tree's answer

def child_node(item: Stmt, index: int) -> Node | None:
    """The node of entry `index` in the top-level statement `item` (built by item_node)."""
    k = index - item.first_index
    if item.children is None or not (0 <= k < len(item.children)):
        return None
    return item.children[k]


def tree_offset(node: Node | None, path: FieldPath) -> int | None:
    """Offset in the file of the statement or value `path` names inside the parsed `node`
    (the last statement of a field given twice, as the reader kept the last)."""
    off = None
    steps = list(path)
    while steps:
        name = steps.pop(0)
        if not isinstance(name, str) or node is None:
            return None
        want: int | None = None
        if steps and isinstance(steps[0], int):
            step = steps.pop(0)
            assert isinstance(step, int)
            want = step
        stmts = [s for s in node.stmts if s.field is not None and s.field.name == name]
        if not stmts:
            return None
        chosen: Stmt | None = stmts[-1]
        if want is not None:
            chosen = next((s for s in stmts if s.first_index <= want < s.first_index + s.count), None)
        if chosen is None:
            return None
        k = (want - chosen.first_index) if want is not None else max(chosen.count - 1, 0)
        if chosen.children:
            node = chosen.children[min(k, len(chosen.children) - 1)]
            off = chosen.start if want is None else node.open
        else:
            node = None
            off = chosen.values[min(k, len(chosen.values) - 1)][0] if chosen.values else chosen.start
    return off
