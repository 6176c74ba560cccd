"""Imports every op-family module so their `@register_rule` entries fill the registry (alphabetical)."""

import autoshard.rules.broadcast  # noqa: F401
import autoshard.rules.collectives  # noqa: F401
import autoshard.rules.convolution  # noqa: F401
import autoshard.rules.custom_call  # noqa: F401
import autoshard.rules.data_flow  # noqa: F401
import autoshard.rules.dot  # noqa: F401
import autoshard.rules.elementwise  # noqa: F401
import autoshard.rules.gather_scatter  # noqa: F401
import autoshard.rules.generators  # noqa: F401
import autoshard.rules.linalg  # noqa: F401
import autoshard.rules.reduce  # noqa: F401
import autoshard.rules.reshape  # noqa: F401
import autoshard.rules.slicing  # noqa: F401
import autoshard.rules.sort  # noqa: F401
import autoshard.rules.transpose  # noqa: F401
