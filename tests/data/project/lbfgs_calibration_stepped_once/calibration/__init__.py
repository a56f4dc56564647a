# expect: clean
"""Post-hoc calibration of an incremental learner's logits."""
