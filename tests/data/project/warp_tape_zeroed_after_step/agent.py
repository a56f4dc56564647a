# expect: clean
"""An actor-critic agent written for NVIDIA Warp, not PyTorch (Toni-SM/skrl skrl/agents/warp/): each loss is recorded
under `with wp.Tape() as tape:`, `tape.backward(loss)` writes the gradients of the arrays the tape recorded, the
optimizer is an installed library's `Adam`, and `tape.zero()` after each step zeroes every gradient the tape
recorded: no step applies a gradient twice."""

import warp as wp
from warp_nn.optimizers import Adam


class WarpAgent:
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
            tape.zero()

            self.policy_loss.zero_()
            with wp.Tape() as tape:
                values = self.critic.act(observations, self.policy.act(observations))
                wp.launch(negative_mean, dim=values.shape, inputs=[values, self.policy_loss])
            tape.backward(self.policy_loss)
            self.policy_optimizer.step()
            tape.zero()


@wp.kernel
def squared_error(values: wp.array(dtype=float), targets: wp.array(dtype=float), loss: wp.array(dtype=float)):
    i = wp.tid()
    wp.atomic_add(loss, 0, (values[i] - targets[i]) * (values[i] - targets[i]))


@wp.kernel
def negative_mean(values: wp.array(dtype=float), loss: wp.array(dtype=float)):
    i = wp.tid()
    wp.atomic_add(loss, 0, -values[i])
