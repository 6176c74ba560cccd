"""Reshard pricing: the collectives of the decomposition priced with costmodel's nccl-tests conventions."""

from __future__ import annotations

import pytest

from autoshard.sharding import AxisRef, DimSharding, Mesh, TensorSharding
from autoshard.sharding.hardware_profiles import mesh_shape
from autoshard.planner.xla_model.reshard_cost import (
    ALL_GATHER_COPY, ALL_TO_ALL_COPY, COPY_KINDS, ReshardPricer, reshard_cost,
)
from costmodel.hardware import AxisLink, CostConfig, HardwareSpec

MESH = Mesh.from_sizes({"data": 2, "model": 4})
BW, LAT = 1.0e9, 1.0e-6
CONFIG = CostConfig(
    mesh_shape(MESH),
    HardwareSpec(peak_flops=1e12, memory_bytes=1e10, memory_bandwidth=1e11),
    {"data": AxisLink(BW, LAT), "model": AxisLink(BW, LAT)},
)


def sh(*dims: tuple[str, ...], unreduced: tuple[str, ...] = ()) -> TensorSharding:
    return TensorSharding("m", tuple(DimSharding(tuple(AxisRef(a) for a in d)) for d in dims), (),
                          tuple(AxisRef(a) for a in unreduced))


def test_redundant_reshard_is_free():
    cost = reshard_cost(sh(("data",), ()), sh(("data",), ()), CONFIG, (64, 64), 4)
    assert cost.steps == () and cost.time_s == 0.0


def test_all_gather_priced_on_full_output_buffer():
    # [{"data", "model"}, {}] -> [{"data"}, {}] on 64x64 f32: gather over model (n=4) into a 32x64 buffer
    cost = reshard_cost(sh(("data", "model"), ()), sh(("data",), ()), CONFIG, (64, 64), 4)
    (step,) = cost.costs
    full = 32 * 64 * 4
    assert step.kind == "all_gather"
    assert step.bytes_per_device == pytest.approx(3 / 4 * full)
    assert cost.time_s == pytest.approx(3 / 4 * full / BW + 3 * LAT)  # ring: n-1 steps


@pytest.mark.parametrize("lowering", ["xla", "shardy"])
def test_slice_of_a_replicated_value_is_a_copy_of_the_local_bytes(lowering: str):
    # XLA runs replicated -> sharded as a dynamic-slice fusion per device: it reads its 16x64 slice (not the
    # whole 64x64 operand) and writes it, memory-bound; nothing crosses a link
    config = CostConfig(CONFIG.mesh, HardwareSpec(1e12, 1e10, 1e11, reshard_lowering=lowering), CONFIG.axis_links)
    cost = reshard_cost(sh((), ()), sh(("model",), ()), config, (64, 64), 4)
    (step,) = cost.costs
    local = 16 * 64 * 4
    assert step.kind == "all_slice" and step.group_size == 4 and cost.bytes_per_device == 0.0
    assert cost.time_s == pytest.approx(2 * local / 1e11)
    pricer = ReshardPricer(config)
    assert pricer.seconds(sh((), ()), sh(("model",), ()), (64, 64), 4) == pytest.approx(cost.time_s)
    assert pricer.seconds(sh((), ()), sh(("data", "model"), ()), (64, 64), 4) == pytest.approx(2 * 8 * 64 * 4 / 1e11)


def test_a_final_slice_fused_into_its_consumer_is_free_and_earlier_steps_keep_their_price():
    pricer = ReshardPricer(CONFIG)
    replicated, split = sh((), ()), sh(("model",), ())
    fused = reshard_cost(replicated, split, CONFIG, (64, 64), 4, fused_slice=True)
    assert [c.kind for c in fused.costs] == ["all_slice"] and fused.time_s == 0.0
    assert pricer.seconds(replicated, split, (64, 64), 4, fused_slice=True) == 0.0
    assert pricer.seconds_by_kind(replicated, split, (64, 64), 4, fused_slice=True) == {"all_slice": 0.0}
    # a reshard that does not end in a slice is priced the same whether or not its consumer fuses
    gather = (sh(("data", "model"), ()), sh(("data",), ()))
    assert pricer.seconds(*gather, (64, 64), 4, fused_slice=True) == pricer.seconds(*gather, (64, 64), 4) > 0


def test_all_to_all_moves_three_quarters():
    a2a = reshard_cost(sh(("model",), ()), sh((), ("model",)), CONFIG, (64, 64), 2)
    (step,) = a2a.costs
    assert step.kind == "all_to_all"
    assert step.bytes_per_device == pytest.approx(3 / 4 * 16 * 64 * 2)


