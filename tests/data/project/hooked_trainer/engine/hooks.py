# expect: clean
"""Hooks a trainer runs around each iteration; the schedule is stepped after the iteration's optimizer step."""


class HookBase:
    trainer = None

    def before_step(self):
        pass

    def after_step(self):
        pass


class StepSchedule(HookBase):
    def __init__(self, scheduler):
        self.scheduler = scheduler

    def after_step(self):
        self.scheduler.step()
