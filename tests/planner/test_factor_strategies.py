from dataclasses import dataclass, field

from autoshard.planner.factor_strategies import (
    enumerate_factor_strategies,
    local_factor_sizes,
    reduction_axes,
)
from autoshard.rules.sharding_projection import ShardingProjection
from autoshard.sharding import AxisRef, Mesh, SubAxisInfo


@dataclass
class Rule:
    factor_sizes: list
    operand_mappings: list
    result_mappings: list
    reduction_factors: list = field(default_factory=list)
    need_replication_factors: list = field(default_factory=list)
    permutation_factors: list = field(default_factory=list)
    blocked_propagation_factors: list = field(default_factory=list)


def matmul(m, n, k):
    # ([i, k], [k, j]) -> ([i, j]) with factor order i, j, k
    return Rule([m, n, k], [[[0], [2]], [[2], [1]]], [[[0], [1]]], reduction_factors=[2])


def test_matmul_strategies_on_2x4():
    mesh = Mesh.parse("data=2,model=4")
    strategies = enumerate_factor_strategies(matmul(8, 16, 32), mesh)
    # each axis to one of 3 factors or none: 4 * 4 = 16, all sizes divisible
    assert len(strategies) == 16
    assert strategies[0].is_replicated()
    assert len(set(strategies)) == 16


def test_projection_and_reduction_axes():
    mesh = Mesh.parse("data=2,model=4")
    rule = matmul(8, 16, 32)
    s = next(
        s for s in enumerate_factor_strategies(rule, mesh) if s.factor_axes == ((AxisRef("data"),), (), (AxisRef("model"),))
    )
    operands, results = ShardingProjection.from_axes_per_factor(s.factor_axes, rule).create_tensor_shardings(rule, "mesh", mesh)
    assert [t.partition_spec() for t in operands] == [("data", "model"), ("model", None)]
    assert [t.partition_spec() for t in results] == [("data", None)]
    assert reduction_axes(rule, s) == (AxisRef("model"),)
    assert local_factor_sizes(rule, s, mesh) == (4, 16, 8)


def test_need_replication_and_divisibility_and_sub_axes():
    mesh = Mesh.parse("x=4")
    rule = Rule([6, 8], [[[0], [1]]], [[[0], [1]]], need_replication_factors=[1])
    strategies = enumerate_factor_strategies(rule, mesh)
    assert [s.factor_axes for s in strategies] == [((), ()), ((AxisRef("x", SubAxisInfo(1, 2)),), ())]
    assert len(enumerate_factor_strategies(rule, mesh, allow_sub_axes=False)) == 1


def test_compound_dimension_requires_major_factor_fully_sharded():
    mesh = Mesh.parse("a=2,b=2")
    # reshape [i, j] -> [ij] with i=4, j=2: j may only be sharded once i is local size 1
    rule = Rule([4, 2], [[[0], [1]]], [[[0, 1]]])
    for s in enumerate_factor_strategies(rule, mesh):
        i_shards = 1
        for a in s.factor_axes[0]:
            i_shards *= a.size(mesh)
        if s.factor_axes[1]:
            assert 4 // i_shards == 1
    # with i=2 fully sharded by "a", j can take "b"
    rule2 = Rule([2, 2], [[[0], [1]]], [[[0, 1]]])
    assert ((AxisRef("a"),), (AxisRef("b"),)) in [s.factor_axes for s in enumerate_factor_strategies(rule2, mesh)]
