# expect: clean
"""The agent: a replay buffer and a policy learner handed in; `reset` starts an episode, `learn` trains on the
buffer, both delegated to the learner."""


class Agent:
    def __init__(self, policy_learner, replay_buffer) -> None:
        self.policy_learner = policy_learner
        self.replay_buffer = replay_buffer

    def reset(self, observation, action_space) -> None:
        self._observation = observation
        self.policy_learner.reset(action_space)

    def act(self, observation):
        return self.policy_learner.act(observation)

    def observe(self, transition) -> None:
        self.replay_buffer.push(transition)

    def learn(self) -> dict:
        return self.policy_learner.learn(self.replay_buffer)
