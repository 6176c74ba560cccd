"""collectives_in_hlo and groups_as_mesh_axes on hand-written HLO text (no jax needed)."""

from __future__ import annotations

from autoshard.xla.hlo_collectives import collectives_in_hlo, groups_as_mesh_axes, nccl_bytes_per_device

HLO = """HloModule m, num_partitions=8

ENTRY %main (p0: f32[4,256], p1: bf16[16,8]) -> f32[4,256] {
  %p0 = f32[4,256]{1,0} parameter(0)
  %p1 = bf16[16,8]{1,0} parameter(1)
  %all-reduce = f32[4,256]{1,0} all-reduce(%p0), channel_id=1, replica_groups={{0,1,2,3},{4,5,6,7}}, use_global_device_ids=true, to_apply=%add
  %ag = bf16[32,8]{1,0} all-gather(%p1), channel_id=2, replica_groups=[4,2]<=[2,4]T(1,0), dimensions={0}, use_global_device_ids=true
  %rs = bf16[4,8]{1,0} reduce-scatter(%p1), channel_id=3, replica_groups=[2,4]<=[8], dimensions={0}, to_apply=%add
  %a2a = bf16[16,8]{1,0} all-to-all(%p1), channel_id=4, replica_groups={}, dimensions={0}
  %cp = f32[4,256]{1,0} collective-permute(%p0), channel_id=5, source_target_pairs={{0,1},{1,0}}
  %t = (f32[4,256]{1,0}, /*index=1*/bf16[16,8]{1,0}) all-reduce(%p0, /*index=1*/%p1), replica_groups=mesh['axis_0'=2,'axis_1'=4] {'axis_0'}, to_apply=%add
  %sub = f32[4,256]{1,0} all-reduce(%p0), replica_groups=mesh['x'=8] {'x':(2)2}, to_apply=%add
  ROOT %n = f32[4,256]{1,0} negate(%all-reduce)
}
"""


def test_kinds_shapes_and_bytes():
    found = collectives_in_hlo(HLO)
    assert [c.kind for c in found] == ["all-reduce", "all-gather", "reduce-scatter", "all-to-all",
                                       "collective-permute", "all-reduce", "all-reduce"]
    ar, ag, rs, a2a, cp, tup, sub = found
    assert (ar.shape, ar.dtype, ar.bytes, ar.operand_bytes) == ((4, 256), "f32", 4096, 4096)
    assert (ag.shape, ag.dtype, ag.bytes, ag.operand_bytes) == ((32, 8), "bf16", 512, 256)
    assert (rs.bytes, rs.operand_bytes) == (64, 256)
    assert (tup.shape, tup.dtype, tup.bytes, tup.operand_bytes) == ((), "tuple", 4096 + 256, 4096 + 256)
    assert cp.replica_groups == ((0, 1), (1, 0))
    assert a2a.replica_groups == (tuple(range(8)),)


def test_replica_group_forms():
    ar, ag, rs, _, _, tup, sub = [c for c in collectives_in_hlo(HLO)]
    assert ar.replica_groups == ((0, 1, 2, 3), (4, 5, 6, 7))
    assert ag.replica_groups == ((0, 4), (1, 5), (2, 6), (3, 7))  # [2,4] transposed
    assert rs.replica_groups == ((0, 1, 2, 3), (4, 5, 6, 7))
    assert tup.replica_groups == ((0, 4), (1, 5), (2, 6), (3, 7))  # grouped over the major axis
    # "x":(2)2 on an 8-axis: pieces [2, 2, 2] (major first), the middle one grouped.
    assert sub.replica_groups == ((0, 2), (1, 3), (4, 6), (5, 7))


def test_groups_named_by_mesh_axes():
    axes = (("data", 2), ("model", 4))
    assert groups_as_mesh_axes(((0, 1, 2, 3), (4, 5, 6, 7)), axes) == ("model",)
    assert groups_as_mesh_axes(((0, 4), (1, 5), (2, 6), (3, 7)), axes) == ("data",)
    assert groups_as_mesh_axes((tuple(range(8)),), axes) == ("data", "model")
    assert groups_as_mesh_axes(((0, 1), (2, 3), (4, 5), (6, 7)), axes) == ("model:(2)2",)  # a sub-axis of model
    # With explicit device order the same groups mean another axis.
    assert groups_as_mesh_axes(((0, 1, 2, 3), (4, 5, 6, 7)), (("a", 4), ("b", 2)),
                               device_ids=(0, 4, 1, 5, 2, 6, 3, 7)) == ("a",)


def test_nccl_bytes_convention():
    ar, ag, rs, a2a, cp, _, _ = collectives_in_hlo(HLO)
    assert nccl_bytes_per_device(ar) == 2 * 3 / 4 * 4096
    assert nccl_bytes_per_device(ag) == 1 / 2 * 512
    assert nccl_bytes_per_device(rs) == 3 / 4 * 256
    assert nccl_bytes_per_device(a2a) == 7 / 8 * 256
    assert nccl_bytes_per_device(cp) == 4096


def test_no_collectives():
    assert collectives_in_hlo("HloModule m\nENTRY %e (p: f32[2]) -> f32[2] {\n  ROOT %p = f32[2]{0} parameter(0)\n}\n") == []


def test_groups_on_sub_axes_are_named_as_shardy_names_them() -> None:
    from autoshard.xla.hlo_collectives import groups_as_mesh_axes

    assert groups_as_mesh_axes([[0, 1], [2, 3], [4, 5], [6, 7]], [("model", 8)]) == ("model:(4)2",)
    assert groups_as_mesh_axes([[0, 2, 4, 6], [1, 3, 5, 7]], [("model", 8)]) == ("model:(1)4",)
    assert groups_as_mesh_axes([[0, 2], [1, 3], [4, 6], [5, 7]], [("data", 2), ("model", 4)]) == ("model:(1)2",)
    assert groups_as_mesh_axes([[0, 1], [2, 3], [4, 5], [6, 7]], [("data", 2), ("model", 4)]) == ("model:(2)2",)
    assert groups_as_mesh_axes([[0, 5], [1, 4], [2, 7], [3, 6]], [("data", 2), ("model", 4)]) is None


def test_hlo_element_sizes_are_the_cost_models() -> None:
    from autoshard.xla.hlo_collectives import hlo_dtype_bytes, nbytes

    sizes = {"pred": 1, "s4": 1, "u8": 1, "s16": 2, "u32": 4, "s64": 8, "f16": 2, "bf16": 2, "f32": 4, "f64": 8,
             "c64": 8, "c128": 16, "f8e4m3fn": 1, "f8e4m3b11fnuz": 1, "f4e2m1fn": 1, "f8e8m0fnu": 1}
    assert {t: hlo_dtype_bytes(t) for t in sizes} == sizes
    assert hlo_dtype_bytes("token") == 0
    assert nbytes([("bf16", (4, 8)), ("token", ()), ("s32", ())]) == 2 * 32 + 4
