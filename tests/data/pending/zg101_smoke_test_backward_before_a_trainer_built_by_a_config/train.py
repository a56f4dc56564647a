# expect: clean
"""jannerm/diffuser's scripts/train.py, reduced: the trainer built through a `Config`, a smoke test's forward and
backward on the model ('test forward & backward pass'), then the epochs calling `trainer.train`."""

import torch

from training import Config

model = torch.nn.Linear(4, 1)
loader = iter([torch.randn(8, 4)] * 1000)
trainer_config = Config("training.Trainer", gradient_accumulate_every=2, train_lr=2e-5)
trainer = trainer_config(model, loader)

batch = torch.randn(8, 4)
loss = model(batch).pow(2).mean()
loss.backward()

for i in range(10):
    trainer.train(n_train_steps=100)
