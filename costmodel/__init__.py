"""costmodel: collectives, compute and memory costs on named mesh axes (no IR imports).

Numbers in, seconds and bytes out. `hardware` loads profiles (mesh, per-device hardware, one alpha-beta link
per mesh axis), `collectives` prices collectives over mesh axes, `compute` prices ops on local shapes by
roofline, `memory` sizes shards and finds the peak of live bytes.
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
