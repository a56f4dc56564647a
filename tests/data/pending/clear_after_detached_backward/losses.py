# expect: clean
"""The soft actor-critic losses of one replay batch: the temperature's loss reads the policy's log-probability only
through `.detach()`, so its backward gives the policy's parameters no gradient."""


def actor_losses(policy, critic, log_alpha, target_entropy, observations):
    actions, log_prob = policy(observations)
    alpha = log_alpha.exp().detach()
    policy_loss = (alpha * log_prob - critic(observations, actions)).mean()
    alpha_loss = -(log_alpha * (log_prob.detach() + target_entropy)).mean()
    return policy_loss, alpha_loss
