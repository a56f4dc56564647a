# expect: clean
"""The policy learners' base: `learn` samples a few batches from the replay buffer and hands each to the subclass's
`learn_batch`; `reset`, called at the start of every episode, does nothing here."""


class PolicyLearner:
    def __init__(self, training_rounds: int = 1, batch_size: int = 64) -> None:
        self._training_rounds = training_rounds
        self._batch_size = batch_size

    def reset(self, action_space) -> None:
        self._action_space = action_space

    def learn(self, replay_buffer) -> dict:
        report = {}
        for _ in range(self._training_rounds):
            batch = replay_buffer.sample(self._batch_size)
            single_report = self.learn_batch(batch)
            for key, value in single_report.items():
                report.setdefault(key, []).append(value)
        return report

    def learn_batch(self, batch) -> dict:
        raise NotImplementedError
