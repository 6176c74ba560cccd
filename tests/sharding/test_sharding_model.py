import pytest

from autoshard.errors import UserError
from autoshard.sharding import AxisRef, DimSharding, Mesh, SubAxisInfo, TensorSharding, sort_axis_refs


def test_mesh_parse_and_queries():
    mesh = Mesh.parse("data=2,model=4")
    assert mesh.axis_names == ("data", "model")
    assert mesh.num_devices == 8
    assert mesh.axis_size("model") == 4
    assert str(mesh) == "data=2,model=4"


@pytest.mark.parametrize(
    "spec, message",
    [("data=0", "size 0"), ("data=2,data=4", "twice"), ("data", "NAME=SIZE"), ("", "empty")],
)
def test_mesh_parse_errors(spec, message):
    with pytest.raises(UserError, match=message):
        Mesh.parse(spec)


def test_device_ids_must_be_permutation():
    with pytest.raises(UserError, match="permutation"):
        Mesh.from_sizes({"a": 2}, device_ids=[0, 0])
    with pytest.raises(UserError, match="lists 3"):
        Mesh.from_sizes({"a": 2}, device_ids=[0, 1, 2])


def test_sub_axis_relations():
    mesh = Mesh.parse("x=8")
    full = AxisRef("x")
    lo = AxisRef("x", SubAxisInfo(1, 2))
    hi = AxisRef("x", SubAxisInfo(2, 4))
    assert full.contains(lo, mesh) and full.contains(hi, mesh)
    assert not lo.overlaps(hi, mesh)
    assert lo.can_merge(hi, mesh)
    assert lo.merge(hi, mesh) == full
    assert AxisRef("x", SubAxisInfo(1, 4)).overlaps(hi, mesh)
    assert str(hi) == '"x":(2)4'
    assert sort_axis_refs([hi, lo], mesh) == (lo, hi)


def test_partition_spec_round_trip_and_local_shape():
    mesh = Mesh.parse("data=2,model=4")
    s = TensorSharding.from_partition_spec((("data", "model"), None), mesh)
    assert s.partition_spec() == (("data", "model"), None)
    assert s.local_shape((16, 3), mesh) == (2, 3)
    assert s.num_shards(mesh) == 8
    assert str(s) == '#sdy.sharding<@mesh, [{"data", "model"}, {}]>'
    with pytest.raises(UserError, match="unknown mesh axis 'nope'"):
        TensorSharding.from_partition_spec(("nope",), mesh)
    with pytest.raises(UserError, match="twice"):
        TensorSharding.from_partition_spec(("data", "data"), mesh)


def test_open_dim_printing():
    d = DimSharding((AxisRef("a"),), is_closed=False, priority=1)
    assert str(d) == '{"a", ?}p1'
    assert str(DimSharding(is_closed=False)) == "{?}"
