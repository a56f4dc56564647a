# expect: clean
"""A task's `train_step(sample, model, criterion, optimizer, ...)`: the forward through the criterion and the
wrapper's backward; the trainer steps."""


class TranslationTask:
    def __init__(self, cfg, src_dict, tgt_dict):
        self.cfg = cfg
        self.src_dict = src_dict
        self.tgt_dict = tgt_dict

    def train_step(self, sample, model, criterion, optimizer, update_num, ignore_grad=False):
        model.train()
        loss, sample_size, logging_output = criterion(model, sample)
        if ignore_grad:
            loss *= 0
        optimizer.backward(loss)
        return loss, sample_size, logging_output
