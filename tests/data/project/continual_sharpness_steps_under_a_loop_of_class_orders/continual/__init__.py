# expect: clean
"""A class-incremental learner's training code: an epoch, its loss scaler and its meters."""
