"""OnceVerifier: an op made of the same objects as one that passed is not verified again; a failing op always is,
and ops with verifiers of their own, traits that verify, or regions are verified every time."""

from __future__ import annotations

from xdsl.dialects.builtin import TensorType, f32
from xdsl.ir import Operation

from autoshard.dialects.sdy import ShardingConstraintOp, TensorShardingAttr
from autoshard.dialects.stablehlo import AddOp
from autoshard.ir.parse import parse_module_with_locations
from autoshard.ir.verify import verify_ops
from autoshard.ir.verify_once import OnceVerifier, _verifies_itself_alone

T = TensorType(f32, [4])


def _counting(monkeypatch, cls: type[Operation]) -> list[Operation]:
    seen: list[Operation] = []
    original = cls.verify_

    def verify_(self) -> None:
        seen.append(self)
        original(self)

    monkeypatch.setattr(cls, "verify_", verify_)
    return seen


def test_which_classes_verify_alone() -> None:
    assert _verifies_itself_alone(AddOp)
    assert not _verifies_itself_alone(ShardingConstraintOp)  # its own sdy verifier


def test_same_objects_verified_once_failures_every_time(monkeypatch) -> None:
    value = AddOp.create(result_types=[T]).results[0]
    good = [AddOp.create(operands=[value, value], result_types=[T]) for _ in range(3)]
    bad = [AddOp.create(operands=[], result_types=[T]) for _ in range(2)]  # no operands: IRDL's count fails
    other_type = AddOp.create(operands=[value, value], result_types=[TensorType(f32, [4])])  # equal, not the same
    verifier = OnceVerifier()
    verifier._alone[AddOp] = True  # the counting wrapper below hides what _verifies_itself_alone recognizes
    seen = _counting(monkeypatch, AddOp)
    for op in (*good, *bad, other_type):
        try:
            verifier.verify(op)
        except Exception:
            pass
    assert seen == [good[0], *bad, other_type]


def test_repeated_ops_in_a_module_pass_and_a_bad_one_still_reports() -> None:
    text = """func.func @f(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.add %a, %b : tensor<4xf32>
  %1 = stablehlo.add %0, %b : tensor<4xf32>
  %2 = stablehlo.add %1 : tensor<4xf32>
  %3 = stablehlo.add %2, %2, %2 : tensor<4xf32>
  func.return %3 : tensor<4xf32>
}
"""
    module, source_map = parse_module_with_locations(text, "v.mlir")
    errors = [str(d) for d in verify_ops(module, source_map) if d.severity == "error"]
    assert [e.split(": error:")[0] for e in errors] == ["v.mlir:4:3", "v.mlir:5:3"]


def test_ops_with_their_own_verifier_are_verified_each_time(monkeypatch) -> None:
    attr = TensorShardingAttr.replicated_of("m", 1)
    value = AddOp.create(result_types=[T]).results[0]
    ops = [ShardingConstraintOp(value, attr) for _ in range(3)]
    seen = _counting(monkeypatch, ShardingConstraintOp)
    verifier = OnceVerifier()
    for op in ops:
        try:
            verifier.verify(op)
        except Exception:
            pass
    assert seen == ops
