"""SAC: the actor's loss runs through both Q networks without detach, but the Q optimizer clears
at the top of its own update, before its backward.

Seen in vwxyzjn/cleanrl cleanrl/sac_continuous_action.py: `q_optimizer` is built
over `list(qf1.parameters()) + list(qf2.parameters())`; each update computes the
Q losses, `q_optimizer.zero_grad(); qf_loss.backward(); q_optimizer.step()`; then,
every `policy_frequency` steps, `actor_loss = ((alpha * log_pi) - min_qf_pi).mean()`
(through `qf1` and `qf2`) with `actor_optimizer.zero_grad(); actor_loss.backward();
actor_optimizer.step()`. The actor's backward writes the Q networks' gradients,
but the next Q update clears them before its backward: no step applies them
(RULES.md ZG101 is silent). Both clears sit between their network's forward
and its backward, as in cleanrl: the opt-in ZG104, true.
"""
# expect: ZG104 29:5
# expect: ZG104 36:9
import torch

actor = torch.nn.Linear(4, 2)
qf1 = torch.nn.Linear(6, 1)
qf2 = torch.nn.Linear(6, 1)
q_optimizer = torch.optim.Adam(list(qf1.parameters()) + list(qf2.parameters()), lr=1e-3)
actor_optimizer = torch.optim.Adam(list(actor.parameters()), lr=3e-4)

for global_step in range(100):
    obs, actions, target = torch.randn(8, 4), torch.randn(8, 2), torch.randn(8)
    q1 = qf1(torch.cat([obs, actions], 1)).view(-1)
    q2 = qf2(torch.cat([obs, actions], 1)).view(-1)
    qf_loss = torch.nn.functional.mse_loss(q1, target) + torch.nn.functional.mse_loss(q2, target)
    q_optimizer.zero_grad()
    qf_loss.backward()
    q_optimizer.step()
    if global_step % 2 == 0:
        pi = actor(obs)
        min_qf_pi = torch.min(qf1(torch.cat([obs, pi], 1)), qf2(torch.cat([obs, pi], 1)))
        actor_loss = (-min_qf_pi).mean()
        actor_optimizer.zero_grad()
        actor_loss.backward()
        actor_optimizer.step()
