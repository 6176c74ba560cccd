"""`hardware.reduce_scatter`: whether the backend fuses all-reduce + slice into a reduce-scatter."""

import pytest

from autoshard.errors import UserError
from autoshard.planner.plan_graph import Settle, TensorInfo
from autoshard.planner.pricing import PlanCostModel
from autoshard.sharding import AxisRef
from autoshard.sharding.hardware_profiles import load_config, parse_config

CONFIG = """
mesh: {axes: {data: 2, model: 4}}
hardware: {peak_flops: 1.0e+12, memory_bytes: 1.0e+9, memory_bandwidth: 1.0e+11%s}
axis_links:
  data: {bandwidth: 1.0e+10, latency: 1.0e-6}
  model: {bandwidth: 1.0e+10, latency: 1.0e-6}
"""


def test_default_is_true_and_host_cpu_profile_says_false():
    assert parse_config(CONFIG % "", "c.yaml").hardware.reduce_scatter is True
    assert load_config("host-cpu").hardware.reduce_scatter is False


def test_must_be_a_boolean():
    with pytest.raises(UserError, match="reduce_scatter must be true or false"):
        parse_config(CONFIG % ", reduce_scatter: 3", "c.yaml")


def test_reduce_scatter_settle_is_priced_as_all_reduce_without_fusion():
    settle = Settle("reduce_scatter", (AxisRef("model"),), dim=0)
    info = TensorInfo((8, 64), "f32")
    fused = PlanCostModel(parse_config(CONFIG % "", "c.yaml"))
    unfused = PlanCostModel(parse_config(CONFIG % ", reduce_scatter: false", "c.yaml"))
    assert fused.settle_kind(settle) == "reduce_scatter"
    assert unfused.settle_kind(settle) == "all_reduce"
    (a,), (b,) = fused.settle_costs(settle, info, (8, 64)), unfused.settle_costs(settle, info, (8, 64))
    assert b.kind == "all_reduce" and b.bytes_per_device == pytest.approx(2 * a.bytes_per_device)
