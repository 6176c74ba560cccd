import itertools

import numpy as np

from autoshard.sharding import AxisRef, SubAxisInfo
from autoshard.sharding.device_groups import axes_of_device_groups, mesh_coordinates, sub_axis_coordinate


def test_mesh_coordinates_are_row_major_digits():
    sizes = (2, 3, 4)
    for position in range(24):
        assert mesh_coordinates(position, sizes) == tuple(int(c) for c in np.unravel_index(position, sizes))
    assert mesh_coordinates(0, ()) == ()


def test_sub_axis_coordinate_is_a_digit_of_the_axis_coordinate():
    # an axis of 8 split (1)2 x (2)2 x (4)2, major first
    for c in range(8):
        major, middle, minor = sub_axis_coordinate(c, 8, 1, 2), sub_axis_coordinate(c, 8, 2, 2), \
            sub_axis_coordinate(c, 8, 4, 2)
        assert 4 * major + 2 * middle + minor == c
        assert sub_axis_coordinate(c, 8, 1, 8) == c


def test_groups_name_the_axes_they_span():
    axes = [("data", 2), ("model", 4)]
    by_data = [[m, 4 + m] for m in range(4)]
    assert axes_of_device_groups(by_data, axes) == (AxisRef("data"),)
    pairs = [[4 * d + 2 * h, 4 * d + 2 * h + 1] for d, h in itertools.product(range(2), range(2))]
    assert axes_of_device_groups(pairs, axes) == (AxisRef("model", SubAxisInfo(2, 2)),)
