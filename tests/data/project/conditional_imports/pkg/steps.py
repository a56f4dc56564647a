# expect: clean
"""Re-exports one of two implementations, chosen when it is imported."""

import os

if os.environ.get("FUSED"):
    from .fused import train_batch  # noqa: F401
else:
    from .plain import train_batch  # noqa: F401
