"""Step under `if need_update`, clear after `if not need_update: continue`.

Seen in huggingface/pytorch-image-models train.py and legacy_train.py
(train_one_epoch): `need_update = last_batch or (batch_idx + 1) % accum == 0`;
a nested `_backward()` does `loss.backward()` and, when `need_update`, the
step; later the loop does `if not need_update: continue` followed by
`optimizer.zero_grad()`. The clear runs exactly on the iterations that
stepped (RULES.md ZG101: "clear ... together with the step" is not reported).
"""
# expect: clean
import torch

model = torch.nn.Linear(4, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
loader = [torch.randn(8, 4) for _ in range(8)]
accum_steps = 4

optimizer.zero_grad()
for batch_idx, x in enumerate(loader):
    need_update = batch_idx == len(loader) - 1 or (batch_idx + 1) % accum_steps == 0

    def _backward(_loss):
        _loss.backward()
        if need_update:
            optimizer.step()

    loss = model(x).pow(2).mean() / accum_steps
    _backward(loss)
    if not need_update:
        continue
    optimizer.zero_grad()
