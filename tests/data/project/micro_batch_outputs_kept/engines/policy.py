# expect: clean
"""The policy engine: its forward step returns the module's log-probabilities, still attached
to the graph, in the dict the base class keeps for every micro-batch."""

import torch

from .base import Engine


class PolicyEngine(Engine):
    def prepare_outputs(self, logits):
        return {"log_probs": torch.log_softmax(logits, dim=-1)}

    def forward_step(self, micro_batch):
        logits = self.module(micro_batch)
        outputs = self.prepare_outputs(logits)
        loss = -outputs["log_probs"].mean()
        return loss, {"model_output": outputs, "loss": loss.detach().item()}
