"""Op categories as traits on the dialects' op classes, read by op name through `ops_by_name`."""

from __future__ import annotations

from autoshard.dialects.chlo import BesselI1eOp, ErfOp, TopKOp
from autoshard.dialects.op_traits import (
    AddsOperands, Elementwise, FusionRoot, InPlaceUpdate, Linear, LinearInFirstOperand, LoopFusible, Pointwise,
    RunsReplicatedUnderXla, Slicing, SumReduction, Transcendental,
)
from autoshard.dialects.ops_by_name import OP_CLASSES, get_trait, has_trait, ops_with_trait
from autoshard.dialects.stablehlo import AddOp, AfterAllOp, ClampOp, ExpOp, PartitionIdOp
from costmodel.compute import TRANSCENDENTAL_OPS


def test_narrower_categories_are_subclasses() -> None:
    assert has_trait("stablehlo.add", Pointwise) and has_trait("stablehlo.add", Elementwise)
    assert has_trait("stablehlo.add", LoopFusible) and AddOp.has_trait(LoopFusible)
    assert has_trait("stablehlo.clamp", Elementwise) and not ClampOp.has_trait(Pointwise)
    assert has_trait("chlo.broadcast_add", Elementwise) and not has_trait("chlo.broadcast_add", Pointwise)
    assert has_trait("stablehlo.transpose", LoopFusible) and not has_trait("stablehlo.transpose", Elementwise)
    assert has_trait("stablehlo.gather", Slicing) and has_trait("stablehlo.gather", LoopFusible)
    assert has_trait("stablehlo.add", AddsOperands) and has_trait("stablehlo.add", Linear)


def test_ops_sharing_a_syntax_base_do_not_inherit_elementwise() -> None:
    """`after_all` and `partition_id` print like elementwise ops but compute nothing per element."""
    assert not AfterAllOp.has_trait(Elementwise) and not PartitionIdOp.has_trait(Elementwise)


def test_in_place_updates_name_their_update_operand() -> None:
    assert {n: get_trait(n, InPlaceUpdate).update_operand for n in ops_with_trait(InPlaceUpdate)} == {
        "stablehlo.dynamic_update_slice": 1, "stablehlo.scatter": 2}
    assert set(ops_with_trait(FusionRoot)) - set(ops_with_trait(InPlaceUpdate)) == {
        "stablehlo.reduce", "stablehlo.reduce_window"}


def test_partial_sum_categories() -> None:
    assert set(ops_with_trait(SumReduction)) == {"stablehlo.dot_general", "stablehlo.dot", "stablehlo.convolution"}
    assert set(ops_with_trait(LinearInFirstOperand)) == {
        "stablehlo.multiply", "stablehlo.divide", "stablehlo.dot_general", "stablehlo.dot"}
    assert set(ops_with_trait(AddsOperands)) == {"stablehlo.add", "stablehlo.subtract"}
    assert TopKOp.has_trait(RunsReplicatedUnderXla)


def test_transcendental_agrees_with_the_cost_model() -> None:
    """`costmodel` (which imports nothing of autoshard) keeps its own list by short name; the two agree on every
    op the dialects define."""
    assert ExpOp.has_trait(Transcendental) and ErfOp.has_trait(Transcendental)
    assert not BesselI1eOp.has_trait(Transcendental)
    assert set(ops_with_trait(Transcendental)) == {n for n in OP_CLASSES if n.split(".", 1)[1] in TRANSCENDENTAL_OPS}


def test_names_no_dialect_defines_have_no_traits() -> None:
    assert not has_trait("stablehlo.copy", Linear)
    assert get_trait("custom.op", LoopFusible) is None
