"""The static type of record messages, for the type checker.

A record file is one message of one of seven dialects (`dialects.DIALECTS`). Their classes
share field names (`record`, `key`, `value`, `prune_record`, `producer`, `attr`, ...) but no base
class that declares them: each generated class derives straight from protobuf's `Message`. Code
that works on any dialect therefore reads fields by name on an object whose class it does not
know statically. Annotating it `Message` would make every such read a type error, and a Union
of seven dialects' classes (times each nested message) would be both unreadable and wrong,
because the same code also reads messages of dialects added later.

So a message read by field name is annotated `RecordMessage`, which is `Any` to the checker:
the field names are checked at run time by protobuf (an unknown field raises AttributeError)
and by the tests over every dialect. Code that only uses `Message`'s own API (descriptors,
`ListFields`, `HasField`, serialising) keeps the precise `Message` type.
"""
from __future__ import annotations

from typing import Any, TypeAlias, cast

from google.protobuf.descriptor import Descriptor, EnumDescriptor, FieldDescriptor
from google.protobuf.message import Message

#: A record message of any dialect, or any message inside one (an entry, a layer's values,
#: a prune node, an attribute), read by field name. See the module docstring for why it is Any.
RecordMessage: TypeAlias = Any


def descriptor_of(message: Message | type[Message]) -> Descriptor:
    """`message.DESCRIPTOR` (of a message or its class) as the checker's one `Descriptor` type.

    The protobuf stubs type `DESCRIPTOR` as the pure-Python `Descriptor` or upb's class; the
    upb object passes `isinstance(d, Descriptor)` (protobuf's metaclass makes it so), so
    both are one type to the code.
    """
    return cast(Descriptor, message.DESCRIPTOR)


def message_type_of(field: FieldDescriptor) -> Descriptor:
    """The message type of a message field (the stubs type it Optional: None for scalars)."""
    if field.message_type is None:
        raise TypeError(f"{field.full_name} is not a message field")
    return field.message_type


def enum_type_of(field: FieldDescriptor) -> EnumDescriptor:
    """The enum type of an enum field (the stubs type it Optional: None for other fields)."""
    if field.enum_type is None:
        raise TypeError(f"{field.full_name} is not an enum field")
    return field.enum_type