def test_all_to_all_pays_the_copies_that_pack_and_unpack_its_chunks():
    # XLA packs each peer's chunk of the local 16x64 buffer (read and written) and concatenates what it receives
    # (read and written again): four passes over the local bytes at memory bandwidth, beside the link time
    src, dst = sh(("model",), ()), sh((), ("model",))
    local = 16 * 64 * 2
    a2a = reshard_cost(src, dst, CONFIG, (64, 64), 2)
    assert a2a.copy_s == pytest.approx(4 * local / 1e11)
    assert a2a.time_s == pytest.approx(a2a.costs[0].time_s + a2a.copy_s)
    pricer = ReshardPricer(CONFIG)
    assert pricer.seconds(src, dst, (64, 64), 2) == pytest.approx(a2a.time_s)
    assert pricer.seconds_by_kind(src, dst, (64, 64), 2) == pytest.approx(
        {"all_to_all": a2a.costs[0].time_s, ALL_TO_ALL_COPY: a2a.copy_s})
    assert ALL_TO_ALL_COPY in COPY_KINDS  # compute in a plan's breakdown, as in XLA's program


def test_unreduced_to_replicated_is_an_all_reduce_of_the_local_buffer():
    cost = reshard_cost(sh((), ("model",), unreduced=("data",)), sh((), ("model",)), CONFIG, (8, 8), 4)
    (step,) = cost.costs
    assert step.kind == "all_reduce"
    assert step.bytes_per_device == pytest.approx(2 * (2 - 1) / 2 * 8 * 2 * 4)


@pytest.mark.parametrize("lowering", ["xla", "shardy"])
def test_the_memoized_pricer_agrees_with_reshard_cost(lowering: str):
    # ReshardPricer lowers on the dims sharded on either side and memoizes per divisibility; reshard_cost lowers
    # the whole tensor: the steps and seconds must be the same, for an unsharded third dim too
    config = CostConfig(CONFIG.mesh, HardwareSpec(1e12, 1e10, 1e11, reshard_lowering=lowering),
                        {"data": AxisLink(BW, LAT), "model": AxisLink(4 * BW, LAT, "switch")})
    pricer = ReshardPricer(config)
    pairs = [(sh(("data", "model"), (), ()), sh(("data",), (), ())),
             (sh(("model",), (), ()), sh((), ("model",), ())),
             (sh((), ("model",), (), unreduced=("data",)), sh((), ("model",), ())),
             (sh((), (), ()), sh(("model",), ("data",), ())),
             (sh(("data",), ("model",), ()), sh(("model",), ("data",), ()))]
    for shape in ((64, 64, 3), (6, 64, 5)):
        for src, dst in pairs:
            expected = reshard_cost(src, dst, config, shape, 2)
            assert [(s, c) for s, c in pricer.steps(src, dst, shape, 2)] == list(zip(expected.steps, expected.costs))
            assert pricer.seconds(src, dst, shape, 2) == pytest.approx(expected.time_s, rel=1e-12)
            by_kind = pricer.seconds_by_kind(src, dst, shape, 2)
            assert sum(by_kind.values()) == pytest.approx(expected.time_s, rel=1e-12)


def test_all_gather_along_an_inner_dimension_copies_in_and_out_of_a_gathering_layout():
    # XLA gathers along the outermost dimension of the layout: gathering dim 1 of a 64x64 f32 copies the 64x16
    # operand into a layout with dim 1 outermost and the 64x64 result back (each read and written); gathering
    # dim 0 copies nothing, and a consumer taking the result inside its loop fuses the copy back
    pricer = ReshardPricer(CONFIG)
    bandwidth = 1e11
    inner = reshard_cost(sh((), ("model",)), sh((), ()), CONFIG, (64, 64), 4)
    outer = reshard_cost(sh(("model",), ()), sh((), ()), CONFIG, (64, 64), 4)
    assert [c.kind for c in inner.costs] == [c.kind for c in outer.costs] == ["all_gather"]
    assert outer.copy_s == 0.0
    assert inner.copy_s == pytest.approx((2 * 64 * 16 + 2 * 64 * 64) * 4 / bandwidth)
    fused = reshard_cost(sh((), ("model",)), sh((), ()), CONFIG, (64, 64), 4, fused_slice=True)
    assert fused.copy_s == pytest.approx(2 * 64 * 16 * 4 / bandwidth)
    for kw in ({}, {"fused_slice": True}):
        cost = reshard_cost(sh((), ("model",)), sh((), ()), CONFIG, (64, 64), 4, **kw)
        assert pricer.seconds(sh((), ("model",)), sh((), ()), (64, 64), 4, **kw) == pytest.approx(cost.time_s)
        by_kind = pricer.seconds_by_kind(sh((), ("model",)), sh((), ()), (64, 64), 4, **kw)
        assert by_kind[ALL_GATHER_COPY] == pytest.approx(cost.copy_s)
    # a leading dimension of size 1 keeps the gathered dimension outermost: no copy
    assert reshard_cost(sh((), ("model",), ()), sh((), (), ()), CONFIG, (1, 64, 64), 4).copy_s == 0.0
    assert reshard_cost(sh((), ("model",), ()), sh((), (), ()), CONFIG, (2, 64, 64), 4).copy_s > 0.0
