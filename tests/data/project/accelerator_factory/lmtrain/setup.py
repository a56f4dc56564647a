# expect: clean
"""The package's one place that builds the Accelerator from the run's configuration."""

from accelerate import Accelerator


def build_accelerator(cfg):
    return Accelerator(
        gradient_accumulation_steps=cfg.gradient_accumulation_steps,
        mixed_precision=cfg.mixed_precision,
        log_with=cfg.report_to,
    )
