# expect: ZG602 27:13
"""The one-file shape of project/micro_batch_outputs_kept/ (verl's engine before dbbf085): `forward_backward` runs each
micro-batch through `forward_step`, backpropagates its loss and appends the dict `forward_step` returns, whose
`model_output` entry holds the module's log-probabilities with their graph; the caller steps once per batch. The loop
of micro-batches trains (a backward in its body, the step in the caller: RULES.md's accumulation), so the list keeps
every micro-batch's graph alive until the batch ends."""

import torch


class Engine:
    def __init__(self, module, lr):
        self.module = module
        self.optimizer = torch.optim.AdamW(module.parameters(), lr=lr)

    def forward_step(self, micro_batch):
        logits = self.module(micro_batch)
        outputs = {"log_probs": torch.log_softmax(logits, dim=-1)}
        loss = -outputs["log_probs"].mean()
        return loss, {"model_output": outputs, "loss": loss.detach().item()}

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
