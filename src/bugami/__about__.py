"""The version of the library, read by the build backend."""

__version__ = "0.1.0"
