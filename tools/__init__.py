"""Tools for the project's own checks (not part of the package)."""
