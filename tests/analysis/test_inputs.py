"""The user's samples: .npz, .npy, raw .bin and folders, and the messages for those that do
not fit the model."""
from __future__ import annotations

import numpy as np
import pytest

from editor.analysis.inputs import InputError, InputSpec, discover

ONE = [InputSpec("x", (None, 3, 4, 4), np.dtype(np.float32))]
FIXED = [InputSpec("x", (1, 3, 4, 4), np.dtype(np.float32))]
TWO = [InputSpec("image", (1, 3, 4, 4), np.dtype(np.float32)), InputSpec("scale", (1,), np.dtype(np.int64))]


def _x(batch=1, dtype=np.float32, seed=0):
    return np.random.default_rng(seed).standard_normal((batch, 3, 4, 4)).astype(dtype)


def test_npy_npz_and_bin_files_are_samples(tmp_path):
    np.save(tmp_path / "a.npy", _x(2))
    np.savez(tmp_path / "b.npz", x=_x())
    _x().tofile(tmp_path / "c.bin")
    samples = discover([tmp_path / "a.npy", tmp_path / "b.npz"], ONE)
    assert [s.label for s in samples] == ["a.npy", "b.npz"]
    assert samples[0].load(ONE)["x"].shape == (2, 3, 4, 4)
    raw = discover([tmp_path / "c.bin"], FIXED)[0].load(FIXED)["x"]
    assert np.array_equal(raw, _x())


def test_a_folder_gives_its_files_in_name_order(tmp_path):
    for name in ("b.npy", "a.npy", "c.npy"):
        np.save(tmp_path / name, _x())
    (tmp_path / "notes.txt").write_text("ignored")
    (tmp_path / ".hidden.npy").write_bytes(b"")
    assert [s.label for s in discover([tmp_path], ONE)] == ["a.npy", "b.npy", "c.npy"]


def test_a_model_of_two_inputs_reads_npz_or_one_folder_per_input(tmp_path):
    np.savez(tmp_path / "s.npz", image=_x(), scale=np.array([3], np.int64))
    got = discover([tmp_path / "s.npz"], TWO)[0].load(TWO)
    assert got["scale"].tolist() == [3]
    folders = tmp_path / "f"
    (folders / "image").mkdir(parents=True)
    (folders / "scale").mkdir()
    for i in range(2):
        _x(seed=i).tofile(folders / "image" / f"{i}.bin")
        np.save(folders / "scale" / f"{i}.npy", np.array([i], np.int64))
    samples = discover([folders], TWO)
    assert [s.label for s in samples] == ["0.bin + 0.npy", "1.bin + 1.npy"]
    assert samples[1].load(TWO)["scale"].tolist() == [1]
    with pytest.raises(InputError, match="holds one array, the model has 2 inputs"):
        discover([folders / "image" / "0.bin"], TWO)


def test_a_shape_that_does_not_fit_names_the_file_and_both_shapes(tmp_path):
    np.save(tmp_path / "wide.npy", np.zeros((1, 3, 5, 4), np.float32))
    sample = discover([tmp_path / "wide.npy"], ONE)[0]
    with pytest.raises(InputError) as e:
        sample.load(ONE)
    assert str(e.value) == f"{tmp_path / 'wide.npy'}: [1, 3, 5, 4] float32 does not fit input 'x' of the model, " \
                           "[?, 3, 4, 4] float32"


def test_a_dtype_that_does_not_fit_names_both(tmp_path):
    np.save(tmp_path / "d.npy", _x(dtype=np.float64))
    with pytest.raises(InputError, match=r"\[1, 3, 4, 4\] float64 does not fit input 'x' of the model, \[\?, 3, 4, 4\] "
                                         r"float32"):
        discover([tmp_path / "d.npy"], ONE)[0].load(ONE)
    np.savez(tmp_path / "d.npz", image=_x(), scale=np.array([1.5]))
    with pytest.raises(InputError, match=r"array 'scale': \[1\] float64 does not fit input 'scale'.*\[1\] int64"):
        discover([tmp_path / "d.npz"], TWO)[0].load(TWO)


def test_raw_files_need_the_exact_size_and_a_fixed_shape(tmp_path):
    np.zeros(10, np.float32).tofile(tmp_path / "short.bin")
    with pytest.raises(InputError, match=r"holds 40 bytes, input 'x' of the model .* takes 192"):
        discover([tmp_path / "short.bin"], FIXED)[0].load(FIXED)
    with pytest.raises(InputError, match=r"needs an input of fixed shape.*\[\?, 3, 4, 4\]"):
        discover([tmp_path / "short.bin"], ONE)[0].load(ONE)


def test_unreadable_and_missing_inputs_are_named(tmp_path):
    (tmp_path / "broken.npy").write_bytes(b"\x93NUMPY garbage")
    (tmp_path / "broken.npz").write_bytes(b"PK not a zip")
    for name in ("broken.npy", "broken.npz"):
        with pytest.raises(InputError) as e:
            discover([tmp_path / name], ONE)[0].load(ONE)
        assert str(e.value).startswith(f"{tmp_path / name}: cannot read")
    with pytest.raises(InputError, match="no such file"):
        discover([tmp_path / "nowhere.npy"], ONE)
    (tmp_path / "x.png").write_bytes(b"")
    with pytest.raises(InputError, match="not an input file"):
        discover([tmp_path / "x.png"], ONE)
    empty = tmp_path / "empty"
    empty.mkdir()
    with pytest.raises(InputError, match="no input files found"):
        discover([empty], ONE)
    np.savez(tmp_path / "other.npz", image=_x())
    with pytest.raises(InputError, match="holds no array named 'scale'"):
        discover([tmp_path / "other.npz"], TWO)[0].load(TWO)


def test_pickled_arrays_are_refused(tmp_path):
    np.save(tmp_path / "obj.npy", np.array([{"a": 1}], dtype=object), allow_pickle=True)
    with pytest.raises(InputError, match="cannot read the array"):
        discover([tmp_path / "obj.npy"], ONE)[0].load(ONE)
