"""costmodel: collectives, compute and memory costs on named mesh axes (no IR imports).

Numbers in, seconds and bytes out; imports nothing from autoshard (plain axis names and sizes in, `errors.
CostModelError` out). `hardware` loads profiles (mesh, per-device hardware, one alpha-beta link per mesh axis),
`collectives` prices collectives over mesh axes, `compute` holds the FLOP rule and the roofline, `memory` totals a
step's live bytes from buffer lifetimes.
"""

from costmodel.collectives import CollectiveCost, LevelCost
from costmodel.hardware import (
    AxisLink,
    CostConfig,
    HardwareSpec,
    Profile,
    available_profiles,
    default_config,
    load_config,
    load_profile,
    parse_config,
    resolve_config,
    with_mesh,
)

__all__ = [
    "AxisLink",
    "CollectiveCost",
    "CostConfig",
    "HardwareSpec",
    "LevelCost",
    "Profile",
    "available_profiles",
    "default_config",
    "load_config",
    "load_profile",
    "parse_config",
    "resolve_config",
    "with_mesh",
]
