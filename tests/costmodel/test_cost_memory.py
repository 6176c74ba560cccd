"""Per-device tensor bytes under a sharding and peak live memory from a liveness order."""

from __future__ import annotations

import pytest

from costmodel.hardware import HardwareSpec
from costmodel.memory import LiveValue, live_bytes_timeline, local_shape, peak_live_memory, tensor_bytes


def test_tensor_bytes():
    assert tensor_bytes((1024, 4096), "bf16") == 1024 * 4096 * 2
    assert tensor_bytes((1024, 4096), "bf16", (2, 4)) == 512 * 1024 * 2
    assert tensor_bytes((), "f32") == 4
    assert local_shape((10, 7), (4, 1)) == (3, 7)  # uneven shards are padded: ceil(10 / 4)
    assert tensor_bytes((10,), "f32", (4,)) == 12
    with pytest.raises(ValueError):
        local_shape((4, 4), (2,))
    with pytest.raises(ValueError):
        local_shape((4,), (0,))


def test_peak_live_memory_by_hand():
    # op 0: a = f(w)   op 1: b = g(a)   op 2: c = h(a, b)   op 3: return c
    values = [
        LiveValue("w", 100, -1, 0, kind="parameter"),
        LiveValue("a", 10, 0, 2),
        LiveValue("b", 20, 1, 2),
        LiveValue("t", 1000, 1, 1, kind="temporary"),  # scratch of op 1 only
        LiveValue("c", 5, 2, 3, kind="output"),
    ]
    assert live_bytes_timeline(values, 4) == [110, 1130, 135, 105]
    peak = peak_live_memory(values, 4)
    assert peak.peak_bytes == 1130 and peak.peak_index == 1 and peak.parameter_bytes == 100
    assert set(peak.live_at_peak) == {"w", "a", "b", "t"}
    assert peak.fits(HardwareSpec(1.0, 2000, 1.0)) and not peak.fits(HardwareSpec(1.0, 1000, 1.0))


def test_parameters_live_throughout_and_num_ops_inferred():
    values = [LiveValue("p", 7, 5, 5, kind="parameter"), LiveValue("x", 3, 0, 2)]
    assert live_bytes_timeline(values) == [10, 10, 10]
    assert peak_live_memory([LiveValue("p", 7, -1, -1, kind="parameter")]).peak_bytes == 7


def test_bad_values():
    with pytest.raises(ValueError, match="before its definition"):
        LiveValue("x", 1, 3, 2)
    with pytest.raises(ValueError, match="kind 'weights'"):
        LiveValue("x", 1, 0, 0, kind="weights")
    with pytest.raises(ValueError, match="negative size"):
        LiveValue("x", -1, 0, 0)
