# expect: clean
"""An engine base class: `forward_backward` runs each micro-batch through the subclass's
`forward_step`, backpropagates its loss, and keeps what `forward_step` returns for the
metrics computed after the loop. The caller steps once per batch."""

import torch


class Engine:
    def __init__(self, module, lr):
        self.module = module
        self.optimizer = torch.optim.AdamW(module.parameters(), lr=lr)

    def forward_step(self, micro_batch):
        raise NotImplementedError

    def forward_backward(self, batch, n_micro, forward_only=False):
        outputs = []
        context = torch.no_grad() if forward_only else torch.enable_grad()
        for micro_batch in batch.chunk(n_micro):
            with context:
                loss, info = self.forward_step(micro_batch)
                if not forward_only:
                    (loss / n_micro).backward()
            outputs.append(info)
        return outputs

    def optimizer_step(self):
        torch.nn.utils.clip_grad_norm_(self.module.parameters(), 1.0)
        self.optimizer.step()
        self.optimizer.zero_grad()
