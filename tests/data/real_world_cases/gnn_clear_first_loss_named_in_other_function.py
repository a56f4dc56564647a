"""Clear first, then forward and backward; a later function assigns its own `loss`.

Seen in pyg-team/pytorch_geometric benchmark/citation/train_eval.py:
`train()` does `optimizer.zero_grad(); out = model(data); loss = ...;
loss.backward(); optimizer.step()`, and `evaluate()`, further down the file,
computes `loss = float(F.nll_loss(...))` in a loop. The clear is the first
thing in `train()`, before its forward, so ZG104 does not apply. `run_train`
(`run` here) loops over `train()` and `evaluate()` and, when profiling, calls
`train()` once more after the loop. 97ffad4 then reported ZG104 on the
clear and named `evaluate()`'s local `loss` as "the forward": the name is
matched across function scopes along the path loop -> evaluate -> train.
(The same mix-up names the wrong line in DeepSpeedExamples' vit_finetuning
main_imagenet.py, where the report itself is true.)
"""
# expect: clean
import torch
import torch.nn.functional as F

model = torch.nn.Linear(4, 3)
optimizer = torch.optim.Adam(model.parameters(), lr=0.01)
data = (torch.randn(16, 4), torch.randint(0, 3, (16,)))


def train(model, optimizer, data):
    model.train()
    optimizer.zero_grad()
    out = model(data[0])
    loss = F.cross_entropy(out, data[1])
    loss.backward()
    optimizer.step()


@torch.no_grad()
def evaluate(model, data):
    model.eval()
    out = model(data[0])
    for _ in range(3):
        loss = float(F.cross_entropy(out, data[1]))
    return loss


def run(epochs=10, profiling=False):
    for epoch in range(1, epochs + 1):
        train(model, optimizer, data)
        eval_info = evaluate(model, data)
    if profiling:
        train(model, optimizer, data)
