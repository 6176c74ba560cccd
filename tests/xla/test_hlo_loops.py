"""hlo_loops and plan_vs_xla on hand-written HLO text: loop trip counts, and all-reduce + slice as reduce-scatter."""

from __future__ import annotations

import pytest

from autoshard.xla.hlo_loops import HloProgram
from autoshard.xla.plan_vs_xla import compiled_totals

#: an all-reduce in a body run 4 times inside a loop run 3 times; one outside; a tuple all-reduce whose first
#: element is only sliced to 1/8 (a reduce-scatter on GPU/TPU) and whose second is used whole
HLO = """HloModule m, num_partitions=8

%add (x: f32[], y: f32[]) -> f32[] {
  %x = f32[] parameter(0)
  %y = f32[] parameter(1)
  ROOT %s = f32[] add(%x, %y)
}

%slice_it (param_0: f32[64], param_1: s32[]) -> f32[8] {
  %param_0 = f32[64]{0} parameter(0)
  %param_1 = s32[] parameter(1)
  ROOT %ds = f32[8]{0} dynamic-slice(%param_0, %param_1), dynamic_slice_sizes={8}
}

%inner_body (p: (s32[], f32[16])) -> (s32[], f32[16]) {
  %p = (s32[], f32[16]{0}) parameter(0)
  %v = f32[16]{0} get-tuple-element(%p), index=1
  %ar = f32[16]{0} all-reduce(%v), replica_groups={{0,1,2,3,4,5,6,7}}, to_apply=%add
  %i = s32[] get-tuple-element(%p), index=0
  ROOT %t = (s32[], f32[16]{0}) tuple(%i, %ar)
}

%inner_cond (p: (s32[], f32[16])) -> pred[] {
  %p = (s32[], f32[16]{0}) parameter(0)
  %i = s32[] get-tuple-element(%p), index=0
  %c = s32[] constant(4)
  ROOT %lt = pred[] compare(%i, %c), direction=LT
}

%outer_body (p: (s32[], f32[16])) -> (s32[], f32[16]) {
  %p = (s32[], f32[16]{0}) parameter(0)
  ROOT %w = (s32[], f32[16]{0}) while(%p), condition=%inner_cond, body=%inner_body, backend_config={"known_trip_count":{"n":"4"}}
}

%outer_cond (p: (s32[], f32[16])) -> pred[] {
  %p = (s32[], f32[16]{0}) parameter(0)
  %i = s32[] get-tuple-element(%p), index=0
  %c = s32[] constant(3)
  ROOT %lt = pred[] compare(%i, %c), direction=LT
}

ENTRY %main (a: f32[64], b: f32[32], s: (s32[], f32[16])) -> (f32[8], f32[32], (s32[], f32[16])) {
  %a = f32[64]{0} parameter(0)
  %b = f32[32]{0} parameter(1)
  %s = (s32[], f32[16]{0}) parameter(2)
  %pid = s32[] partition-id()
  %both = (f32[64]{0}, f32[32]{0}) all-reduce(%a, %b), replica_groups={{0,1,2,3,4,5,6,7}}, to_apply=%add
  %g0 = f32[64]{0} get-tuple-element(%both), index=0
  %g1 = f32[32]{0} get-tuple-element(%both), index=1
  %sliced = f32[8]{0} fusion(%g0, %pid), kind=kLoop, calls=%slice_it
  %loop = (s32[], f32[16]{0}) while(%s), condition=%outer_cond, body=%outer_body, backend_config={"known_trip_count":{"n":"3"}}
  ROOT %out = (f32[8]{0}, f32[32]{0}, (s32[], f32[16]{0})) tuple(%sliced, %g1, %loop)
}
"""

MESH = (("x", 8),)


def test_nested_loop_bodies_run_trip_count_times_their_callers():
    runs = HloProgram.parse(HLO).run_counts()
    assert runs["main"] == 1 and runs["outer_body"] == 3 and runs["inner_body"] == 12
    assert runs["outer_cond"] == 4 and runs["inner_cond"] == 15


def test_a_tuple_all_reduce_is_read_per_element():
    program = HloProgram.parse(HLO)
    assert program.element_bytes("main", "both") == [256, 128]
    assert program.sliced_elements("main", "both", 2, 8) == [True, False]


def test_compiled_totals_count_loops_per_iteration_and_form_reduce_scatters():
    totals = compiled_totals(HLO, MESH)
    assert totals[("reduce-scatter", "x")].count == 1
    assert totals[("reduce-scatter", "x")].bytes_per_device == pytest.approx(7 / 8 * 256)
    all_reduce = totals[("all-reduce", "x")]
    assert all_reduce.count == 1 + 12  # the whole second element, and the inner loop's 12 runs
    assert all_reduce.bytes_per_device == pytest.approx(2 * 7 / 8 * (128 + 12 * 64))


