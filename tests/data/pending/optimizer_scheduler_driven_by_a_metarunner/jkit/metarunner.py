# expect: clean
"""The metarunner: iterates the runner's generator, evaluating every few steps."""


class Metarunner:
    def __init__(self, runner, eval_every_steps):
        self.runner = runner
        self.eval_every_steps = eval_every_steps

    def run_train_loop(self):
        for step in self.runner.run_train_context():
            if step % self.eval_every_steps == 0:
                self.runner.model.eval()
