"""MAML: clear at the top, one backward per task, then the summed gradients averaged by hand.

Seen in learnables/learn2learn examples/vision/maml_omniglot.py,
maml_miniimagenet.py, distributed_maml.py, metacurvature_fc100.py,
anilkfo_cifarfs.py and Lightning-AI/pytorch-lightning
examples/fabric/meta_learning/train_torch.py, train_fabric.py:
`opt.zero_grad()`, `for task in range(meta_batch_size): ...
evaluation_error.backward()`, then `for p in maml.parameters():
p.grad.data.mul_(1.0 / meta_batch_size)` and `opt.step()`. The read follows
the task loop's backwards over a model whose class is not in the file: the
file shows no `None` there (RULES.md ZG301), so only the strict, opt-in
ZG302 applies. The averaging by hand before the step is the division by the
number of tasks that RULES.md ZG501 asks for ("normalised elsewhere"), so the
undivided `evaluation_error.backward()` is no ZG501 (that part is the cause
of flow/gradients_normalised_by_token_count_before_step.py).
"""
# expect: ZG302 34:9
import torch
from torch import nn

model = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 4))
opt = torch.optim.Adam(model.parameters(), lr=1e-3)
loss = nn.CrossEntropyLoss()
meta_batch_size = 8

for iteration in range(100):
    opt.zero_grad()
    for task in range(meta_batch_size):
        x, y = torch.randn(10, 8), torch.randint(0, 4, (10,))
        evaluation_error = loss(model(x), y)
        evaluation_error.backward()

    for p in model.parameters():
        p.grad.data.mul_(1.0 / meta_batch_size)
    opt.step()
