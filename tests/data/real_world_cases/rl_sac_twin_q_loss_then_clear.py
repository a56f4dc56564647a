"""SAC critic update: two Q-network forwards, a summed loss, then the clear.

Seen in vwxyzjn/cleanrl sac_continuous_action.py, sac_atari.py and
td3_continuous_action.py: `qf1_a_values = qf1(obs, actions).view(-1)`,
`qf2_a_values = qf2(...)`, two MSE losses, `qf_loss = qf1_loss + qf2_loss`,
then `q_optimizer.zero_grad(); qf_loss.backward(); q_optimizer.step()` with
`q_optimizer` over both networks' parameters. The clear runs after the
forward pass and before the backward: ZG104 (opt-in). Reported up to 97ffad4,
lost in 4ab1308, reported again by d70929a.
"""
# expect: ZG104 36:9
import torch
import torch.nn.functional as F


class SoftQNetwork(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = torch.nn.Linear(6, 1)

    def forward(self, x, a):
        return self.fc(torch.cat([x, a], 1))


qf1 = SoftQNetwork()
qf2 = SoftQNetwork()
q_optimizer = torch.optim.Adam(list(qf1.parameters()) + list(qf2.parameters()), lr=1e-3)
for global_step in range(100):
    if global_step > 10:
        obs, actions, next_q_value = torch.randn(32, 4), torch.randn(32, 2), torch.randn(32)
        qf1_a_values = qf1(obs, actions).view(-1)
        qf2_a_values = qf2(obs, actions).view(-1)
        qf1_loss = F.mse_loss(qf1_a_values, next_q_value)
        qf2_loss = F.mse_loss(qf2_a_values, next_q_value)
        qf_loss = qf1_loss + qf2_loss
        q_optimizer.zero_grad()
        qf_loss.backward()
        q_optimizer.step()
