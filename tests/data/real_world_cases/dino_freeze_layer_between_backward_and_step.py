"""Setting `.grad = None` on a filtered subset of parameters between backward and step.

Seen in facebookresearch/dino (main_dino.py with utils.py):
`cancel_gradients_last_layer(epoch, student, freeze_last_layer)` runs between
`loss.backward()` and `optimizer.step()` and sets `p.grad = None` only for
parameters whose name contains "last_layer", during the first epochs. This
freezes one layer; it is not a clear of the optimizer's gradients, so the
step still sees the others (no ZG102). In DINO the helper lives in another
file; here it is in the same file so that the analysis follows it.
"""
# expect: clean
import torch

student = torch.nn.Sequential(torch.nn.Linear(4, 4), torch.nn.Linear(4, 2))
optimizer = torch.optim.SGD(student.parameters(), lr=0.1)


def cancel_gradients_last_layer(epoch, model, freeze_last_layer):
    if epoch >= freeze_last_layer:
        return
    for n, p in model.named_parameters():
        if n.startswith("1."):
            p.grad = None


for epoch in range(3):
    for x in [torch.randn(8, 4)] * 4:
        optimizer.zero_grad()
        loss = student(x).pow(2).mean()
        loss.backward()
        cancel_gradients_last_layer(epoch, student, 1)
        optimizer.step()
