"""Lazy access to jax/jaxlib (the optional `[xla]` extra) and the host-CPU device count XLA runs on.

Nothing here imports jax at module level: `require_jax()` does, and turns a missing extra into
`MissingExtraError` (exit 2) with the install command.
"""

from __future__ import annotations

import os
import re
from types import ModuleType

from autoshard.errors import MissingExtraError

INSTALL_HINT = 'pip install -e ".[xla]"'
_DEVICE_COUNT_FLAG = "--xla_force_host_platform_device_count"


def require_jax(what: str = "this command") -> ModuleType:
    """Import and return `jax`, or raise `MissingExtraError` naming `what` and how to install the extra."""
    try:
        import jax  # noqa: PLC0415
        import jaxlib  # noqa: F401, PLC0415
    except ImportError:
        raise MissingExtraError(f"{what} needs jax and jaxlib (the [xla] extra): {INSTALL_HINT}") from None
    return jax


def backends_initialized() -> bool:
    """Whether jax has already created its backends (after which the host device count is fixed)."""
    from jax._src import xla_bridge  # noqa: PLC0415

    return bool(getattr(xla_bridge, "_backends", {}))


def with_device_count_flag(xla_flags: str, num_devices: int) -> str:
    """`xla_flags` with `--xla_force_host_platform_device_count` set to `num_devices` (replacing any value)."""
    flags = re.sub(rf"{_DEVICE_COUNT_FLAG}=\S*", "", xla_flags).split()
    return " ".join([*flags, f"{_DEVICE_COUNT_FLAG}={num_devices}"])


def request_host_devices(num_devices: int) -> bool:
    """Ask for at least `num_devices` host CPU devices before jax initializes; True when this process has them.

    Sets `XLA_FLAGS` (and `jax_num_cpu_devices`) if the backend is not up yet. Once jax has initialized its
    backends the count cannot change: the answer is then whether enough CPU devices already exist, and callers
    fall back to a subprocess (see `autoshard.xla.worker`).
    """
    jax = require_jax("running XLA")
    if not backends_initialized():
        os.environ["XLA_FLAGS"] = with_device_count_flag(os.environ.get("XLA_FLAGS", ""), num_devices)
        try:
            jax.config.update("jax_num_cpu_devices", num_devices)
        except (AttributeError, RuntimeError, ValueError):
            pass
    return len(host_devices()) >= num_devices


def host_devices() -> list:
    """The host CPU devices of this process (initializes jax's CPU backend)."""
    from jax._src import xla_bridge  # noqa: PLC0415

    return list(xla_bridge.get_backend("cpu").devices())
