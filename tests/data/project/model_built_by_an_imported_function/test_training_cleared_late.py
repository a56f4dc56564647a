# expect: ZG104 17:5
"""The buggy twin of test_training.py: the clear runs after the forward and before the backward (opt-in ZG104),
which names the model's call as the forward, not its builder's."""

import torch

from adapters import create_adapter_model


def test_training_updates_the_active_adapter(base):
    model = create_adapter_model(base_model=base, adapter_names=["task_0", "task_1"])
    model.train()
    opt = torch.optim.SGD([p for p in model.parameters() if p.requires_grad], lr=1e-2)
    vocab = model.config.vocab_size
    input_ids = torch.randint(0, vocab, (2, 8))
    out = model(input_ids=input_ids, labels=input_ids)
    opt.zero_grad()
    out.loss.backward()
    opt.step()
