"""autoshard: a constraint-solver auto-sharding planner for StableHLO programs."""

__version__ = "0.1.0"
