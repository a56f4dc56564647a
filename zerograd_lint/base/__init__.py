"""The plain types every layer speaks (the report) and the version, importing nothing of the package."""

__version__ = "0.1.0"
