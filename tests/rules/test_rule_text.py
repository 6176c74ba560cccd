"""OpShardingRule: Shardy's factor names, printing of compound/empty/size-1 factors, parsing, verification."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from autoshard.errors import UserError
from autoshard.rules import FactorType, OpShardingRule, factor_symbol


def test_factor_names_run_i_to_z_then_z_n():
    assert [factor_symbol(i) for i in (0, 1, 2, 16, 17, 18, 19, 30)] == ["i", "j", "k", "y", "z", "z_1", "z_2", "z_13"]
    names = [factor_symbol(i) for i in range(60)]
    rule = OpShardingRule.parse(f"([{', '.join(names)}])->([]) {{{', '.join(f'{n}=2' for n in names)}}}")
    assert rule.operand_mappings == (tuple((i,) for i in range(60)),)


def test_print_compound_empty_and_types():
    rule = OpShardingRule(
        factor_sizes=(3, 5, 1, 7),
        operand_mappings=(((0, 1), (2,)), ()),
        result_mappings=(((0,), (1, 3)),),
        reduction_factors=(2,),
        need_replication_factors=(3,),
        permutation_factors=(0,),
        blocked_propagation_factors=(0, 3),
    )
    assert str(rule) == (
        "#sdy.op_sharding_rule<([ij, k], [])->([i, jl]) {i=3, j=5, k=1, l=7}"
        " reduction={k} need_replication={l} permutation={i} blocked_propagation={i, l}>"
    )
    assert rule.factor_type(1) is FactorType.PASS_THROUGH
    assert rule.factor_type(2) is FactorType.REDUCTION
    assert rule.is_blocked(3) and not rule.is_blocked(1)
    assert rule.tensor_shapes() == ((15, 1), (), (3, 35))


def test_print_no_factors_and_custom():
    assert OpShardingRule((), ((), ()), ((),)).body_text() == "([], [])->([])"
    custom = OpShardingRule((2, 6), (((0,), (1,)),), (((1,), (0,)),), is_custom=True)
    assert str(custom) == "#sdy.op_sharding_rule<([i, j])->([j, i]) {i=2, j=6}, custom>"


def test_many_factors_print_with_z_suffixes():
    n = 20
    rule = OpShardingRule(tuple([2] * n), (tuple((i,) for i in range(n)),), (tuple((i,) for i in range(n)),))
    text = rule.body_text()
    assert "z_1, z_2]" in text and "z_2=2}" in text
    assert OpShardingRule.parse(text) == rule


_rules = st.integers(1, 4).flatmap(
    lambda num_factors: st.builds(
        lambda sizes, ops, res, kinds, blocked, custom: OpShardingRule(
            tuple(sizes),
            ops,
            res,
            tuple(f for f in range(num_factors) if kinds[f] == 1),
            tuple(f for f in range(num_factors) if kinds[f] == 2),
            tuple(f for f in range(num_factors) if kinds[f] == 3),
            tuple(f for f in range(num_factors) if blocked[f]),
            custom,
        ),
        st.lists(st.integers(0, 9), min_size=num_factors, max_size=num_factors),
        # Shardy's grammar has at least one operand and one result mapping
        st.lists(st.lists(st.lists(st.integers(0, num_factors - 1), min_size=1, max_size=2), max_size=3), min_size=1, max_size=3),
        st.lists(st.lists(st.lists(st.integers(0, num_factors - 1), min_size=1, max_size=2), max_size=3), min_size=1, max_size=2),
        st.lists(st.integers(0, 3), min_size=num_factors, max_size=num_factors),
        st.lists(st.booleans(), min_size=num_factors, max_size=num_factors),
        st.booleans(),
    )
)


@given(_rules)
def test_parse_print_round_trip(rule):
    assert OpShardingRule.parse(str(rule)) == rule
    assert OpShardingRule.parse(rule.body_text()) == rule


def test_parse_rejects_out_of_order_factor_sizes():
    with pytest.raises(UserError, match="Expecting factor index symbol 'i', received: 'j'"):
        OpShardingRule.parse("([i])->([i]) {j=2}")
    with pytest.raises(UserError):
        OpShardingRule.parse("([i])->([i]) {i=2} sideways={i}")


@pytest.mark.parametrize("text", [
    "([i])->([i]) {i=2} junk",  # trailing text
    "([i])->([i]) {i=2} reduction={i",  # unterminated factor set
    "([i])->([i]) {i=2}, custom, custom",
    "([i, ])->([i]) {i=2}",  # an empty dimension mapping
    "([z_01])->([]) {i=2}",  # a factor name with a leading zero
    "()->([i]) {i=2}",  # no operand mapping
])
def test_parse_reads_shardy_grammar_only_with_one_line_errors(text: str):
    with pytest.raises(UserError, match="cannot read sharding rule") as caught:
        OpShardingRule.parse(text)
    assert "\n" not in str(caught.value)


def test_verify_is_shardys_verifier_with_its_messages():
    rule = OpShardingRule((2, 4), (((0,), (1,)),), (((0, 1),),))
    rule.verify([(2, 4)], [(8,)])
    with pytest.raises(UserError, match="operand - mapping rank must match: 2 != 3"):
        rule.verify([(2, 4, 1)], [(8,)])
    with pytest.raises(UserError, match="number of operands and mappings must match: 2 != 1"):
        rule.verify([(2, 4), (2, 4)], [(8,)])
    with pytest.raises(UserError, match="a factor can only be in one of the reduction, need replication, or permutation"):
        OpShardingRule((2,), (((0,),),), (((0,),),), reduction_factors=(0,), permutation_factors=(0,)).verify([(2,)], [(2,)])
    with pytest.raises(UserError, match="reduction factor cannot be in result mappings"):
        OpShardingRule((2,), (((0,),),), (((0,),),), reduction_factors=(0,)).verify([(2,)], [(2,)])
    with pytest.raises(UserError, match="has factor j=3 that isn't used"):
        OpShardingRule((2, 3), (((0,),),), (((0,),),)).verify([(2,)], [(2,)])
    with pytest.raises(UserError, match="dim mapping can't have a factor of size 1 if there are multiple factors"):
        OpShardingRule((2, 1), (((0, 1),),), (((0, 1),),)).verify([(2,)], [(2,)])


def test_verify_accepts_shardys_rules_whose_factors_do_not_multiply_to_a_dimension():
    """dynamic_slice: the operand dimension carries the result's factor (Shardy checks no product)."""
    OpShardingRule((1,), (((0,),), ()), (((0,),),), need_replication_factors=(0,)).verify([(4,), ()], [(1,)])
