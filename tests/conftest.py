"""Shared test setup: hypothesis profiles and strategies for states.

Profiles (choose with the HYPOTHESIS_PROFILE environment variable):

* ``dev`` (default) -- hypothesis's defaults, no deadline;
* ``ci`` -- thorough but bounded: more examples, derandomized so that a CI run
  is reproducible;
* ``fast`` -- a quick pass, for the extra Python versions in CI;
* ``stress`` -- many more examples, to hunt for rare failures by hand.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

settings.register_profile("dev", deadline=None)
settings.register_profile(
    "ci",
    max_examples=500,
    deadline=None,
    derandomize=True,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile("fast", max_examples=25, deadline=None, derandomize=True)
settings.register_profile(
    "stress", max_examples=5000, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))
