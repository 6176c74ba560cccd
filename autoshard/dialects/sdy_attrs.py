"""Transition alias: the sdy attributes now live in the package `autoshard.dialects.sdy`; import from there."""

from autoshard.dialects.sdy import *  # noqa: F403
from autoshard.dialects.sdy import __all__  # noqa: F401
