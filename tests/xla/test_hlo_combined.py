"""collectives_in_hlo: operand counts of combined (tuple) collectives."""

from __future__ import annotations

from autoshard.xla.hlo_collectives import collectives_in_hlo, nccl_bytes_per_device

COMBINED = """HloModule m, num_partitions=8
ENTRY %main {
  %p0 = f32[64,64]{1,0} parameter(0)
  %p1 = f32[64,16]{1,0} parameter(1)
  %all-reduce.5 = (f32[64,64]{1,0}, f32[64,16]{1,0}) all-reduce(%p0, %p1), channel_id=59, replica_groups={{0,4},{1,5},{2,6},{3,7}}, use_global_device_ids=true, to_apply=%add
  ROOT %all-reduce.6 = f32[64,16]{1,0} all-reduce(%p1), channel_id=60, replica_groups={{0,4},{1,5},{2,6},{3,7}}, use_global_device_ids=true, to_apply=%add
}
"""


def test_a_combined_all_reduce_keeps_its_operand_count_and_summed_bytes():
    combined, single = collectives_in_hlo(COMBINED)
    assert combined.dtype == "tuple" and combined.num_operands == 2
    assert combined.bytes == 4 * (64 * 64 + 64 * 16)
    assert nccl_bytes_per_device(combined) == combined.bytes  # 2 (n - 1) / n with n = 2
    assert single.num_operands == 1 and single.shape == (64, 16)
