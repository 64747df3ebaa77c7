"""The rules' two ways of testing vectors agree: plain Python lists (small checks, no numpy
import) and numpy arrays (big checks, the window). `editor.records.rules._vectors`."""
from __future__ import annotations

import math
import random
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from google.protobuf import text_format
from google.protobuf.descriptor import FieldDescriptor

from editor.paths import samples_dir
from editor.records import quant, quant_core
from editor.records.dialects import DIALECTS
from editor.records.document import RecordDocument
from editor.records.rules import _vectors, check_message, validate_changes
from tests.conftest import DATA, realworld_files

FD = FieldDescriptor

#: float values a generated vector draws from: the ones every rule has an edge at
SPECIAL = [quant_core.f32(x) for x in (
    math.nan, math.inf, -math.inf, 0.0, -0.0, -1.0, 1e-45, 1e-30, quant.FLT_EPSILON, quant.FLT_EPSILON * 0.5,
    1.0 / quant.FLT_EPSILON, 1.0 / quant.FLT_EPSILON * 2, 3.4028235e38, 1.0)]
INTS = [0, 0, 0, 1, 16, 17, -1, -128, 127, 128, -129, 2, 8]


@pytest.fixture
def both_ways(monkeypatch):
    """Run a callable with every vector test in plain Python, then in numpy."""
    def run(fn):
        out = []
        for way in ("python", "numpy"):
            monkeypatch.setattr(_vectors, "FORCE", way)
            out.append(fn())
        monkeypatch.setattr(_vectors, "FORCE", None)
        return out
    return run


def test_the_plain_float32_spelling_is_numpys(monkeypatch):
    """quant_core.f32_str spells as numpy does; it calls numpy when it is imported, so the
    plain Python spelling is tried with numpy out of sight (nothing imports it meanwhile)."""
    rng = np.random.default_rng(11)
    values = list(rng.integers(0, 2 ** 32, 20000, dtype=np.uint64).astype(np.uint32).view(np.float32))
    powers = [np.float32(2.0) ** e for e in range(-149, 128)]
    values += powers + [np.nextafter(p, np.float32(np.inf)) for p in powers]
    values += [np.nextafter(p, np.float32(0)) for p in powers]
    values += [np.float32(x) for x in (1e-4, 1e6, 999999.94, 0.1, 123456.0, 1234567.0, -0.0, math.nan, -math.inf)]
    expected = [str(np.float32(v)) for v in values]
    floats = [float(v) for v in values]
    monkeypatch.delitem(sys.modules, "numpy")
    assert [quant_core.f32_str(v) for v in floats] == expected
    assert quant_core.f32_str(1e39) == "inf" and quant_core.f32_str(0.1) == "0.1"


