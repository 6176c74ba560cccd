"""Emission states each distinct sharding with one shared attribute object, equal to the attribute built afresh."""

from __future__ import annotations

from autoshard.dialects.sdy import SHARDING_ATTR, ShardingConstraintOp, TensorShardingAttr, TensorShardingPerValueAttr
from autoshard.emit.annotate import annotate_module
from autoshard.planner.api import plan
from bundled_models import zoo_path


def test_shared_attributes_equal_fresh_ones() -> None:
    annotated = annotate_module(plan(zoo_path("transformer_block"), mesh="data=2,model=4", time_limit=1))
    per_value: dict[object, int] = {}
    constraints = 0
    for op in annotated.walk():
        attr = op.attributes.get(SHARDING_ATTR)
        if isinstance(attr, TensorShardingPerValueAttr):
            fresh = TensorShardingPerValueAttr([TensorShardingAttr.from_sharding(s.to_sharding())
                                                for s in attr.shardings])
            assert attr == fresh
            per_value[id(attr)] = per_value.get(id(attr), 0) + 1
        if isinstance(op, ShardingConstraintOp):
            constraints += 1
            assert op.sharding == TensorShardingAttr.from_sharding(op.sharding.to_sharding())
    assert constraints and len(per_value) < sum(per_value.values())  # some ops share one attribute object
