"""Test-wide settings: hypothesis without timing health checks or deadlines (the CI machine is small and noisy)."""

from hypothesis import HealthCheck, settings

settings.register_profile(
    "autoshard",
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    derandomize=True,
)
settings.load_profile("autoshard")