def test_plain_outliers_match_numpys_classification():
    rng = random.Random(3)
    for trial in range(3000):
        n = rng.choice((0, 1, 3, 4, 5, 8, 17, 64, 301))
        spread = rng.choice((0.01, 0.5, 2.0))
        values = [float(np.float32(math.exp(rng.gauss(-6, spread)))) for _ in range(n)]
        for _ in range(rng.choice((0, 0, 1, 3))):
            if values:
                values[rng.randrange(n)] = rng.choice(SPECIAL)
        if n and trial % 7 == 0:  # ties: quartiles on repeated values
            values = [values[0]] * (n // 2) + values[n // 2:]
        k = rng.choice((0.0, 0.5, 1.5, 3.0, 1e300))
        ref = quant.outliers(np.array(values, dtype=np.float32), k)
        kind, fence = quant_core.outlier_kinds(values, k)
        assert kind == ref.kind.tolist(), (values, k)
        # log10 may differ by an ulp between numpy and the C library: the fence by as little
        assert (fence is None) == (ref.fence is None)
        if fence is not None and ref.fence is not None:
            assert all(math.isclose(a, b, rel_tol=1e-13) for a, b in zip(fence, ref.fence, strict=True)), values


def _fill(message, rng: random.Random) -> None:
    """Every repeated number field of every entry's value (and the KV cache) from the edge pools."""
    for entry in message.record:
        targets = [entry.value]
        if "kv_cache_value" in entry.DESCRIPTOR.fields_by_name:
            targets.append(entry.kv_cache_value)
        for target in targets:
            for fd in target.DESCRIPTOR.fields:
                if not fd.is_repeated or fd.type == FD.TYPE_MESSAGE or fd.type == FD.TYPE_STRING:
                    continue
                if rng.random() < 0.3:
                    continue
                n = rng.choice((1, 2, 4, 16, 33))
                if fd.cpp_type == FD.CPPTYPE_FLOAT:
                    base = [float(np.float32(math.exp(rng.gauss(-5, 1)))) for _ in range(n)]
                    for _ in range(rng.choice((0, 1, 2))):
                        base[rng.randrange(n)] = rng.choice(SPECIAL)
                    getattr(target, fd.name)[:] = base
                elif fd.cpp_type in (FD.CPPTYPE_INT32, FD.CPPTYPE_INT64):
                    getattr(target, fd.name)[:] = [rng.choice(INTS) for _ in range(n)]


def _records() -> list[tuple[str, str]]:
    paths = sorted(samples_dir().glob("*.txt")) + sorted((DATA / "rules").glob("*.txt"))
    paths += sorted((DATA / "realworld").glob("*.txt")) + realworld_files()
    return [(p.name, p.read_text(encoding="utf-8")) for p in paths]


def test_every_rule_finds_the_same_both_ways_on_the_sample_real_and_rule_files(both_ways):
    for name, text in _records():
        doc = RecordDocument.from_text(text)
        python, numpy_ = both_ways(lambda: check_message(doc.message, doc.dialect))  # noqa: B023
        assert python == numpy_, name


def test_every_rule_finds_the_same_both_ways_on_generated_vectors(both_ways):
    rng = random.Random(17)
    texts = [t for _, t in _records() if len(t) < 200_000]
    compared = findings = 0
    for _ in range(400):
        doc = RecordDocument.from_text(rng.choice(texts))
        _fill(doc.message, rng)
        python, numpy_ = both_ways(lambda: check_message(doc.message, doc.dialect))  # noqa: B023
        assert python == numpy_, text_format.MessageToString(doc.message)[:2000]
        compared += 1
        findings += len(python)
    assert compared == 400 and findings > 2000  # the pools do reach the rules


def test_an_edit_is_judged_the_same_both_ways(both_ways):
    doc = RecordDocument.from_text((samples_dir() / "resnet_tf_inner_prune.txt").read_text())
    entry = doc.message.record[0]
    n = len(entry.value.scale_w)
    for changes in ([("scale_w", 3, -1.0)], [("scale_w", None, [0.5] * (n - 1) + [math.nan])],
                    [("offset_w", 2, 7)], [("shift_bit", None, [0] * (n - 1) + [17])],
                    [("scale_w", 1, 0.02)]):
        python, numpy_ = both_ways(lambda: validate_changes(doc.dialect, entry, changes))  # noqa: B023
        assert python == numpy_, changes
    assert python is None and numpy_ is None  # the last edit is fine: the judge did say no before


def _numpy_after_check(path: Path) -> str:
    script = ("import sys\nfrom editor.cli import main\n"
              f"code = main(['check', '--json', {str(path)!r}])\n"
              "print(code, 'numpy' in sys.modules, file=sys.stderr)\n")
    proc = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert '"problems"' in proc.stdout  # the report came
    return proc.stderr.strip().splitlines()[-1]


def test_a_small_check_runs_without_numpy_and_a_big_one_turns_to_it(tmp_path):
    assert DIALECTS  # the dialect table loads without numpy too (it is imported by the check)
    small = tmp_path / "small.txt"
    small.write_text((samples_dir() / "resnet_tf_inner_prune.txt").read_text())
    assert _numpy_after_check(small) == "0 False"
    entry = 'record {\n  key: "conv%d"\n  value {\n    scale_d: 0.5\n    offset_d: 0\n%s  }\n}\n'
    channels = "".join(f"    scale_w: {0.01 + i * 1e-5:.6g}\n" for i in range(1024))
    big = tmp_path / "big.txt"
    layers = _vectors.PYTHON_BUDGET // 1024 + 2
    big.write_text("".join(entry % (i, channels) for i in range(layers)))
    assert _numpy_after_check(big) in ("0 True", "1 True")


def test_a_check_of_a_record_beyond_the_budget_starts_with_numpy(monkeypatch):
    from editor.records.rules import CheckContext

    doc = RecordDocument.from_text((samples_dir() / "resnet_tf_inner_prune.txt").read_text())
    values = sum(len(v) for e in doc.message.record for fd, v in e.value.ListFields() if fd.is_repeated)
    monkeypatch.delitem(sys.modules, "numpy")  # plan() only looks; nothing imports it meanwhile
    for budget, after in ((values, values), (values - 1, -1)):
        monkeypatch.setattr(_vectors, "PYTHON_BUDGET", budget)
        ctx = CheckContext.build(doc.message, doc.dialect)
        _vectors.plan(ctx, doc.message)
        assert ctx.python_budget == after


@pytest.fixture
def batched_or_not(monkeypatch):
    """Run a callable in numpy with every field's vectors judged at once (`_vectors.Batch`,
    what a whole-record check does; in chunks of 3 entries, so that records of a few entries
    cross chunks too), then entry by entry."""
    def run(fn):
        out = []
        monkeypatch.setattr(_vectors, "FORCE", "numpy")
        monkeypatch.setattr(_vectors.Batch, "CHUNK", 3)
        for batch in (True, False):
            monkeypatch.setattr(_vectors, "BATCH", batch)
            out.append(fn())
        return out
    return run


def test_outlier_lists_say_what_outliers_says_of_each_vector():
    rng = random.Random(5)
    for trial in range(300):
        vectors = []
        for _ in range(rng.choice((1, 2, 7, 40))):
            n = rng.choice((0, 1, 3, 4, 5, 17, 64, 64, 64, 1024))
            spread = rng.choice((0.01, 0.5, 2.0))
            values = [float(np.float32(math.exp(rng.gauss(-6, spread)))) for _ in range(n)]
            for _ in range(rng.choice((0, 0, 0, 1, 3))):
                if values:
                    values[rng.randrange(n)] = rng.choice(SPECIAL)
            if n and trial % 5 == 0:  # ties: quartiles on repeated values
                values = [values[0]] * (n // 2) + values[n // 2:]
            vectors.append(np.array(values, dtype=np.float32))
        k = rng.choice((0.0, 0.5, 1.5, 3.0, 1e300))
        expected = []
        for v in vectors:
            one = quant.outliers(v, k)
            expected.append((one.indices.tolist(), one.kind[one.indices].tolist(), one.fence))
        assert quant.outlier_lists(vectors, k) == expected, (trial, k)


def test_a_whole_check_finds_the_same_with_its_vectors_batched(batched_or_not):
    for name, text in _records():
        doc = RecordDocument.from_text(text)
        batched, alone = batched_or_not(lambda: check_message(doc.message, doc.dialect))  # noqa: B023
        assert batched == alone, name


def test_a_whole_check_of_generated_vectors_finds_the_same_batched(batched_or_not):
    rng = random.Random(23)
    texts = [t for _, t in _records() if len(t) < 200_000]
    findings = 0
    for _ in range(200):
        doc = RecordDocument.from_text(rng.choice(texts))
        _fill(doc.message, rng)
        if rng.random() < 0.5:  # layers of one width, as real records have: judged stacked
            width = rng.choice((4, 16, 33))
            for entry in doc.message.record:
                entry.value.scale_w[:] = [float(np.float32(math.exp(rng.gauss(-5, 1)))) for _ in range(width)]
                if rng.random() < 0.2:
                    entry.value.scale_w[rng.randrange(width)] = rng.choice(SPECIAL)
        batched, alone = batched_or_not(lambda: check_message(doc.message, doc.dialect))  # noqa: B023
        assert batched == alone, text_format.MessageToString(doc.message)[:2000]
        findings += len(batched)
    assert findings > 1000  # the pools do reach the rules
