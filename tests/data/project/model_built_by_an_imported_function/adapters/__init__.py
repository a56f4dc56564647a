# expect: clean
"""The package re-exports its model builder, as peft's `tuners.lora` re-exports `create_arrow_model`."""

from .arrow import AdapterModel, create_adapter_model

__all__ = ["AdapterModel", "create_adapter_model"]
