# expect: clean
"""A model builder in huggingface/peft's `create_arrow_model` shape: it wraps a base model, loads each adapter, sets
the active one and returns the model. It builds the model; it runs no forward."""

import torch
from torch import nn


class AdapterModel(nn.Module):
    def __init__(self, base_model: nn.Module, width: int = 16):
        super().__init__()
        self.base_model = base_model
        self.adapters = nn.ModuleDict()
        self.active = None
        self.config = base_model.config

    def load_adapter(self, name: str) -> None:
        self.adapters[name] = nn.Linear(self.config.hidden_size, self.config.hidden_size)

    def set_adapter(self, name: str) -> None:
        self.active = name

    def forward(self, input_ids: torch.Tensor, labels: torch.Tensor | None = None):
        hidden = self.base_model(input_ids)
        return self.adapters[self.active](hidden)


def create_adapter_model(base_model: nn.Module, adapter_names: list[str]) -> AdapterModel:
    model = AdapterModel(base_model)
    for name in adapter_names:
        model.load_adapter(name)
    model.set_adapter(adapter_names[0])
    return model
