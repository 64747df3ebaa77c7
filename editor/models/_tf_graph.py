"""A TensorFlow GraphDef as the reader and the fusion matcher walk it: nodes by name, who reads
each node's output, Const values behind Identity reads, typed attributes. No Qt here."""
from __future__ import annotations

from collections.abc import Callable
from typing import Literal, overload

from editor.i18n import translate
from editor.models._pb import tf_graph_pb2 as pb
from editor.models.base import ModelError, TensorRef

#: the BatchNorm ops AMCT TensorFlow folds ("BN fusion applies to FusedBatchNorm, V2, V3")
BN_OPS = frozenset({"FusedBatchNorm", "FusedBatchNormV2", "FusedBatchNormV3"})
#: ops whose output is their first input (a Const read through them is still that Const)
PASS_THROUGH = frozenset({"Identity", "Snapshot", "StopGradient"})

#: the field of AttrValue's oneof each kind of attribute is read from
_ATTR_KINDS = {"list": "list", "s": "string", "f": "float", "b": "bool", "i": "int"}


def source_name(inp: str) -> str:
    """The node an input refers to: ``scope/w:0`` → ``scope/w``; control inputs have ``^``."""
    name = inp[1:] if inp.startswith("^") else inp
    head, sep, tail = name.rpartition(":")
    return head if sep and tail.isdigit() else name


@overload
def attr(node: pb.NodeDef, name: str, kind: Literal["list"]) -> pb.AttrValue.ListValue | None: ...
@overload
def attr(node: pb.NodeDef, name: str, kind: Literal["s"]) -> bytes | None: ...
@overload
def attr(node: pb.NodeDef, name: str, kind: Literal["f"]) -> float | None: ...
@overload
def attr(node: pb.NodeDef, name: str, kind: Literal["b"]) -> bool | None: ...
@overload
def attr(node: pb.NodeDef, name: str, kind: Literal["i"]) -> int | None: ...


def attr(node: pb.NodeDef, name: str, kind: Literal["list", "s", "f", "b", "i"]
         ) -> pb.AttrValue.ListValue | bytes | float | bool | int | None:
    """Attribute `name` of `node` as `kind` (``list``, ``s``, ``f``, ``b``, ``i``), None when
    absent; ModelError naming the node when it holds another kind of value (reading the
    wrong one would silently give its default: an epsilon of 0)."""
    if name not in node.attr:
        return None
    value = node.attr[name]
    held = value.WhichOneof("value")
    if held != kind:
        raise ModelError(translate("models", "node {node}: attribute {name} holds {got}, {wanted} expected").format(
            node=repr(node.name), name=name, got=_ATTR_KINDS.get(held or "", held or translate("models", "nothing")),
            wanted=_ATTR_KINDS[kind]))
    got: pb.AttrValue.ListValue | bytes | float | bool | int = getattr(value, kind)
    return got


class Graph:
    """The nodes of a GraphDef with what a walk over them needs. `const_of(index, node)`
    makes the TensorRef of a Const node (the reader's, lazy)."""

    def __init__(self, nodes: list[pb.NodeDef], const_of: Callable[[int, pb.NodeDef], TensorRef | None]):
        self.nodes = nodes
        self.index = {n.name: i for i, n in enumerate(nodes)}
        self.consumers: dict[str, list[int]] = {}
        for i, n in enumerate(nodes):
            for inp in n.input:
                if not inp.startswith("^"):
                    self.consumers.setdefault(source_name(inp), []).append(i)
        self._const_of = const_of
        self._consts: dict[str, TensorRef | None] = {}

    def node(self, inp: str) -> pb.NodeDef | None:
        """The node an input names (None: not in the graph)."""
        i = self.index.get(source_name(inp))
        return self.nodes[i] if i is not None else None

    def const(self, inp: str) -> TensorRef | None:
        """The Const an input reads, through Identity-like nodes; None if it is not one."""
        name = source_name(inp)
        seen = set()
        while name in self.index and name not in seen:
            seen.add(name)
            node = self.nodes[self.index[name]]
            if node.op == "Const":
                if name not in self._consts:
                    self._consts[name] = self._const_of(self.index[name], node)
                return self._consts[name]
            if node.op in PASS_THROUGH and node.input:
                name = source_name(node.input[0])
                continue
            return None
        return None

    def only_user(self, name: str) -> pb.NodeDef | None:
        """The one node reading `name`'s output, or None (none, or several)."""
        users = self.consumers.get(name, [])
        return self.nodes[users[0]] if len(users) == 1 else None

    def data_inputs(self, node: pb.NodeDef) -> list[str]:
        """The node's inputs without control inputs."""
        return [x for x in node.input if not x.startswith("^")]
