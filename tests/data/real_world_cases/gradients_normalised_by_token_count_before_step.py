"""Accumulated gradients normalised by hand (by the token count) under the guard, before the step.

Seen in pytorch/torchtune recipes/knowledge_distillation_single_device.py and
knowledge_distillation_distributed.py (train): each micro-batch does
`current_loss.backward()` and adds its token count to `num_tokens`; under
`if (idx + 1) % self._gradient_accumulation_steps == 0:` the recipe calls
`training.scale_grads(self._model, 1 / num_tokens)` and then steps and
clears. The gradients the step applies are normalised explicitly (RULES.md
ZG501: "normalised elsewhere"); dividing the loss by the number of
micro-batches as well would normalise twice, so "the effective learning rate
is n times larger" does not hold.
"""
# expect: clean
import torch
from torchtune import training

model = torch.nn.Linear(4, 3)
optimizer = torch.optim.AdamW(model.parameters())
loss_fn = torch.nn.CrossEntropyLoss(ignore_index=-100)
loader = [(torch.randn(8, 4), torch.randint(0, 3, (8,))) for _ in range(16)]
gradient_accumulation_steps = 4

num_tokens = 0
for idx, (x, labels) in enumerate(loader):
    num_tokens += (labels != -100).sum()
    current_loss = loss_fn(model(x), labels)
    current_loss.backward()
    if (idx + 1) % gradient_accumulation_steps == 0:
        training.scale_grads(model, 1 / num_tokens)
        optimizer.step()
        optimizer.zero_grad(set_to_none=True)
        num_tokens = 0
