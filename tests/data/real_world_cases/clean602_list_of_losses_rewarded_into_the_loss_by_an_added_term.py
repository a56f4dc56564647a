# expect: clean
"""A recommender's masked-autoencoder trainer (the shape of HKUDS/SSLRec's MAERec `train_epoch`): each batch appends
its main loss term to `loss_his`, and on the masking steps a reward computed from that history scales the sampler's
score, `loss += -sample_scr.mean() * reward`, before the one backward. The list reaches the backpropagated loss
through the added term, a sum of losses on purpose, so the engine does not report it (RULES.md ZG602 keeps to values
that outlive the iteration and are not backpropagated; `kept_values.backpropagated_names` follows the loss's
definitions through the in-place add)."""
import torch

model = torch.nn.Linear(4, 1)
sampler = torch.nn.Linear(4, 1)
optimizer = torch.optim.Adam([*model.parameters(), *sampler.parameters()], lr=1e-3)
loader = [torch.randn(8, 4) for _ in range(6)]


def calc_reward(history, eps):
    return max(history[-1] - history[0], eps) if len(history) > 1 else eps


for epoch in range(2):
    loss_his = []
    for i, batch in enumerate(loader):
        optimizer.zero_grad()
        if i % 3 == 0:
            sample_scr = sampler(batch)
        loss_main = model(batch).pow(2).mean()
        loss = loss_main + 0.1 * model.weight.pow(2).sum()
        loss_his.append(loss_main)
        if i % 3 == 0:
            reward = calc_reward(loss_his, 0.01)
            loss += -sample_scr.mean() * reward
            loss_his = loss_his[-1:]
        loss.backward()
        optimizer.step()
