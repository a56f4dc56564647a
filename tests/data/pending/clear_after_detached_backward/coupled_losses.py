# expect: clean
"""The twin's losses: the temperature's loss reads the policy's log-probability with its graph, so its backward
fills the policy's gradients too."""


def actor_losses(policy, critic, log_alpha, target_entropy, observations):
    actions, log_prob = policy(observations)
    alpha = log_alpha.exp().detach()
    policy_loss = (alpha * log_prob - critic(observations, actions)).mean()
    alpha_loss = -(log_alpha * (log_prob + target_entropy)).mean()
    return policy_loss, alpha_loss
