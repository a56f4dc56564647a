"""The loss is two assignments away from the model call, then the clear.

Seen in vwxyzjn/cleanrl rainbow_atari.py (`dist = q_network(obs)`,
`pred_dist = dist.gather(...)`, `log_pred = torch.log(...)`,
`loss_per_sample = ...`, `loss = (loss_per_sample * weights).mean()`, then
`optimizer.zero_grad(); loss.backward(); optimizer.step()`) and in the SAC
and TD3 critics (`qf1_a_values = qf1(...)`, `qf1_loss = F.mse_loss(...)`,
`qf_loss = qf1_loss + qf2_loss`). The clear runs after the forward pass and
before the backward: ZG104 (opt-in). On 4ab1308 the forward was found only
when the loss is computed directly from the model call's result (one step);
here it is two steps away (fixed in d70929a).
"""
# expect: ZG104 23:5
import torch

q_network = torch.nn.Linear(4, 1)
optimizer = torch.optim.SGD(q_network.parameters(), lr=0.1)
for step in range(10):
    obs = torch.randn(8, 4)
    out = q_network(obs)
    sq = out.pow(2)
    loss = sq.mean()
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
