"""Keys of ops computed once per combination of the objects the ops are made of.

Keys that describe an op by its name, types, properties and attributes (what its sharding rule depends on, what
makes two ops compute the same value) hash those attributes, and xDSL attributes recompute their hash on every
call, recursively. The parser shares one object per repeated type and attribute (`memoizing_parser`,
`repeated_ops`), so a deep model's ops are made of a few hundred combinations of objects: `KeysByObjects` computes a
key once per combination and looks the others up by the objects' identities.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

from xdsl.ir import Operation


def made_of(op: Operation) -> tuple[tuple, tuple]:
    """(identities, objects): what `op` is made of, by identity: its class and name, its operand and result type
    objects, its property and attribute value objects, and its regions' op names; and the objects themselves,
    for a memo keyed by the identities to hold so that no id is reused while its entry is kept. Ops with equal
    identities differ in nothing but their operands, results and regions' contents beyond the op names."""
    operand_types = tuple(operand.type for operand in op.operands)
    result_types = tuple(op.result_types)
    properties = tuple(op.properties.items())
    attributes = tuple(op.attributes.items())
    body = (len(op.regions), tuple(o.name for region in op.regions for block in region.blocks for o in block.ops)) \
        if op.regions else ()
    identities = (type(op), op.name, tuple(map(id, operand_types)), tuple(map(id, result_types)),
                  tuple((name, id(value)) for name, value in properties),
                  tuple((name, id(value)) for name, value in attributes), body)
    return identities, (operand_types, result_types, properties, attributes)


class KeysByObjects:
    """`keys(op)` is `key(op)`, computed once for the ops made of the same objects (`made_of`). `key` must depend
    on nothing else of the op."""

    def __init__(self, key: Callable[[Operation], Hashable | None]):
        self._key = key
        #: identities -> (the objects they name, held; the key)
        self._known: dict[tuple, tuple[tuple, Hashable | None]] = {}

    def __call__(self, op: Operation) -> Hashable | None:
        identities, objects = made_of(op)
        known = self._known.get(identities)
        if known is None:
            known = self._known[identities] = (objects, self._key(op))
        return known[1]
