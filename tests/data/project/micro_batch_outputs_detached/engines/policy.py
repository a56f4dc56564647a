# expect: clean
"""The twin of project/micro_batch_outputs_kept/, verl's fix (dbbf085): the policy engine's forward step detaches the
module's log-probabilities before it returns them in the dict the base class keeps for every micro-batch."""

import torch

from .base import Engine


class PolicyEngine(Engine):
    def prepare_outputs(self, logits):
        return {"log_probs": torch.log_softmax(logits, dim=-1)}

    def forward_step(self, micro_batch):
        logits = self.module(micro_batch)
        outputs = self.prepare_outputs(logits)
        loss = -outputs["log_probs"].mean()
        detached = {key: value.detach() for key, value in outputs.items()}
        return loss, {"model_output": detached, "loss": loss.detach().item()}
