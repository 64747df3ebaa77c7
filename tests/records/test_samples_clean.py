"""The bundled samples are what a newcomer opens first: clean under AMCT's rules."""
from __future__ import annotations

import pytest

from editor.paths import samples_dir
from editor.records.document import RecordDocument
from editor.records.problems import Severity
from editor.records.rules import check_document

SAMPLES = {
    "resnet_tf_inner_prune.txt": "tf-inner",
    "resnet_tf_convert.txt": "tf-convert",
    "resnet_pytorch.txt": "pytorch",
    "resnet_onnx.txt": "onnx",
    "resnet_mindspore.txt": "mindspore",
    "resnet_caffe.txt": "caffe",
}


@pytest.mark.parametrize("name,dialect", sorted(SAMPLES.items()))
def test_sample_has_no_errors_or_warnings_in_its_dialect(name, dialect):
    doc = RecordDocument.load(samples_dir() / name, dialect)
    serious = [p for p in doc.problems + check_document(doc) if p.severity is not Severity.INFO]
    assert serious == []


def test_every_bundled_sample_is_listed():
    assert {p.name for p in samples_dir().glob("*.txt")} == set(SAMPLES)
