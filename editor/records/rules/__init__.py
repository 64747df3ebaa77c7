"""AMCT's validity rules as data: each rule is an id, a severity, the dialects it applies to,
a one-line description and pure functions that yield findings. No Qt here.

Where the rules come from: docs/RECORD-FORMAT.md (§6, what AMCT checks; §7, the rules and
their ids), the AMCT documentation, and the checks of AMCT's own record parser
(``parse_record_file.py`` in ``hicann/amct``), whose error messages the findings quote where
AMCT stops on them.

Severities: **error** — AMCT rejects the file or builds a wrong model; **warning** — legal
but suspicious, or documented as unsupported; **info** — worth knowing.

Using it
--------
Import everything from ``editor.records.rules``; the modules below are its parts.

- ``check_message(message, dialect)`` → every problem, in file order: entries first (each
  in rule order), then prune records, then whole-file findings. A check's settings ride on
  its `CheckContext`: ``CheckContext.build(message, dialect, outlier_k=3)`` passed as
  ``context=`` (``check_document`` and ``document_problems`` take it too).
- ``check_document(doc)`` does the same for a `RecordDocument` and fills line/column from
  ``doc.locate()`` where it knows them; ``document_problems(doc)`` adds the document's
  reading problems (``merge_problems``), which is what ``record-editor check`` prints.
- Incremental (the GUI): build a ``CheckContext`` once per document, then
  ``check_entry(message, dialect, i, ctx)`` / ``check_prune_record(message, dialect, j, ctx)``
  re-check one entry or prune record; ``ctx.update_entry(message, i)`` /
  ``ctx.update_prune(message)`` say which other entries an edit touched.
  ``LiveChecker`` wraps all of that and keeps the current problem list.
  ``check_file_rules`` runs the few rules that look across the whole file (cheap).
- Before committing an edit: ``validate_value(dialect, value_or_entry, field, new_value,
  index=…)`` returns the error the new value would cause, or None; ``validate_changes``
  checks several edits made as one step (a channel added to every vector);
  ``validate_entry`` judges an entry already edited (whole fields replaced, e.g. taken from
  another record); ``validate_prune_value`` does the same for prune attributes.
- ``layer_type(key, ctx)`` is a layer's type as the rules see it (`layer_types` explains
  where it comes from); ``type_values(field)`` the values AMCT accepts for a type field.
- ``RULES`` is every rule by id, in order; ``rules_table()`` is the README's table.

Problem locations: ``record`` is the key and ``record_index`` the entry's position; ``field``
is a path inside the entry — value fields bare (``offset_d``, ``scale_w[3]``), ``key``,
``value`` (the block itself), ``kv_cache_value.scale[2]``. Prune problems set
``prune_record`` and ``record=None``, with paths like ``consumer[1].attr[2]``.

The parts
---------
- `_registry`: `Rule`, ``rule()``, `RULES`, `Finding`, the dialect sets (``ALL``, ``PRUNE``…).
- `layer_types`: op-type tables, `LayerType`, ``guess_layer_type`` (what a key says).
- `context`: `CheckContext`, what the whole file says; `views`: what a rule function reads
  (`EntryView`, `PruneView`, `DocumentView`); `_wording`: how findings word values.
- `engine`: runs the rules (``check_*``, ``merge_problems``); `live`: `LiveChecker`;
  `validate`: ``validate_value`` and kin.
- The catalogs, the rules themselves: `catalog_keys` (keys, missing factors),
  `catalog_values` (factor values, lengths, type fields), `catalog_outliers` (channels far
  off their layer's values, for a reviewer), `catalog_layers` (what a kind of
  layer or flavour may carry: AvgPool, tensor keys, Caffe shape, reserved fields, KV cache),
  `catalog_file` (whole-file rules), `catalog_prune` (prune records and what depends on them),
  `catalog_model` (the ``model-`` rules: the record against its network, run only when a
  model is attached — ``check_message(…, model=…)``, ``CheckContext.build(…, model)``,
  ``LiveChecker(…, model=…)``/``set_model``).

Adding a rule
-------------
1. Put it in the catalog whose subject it shares: ``MY_RULE = rule("my-rule", ERROR, ALL,
   "one line for the README table")``, then a function decorated ``@MY_RULE.on_entry``
   (gets an `EntryView`), ``.on_prune`` (a `PruneView`) or ``.on_document`` (a
   `DocumentView`) that yields `Finding` objects (message, field path, severity if not the
   rule's).
2. Problems are reported in registration order: the catalogs are imported below in one
   fixed order, and each registers its rules top to bottom. Place the rule where its
   problems should be listed; a rule placed elsewhere reorders ``check`` output.
3. Add the test pair ``tests/data/rules/my-rule.bad.txt`` and ``my-rule.ok.txt`` (the
   tests require one for every rule). First line ``# dialect: NAME``; in the bad file one
   ``# expect: record="…" field="…" severity="…"`` line per problem — the rule must report
   exactly those; the ok file must give no problem of that rule and no error at all. Where
   a dialect behaves differently, add a ``my-rule.DIALECT.bad.txt``/``.ok.txt`` pair too.
4. Run ``python -m scripts.rules_table --update README.md`` and add the rule to the table in
   docs/RECORD-FORMAT.md §7.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

# The catalogs register their rules when imported: this order is the order rules are
# checked, listed and reported in (`check` output and the tests depend on it).
# isort: off
from editor.records.rules import catalog_keys  # noqa: F401
from editor.records.rules import catalog_values  # noqa: F401
from editor.records.rules import catalog_outliers  # noqa: F401
from editor.records.rules import catalog_layers  # noqa: F401
from editor.records.rules import catalog_file  # noqa: F401
from editor.records.rules import catalog_prune  # noqa: F401
from editor.records.rules import catalog_model  # noqa: F401
# isort: on

from editor.records.rules._registry import (
    ALL,
    ERROR,
    INFO,
    PRUNE,
    RULES,
    WARNING,
    WITH_ACT_TYPE,
    Finding,
    Rule,
    rule,
    rules_table,
)
from editor.records.rules.catalog_layers import CAFFE_SHIFT_BIT
from editor.records.rules.catalog_values import type_values
from editor.records.rules.context import ChannelSpan, CheckContext, layer_type
from editor.records.rules.engine import (
    REJUDGED,
    check_document,
    check_entry,
    check_file_rules,
    check_message,
    check_prune_record,
    document_problems,
    locate,
    merge_problems,
)
from editor.records.rules.layer_types import (
    AVGPOOL_TYPES,
    CONV_TYPES,
    FC_TYPES,
    PER_CHANNEL_DOC,
    RNN_GATES,
    UNKNOWN_TYPE,
    LayerType,
    guess_layer_type,
    is_tensor_key,
    type_kind,
)
from editor.records.rules.views import DocumentView, EntryView, PruneView

if TYPE_CHECKING:
    from editor.records.rules.hints import accepted_values
    from editor.records.rules.live import LiveChecker
    from editor.records.rules.validate import (
        validate_changes,
        validate_entry,
        validate_prune_value,
        validate_value,
    )

#: names imported when first asked for: `check` needs none of them (validate brings the edit
#: API), and a small check's start-up is counted in milliseconds
_LAZY = {"accepted_values": "hints", "LiveChecker": "live", "validate_changes": "validate",
         "validate_entry": "validate", "validate_prune_value": "validate", "validate_value": "validate"}


def __getattr__(name: str) -> object:
    if name in _LAZY:
        import importlib

        value = getattr(importlib.import_module(f"editor.records.rules.{_LAZY[name]}"), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

__all__ = [
    "ALL", "AVGPOOL_TYPES", "CAFFE_SHIFT_BIT", "CONV_TYPES", "ERROR", "FC_TYPES", "INFO",
    "PER_CHANNEL_DOC", "PRUNE", "REJUDGED", "RNN_GATES", "RULES", "UNKNOWN_TYPE", "WARNING",
    "WITH_ACT_TYPE", "ChannelSpan", "CheckContext", "DocumentView", "EntryView", "Finding",
    "LayerType", "LiveChecker", "PruneView", "Rule", "accepted_values", "check_document", "check_entry",
    "check_file_rules", "check_message", "check_prune_record", "document_problems",
    "guess_layer_type", "is_tensor_key", "layer_type", "locate", "merge_problems", "rule",
    "rules_table", "type_kind", "type_values", "validate_changes", "validate_entry", "validate_prune_value",
    "validate_value",
]
