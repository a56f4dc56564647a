"""The twin of zg104_encoder_forward_before_the_update_helper.py: the loop clears both optimizers before encoding
the observations, and the critic's update only computes the loss, backpropagates it and steps."""
# expect: clean
import torch
import torch.nn.functional as F


def update_critic(encoder_opt, critic_opt, critic, obs, action, target):
    q = critic(torch.cat([obs, action], dim=-1))
    critic_loss = F.mse_loss(q, target)
    critic_loss.backward()
    critic_opt.step()
    encoder_opt.step()


def train(encoder, critic, replay, steps):
    encoder_opt = torch.optim.Adam(encoder.parameters(), lr=1e-4)
    critic_opt = torch.optim.Adam(critic.parameters(), lr=1e-4)
    for step in range(steps):
        obs, action, target = next(replay)
        encoder_opt.zero_grad(set_to_none=True)
        critic_opt.zero_grad(set_to_none=True)
        obs = encoder(obs)
        update_critic(encoder_opt, critic_opt, critic, obs, action, target)
