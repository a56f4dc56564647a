"""fairseq's tests/test_memory_efficient_fp16.py: one backward through the wrapper's own `backward`, then its own
`step`, which unscales: the step applies unscaled gradients, nothing to report (ZG402 read the wrapper's backward body
as a bare scaled backward beside a plain step)."""
# expect: clean
import torch

from fp16.optim import MemoryEfficientFP16Optimizer


def test_load_state_dict(model):
    params = list(model.parameters())
    me_optimizer = MemoryEfficientFP16Optimizer(params, torch.optim.Adam(params, lr=1e-5))
    loss = model(torch.rand(5)).sum()
    me_optimizer.backward(loss)
    me_optimizer.step()
    return me_optimizer.state_dict()
