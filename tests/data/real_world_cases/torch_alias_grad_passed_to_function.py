"""`p.grad` passed to a torch function when torch is imported as `th`.

Seen in openai/improved-diffusion improved_diffusion/train_util.py
(optimize_fp16): `import torch as th`, then
`if any(not th.isfinite(p.grad).all() for p in self.model_params): ...`
over `list(self.model.parameters())`, with no None check (passed to a
function that needs a tensor). Up to 97ffad4 the linter reported
`torch.isfinite(p.grad)` and `th.isfinite(p.grad.data)` but not
`th.isfinite(p.grad)`: the `th` alias of torch was not resolved (fixed in
4ab1308). The read follows the backward over an `nn.Linear`, whose parameters
all get gradients: nothing in the file shows a None, so under the narrowed
RULES.md it is ZG302 (opt-in), not ZG301.
"""
# expect: ZG302 24:28
import torch as th

model = th.nn.Linear(4, 1)
params = list(model.parameters())
opt = th.optim.AdamW(params, lr=1e-4)

for x in [th.randn(8, 4)] * 4:
    opt.zero_grad()
    model(x).pow(2).mean().backward()
    if any(not th.isfinite(p.grad).all() for p in params):
        continue
    opt.step()
