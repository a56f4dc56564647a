"""PPO update: the forward is a method of the agent, unpacked into a tuple; clear after the loss.

Seen in vwxyzjn/cleanrl ppo.py and its variants (ppo_atari, ppo_continuous_action,
ppo_procgen, rpo_continuous_action, ppg_procgen, ...) and Lightning's Fabric RL
example: `_, newlogprob, entropy, newvalue = agent.get_action_and_value(obs, act)`,
then the clipped policy and value losses, `loss = pg_loss - c1 * entropy_loss + v_loss * c2`,
then `optimizer.zero_grad(); loss.backward(); clip_grad_norm_; optimizer.step()`.
The clear runs after the forward pass and before the backward: ZG104 (opt-in).
The linter reported all of these up to 97ffad4; 4ab1308 ("ZG104 forward
needs a model call") lost them; d70929a reports them again.
"""
# expect: ZG104 38:9
import torch


class Agent(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.actor = torch.nn.Linear(4, 2)
        self.critic = torch.nn.Linear(4, 1)

    def get_action_and_value(self, x, action):
        dist = torch.distributions.Categorical(logits=self.actor(x))
        return action, dist.log_prob(action), dist.entropy(), self.critic(x)


agent = Agent()
optimizer = torch.optim.Adam(agent.parameters(), lr=2.5e-4, eps=1e-5)
b_obs, b_actions, b_logprobs, b_returns = torch.randn(64, 4), torch.randint(0, 2, (64,)), torch.zeros(64), torch.randn(64)
for epoch in range(4):
    for start in range(0, 64, 16):
        mb = slice(start, start + 16)
        _, newlogprob, entropy, newvalue = agent.get_action_and_value(b_obs[mb], b_actions[mb])
        ratio = (newlogprob - b_logprobs[mb]).exp()
        pg_loss = -ratio.mean()
        v_loss = 0.5 * ((newvalue.view(-1) - b_returns[mb]) ** 2).mean()
        loss = pg_loss - 0.01 * entropy.mean() + v_loss * 0.5
        optimizer.zero_grad()
        loss.backward()
        torch.nn.utils.clip_grad_norm_(agent.parameters(), 0.5)
        optimizer.step()
