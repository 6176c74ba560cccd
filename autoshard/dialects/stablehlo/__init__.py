"""The StableHLO dialect in xDSL: every op JAX exports, in its pretty and generic MLIR syntax.

Reading StableHLO text as JAX exports it (bit-exact hex float constants, forward location aliases and file
ranges from `as_text(debug_info=True)`) takes autoshard's parser, `autoshard.ir.mlir_parser.MlirParser`.
"""

from xdsl.ir import Dialect

from autoshard.dialects.stablehlo.attributes import *  # noqa: F403
from autoshard.dialects.stablehlo.attributes import ATTRIBUTES
from autoshard.dialects.stablehlo.elementwise import *  # noqa: F403
from autoshard.dialects.stablehlo.elementwise import ELEMENTWISE_OPS
from autoshard.dialects.stablehlo.linalg import *  # noqa: F403
from autoshard.dialects.stablehlo.linalg import LINALG_OPS
from autoshard.dialects.stablehlo.misc import *  # noqa: F403
from autoshard.dialects.stablehlo.misc import MISC_OPS
from autoshard.dialects.stablehlo.regions import *  # noqa: F403
from autoshard.dialects.stablehlo.regions import REGION_OPS
from autoshard.dialects.stablehlo.shape import *  # noqa: F403
from autoshard.dialects.stablehlo.shape import SHAPE_OPS

STABLEHLO_OPS = ELEMENTWISE_OPS + SHAPE_OPS + LINALG_OPS + REGION_OPS + MISC_OPS

StableHLO = Dialect("stablehlo", STABLEHLO_OPS, ATTRIBUTES)
