"""A plain optimizer stepped in the same loop as a prepared one trained under `accelerator.accumulate()`.

Modelled on huggingface/accelerate test_utils/scripts/test_sync.py (hand-off
roles/zg101_unprepared_optimizer_beside_accumulate_block.py): a reference
model's `torch.optim.AdamW`, never handed to `accelerator.prepare`, steps
every iteration and clears only every second one, beside the prepared copy's
`accumulate()` block. Accelerate gates the optimizers `prepare()` wrapped,
not this one: on the iterations that skip the clear its next step applies
the earlier backward's gradients again (RULES.md ZG101). The prepared
optimizer, stepped and cleared the same way, is gated: no report there.
"""
# expect: ZG101 30:9
import torch
from accelerate import Accelerator


def build(accelerator):
    reference = torch.nn.Linear(4, 1)
    model = torch.nn.Linear(4, 1)
    plain = torch.optim.AdamW(reference.parameters(), lr=1e-3)
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
    model, optimizer = accelerator.prepare(model, optimizer)
    return reference, plain, model, optimizer


def train(accelerator, loader):
    reference, plain, model, optimizer = build(accelerator)
    for i, (x, y) in enumerate(loader):
        torch.nn.functional.mse_loss(reference(x), y).backward()
        plain.step()
        with accelerator.accumulate(model):
            accelerator.backward(torch.nn.functional.mse_loss(model(x), y))
            optimizer.step()
        if i % 2 == 0:
            plain.zero_grad()
            optimizer.zero_grad()


if __name__ == "__main__":
    train(Accelerator(gradient_accumulation_steps=2), [(torch.randn(2, 4), torch.randn(2, 1))] * 4)
