"""A policy-gradient objective divided by the number of micro-batches, then negated into the loss.

Modelled on on-policy RL fine-tuning scripts (nanochat's chat_rl.py): in the
micro-batch loop `objective = objective / (n * passes)`, `loss = -objective`,
`loss.backward()`; one step after the loop. The loss is the divided objective
up to its sign: RULES.md ZG501 does not apply.
"""
# expect: clean
import torch


def train(policy, optimizer, rollouts, passes):
    for batch in rollouts:
        for micro in range(passes):
            states, advantages = batch[micro]
            log_probs = torch.log_softmax(policy(states), dim=-1)
            objective = (log_probs * advantages).sum()
            objective = objective / (states.size(0) * passes)
            loss = -objective
            loss.backward()
        optimizer.step()
        optimizer.zero_grad(set_to_none=True)
