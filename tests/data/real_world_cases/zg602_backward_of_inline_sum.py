"""Two losses kept in lists, the backward called on their sum written inline.

`(actor_loss + 0.5 * critic_loss).backward()`: both terms come from the model's output on the way to the loss,
so both appends keep a graph (as with `loss = actor_loss + 0.5 * critic_loss; loss.backward()`, where both are
reported). Found by a shape probe of Denys88/rl_games' learners (round 7), where only the first term was reported:
the other terms of the backward's expression are parts of its loss, as those of an assigned sum are.
"""
# expect: ZG602 22:5
# expect: ZG602 23:5
import torch

model = torch.nn.Linear(4, 2)
optimizer = torch.optim.Adam(model.parameters())
actor_losses, critic_losses = [], []
for observations in torch.randn(10, 8, 4):
    optimizer.zero_grad()
    out = model(observations)
    actor_loss = out[:, 0].mean()
    critic_loss = out[:, 1].pow(2).mean()
    (actor_loss + 0.5 * critic_loss).backward()
    optimizer.step()
    actor_losses.append(actor_loss)
    critic_losses.append(critic_loss)
