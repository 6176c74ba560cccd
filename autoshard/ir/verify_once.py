"""xDSL's op verification, run once per distinct op where its outcome depends on nothing but the op itself.

xDSL verifies an IRDL op (`op.verify_()`) against its definition: operand, result, region and successor counts,
the constraints on operand and result types, properties and attributes, then each trait's `verify`. For an op
with no regions and no successors, whose class adds no verifier of its own and none of whose traits verifies
anything, that outcome is a function of the op's class, its operand and result types and its property and
attribute values, all immutable. Exported modules repeat a few hundred such combinations tens of thousands of
times, and the parser shares one object per repeated type and attribute, so `OnceVerifier` runs the
verification for the first op of each combination of objects and lets later ops made of the same objects pass.
Only passing combinations are remembered: an op that fails is verified (and reports) on its own.
"""

from __future__ import annotations

from xdsl.ir import Operation
from xdsl.irdl import IRDLOperation
from xdsl.traits import OpTrait

from autoshard.ir.op_keys import made_of


def _verifies_itself_alone(cls: type[Operation]) -> bool:
    """Whether `cls.verify_` is IRDL's definition check with no verifier of the class's own (IRDL wraps the
    `verify_` the class had, which is `Operation.verify_`'s no-op unless the class or a base defines one), and
    no trait of the class verifies anything. Anything not recognisably so counts as not."""
    if not issubclass(cls, IRDLOperation):
        return False
    verify = cls.__dict__.get("verify_")
    if verify is None or getattr(verify, "__closure__", None) is None:
        return False
    cells = dict(zip(verify.__code__.co_freevars, (cell.cell_contents for cell in verify.__closure__)))
    if set(cells) != {"op_def", "custom_verify"} or cells["custom_verify"] is not Operation.verify_:
        return False
    if cells["op_def"] is not cls.get_irdl_definition():
        return False
    return all(type(trait).verify is OpTrait.verify for trait in cls.traits)


class OnceVerifier:
    """`verify(op)` runs `op.verify_()`, or nothing for an op made of the same objects as one that passed."""

    def __init__(self) -> None:
        self._alone: dict[type[Operation], bool] = {}
        #: `made_of` identities -> the objects they name (held, so no id is reused while the key is kept)
        self._passed: dict[tuple, tuple] = {}

    def verify(self, op: Operation) -> None:
        cls = type(op)
        alone = self._alone.get(cls)
        if alone is None:
            alone = self._alone[cls] = _verifies_itself_alone(cls)
        if not alone or op.regions or op.successors:
            op.verify_()
            return
        key, objects = made_of(op)
        if key in self._passed:
            return
        op.verify_()
        self._passed[key] = objects
