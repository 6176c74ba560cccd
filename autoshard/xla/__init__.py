"""The XLA bridge (optional `[xla]` extra): jaxlib's MLIR as an independent parser, and XLA's Shardy
partitioner on host CPU devices as an independent executor of annotated plans.

jax is imported lazily; without it these functions raise `MissingExtraError` (exit 2).
"""

from autoshard.xla.compile_run import ResultComparison, XlaRun, compile_and_run, random_inputs
from autoshard.xla.hlo_collectives import HloCollective, collectives_in_hlo, groups_as_mesh_axes, nccl_bytes_per_device
from autoshard.xla.jaxlib_mlir import MeshInfo, canonical_text

__all__ = [
    "HloCollective",
    "MeshInfo",
    "ResultComparison",
    "XlaRun",
    "canonical_text",
    "collectives_in_hlo",
    "compile_and_run",
    "groups_as_mesh_axes",
    "nccl_bytes_per_device",
    "random_inputs",
]
