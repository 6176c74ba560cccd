"""The op classes of autoshard's dialects by op name, and their traits (`op_traits`) for code holding only a name.

A plan node's `label` is its op's name; `has_trait("stablehlo.add", Elementwise)` reads the category off the
`stablehlo.add` op class. A name no dialect defines (an unregistered op) has no traits.
"""

from __future__ import annotations

import functools
from typing import TypeVar

from xdsl.irdl import IRDLOperation
from xdsl.traits import OpTrait

from autoshard.dialects.chlo import CHLO_OPS
from autoshard.dialects.sdy import SDY_OPS
from autoshard.dialects.stablehlo import STABLEHLO_OPS

_T = TypeVar("_T", bound=OpTrait)

OP_CLASSES: dict[str, type[IRDLOperation]] = {op.name: op for op in (*STABLEHLO_OPS, *CHLO_OPS, *SDY_OPS)}


def get_trait(op_name: str, trait: type[_T]) -> _T | None:
    """The trait of class `trait` (or a subclass) that op `op_name` has, None when it has none."""
    return _get_trait(op_name, trait)  # type: ignore[return-value]


@functools.cache
def _get_trait(op_name: str, trait: type[OpTrait]) -> OpTrait | None:
    op = OP_CLASSES.get(op_name)
    return None if op is None else op.get_trait(trait)


def has_trait(op_name: str, trait: type[OpTrait]) -> bool:
    """Whether op `op_name` has trait `trait` (or a subclass of it)."""
    return _get_trait(op_name, trait) is not None


def ops_with_trait(trait: type[OpTrait]) -> tuple[str, ...]:
    """The names of the ops that have trait `trait` (or a subclass of it)."""
    return tuple(name for name, op in OP_CLASSES.items() if op.has_trait(trait))
