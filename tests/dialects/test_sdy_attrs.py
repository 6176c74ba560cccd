"""sdy attributes: exact Shardy text round trips, plain-model conversions, and property-based round trips."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from autoshard.dialects.sdy import (
    AxisRefAttr,
    DimensionShardingAttr,
    MeshAttr,
    OpShardingRuleAttr,
    TensorShardingAttr,
    TensorShardingPerValueAttr,
    factor_symbol,
    lookup_mesh,
)
from autoshard.errors import UserError
from autoshard.ir.parse import parse_module
from autoshard.ir.printing import print_module
from autoshard.sharding import AxisRef, DimSharding, Mesh, SubAxisInfo, TensorSharding

MESHES = 'sdy.mesh @m = <["a"=2, "b"=4, "c"=8]>\n'


def _roundtrip_attr(attr_text: str, type_: str = "tensor<8x8xf32>") -> str:
    """Attach `attr_text` as `sdy.sharding` of a func argument and print the module back."""
    text = f"{MESHES}func.func @f(%arg0: {type_} {{x = {attr_text}}}) {{\n  func.return\n}}\n"
    printed = print_module(parse_module(text))
    start = printed.index("{x = ") + len("{x = ")
    return printed[start : printed.index("})", start)]


@pytest.mark.parametrize(
    "text",
    [
        '#sdy.sharding<@m, [{"a", ?}, {}]>',
        '#sdy.sharding<@m, [{"a"}p0, {"b":(2)2, ?}p3]>',
        '#sdy.sharding<@m, [{?}, {?}], replicated={"a", "b":(1)2}>',
        '#sdy.sharding<@m, [{}, {}], replicated={"a"}, unreduced={"b"}>',
        '#sdy.sharding<@m, [{}, {}], unreduced=max{"a"}>',
        '#sdy.sharding<mesh<["x"=2, "y"=2]>, [{"x"}, {}]>',
        '#sdy.sharding<mesh<["x"=2], device_ids=[1, 0]>, [{"x"}, {}]>',
        '#sdy.sharding<@m, []>',
        '#sdy.sharding_per_value<[<@m, [{"a"}, {}]>, <@m, [{}, {"b"}]>]>',
        '#sdy.sharding_per_value<[]>',
        '#sdy.op_sharding_rule<([i, k], [k, j])->([i, j]) {i=8, j=16, k=8} reduction={k}>',
        '#sdy.op_sharding_rule<([], [])->([])>',
        '#sdy.op_sharding_rule<([i, j])->([ij]) {i=2, j=4}>',
        '#sdy.op_sharding_rule<([i, j, k, l])->([i, k, l]) {i=2, j=3, k=5, l=7} reduction={j} '
        'need_replication={i, l} permutation={k} blocked_propagation={l}, custom>',
        '#sdy.op_sharding_rule<([i])->([i]) {i=8589934592}, custom>',
        '#sdy.propagation_edges<[{step-2 = [{"a" = operand-1 -> [operand-0, result-0]}]}]>',
    ],
)
def test_attribute_text_round_trips_exactly(text: str) -> None:
    assert _roundtrip_attr(text) == text


def test_unreduced_before_replicated_prints_in_canonical_order() -> None:
    printed = _roundtrip_attr('#sdy.sharding<@m, [{}, {}], unreduced={"b"}, replicated={"a"}>')
    assert printed == '#sdy.sharding<@m, [{}, {}], replicated={"a"}, unreduced={"b"}>'


def test_iota_device_ids_are_dropped() -> None:
    printed = _roundtrip_attr('#sdy.sharding<mesh<["x"=2], device_ids=[0, 1]>, [{"x"}, {}]>')
    assert printed == '#sdy.sharding<mesh<["x"=2]>, [{"x"}, {}]>'


def test_factor_names_continue_after_z() -> None:
    assert [factor_symbol(i) for i in (0, 17, 18, 27)] == ["i", "z", "z_1", "z_10"]
    sizes = [2] * 20
    rule = OpShardingRuleAttr.from_fields(sizes, [[[f] for f in range(20)]], [[[f] for f in range(17)] + [[17, 18], [19]]])
    text = f"{MESHES}func.func @f(%arg0: tensor<8xf32> {{x = {_print(rule)}}}) {{\n  func.return\n}}\n"
    again = parse_module(text)
    assert "zz_1, z_2" in print_module(again)


def _print(attr) -> str:
    import io

    from xdsl.printer import Printer

    out = io.StringIO()
    Printer(stream=out).print_attribute(attr)
    return out.getvalue()


@pytest.mark.parametrize(
    "bad, message",
    [
        ('#sdy.sharding<@m, [{"a"}phigh]>', "expecting priority in format 'p<number>', got: phigh"),
        ('#sdy.sharding<@m, [{"a"}p01]>', "priorities with leading zeros are not allowed"),
        ('#sdy.sharding<@m, [{"a"}], foo={"b"}>', "expected valid named axis list after comma"),
        ('#sdy.sharding<@m, [{a}]>', "failed to parse Sdy_AxisRef parameter 'name'"),
        ("#sdy.op_sharding_rule<([a, j])->([j]) {a=2, j=4}>", "expecting symbol from 'i' to 'z'. Received: 'a'"),
        ("#sdy.op_sharding_rule<([i, j])->([ij]) {j=4, i=2}>", "Expecting factor index symbol 'i', received: 'j'"),
        ("#sdy.op_sharding_rule<([z_0, j])->([j]) {i=4}>", "without leading zeros"),
        ("#sdy.op_sharding_rule<([z_, j])->([j]) {i=4}>", "expecting integer after 'z_'"),
        ("#sdy.op_sharding_rule<([i])->([i]) {i=16},>", "custom"),
    ],
)
def test_malformed_attributes_give_located_errors(bad: str, message: str) -> None:
    text = f"{MESHES}func.func @f(%arg0: tensor<8x8xf32> {{x = {bad}}}) {{\n  func.return\n}}\n"
    with pytest.raises(UserError) as info:
        parse_module(text, "in.mlir")
    assert message in str(info.value)
    assert info.value.location is not None and info.value.location.line == 2


def test_plain_model_conversions() -> None:
    mesh = Mesh.from_sizes({"a": 2, "b": 4}, device_ids=[1, 0, 3, 2, 5, 4, 7, 6])
    assert MeshAttr.from_mesh(mesh).to_mesh() == mesh
    iota = Mesh.from_sizes({"a": 2})
    assert MeshAttr.from_mesh(Mesh(iota.axes, (0, 1))).device_ids == ()
    sharding = TensorSharding(
        "m",
        (DimSharding((AxisRef("a"), AxisRef("b", SubAxisInfo(1, 2))), is_closed=False, priority=1), DimSharding()),
        replicated=(AxisRef("b", SubAxisInfo(2, 2)),),
        unreduced=(),
    )
    attr = TensorShardingAttr.from_sharding(sharding)
    assert attr.to_sharding() == sharding
    assert str(attr) == '#sdy.sharding<@m, [{"a", "b":(1)2, ?}p1, {}], replicated={"b":(2)2}>'


def test_rule_raw_fields_and_constructor() -> None:
    rule = OpShardingRuleAttr.from_fields(
        factor_sizes=[8, 16, 8],
        operand_mappings=[[[0], [2]], [[2], [1]]],
        result_mappings=[[[0], [1]]],
        reduction_factors=[2],
        is_custom_rule=False,
    )
    assert rule.factor_sizes == (8, 16, 8)
    assert rule.operand_factor_lists() == (((0,), (2,)), ((2,), (1,)))
    assert rule.result_factor_lists() == (((0,), (1,)),)
    assert rule.reduction_factors == (2,)
    assert rule.need_replication_factors == () and not rule.is_custom_rule
    assert _print(rule) == "#sdy.op_sharding_rule<([i, k], [k, j])->([i, j]) {i=8, j=16, k=8} reduction={k}>"


def test_lookup_mesh_resolves_symbols() -> None:
    module = parse_module(MESHES)
    assert lookup_mesh(module, "m") == Mesh.from_sizes({"a": 2, "b": 4, "c": 8})
    with pytest.raises(UserError, match="unknown mesh: @nope"):
        lookup_mesh(module, "nope")


# -- property-based round trips --------------------------------------------------------------------

AXES = {"a": 2, "b": 4, "c": 8}
_mesh = Mesh.from_sizes(AXES)


@st.composite
def axis_refs(draw) -> AxisRef:
    name = draw(st.sampled_from(sorted(AXES)))
    size = AXES[name]
    if size == 2 or draw(st.booleans()):
        return AxisRef(name)
    divisors = [d for d in range(2, size) if size % d == 0]
    sub_size = draw(st.sampled_from(divisors))
    pre_sizes = [p for p in range(1, size) if size % (p * sub_size) == 0 and size % p == 0]
    return AxisRef(name, SubAxisInfo(draw(st.sampled_from(pre_sizes)), sub_size))


@st.composite
def shardings(draw) -> TensorSharding:
    rank = draw(st.integers(0, 3))
    dims = tuple(
        DimSharding(
            tuple(draw(st.lists(axis_refs(), max_size=2))),
            is_closed=draw(st.booleans()),
            priority=draw(st.one_of(st.none(), st.integers(0, 12))),
        )
        for _ in range(rank)
    )
    replicated = tuple(draw(st.lists(axis_refs(), max_size=2)))
    unreduced = tuple(draw(st.lists(axis_refs(), max_size=2)))
    return TensorSharding("m", dims, replicated, unreduced)


@given(shardings())
def test_any_sharding_round_trips_through_text(sharding: TensorSharding) -> None:
    attr = TensorShardingAttr.from_sharding(sharding)
    text = _print(attr)
    assert _roundtrip_attr(text, "tensor<" + "x".join(["8"] * sharding.rank + ["f32"]) + ">") == text
    per_value = TensorShardingPerValueAttr([attr])
    reparsed = parse_module(f"{MESHES}func.func @f(%arg0: tensor<8xf32> {{x = {_print(per_value)}}}) {{\n  func.return\n}}\n")
    func = list(reparsed.ops)[-1]
    again = func.arg_attrs.data[0].data["x"]
    assert again.shardings[0].to_sharding() == sharding


@given(st.lists(st.lists(st.lists(st.integers(0, 5), min_size=1, max_size=2, unique=True), max_size=3), min_size=1, max_size=3))
def test_any_rule_round_trips_through_text(mappings) -> None:
    factors = sorted({f for tensor in mappings for dim in tensor for f in dim})
    renumber = {f: i for i, f in enumerate(factors)}
    mappings = [[[renumber[f] for f in dim] for dim in tensor] for tensor in mappings]
    rule = OpShardingRuleAttr.from_fields([2] * len(factors), mappings, mappings[:1])
    text = _print(rule)
    module = parse_module(f"func.func @f(%arg0: tensor<8xf32> {{x = {text}}}) {{\n  func.return\n}}\n")
    again = list(module.ops)[-1].arg_attrs.data[0].data["x"]
    assert again == rule


def test_axis_ref_accessors() -> None:
    ref = AxisRefAttr("b", None)
    assert ref.to_axis_ref() == AxisRef("b") and str(ref) == '"b"'
    dim = DimensionShardingAttr([AxisRef("a")], is_closed=False, priority=2)
    assert dim.to_dim_sharding() == DimSharding((AxisRef("a"),), False, 2)
