"""`sdy.sharding_constraint` and `sdy.reshard` built by their direct constructor are the ops IRDL's generic
construction builds from their definitions: same operand, result type, properties and attributes; they print
alike."""

from __future__ import annotations

import pytest
from xdsl.dialects.builtin import TensorType, f32
from xdsl.ir import Block
from xdsl.irdl import IRDLOperation

from autoshard.dialects.sdy import ReshardOp, ShardingConstraintOp, TensorShardingAttr
from autoshard.sharding import DimSharding, TensorSharding
from autoshard.sharding.axis_ref import AxisRef


@pytest.mark.parametrize("op_cls", [ShardingConstraintOp, ReshardOp])
def test_direct_construction_is_irdl_construction(op_cls) -> None:
    value = Block(arg_types=[TensorType(f32, [8, 16])]).args[0]
    sharding = TensorShardingAttr.from_sharding(TensorSharding("mesh", (DimSharding((AxisRef("a"),)), DimSharding(()))))
    direct = op_cls(value, sharding)
    generic = op_cls.__new__(op_cls)
    IRDLOperation.__init__(generic, operands=[value], result_types=[value.type], properties={"sharding": sharding})
    assert list(direct.operands) == list(generic.operands) == [value]
    assert [r.type for r in direct.results] == [r.type for r in generic.results] == [value.type]
    assert direct.properties == generic.properties and direct.attributes == generic.attributes == {}
    assert direct.input is value and direct.sharding == sharding and direct.result.type == value.type
    assert str(direct) == str(generic)
