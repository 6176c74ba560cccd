"""`ShardingProjection`: dimension shardings onto an op's factors and back, as Shardy defines it."""

import pytest

from autoshard.rules.rule import OpShardingRule
from autoshard.rules.sharding_projection import FactorSharding, ShardingProjection, TensorFactorShardings
from autoshard.sharding import AxisRef, DimSharding, Mesh, SubAxisInfo, TensorSharding

X, Y = AxisRef("x"), AxisRef("y")


def sub(name: str, pre_size: int, size: int) -> AxisRef:
    return AxisRef(name, SubAxisInfo(pre_size, size))


def sharding(*dims: tuple[AxisRef, ...], unreduced: tuple[AxisRef, ...] = ()) -> TensorSharding:
    return TensorSharding("mesh", tuple(DimSharding(d) for d in dims), (), unreduced)


def reshape_rule(i: int, j: int) -> OpShardingRule:
    """([ij]) -> ([i, j]): a reshape splitting one dimension into two."""
    return OpShardingRule((i, j), (((0, 1),),), (((0,), (1,)),))


def test_axis_split_across_factors_and_merged_back():
    mesh = Mesh.parse("x=4,y=2")
    rule = reshape_rule(2, 4)
    projection = ShardingProjection.build([sharding((X, Y))], [None], rule, mesh)
    operand = projection.operands[0].factor_index_to_sharding
    assert operand[0] == FactorSharding((sub("x", 1, 2),), is_closed=True)
    assert operand[1] == FactorSharding((sub("x", 2, 2), Y), is_closed=True, is_minor_most=True)
    result = projection.results[0].factor_index_to_sharding
    assert result[0] == FactorSharding(is_minor_most=True) and not result[1].axis_refs and not result[1].is_closed

    common = [operand[0].axis_refs, operand[1].axis_refs]
    operands, results = ShardingProjection.from_axes_per_factor(common, rule).create_tensor_shardings(rule, "mesh", mesh)
    assert operands == (sharding((X, Y)),)
    assert results == (sharding((sub("x", 1, 2),), (sub("x", 2, 2), Y)),)


def test_overflow_axes_when_the_next_axis_does_not_fit():
    mesh = Mesh.parse("x=4,y=3")
    rule = reshape_rule(6, 4)
    projection = ShardingProjection.build([sharding((X, Y))], [None], rule, mesh)
    operand = projection.operands[0]
    # 6 takes "x":(1)2; 3 and the rest of "x" (2) are coprime: the rest overflows, and the minor factor stays empty
    assert operand.factor_index_to_sharding[0] == FactorSharding((sub("x", 1, 2),), True, False, (sub("x", 2, 2), Y))
    assert operand.factor_index_to_sharding[1] == FactorSharding(is_closed=True, is_minor_most=True)
    assert operand.sharding_size(mesh) == 12
    # going back restores the dimension, merging the split axis
    assert operand.create_tensor_sharding(rule.operand_mappings[0], rule.factor_sizes, "mesh", mesh) == sharding((X, Y))


def test_minor_most_factor_takes_axes_that_do_not_divide_it():
    mesh = Mesh.parse("x=4")
    rule = OpShardingRule((6,), (((0,),),), (((0,),),))
    projection = ShardingProjection.build([sharding((X,))], [sharding((X,))], rule, mesh)
    assert projection.operands[0].factor_index_to_sharding[0].axis_refs == (X,)


def test_replicated_and_unreduced_axes_are_kept():
    mesh = Mesh.parse("x=2,y=2")
    rule = OpShardingRule((4,), (((0,),),), (((0,),),))
    s = TensorSharding("mesh", (DimSharding((X,)),), (), (Y,))
    projection = ShardingProjection.build([s], [None], rule, mesh, closed_if_missing=True)
    assert projection.operands[0].unreduced_axes == (Y,)
    assert projection.results[0].factor_index_to_sharding[0] == FactorSharding(is_closed=True, is_minor_most=True)
    back = projection.operands[0].create_tensor_sharding(rule.operand_mappings[0], rule.factor_sizes, "mesh", mesh)
    assert back == s


def test_factor_needing_a_strided_view_is_left_out():
    mesh = Mesh.parse("x=2,y=2")
    rule = reshape_rule(4, 4)
    # "x" shards i only partly (2 of 4): sharding j by "y" too would need a strided view of the operand's dimension
    tensor = ShardingProjection.from_axes_per_factor([(X,), (Y,)], rule).operands[0]
    assert tensor.create_tensor_sharding(rule.operand_mappings[0], rule.factor_sizes, "mesh", mesh) == sharding((X,))
    assert tensor.sharding_size(mesh) == 4


def test_rank_mismatch_is_an_error():
    mesh = Mesh.parse("x=2")
    with pytest.raises(ValueError):
        ShardingProjection.build([sharding((X,), ())], [None], reshape_rule(2, 2), mesh)
    with pytest.raises(ValueError):
        ShardingProjection.build([], [None], reshape_rule(2, 2), mesh)


def test_tensor_factor_shardings_default_to_no_axes():
    assert TensorFactorShardings({}).sharding_size(Mesh.parse("x=2")) == 1
