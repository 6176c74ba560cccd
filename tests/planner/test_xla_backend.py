"""The XLA backend a profile names (`hardware.xla_backend`): parsed and checked, its facts stated with their
provenance, and reaching the plan's memory figure."""

from __future__ import annotations

from dataclasses import replace

import pytest

import autoshard
from autoshard.errors import UserError
from autoshard.planner.xla_model.backend import (
    ASSUMED_CPU, BACKENDS, CPU, GPU, MEASURED_CPU, TPU, Fact, backend_for,
)
from autoshard.planner.xla_model.memory_accounting import plan_memory
from autoshard.sharding.hardware_profiles import load_config, parse_config
from costmodel.hardware import XLA_BACKENDS, available_profiles, profile_path

#: the bundled h100-8 profile's text, with a line for another hardware key after its memory bandwidth
H100 = profile_path("h100-8").read_text()
BANDWIDTH = "  memory_bandwidth: 3.35e+12\n"


def _h100_with(line: str) -> str:
    assert BANDWIDTH in H100
    return H100.replace(BANDWIDTH, BANDWIDTH + f"  {line}\n")

#: temporaries of 3x5 f32 (60 bytes): one heap slot of 64 bytes on XLA:CPU, of 128 on XLA:GPU
SMALL = """
func.func @main(%x: tensor<3x5xf32>, %y: tensor<3x5xf32>) -> tensor<3x5xf32> {
  %0 = stablehlo.exponential %x : tensor<3x5xf32>
  %1 = stablehlo.dot_general %0, %y, contracting_dims = [1] x [1] : (tensor<3x5xf32>, tensor<3x5xf32>) -> tensor<3x3xf32>
  %2 = stablehlo.dot_general %1, %0, contracting_dims = [1] x [0] : (tensor<3x3xf32>, tensor<3x5xf32>) -> tensor<3x5xf32>
  return %2 : tensor<3x5xf32>
}
"""


def test_default_is_cpu_and_a_named_backend_is_read():
    assert parse_config(H100, "c.yaml").hardware.xla_backend == "cpu"
    for name in XLA_BACKENDS:
        config = parse_config(_h100_with(f"xla_backend: {name}"), "c.yaml")
        assert backend_for(config) is BACKENDS[name]


def test_an_unknown_backend_is_a_one_line_error_at_its_key():
    with pytest.raises(UserError, match=r"hardware.xla_backend 'npu' is not one of cpu, gpu, tpu") as err:
        parse_config(_h100_with("xla_backend: npu"), "c.yaml")
    assert err.value.location is not None and err.value.location.file == "c.yaml"
    assert H100.splitlines()[err.value.location.line - 2] == BANDWIDTH.rstrip("\n")  # the line after it


def test_every_bundled_profile_is_modeled_with_the_cpu_backend():
    # the benches and tests compare against XLA:CPU compiles: the model pricing them is the cpu backend's
    assert {name: backend_for(load_config(name)).name for name in available_profiles()} == \
        {name: "cpu" for name in available_profiles()}


def test_each_backend_states_every_fact_with_its_provenance():
    assert tuple(BACKENDS) == XLA_BACKENDS
    assert all(fact.source == MEASURED_CPU or fact.source.startswith("read from XLA source: ")
               for fact in CPU.facts().values())
    assert all(fact.source == ASSUMED_CPU for fact in TPU.facts().values())
    for name, fact in GPU.facts().items():
        if fact.source == ASSUMED_CPU:
            assert fact.value == CPU.facts()[name].value
        else:
            assert fact.source.startswith("read from XLA source: ")
    assert GPU.heap_alignment.value == 128 and not GPU.merges_recomputation.value and GPU.reduce_scatter.value


def test_a_backend_fact_reaches_the_memory_figure():
    plan = autoshard.plan(SMALL, mesh="data=2,model=4", time_limit=2, seed=0, num_workers=1)
    cpu = plan_memory(plan.graph, plan.assignment, plan.mesh, CPU)
    assert cpu.total_bytes == plan.cost.memory.total_bytes  # the bundled default profile is modeled with cpu
    wider = replace(CPU, heap_alignment=Fact(4096, "a test's"))
    assert plan_memory(plan.graph, plan.assignment, plan.mesh, wider).temporary_bytes > cpu.temporary_bytes


def test_a_profile_naming_gpu_plans_with_its_facts():
    config = parse_config(_h100_with("xla_backend: gpu"), "c.yaml")
    plan = autoshard.plan(SMALL, mesh="data=2,model=4", config=config, time_limit=2, seed=0, num_workers=1)
    gpu = plan_memory(plan.graph, plan.assignment, plan.mesh, GPU)
    assert plan.cost.memory.total_bytes == gpu.total_bytes
    assert gpu.temporary_bytes > plan_memory(plan.graph, plan.assignment, plan.mesh, CPU).temporary_bytes
