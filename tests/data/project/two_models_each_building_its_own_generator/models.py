# expect: clean
"""Two model classes, each of whose `__init__` builds a local `generator` and its own `self.gen_optimizer` over
that local's parameters (edge-connect's `EdgeModel` and `InpaintingModel`): the two optimizers are two, and
`generator`, a name of each `__init__` alone, names no model of the methods that use them."""

import torch
import torch.nn as nn


class BaseModel(nn.Module):
    def backward(self, gen_loss):
        gen_loss.backward()
        self.gen_optimizer.step()


class EdgeModel(BaseModel):
    def __init__(self):
        super().__init__()
        generator = nn.Linear(4, 4)
        self.add_module("generator", generator)
        self.gen_optimizer = torch.optim.Adam(params=generator.parameters())

    def process(self, images):
        self.gen_optimizer.zero_grad()
        outputs = self.generator(images)
        return outputs, outputs.mean()


class InpaintingModel(BaseModel):
    def __init__(self):
        super().__init__()
        generator = nn.Linear(4, 4)
        self.add_module("generator", generator)
        self.gen_optimizer = torch.optim.Adam(params=generator.parameters())

    def process(self, images):
        self.gen_optimizer.zero_grad()
        outputs = self.generator(images)
        return outputs, (outputs - images).abs().mean()
