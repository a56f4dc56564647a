# expect: clean
"""The vendored copy's utils: its scaler re-exported."""

from .cuda import NativeScaler  # noqa: F401
