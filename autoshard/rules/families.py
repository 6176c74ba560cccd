"""Imports every op-family module so their `@register_rule` entries fill the registry (alphabetical)."""

from autoshard.rules import (  # noqa: F401
    broadcast,
    collectives,
    convolution,
    custom_call,
    data_flow,
    dot,
    elementwise,
    gather_scatter,
    generators,
    linalg,
    reduce,
    reshape,
    slicing,
    sort,
    transpose,
)
