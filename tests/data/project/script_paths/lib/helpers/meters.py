# expect: clean
class AverageMeter:
    def __init__(self):
        self.total, self.count = 0.0, 0

    def update(self, value):
        self.total += value
        self.count += 1

    @property
    def average(self):
        return self.total / max(self.count, 1)
