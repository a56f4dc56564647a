# expect: ZG101 30:13
# expect: ZG101 37:13
"""The buggy twin: no tape is ever zeroed. Warp adds into `.grad` as torch does, so each step applies every earlier
gradient step's gradients too."""

import warp as wp
from warp_nn.optimizers import Adam


class WarpAgentNoZero:
    def __init__(self, critic, policy, memory, gradient_steps: int):
        self.critic = critic
        self.policy = policy
        self.memory = memory
        self.gradient_steps = gradient_steps
        self.critic_optimizer = Adam(self.critic.parameters(), lr=1e-3)
        self.policy_optimizer = Adam(self.policy.parameters(), lr=1e-4)
        self.critic_loss = wp.zeros(1, dtype=float, requires_grad=True)
        self.policy_loss = wp.zeros(1, dtype=float, requires_grad=True)

    def update(self):
        for _ in range(self.gradient_steps):
            observations, actions, targets = self.memory.sample()

            self.critic_loss.zero_()
            with wp.Tape() as tape:
                values = self.critic.act(observations, actions)
                wp.launch(squared_error, dim=values.shape, inputs=[values, targets, self.critic_loss])
            tape.backward(self.critic_loss)
            self.critic_optimizer.step()

            self.policy_loss.zero_()
            with wp.Tape() as tape:
                values = self.critic.act(observations, self.policy.act(observations))
                wp.launch(negative_mean, dim=values.shape, inputs=[values, self.policy_loss])
            tape.backward(self.policy_loss)
            self.policy_optimizer.step()


@wp.kernel
def squared_error(values: wp.array(dtype=float), targets: wp.array(dtype=float), loss: wp.array(dtype=float)):
    i = wp.tid()
    wp.atomic_add(loss, 0, (values[i] - targets[i]) * (values[i] - targets[i]))


@wp.kernel
def negative_mean(values: wp.array(dtype=float), loss: wp.array(dtype=float)):
    i = wp.tid()
    wp.atomic_add(loss, 0, -values[i])
