"""Axis-ref list operations the reshard decomposition and the sdy collective verifier share."""

from __future__ import annotations

import pytest

from autoshard.sharding import AxisRef, Mesh, SubAxisInfo
from autoshard.sharding.axis_list import NotMinorMost, remove_minor_suffix

MESH = Mesh.parse("x=2,y=8")


def test_whole_refs_and_sub_axis_ends_come_off_the_minor_end():
    x, y = AxisRef("x"), AxisRef("y")
    assert remove_minor_suffix([x, y], [y], MESH) == [x]
    assert remove_minor_suffix([x, y], [x, y], MESH) == []
    # the minor (4)2 of y leaves its major (1)4
    assert remove_minor_suffix([x, y], [AxisRef("y", SubAxisInfo(4, 2))], MESH) == [x, AxisRef("y", SubAxisInfo(1, 4))]


@pytest.mark.parametrize("refs, removed", [([AxisRef("x"), AxisRef("y")], [AxisRef("x")]),
                                           ([], [AxisRef("x")]),
                                           ([AxisRef("y")], [AxisRef("y", SubAxisInfo(1, 2))])])
def test_a_ref_not_at_the_minor_end_is_named(refs, removed):
    with pytest.raises(NotMinorMost) as caught:
        remove_minor_suffix(refs, removed, MESH)
    assert caught.value.ref == removed[-1]
