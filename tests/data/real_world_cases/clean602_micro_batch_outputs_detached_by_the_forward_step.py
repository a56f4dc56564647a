# expect: clean
"""The twin of `zg602_micro_batch_outputs_kept_until_the_step.py`, verl's fix (dbbf085): `forward_step` detaches the
module's outputs before it returns them, so the list the micro-batch loop fills keeps no graph."""

import torch


class Engine:
    def __init__(self, module, lr):
        self.module = module
        self.optimizer = torch.optim.AdamW(module.parameters(), lr=lr)

    def forward_step(self, micro_batch):
        logits = self.module(micro_batch)
        outputs = {"log_probs": torch.log_softmax(logits, dim=-1)}
        loss = -outputs["log_probs"].mean()
        detached = {key: value.detach() for key, value in outputs.items()}
        return loss, {"model_output": detached, "loss": loss.detach().item()}

    def forward_backward(self, batch, n_micro):
        outputs = []
        for micro_batch in batch.chunk(n_micro):
            loss, info = self.forward_step(micro_batch)
            (loss / n_micro).backward()
            outputs.append(info)
        return outputs

    def optimizer_step(self):
        self.optimizer.step()
        self.optimizer.zero_grad()


def train(loader, epochs):
    engine = Engine(torch.nn.Linear(16, 8), lr=1e-4)
    for epoch in range(epochs):
        for batch in loader:
            infos = engine.forward_backward(batch, n_micro=4)
            engine.optimizer_step()
            print(sum(info["loss"] for info in infos))
