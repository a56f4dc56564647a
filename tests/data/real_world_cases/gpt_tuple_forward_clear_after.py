"""Clear after a forward whose result is tuple-unpacked (ZG104, opt-in).

Seen in karpathy/minGPT mingpt/trainer.py (`logits, self.loss = model(x, y)`
then `model.zero_grad(set_to_none=True)` then backward) and karpathy/nanoGPT
bench.py (forward inside `with ctx:`, then `optimizer.zero_grad(...)`, then
backward); pytorch/examples distributed/minGPT-ddp does the same with
`_, loss = self.model(...)`. The clear sits between the forward and the
backward, which is ZG104's pattern; up to 97ffad4 the linter reported it when the loss was
a plain `loss = ...` but stayed silent here (fixed in 4ab1308).
"""
# expect: ZG104 26:5
# expect: ZG104 37:13
import torch


class GPT(torch.nn.Module):
    def forward(self, x, y):
        logits = x * 2
        return logits, (logits - y).pow(2).mean()


model = GPT()
opt = torch.optim.AdamW([torch.nn.Parameter(torch.ones(1))], lr=1e-3)
for x, y in [(torch.randn(4), torch.randn(4))] * 3:
    logits, loss = model(x, y)
    model.zero_grad(set_to_none=True)
    loss.backward()
    opt.step()


class Trainer:
    def run(self, data):
        self.optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
        for x, y in data:
            with torch.autocast("cpu"):
                logits, self.loss = model(x, y)
            self.optimizer.zero_grad(set_to_none=True)
            self.loss.backward()
            self.optimizer.step()
