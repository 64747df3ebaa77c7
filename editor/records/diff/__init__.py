"""Comparison of two records: layers by key, fields by name, channels by index, prune nodes.

`compare_records(a, b)` matches the two records once and gathers every field that may
differ into flat numpy columns; `RecordComparison.differences(rtol, atol)` then applies a
tolerance to them with a handful of vectorised operations, so a window can ask again with
another tolerance without comparing anew. Layers are matched by key: the k-th copy of a key
in A with the k-th copy in B (AMCT uses the first one, the others are reported as copies).
Fields are matched by name, so records of two dialects compare on the fields both schemas
have; the fields only one of them has are listed apart (`DialectNotes`).

Numbers: float fields compare as their float32 values (NaN equals NaN) within
|a - b| <= atol + rtol * |b|; integer, string, bool and enum fields compare exactly. A field
with a schema default compares by what it means (unset skip_fusion equals an explicit
false where false is the default); a factor without one (scale_d, offset_d) set on one
side only differs, as AMCT checks its presence. Prune records are
matched by their producers (then by the most shared nodes), their nodes by role and name,
attributes by name. The order of entries alone never makes two records differ: AMCT looks
layers up by key; only where a key has copies does their order matter, and then the fields
of the first copy differ. See docs/RECORD-FORMAT.md for the fields and AMCT's rules.

Modules: `compare` (the matching and `RecordComparison`), `results` (what a query
returns), `_columns` (one field over the layer pairs, as arrays), `_prune` (prune records),
`_values` (what they share).
"""
from editor.records.diff._values import dialect_name, display_name, field_paths
from editor.records.diff.compare import RecordComparison, compare_records, diff_records
from editor.records.diff.results import (
    DefaultDifference,
    DialectField,
    DialectNotes,
    Differences,
    DuplicateKey,
    EntryRef,
    FieldDiff,
    LayerDiff,
    LayerOverview,
    MovedEntry,
    PruneChange,
    PruneRecordRef,
)

__all__ = ["DefaultDifference", "DialectField", "DialectNotes", "Differences", "DuplicateKey", "EntryRef",
           "FieldDiff", "LayerDiff", "LayerOverview", "MovedEntry", "PruneChange", "PruneRecordRef",
           "RecordComparison", "compare_records", "dialect_name", "diff_records", "display_name",
           "field_paths"]
