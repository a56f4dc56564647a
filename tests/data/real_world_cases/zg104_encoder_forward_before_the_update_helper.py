"""An actor-critic update written as functions: the loop encodes the observations, then hands the encoding to the
critic's update, which clears both optimizers at its top and backpropagates the critic's loss through the encoding
into the encoder. Both clears run after the loss's first forward pass, the encoder's in the caller, and before its
backward (opt-in ZG104, facebookresearch/drqv2's shape), as they do when the helper is written out in the loop."""
# expect: ZG104 12:5
# expect: ZG104 13:5
import torch
import torch.nn.functional as F


def update_critic(encoder_opt, critic_opt, critic, obs, action, target):
    encoder_opt.zero_grad(set_to_none=True)
    critic_opt.zero_grad(set_to_none=True)
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
        obs = encoder(obs)
        update_critic(encoder_opt, critic_opt, critic, obs, action, target)