def test_without_reduce_scatters_the_sliced_all_reduce_stays_one():
    totals = compiled_totals(HLO, MESH, reduce_scatter=False)
    assert ("reduce-scatter", "x") not in totals
    assert totals[("all-reduce", "x")].count == 2 + 12  # the tuple all-reduce counts as its 2 operands


#: a conditional with two identical branches (the planner's recomputation), each an all-reduce and a kernel
CONDITIONAL = """HloModule c, num_partitions=8

%add (x: f32[], y: f32[]) -> f32[] {
  %x = f32[] parameter(0)
  %y = f32[] parameter(1)
  ROOT %s = f32[] add(%x, %y)
}

%branch_0 (p: f32[1024]) -> f32[1024] {
  %p = f32[1024]{0} parameter(0)
  %e = f32[1024]{0} exponential(%p)
  ROOT %ar = f32[1024]{0} all-reduce(%e), replica_groups={{0,1,2,3,4,5,6,7}}, to_apply=%add
}

%branch_1 (p: f32[1024]) -> f32[1024] {
  %p = f32[1024]{0} parameter(0)
  %e = f32[1024]{0} exponential(%p)
  ROOT %ar = f32[1024]{0} all-reduce(%e), replica_groups={{0,1,2,3,4,5,6,7}}, to_apply=%add
}

ENTRY %main (i: s32[], a: f32[1024]) -> f32[1024] {
  %i = s32[] parameter(0)
  %a = f32[1024]{0} parameter(1)
  ROOT %case = f32[1024]{0} conditional(%i, %a, %a), branch_computations={%branch_0, %branch_1}
}
"""


def test_a_conditional_runs_one_of_its_branches():
    from autoshard.sharding.hardware_profiles import resolve_config
    from autoshard.xla.hlo_cost import hlo_cost

    runs = HloProgram.parse(CONDITIONAL).run_counts()
    assert runs["main"] == 1 and runs["branch_0"] == runs["branch_1"] == 0.5
    totals = compiled_totals(CONDITIONAL, MESH, reduce_scatter=False)
    assert totals[("all-reduce", "x")].count == 1
    config = resolve_config("x=8", "h100-8")
    one_branch = hlo_cost(CONDITIONAL.replace("branch_computations={%branch_0, %branch_1}",
                                              "branch_computations={%branch_0}"), config)
    assert hlo_cost(CONDITIONAL, config).compute_s == pytest.approx(one_branch.compute_s)


#: XLA:CPU's bf16 partial sum: reduced in f32 (its all-reduce promoted), the sum converted back to bf16 by a fusion
#: of that convert alone, then converted again and sliced inside the fusion reading it; `whole` is the same read
#: whole after the convert (an all-reduce a backend reducing bf16 natively keeps)
BF16 = """HloModule b, num_partitions=8

%add (x: f32[], y: f32[]) -> f32[] {
  %x = f32[] parameter(0)
  %y = f32[] parameter(1)
  ROOT %s = f32[] add(%x, %y)
}

%wrapped_convert_computation (param_0: f32[64]) -> bf16[64] {
  %param_0 = f32[64]{0} parameter(0)
  ROOT %c = bf16[64]{0} convert(%param_0)
}

%slice_converted (param_0: bf16[64], param_1: s32[]) -> bf16[8] {
  %param_0 = bf16[64]{0} parameter(0)
  %up = f32[64]{0} convert(%param_0)
  %param_1 = s32[] parameter(1)
  %ds = f32[8]{0} dynamic-slice(%up, %param_1), dynamic_slice_sizes={8}
  ROOT %down = bf16[8]{0} convert(%ds)
}

ENTRY %main (a: f32[64], b: f32[64]) -> (bf16[8], bf16[64]) {
  %a = f32[64]{0} parameter(0)
  %b = f32[64]{0} parameter(1)
  %pid = s32[] partition-id()
  %ar = f32[64]{0} all-reduce(%a), replica_groups={{0,1,2,3,4,5,6,7}}, to_apply=%add
  %wrapped_convert = bf16[64]{0} fusion(%ar), kind=kLoop, calls=%wrapped_convert_computation
  %sliced = bf16[8]{0} fusion(%wrapped_convert, %pid), kind=kLoop, calls=%slice_converted
  %whole_ar = f32[64]{0} all-reduce(%b), replica_groups={{0,1,2,3,4,5,6,7}}, to_apply=%add
  %whole = bf16[64]{0} convert(%whole_ar)
  ROOT %out = (bf16[8]{0}, bf16[64]{0}) tuple(%sliced, %whole)
}
"""


def test_a_sum_converted_before_it_is_sliced_is_a_reduce_scatter():
    program = HloProgram.parse(BF16)
    assert program.is_only_sliced("main", "ar", 8)
    assert not program.is_only_sliced("main", "whole_ar", 8)  # the convert's result is read whole
    totals = compiled_totals(BF16, MESH)
    assert totals[("reduce-scatter", "x")].count == 1 and totals[("all-reduce", "x")].count == 1
