"""The buggy twin of clean104_models_built_by_library_builders.py: the clear after the forward.

The model comes from peft's `get_peft_model(...)` and the batch is sized from its config, as in the clean twin, but
the clear runs after the forward and before the backward: ZG104 (opt-in), naming the model's call as the forward
(not the builder's line, which runs none).
"""
# expect: ZG104 18:5
import torch
from peft import LoraConfig, get_peft_model


def test_peft_model(base):
    model = get_peft_model(base, LoraConfig(r=4))
    opt = torch.optim.SGD([p for p in model.parameters() if p.requires_grad], lr=1e-2)
    vocab = model.config.vocab_size
    input_ids = torch.randint(0, vocab, (2, 8))
    out = model(input_ids=input_ids, labels=input_ids)
    opt.zero_grad()
    out.loss.backward()
    opt.step()
