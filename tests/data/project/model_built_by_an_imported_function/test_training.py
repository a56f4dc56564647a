# expect: clean
"""A training test in huggingface/peft tests/test_arrow.py's shape: the model comes from the package's builder,
the batch's size from the model's config (`torch.randint(0, vocab, ...)`, which the walk back from the loss reaches
the model's binding through), then the clear, the forward, the backward and the step: the conventional order.
main e616dc2 reported ZG104 at the clear, naming `model = create_adapter_model(...)` as the forward: `calls_model`
read the word `model` in the builder's name before it asked what the name is (a function of another module, here
of the project: what is known of it decides, and it runs no model it is handed)."""

import torch

from adapters import create_adapter_model


def test_training_updates_the_active_adapter(base):
    model = create_adapter_model(base_model=base, adapter_names=["task_0", "task_1"])
    model.train()
    opt = torch.optim.SGD([p for p in model.parameters() if p.requires_grad], lr=1e-2)
    vocab = model.config.vocab_size
    input_ids = torch.randint(0, vocab, (2, 8))
    opt.zero_grad()
    out = model(input_ids=input_ids, labels=input_ids)
    out.loss.backward()
    opt.step()
