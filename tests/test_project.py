"""The project read as one program: calls, classes and factories followed across modules.

tests/data/project/ holds small trees, one folder each; every file's `# expect:` header says what a
`check` of its folder reports in that file (a report on a line of another module is that module's:
the step of `engine.py` that a loop of `main.py` reaches is reported in `engine.py`). One run of the
real CLI checks every tree; then the doors that check one file at a time (`check FILE`, flake8) and the
cache, which must check a file again when a module its analysis read changes.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Callable

import pytest
from conftest import REPO, CliInterpreter, run_cli, run_cli_each, run_flake8
from expect import expected_reports

from zerograd_lint.analysis.ir.inlining import ELSEWHERE_STATEMENTS
from zerograd_lint.files.project_index import ROOT_MARKERS

TREES = REPO / "tests" / "data" / "project"
TREE_NAMES = sorted(path.name for path in TREES.iterdir() if path.is_dir())


CHECK = ("check", "--select", "ALL", "--format", "json")
Found = dict[str, list[tuple[str, int, int]]]


def reports_in(*args: str, cwd: Path = REPO, cli: Callable[..., subprocess.CompletedProcess[str]] = run_cli) -> Found:
    """`check --format json ARGS`: each file's reports (by its path relative to `cwd`), sorted. A process of its own
    by default (what the cache keeps between runs); `cli=cli_here`, the module's interpreter, for a run whose
    output alone is asked (`--no-cache`)."""
    return reports_of(cli(*CHECK, *args, cwd=cwd))


def reports_of(proc: subprocess.CompletedProcess[str]) -> Found:
    assert proc.returncode in (0, 1), proc.stderr
    found: Found = {}
    for item in json.loads(proc.stdout):
        found.setdefault(str(Path(item["path"])), []).append((item["code"], item["line"], item["column"]))
    return {path: sorted(items) for path, items in found.items()}


EVERY_TREE = (*CHECK, "--no-cache", *(str((TREES / tree).relative_to(REPO)) for tree in TREE_NAMES))


@pytest.fixture(scope="module")
def every_tree_run() -> subprocess.CompletedProcess[str]:
    """One `check` of every tree, each folder a path of its own: a run finds each module by its project and name,
    so a tree's files get the reports a check of that tree alone gives them (the loops below are checked alone).
    Under hash seed 0, which `test_every_tree_gives_the_same_reports_under_another_hash_seed` sets against 1."""
    return run_cli(*EVERY_TREE, hash_seed="0")


@pytest.fixture(scope="module")
def every_tree_checked(every_tree_run: subprocess.CompletedProcess[str]) -> Found:
    return reports_of(every_tree_run)


@pytest.mark.parametrize("tree", TREE_NAMES)
def test_each_file_gets_the_reports_its_header_says(tree: str, every_tree_checked: Found) -> None:
    for path in sorted((TREES / tree).rglob("*.py")):
        assert every_tree_checked.get(str(path.relative_to(REPO)), []) == expected_reports(path), path.name


@pytest.mark.slow
def test_every_tree_gives_the_same_reports_under_another_hash_seed(every_tree_run: subprocess.CompletedProcess[str]) -> None:
    """Python orders its sets of strings by a hash salted per process (`PYTHONHASHSEED`): no answer of the analysis
    may follow that order (tests/test_real_world_cases.py sets the two seeds against each other over its cases)."""
    again = run_cli(*EVERY_TREE, hash_seed="1")
    assert (again.returncode, again.stdout) == (every_tree_run.returncode, every_tree_run.stdout), again.stderr


def test_the_trees_hold_what_the_task_names() -> None:
    assert {
        "loop_and_step", "optimizer_factory", "scheduler_classes", "unresolved", "cycle", "trainer_classes", "trainer_instance",
        "trainer_factory", "clear_after_no_grad_generator", *(tree for tree, _, _ in LOOPS),
    } <= set(TREE_NAMES)


# Each loop file of the trees of the shapes real projects use, checked alone (as pre-commit does): the reports its
# loop leads to (a tree's run reports a step once, however many loops reach it; here each loop must find it).
LOOPS = [
    ("trainer_factory", "run.py", {"training/steppers.py": [("ZG101", 27, 9)]}),
    ("trainer_factory", "own_optimizer.py", {"training/steppers.py": [("ZG101", 27, 9)]}),
    ("trainer_factory", "caller_clears.py", {}),
    ("trainer_factory", "own_optimizer_cleared.py", {}),
    ("trainer_factory", "clean_run.py", {}),
    ("trainer_factory", "unknown_class.py", {}),
    ("trainer_factory", "either_class.py", {"training/steppers.py": [("ZG101", 27, 9)]}),
    ("trainer_factory", "either_class_cleared.py", {}),
    ("mixins", "trainers/classes.py", {"trainers/mixins.py": [("ZG101", 14, 9)]}),
    ("mixins", "run.py", {}),
    ("mixins", "cleared_by_loop.py", {}),
    ("mixins", "one_file.py", {}),
    ("super_calls", "custom.py", {"engine/base.py": [("ZG101", 18, 9)]}),
    ("super_calls", "clean_custom.py", {}),
    ("super_calls", "forgetful_main.py", {"engine/base.py": [("ZG101", 18, 9)]}),
    ("super_calls", "instance_main.py", {}),
    ("super_calls", "one_file.py", {}),
    ("reexports", "main.py", {"lib/engine/steps.py": [("ZG101", 13, 5)]}),
    ("reexports", "star_main.py", {"lib/engine/steps.py": [("ZG101", 13, 5)]}),
    ("reexports", "clean_main.py", {}),
    ("relative_imports", "proj/apps/vision/train.py", {"proj/engine/core.py": [("ZG101", 12, 5)]}),
    ("relative_imports", "proj/apps/vision/clean_train.py", {}),
    ("class_methods", "static_main.py", {"steps.py": [("ZG101", 13, 9)]}),
    ("class_methods", "class_main.py", {"steps.py": [("ZG101", 26, 9)]}),
    ("class_methods", "clean_main.py", {}),
    ("step_functions", "main.py", {"steps.py": [("ZG101", 9, 5)]}),
    ("step_functions", "clean_main.py", {}),
    ("step_functions", "local_main.py", {"steps.py": [("ZG101", 9, 5)]}),
    ("dataclass_trainer", "trainer.py", {"engine.py": [("ZG101", 13, 5)]}),
    ("optimizer_dicts", "main.py", {"gan.py": [("ZG101", 25, 9), ("ZG104", 28, 9)]}),
    ("optimizer_dicts", "clean_main.py", {"gan.py": [("ZG104", 28, 9)]}),
    ("ddp_module", "main.py", {"engine.py": [("ZG101", 18, 9)]}),
    ("ddp_module", "clean_main.py", {}),
    ("module_alias", "main.py", {"engine.py": [("ZG101", 13, 5)]}),
    ("module_alias", "clean_main.py", {}),
    ("partial_steps", "main.py", {"steps.py": [("ZG101", 10, 5)]}),
    ("partial_steps", "handed_main.py", {"steps.py": [("ZG101", 10, 5)]}),
    ("partial_steps", "clean_main.py", {}),
    ("class_constructors", "main.py", {"training/trainers.py": [("ZG101", 27, 9)]}),
    ("class_constructors", "own_optimizer_forgotten.py", {"training/trainers.py": [("ZG101", 27, 9)]}),
    ("class_constructors", "clean_main.py", {}),
    ("class_constructors", "own_optimizer.py", {}),
    ("class_constructors", "static_main.py", {"training/trainers.py": [("ZG101", 27, 9)]}),
    ("trainer_instance", "optimizer_built_in_place.py", {}),
    ("timed_closures", "train.py", {"train.py": [("ZG101", 20, 17)]}),
    ("timed_closures", "clean_train.py", {}),
    ("short_names", "main.py", {"engine.py": [("ZG101", 10, 5)]}),
    ("short_names", "clean_main.py", {}),
    ("scheduler_factory", "train.py", {"loops/iterations.py": [("ZG204", 11, 9)]}),
    ("scheduler_factory", "clean_train.py", {}),
    ("scheduler_factory", "epoch_schedule.py", {"epoch_schedule.py": [("ZG204", 12, 9)]}),
    ("scheduler_factory", "own_schedule.py", {}),
    ("scheduler_factory", "warmup_first.py", {"warmup_first.py": [("ZG204", 13, 13)]}),
    ("scheduler_factory", "one_file.py", {"one_file.py": [("ZG204", 20, 13)]}),
    ("script_paths", "tools/train.py", {"tools/train.py": [("ZG204", 17, 9)]}),
    ("script_paths", "tools/finetune.py", {"tools/finetune.py": [("ZG204", 16, 9)]}),
    ("script_paths", "tools/clean_train.py", {}),
    ("script_paths", "tools/unknown_path.py", {}),
    ("factory_with_local_import", "main_train.py", {"models/model_plain.py": [("ZG101", 21, 9)]}),
    ("factory_with_local_import", "aliased_main.py", {"models/model_plain.py": [("ZG101", 21, 9)]}),
    ("factory_with_local_import", "either_main.py", {}),
    ("factory_with_local_import", "cleared_main.py", {}),
    ("lib_on_sys_path", "tools/train.py", {"tools/train.py": [("ZG204", 17, 9)]}),
    ("lib_on_sys_path", "tools/clean_train.py", {}),
    ("scheduler_handed_to_engine", "train_net.py", {"engine/trainer.py": [("ZG204", 10, 9)]}),
    ("scheduler_handed_to_engine", "clean_train_net.py", {}),
    ("infinite_generator_before_loop", "trainer.py", {"trainer.py": [("ZG102", 36, 13)]}),
    ("infinite_generator_before_loop", "fixed_trainer.py", {}),
    ("optimizers_in_attribute_dict", "core/solver.py", {"core/solver.py": [("ZG104", 23, 13)]}),
    ("forward_stored_on_self", "train.py", {"models/translator.py": [("ZG104", 27, 9)]}),
    ("forward_stored_on_self", "models/noisy_translator.py", {}),
    ("rollout_storage_forward", "agents/a2c.py", {"agents/a2c.py": [("ZG104", 27, 9)]}),
    ("rollout_storage_forward", "agents/list_a2c.py", {"agents/list_a2c.py": [("ZG104", 27, 9)]}),
    ("trainer_loop_never_says_optim", "train.py", {"trainers/gan_trainer.py": [("ZG101", 30, 9)]}),
    ("trainer_loop_never_says_optim", "clean_train.py", {}),
    ("hooked_trainer", "projects/seg/train_net.py", {"projects/seg/train_net.py": [("ZG102", 22, 9)]}),
    ("hooked_trainer", "projects/det/train_net.py", {}),
    ("amp_grandchild", "engine/amp.py", {"engine/amp.py": [("ZG401", 28, 9)]}),
    ("optimizer_step_method", "models/segment/train.py", {"models/segment/train.py": [("ZG402", 29, 9)]}),
    ("optimizer_step_method", "models/detect/train.py", {}),
    ("own_optim_wrapper", "tools/train.py", {"core/optim_wrapper.py": [("ZG101", 30, 13)]}),
    ("own_optim_wrapper", "tools/clean_train.py", {}),
    ("own_optim_wrapper", "tools/train_mmengine.py", {}),
    ("method_registry", "main.py", {"trainer/multitask.py": [("ZG101", 34, 9)]}),
    ("method_registry", "trainer/clean_multitask.py", {}),
    ("module_train_step", "train.py", {"models/classifier.py": [("ZG103", 21, 9)]}),
    ("module_train_step", "clean_train.py", {}),
    ("module_train_step", "rewrapped_train.py", {"models/classifier.py": [("ZG103", 21, 9)]}),
    ("decorated_epoch", "main.py", {"main.py": [("ZG204", 18, 9)]}),
    ("decorated_epoch", "clean_main.py", {}),
    ("configured_optimizers", "train.py", {"tasks/regression.py": [("ZG601", 22, 16)]}),
    ("accelerate_engine", "src/project/train.py", {"src/project/train.py": [("ZG602", 24, 13)]}),
    ("accelerate_engine", "src/project/clean_train.py", {}),
    ("mae_loss_scaler", "main_pretrain.py", {}),
    ("mae_loss_scaler", "engine_pretrain.py", {"engine_pretrain.py": [("ZG501", 27, 9)]}),
    ("mae_loss_scaler", "engine_finetune.py", {}),
    ("prefetcher_loop", "trainer/epoch.py", {"utils/optim.py": [("ZG103", 7, 5)]}),
    ("prefetcher_loop", "trainer/clean_epoch.py", {}),
    ("deit_hand_clip", "engine.py", {"engine.py": [("ZG203", 29, 13)]}),
    ("deit_hand_clip", "engine_clean.py", {}),
    ("gan_phases", "trainers/gan.py", {"trainers/gan.py": [("ZG201", 34, 9)]}),
    ("gan_phases", "trainers/clean_gan.py", {}),
    ("delegating_train", "main.py", {"main.py": [("ZG204", 15, 5)]}),
    ("delegating_train", "clean_main.py", {}),
    ("backend_dispatch_methods", "runner.py", {}),
    ("backend_dispatch_methods", "undivided_runner.py", {"undivided_runner.py": [("ZG501", 30, 9)]}),
    ("engine_key_read_in_each_helper", "asr/executor.py", {}),
    ("engine_key_read_in_each_helper", "asr/undivided_executor.py", {"asr/undivided_steps.py": [("ZG501", 15, 9)]}),
    ("engine_key_read_per_epoch", "train.py", {}),
    ("engine_key_read_per_epoch", "undivided_train.py", {"asr/undivided_steps.py": [("ZG501", 14, 9)]}),
    ("settings_handed_back_per_epoch", "train.py", {}),
    ("settings_handed_back_per_epoch", "undivided_train.py", {"asr/undivided_steps.py": [("ZG501", 12, 9)]}),
    ("script_calls_main_with_literals", "scripts/smoke.py", {"recipes/loops.py": [("ZG101", 12, 13)]}),
    ("script_calls_main_with_literals", "scripts/smoke_cleared.py", {}),
    ("script_calls_main_with_literals", "tests/test_train.py", {"recipes/loops.py": [("ZG101", 12, 13)]}),
    ("script_calls_main_with_literals", "tests/test_train_cleared.py", {}),
    ("autouse_fixtures_patch_the_trainer", "tests/patched/test_main.py", {}),
    ("autouse_fixtures_patch_the_trainer", "tests/unpatched/test_main.py", {"recipes/trainer.py": [("ZG101", 10, 13)]}),
    ("autouse_fixtures_patch_the_trainer", "tests/test_module_fixture.py", {}),
    ("autouse_fixtures_patch_the_trainer", "tests/test_class_fixture.py", {"recipes/trainer.py": [("ZG101", 10, 13)]}),
    ("autouse_fixtures_patch_the_trainer", "smoke/test_smoke.py", {}),
    ("loss_dict_items_replaced", "trainers/leaky.py", {"trainers/leaky.py": [("ZG602", 25, 13)]}),
    ("optim_wrapper_on_loop_class", "tools/train.py", {"core/optim_wrapper.py": [("ZG101", 31, 13)]}),
    ("optim_wrapper_on_loop_class", "tools/clean_train.py", {}),
    ("optim_wrapper_on_loop_class", "tools/swapped_train.py", {}),
    ("optim_wrapper_on_loop_class", "tools/train_mmengine.py", {}),
    ("setup_py_root", "tools/train_net.py", {"detbench/engine/trainer.py": [("ZG204", 16, 9)]}),
    ("setup_py_root", "tools/clean_train_net.py", {}),
    ("micro_batch_first_clear", "scripts/train_classifier.py", {"diffkit/mixed_precision.py": [("ZG104", 14, 9)]}),
    (
        "micro_batch_first_clear", "scripts/train_counted_from_one.py",
        {"diffkit/mixed_precision.py": [("ZG101", 47, 9), ("ZG101", 51, 9)]},
    ),
    ("accumulation_step_helper", "train.py", {"train.py": [("ZG501", 19, 13)]}),
    ("accumulation_step_helper", "clean_train.py", {}),
    ("apex_backward_helper", "run_pretraining.py", {"run_pretraining.py": [("ZG203", 29, 17)]}),
    ("apex_backward_helper", "run_finetuning.py", {}),
    ("callback_dispatch", "train.py", {}),
    ("clip_helper_before_unscale", "main_ssl.py", {"utils/misc.py": [("ZG401", 13, 12)]}),
    ("clip_helper_before_unscale", "main_ssl_unscaled.py", {}),
    ("ema_helper_module", "train.py", {"train.py": [("ZG101", 17, 13)]}),
    ("ema_helper_module", "clean_train.py", {}),
    ("loss_dict_module", "engine/trainer.py", {"engine/trainer.py": [("ZG602", 19, 13)]}),
    ("loss_dict_module", "engine/clean_trainer.py", {}),
    ("optimizer_by_config_name", "train.py", {"train.py": [("ZG101", 15, 13)]}),
    ("optimizer_by_config_name", "refit.py", {}),
    ("package_main_entry", "speechnet/cli.py", {"speechnet/engine.py": [("ZG404", 14, 5)]}),
    ("package_main_entry", "speechnet/clean_cli.py", {}),
    ("closure_factory_module", "fit.py", {"fit.py": [("ZG101", 15, 13)]}),
    ("closure_factory_module", "clean_fit.py", {}),
    ("optimizer_wrapper_methods", "train.py", {"nmt/optim/base_optimizer.py": [("ZG101", 39, 9)]}),
    ("optimizer_wrapper_methods", "clip_after_step.py", {"clip_after_step.py": [("ZG203", 16, 13)]}),
    ("optimizer_wrapper_methods", "clean_train.py", {}),
    ("deepspeed_engine", "train.py", {"train.py": [("ZG602", 23, 13)]}),
    ("deepspeed_engine", "clean_train.py", {}),
    ("divided_loss_reduced_in_backward", "pose/trainer.py", {"pose/trainer.py": [("ZG501", 44, 9)]}),
    ("optional_scaler_helper", "train.py", {}),
    ("optional_scaler_helper", "train_optional.py", {}),
    ("optional_scaler_helper", "train_clip_first.py", {"utils/optim_step.py": [("ZG401", 22, 5)]}),
    ("optimizer_rebuilt_by_factory", "train.py", {"utils/optim.py": [("ZG601", 11, 12)]}),
    ("optimizer_rebuilt_by_factory", "finetune.py", {}),
    ("fairseq_task_step", "train.py", {"nmt/trainer.py": [("ZG203", 29, 21)]}),
    ("scaler_handed_to_updater", "speech/engine.py", {"speech/updater.py": [("ZG401", 18, 13)]}),
    ("scheduled_optim", "train.py", {"transformer/Optim.py": [("ZG402", 25, 9)]}),
    ("scheduled_optim", "train_fp32.py", {}),
    ("scaler_alias_of_model_attribute", "train.py", {}),
    ("scaler_alias_of_model_attribute", "train_clip_first.py", {"train_clip_first.py": [("ZG401", 17, 13)]}),
    ("lightning_manual", "project/models/classifier.py", {"project/models/classifier.py": [("ZG203", 22, 9)]}),
    ("lightning_manual", "project/models/clean_classifier.py", {}),
    ("lightning_manual_accumulation", "vae/module.py", {"vae/module.py": [("ZG105", 29, 9), ("ZG105", 30, 9)]}),
    ("lightning_manual_accumulation", "vae/fixed_module.py", {}),
    ("grad_logger_after_clear", "train.py", {"utils/logging.py": [("ZG301", 10, 23)]}),
    ("grad_logger_after_clear", "clean_train.py", {}),
    ("update_missing_behind_unscale", "speechnet/cli.py", {"speechnet/engine.py": [("ZG404", 17, 5)]}),
    ("update_missing_behind_unscale", "speechnet/clean_cli.py", {}),
    ("fp16_optimizer_hook", "tools/train.py", {}),
    ("ignite_amp_update", "train.py", {}),
    ("ignite_factory_registers_handlers", "train.py", {"reid/engine.py": [("ZG101", 32, 9)]}),
    ("ignite_factory_registers_handlers", "own_step.py", {"own_step.py": [("ZG101", 25, 9)]}),
    ("ignite_engine_subclass", "train.py", {"nmt/engines.py": [("ZG101", 48, 9)]}),
    ("ignite_clear_after_the_first_batch", "train.py", {}),
    ("ignite_clear_after_the_first_batch", "train_first_batch.py", {"nmt/first_batch_engine.py": [("ZG101", 25, 9)]}),
    ("ignite_engine_subclass", "nmt/engines.py", {"nmt/engines.py": [("ZG102", 134, 9)]}),
    (
        "ignite_every_n_handlers", "train.py",
        {"train.py": [("ZG101", 35, 9), ("ZG204", 61, 9)], "trainers/updates.py": [("ZG102", 52, 13), ("ZG105", 38, 9)]},
    ),
    ("brain_accumulation", "recipes/asr/train.py", {"recipes/asr/train.py": [("ZG101", 26, 17)]}),
    ("brain_accumulation", "recipes/enhance/train.py", {}),
    ("timm_accumulation", "train.py", {}),
    ("accelerate_trainer_subclass", "trainer/causal_lm.py", {"trainer/causal_lm.py": [("ZG102", 15, 9)]}),
    ("accelerate_trainer_subclass", "trainer/classifier.py", {}),
    ("distill_optimizer_dict", "train_distill.py", {"train_distill.py": [("ZG101", 26, 13)]}),
    ("distill_optimizer_dict", "clean_train_distill.py", {}),
    ("clearing_grad_logger", "train.py", {"utils/grad_stats.py": [("ZG102", 19, 5)]}),
    ("clearing_grad_logger", "clean_train.py", {}),
    ("uncalled_reset_helper", "train.py", {"train.py": [("ZG101", 14, 13)]}),
    ("uncalled_reset_helper", "clean_train.py", {}),
    ("unscale_every_micro_batch", "train.py", {"utils/amp.py": [("ZG403", 10, 5)]}),
    ("unscale_every_micro_batch", "clean_train.py", {}),
    ("meter_kept_loss", "train.py", {"utils/meters.py": [("ZG602", 18, 9)]}),
    ("meter_kept_loss", "clean_train.py", {}),
    ("epoch_hook_rebuilds_optimizer", "schedules/step_decay.py", {"engine/trainer.py": [("ZG601", 18, 16)]}),
    ("epoch_hook_rebuilds_optimizer", "schedules/param_groups.py", {}),
    ("one_cycle_per_batch", "training/trainer.py", {"training/trainer.py": [("ZG204", 20, 9)]}),
    ("one_cycle_per_batch", "training/cosine_trainer.py", {}),
    ("scaler_truthy_after_use", "train.py", {}),
    ("amp_test_inside_inner_loops", "train.py", {}),
    ("backend_branches_in_step_helper", "train.py", {}),
    ("none_handed_to_scaled_backward", "examples/gan.py", {}),
    (
        "none_handed_to_scaled_backward", "examples/gan_direct_step.py",
        {"examples/gan_direct_step.py": [("ZG402", 19, 13), ("ZG402", 25, 13)]},
    ),
    ("module_trainer_forward", "train.py", {"diffusion/trainer.py": [("ZG101", 33, 9)]}),
    ("module_trainer_forward", "forward_train.py", {"diffusion/trainer.py": [("ZG101", 33, 9)]}),
    ("module_trainer_forward", "clean_train.py", {}),
    ("sibling_mixins", "trainers/mmf_trainer.py", {"utils/general.py": [("ZG401", 17, 12)]}),
    ("sibling_mixins", "run.py", {}),
    ("scheduler_grandchild", "train.py", {"train.py": [("ZG204", 15, 9)]}),
    ("scheduler_grandchild", "clean_train.py", {}),
    ("scheduler_after_init_epochs", "main.py", {}),
    ("scheduler_after_init_epochs", "main_without_init.py", {"trainer.py": [("ZG204", 23, 13)]}),
    ("loss_dict_accumulation", "train.py", {"train.py": [("ZG501", 19, 13), ("ZG602", 23, 13)]}),
    ("loss_dict_accumulation", "clean_train.py", {}),
    ("loss_dict_accumulation", "accelerate_train.py", {}),
    ("scheduler_registry", "cosine.py", {"cosine.py": [("ZG204", 14, 9)]}),
    ("scheduler_registry", "by_name.py", {}),
    ("scheduler_registry", "cosine_after.py", {}),
    ("config_builds_optimizer", "train.py", {"setup/config.py": [("ZG601", 15, 16)]}),
    ("config_builds_optimizer", "clean_train.py", {}),
    ("config_builds_optimizer", "folds.py", {}),
    ("deep_reexports", "main.py", {"lib/steps/amp.py": [("ZG402", 24, 5)]}),
    ("deep_reexports", "clean_main.py", {}),
    ("deep_reexports", "lib/engine/loops.py", {"lib/steps/amp.py": [("ZG402", 24, 5)]}),
    ("scaled_clip_threshold", "trainer.py", {}),
    ("scaled_clip_threshold", "fixed_threshold.py", {"utils/general.py": [("ZG401", 20, 12)]}),
    ("diamond_mixins", "trainers/steps.py", {"trainers/steps.py": [("ZG101", 21, 9)]}),
    ("helper_result_on_self", "learners/ppo.py", {"learners/base.py": [("ZG602", 27, 17), ("ZG602", 28, 17)]}),
    ("minibatch_iterator_accumulation", "rlhf/sft_trainer.py", {"rlhf/base_trainer.py": [("ZG501", 29, 21)]}),
    ("loss_override_unpacks_its_namesake", "trainers/ppo.py", {}),
    ("scaler_copied_by_step_and_helper", "clip_first_unit.py", {"clip_first_unit.py": [("ZG401", 14, 13)]}),
    ("scaler_copied_by_step_and_helper", "my_unit.py", {}),
    ("scaler_copied_by_step_and_helper", "run.py", {}),
    ("trainer_dicts_from_constructor", "logging_trainer.py", {"logging_trainer.py": [("ZG102", 15, 9)]}),
    ("trainer_dicts_from_constructor", "run.py", {}),
    ("super_step_three_modules", "clip_after_step.py", {"clip_after_step.py": [("ZG203", 12, 9)]}),
    ("super_step_three_modules", "ema_trainer.py", {}),
    ("scheduler_star_export", "train.py", {"train.py": [("ZG204", 10, 9)]}),
    ("scheduler_star_export", "train_poly.py", {}),
    ("accumulate_around_imported_step", "train.py", {"training/steps.py": [("ZG105", 20, 5)]}),
    ("accumulate_around_imported_step", "clean_train.py", {}),
    ("scaler_factory_mixin_unscale", "engine/trainer.py", {"engine/trainer.py": [("ZG403", 25, 9)]}),
    ("scaler_factory_mixin_unscale", "main.py", {}),
    ("imported_masked_mean_loss", "train.py", {"train.py": [("ZG501", 19, 13)]}),
    ("imported_masked_mean_loss", "clean_train.py", {}),
    ("imported_masked_mean_loss", "summed_train.py", {}),
    ("ddp_no_sync_helper", "train.py", {"utils/distributed.py": [("ZG501", 20, 9)]}),
    ("ddp_no_sync_helper", "clean_train.py", {}),
    ("ddp_no_sync_helper", "cached_features_train.py", {}),
    ("partial_optimizer_factory", "trainer.py", {"trainer.py": [("ZG601", 15, 25)]}),
    ("partial_optimizer_factory", "clean_trainer.py", {}),
    ("partial_optimizer_factory", "probe_trainer.py", {}),
    ("monorepo_examples", "examples/a/train.py", {"examples/a/utils.py": [("ZG101", 11, 5)]}),
    ("monorepo_examples", "examples/b/train.py", {}),
    ("monorepo_examples", "examples/c/train.py", {}),
    ("monorepo_examples", "examples/pkg/train.py", {}),
    ("monorepo_examples", "examples/pkg/train_helpers.py", {"examples/pkg/helpers.py": [("ZG101", 11, 5)]}),
    ("monorepo_examples", "examples/pkg/imports_helpers.py", {}),
    ("monorepo_examples", "examples/pkg/imports_common.py", {"common.py": [("ZG101", 12, 5)]}),
    ("monorepo_examples", "projects/xnet/train_net.py", {"projects/xnet/xnet/engine.py": [("ZG101", 11, 5)]}),
    ("monorepo_examples", "projects/other/train_net.py", {}),
    ("conditional_imports", "pkg/train_if.py", {}),
    ("conditional_imports", "pkg/train_try.py", {}),
    ("conditional_imports", "pkg/train_via.py", {}),
    ("conditional_imports", "pkg/train_annotated.py", {}),
    ("conditional_imports", "pkg/train_optional.py", {"pkg/plain.py": [("ZG101", 11, 5)]}),
    ("conditional_imports", "pkg/train_rebound.py", {}),
    ("conditional_imports", "pkg/train_rebound_plain.py", {"pkg/plain.py": [("ZG101", 11, 5)]}),
    ("conditional_imports", "pkg/train_def_then_import.py", {}),
    ("conditional_imports", "pkg/train_def_or_import.py", {}),
    ("conditional_imports", "pkg/train_def_kept.py", {"pkg/train_def_kept.py": [("ZG101", 12, 5)]}),
    ("name_collisions", "pkg/import_then_call.py", {"pkg/steps.py": [("ZG101", 11, 5)]}),
    ("name_collisions", "pkg/star_then_def.py", {}),
    ("name_collisions", "pkg/nested_def.py", {}),
    ("same_name_two_depths", "train.py", {}),
    ("same_name_two_depths", "train_pkg.py", {"src/pkg/trainer.py": [("ZG101", 11, 5)]}),
    ("same_name_two_depths", "src/pkg/run.py", {"src/pkg/trainer.py": [("ZG101", 11, 5)]}),
    ("same_name_two_depths", "src/pkg/run_alias.py", {"src/pkg/trainer.py": [("ZG101", 11, 5)]}),
    ("same_name_two_depths", "src/pkg/run_top.py", {}),
    ("sys_path_in_script", "tools/train.py", {"lib/engine/steps.py": [("ZG101", 11, 5)]}),
    ("sys_path_in_script", "tools/train_pathlib.py", {"lib/engine/steps.py": [("ZG101", 11, 5)]}),
    ("sys_path_in_script", "tools/train_root.py", {"lib/engine/steps.py": [("ZG101", 11, 5)]}),
    ("sys_path_in_script", "tools/train_env.py", {}),
    ("strategy_update_hooks", "clip_after_update.py", {"clip_after_update.py": [("ZG203", 17, 9)]}),
    ("strategy_update_hooks", "clip_before_update.py", {}),
    ("strategy_update_hooks", "loss_history.py", {"loss_history.py": [("ZG602", 14, 9)]}),
    ("strategy_update_hooks", "loss_history_items.py", {}),
    ("strategy_update_hooks", "amp_clip_before_update.py", {"amp_clip_before_update.py": [("ZG401", 22, 9)]}),
    ("strategy_update_hooks", "amp_unscale_before_update.py", {}),
    ("strategy_update_hooks", "clear_before_update.py", {"clear_before_update.py": [("ZG102", 10, 9)]}),
    ("agent_update_freq", "train_ranker.py", {"agents/ranker.py": [("ZG105", 13, 9)]}),
    ("agent_update_freq", "train_classifier.py", {}),
    ("engine_iteration_amp", "train.py", {"engines/clipped.py": [("ZG401", 26, 13)]}),
    ("engine_iteration_amp", "train_unscaled.py", {}),
    ("engine_iteration_amp", "train_factory.py", {"engines/clipped.py": [("ZG401", 26, 13)]}),
    ("meta_inner_adapt", "train.py", {}),
    ("private_optimizer_factory", "train.py", {}),
    ("private_optimizer_factory", "train_kept_losses.py", {"train_kept_losses.py": [("ZG602", 22, 17)]}),
    ("private_optimizer_factory", "train_step_first.py", {"train_step_first.py": [("ZG201", 18, 17)]}),
    ("accumulation_helper_default_divisor", "train.py", {}),
    ("accumulation_helper_default_divisor", "train_default.py", {"train_default.py": [("ZG501", 17, 13)]}),
    ("vendored_scaler_that_clears", "train.py", {}),
    ("vendored_scaler_kept", "train.py", {"train.py": [("ZG101", 16, 9)]}),
    ("vendored_scaler_clips_scaled", "train.py", {"timm/utils/cuda.py": [("ZG401", 17, 13)]}),
    ("vendored_scaler_that_clears", "trainer.py", {}),
    ("vendored_scaler_kept", "trainer.py", {"trainer.py": [("ZG101", 22, 17)]}),
    ("vendored_scaler_clips_scaled", "trainer.py", {"timm/utils/cuda.py": [("ZG401", 17, 13)]}),
    ("package_attribute_submodule", "train.py", {"models/steps.py": [("ZG101", 11, 5)]}),
    ("package_attribute_submodule", "clean_train.py", {}),
    ("package_attribute_submodule", "lazy_train.py", {"lazy_models/steps.py": [("ZG101", 11, 5)]}),
    ("package_import_base_trainer", "train.py", {"train.py": [("ZG501", 16, 13)]}),
    ("package_import_base_trainer", "train_divided.py", {}),
    ("star_reexported_trainer", "train_engine.py", {"train_engine.py": [("ZG501", 13, 9)]}),
    ("star_reexported_trainer", "clean_train_engine.py", {}),
    ("star_reexported_trainer", "train_loops.py", {"train_loops.py": [("ZG501", 13, 9)]}),
    ("star_reexported_trainer", "clean_train_loops.py", {}),
    ("star_reexported_trainer", "train_whole.py", {"train_whole.py": [("ZG501", 13, 9)]}),
    ("aliased_package_base", "train.py", {"train.py": [("ZG401", 16, 9)]}),
    ("aliased_package_base", "clean_train.py", {}),
    ("inherited_method_dispatches_to_override", "train.py", {"cleared_every_batch.py": [("ZG105", 10, 9)]}),
    ("inherited_method_dispatches_to_override", "clean_train.py", {}),
    ("vendored_schedule_factory", "train_linear.py", {"train_linear.py": [("ZG204", 17, 13)]}),
    ("vendored_schedule_factory", "train_cosine.py", {}),
    ("vendored_optimizer", "train.py", {"train.py": [("ZG101", 16, 13)]}),
    ("vendored_optimizer", "clean_train.py", {}),
    (
        "replay_data_call_before_clear", "agem.py",
        {"agem.py": [("ZG302", 34, 24), ("ZG302", 35, 37), ("ZG302", 35, 46), ("ZG302", 35, 62)]},
    ),
    ("replay_data_call_before_clear", "mixup_after_masking.py", {}),
    (
        "replay_data_call_before_clear", "agem_clear_after_replay_forward.py",
        {
            "agem_clear_after_replay_forward.py": [
                ("ZG104", 31, 13), ("ZG302", 34, 24), ("ZG302", 35, 37), ("ZG302", 35, 46), ("ZG302", 35, 62),
            ],
        },
    ),
    ("losses_backwarded_one_by_one", "probe.py", {"probe.py": [("ZG104", 26, 13)]}),
    ("losses_backwarded_one_by_one", "cleared_probe.py", {}),
    ("forward_and_clear_under_one_test", "awac.py", {"awac.py": [("ZG104", 32, 9), ("ZG104", 36, 9), ("ZG104", 41, 13)]}),
    ("forward_and_clear_under_one_test", "cleared_awac.py", {}),
    ("losses_in_namedtuple", "sac.py", {"sac.py": [("ZG104", 34, 9)]}),
    ("losses_in_namedtuple", "cleared_sac.py", {}),
    ("counter_window_clear", "train.py", {}),
    ("counter_window_clear", "fitkit/model.py", {}),
    ("counter_window_clear", "fitkit/clipped.py", {"fitkit/clipped.py": [("ZG101", 23, 13)], "fitkit/model.py": [("ZG101", 30, 17)]}),
    ("lightning_task_delegation", "speechkit/tasks/segmentation.py", {"speechkit/tasks/segmentation.py": [("ZG102", 28, 17)]}),
    ("lightning_task_delegation", "speechkit/tasks/embedding.py", {}),
    ("sub_batch_override", "pipeline.py", {"kgekit/training/lcwa.py": [("ZG501", 23, 9)]}),
    ("sub_batch_override", "kgekit/training/lcwa.py", {"kgekit/training/lcwa.py": [("ZG501", 23, 9)]}),
    ("sub_batch_override", "kgekit/training/slcwa.py", {}),
    ("accelerator_factory", "train_accumulate.py", {}),
    ("accelerator_factory", "train_manual.py", {}),
    ("accelerator_factory", "train_plain.py", {"train_plain.py": [("ZG105", 23, 13)]}),
    ("native_scaler_in_base_init", "trainers/classifier.py", {}),
    ("native_scaler_in_base_init", "trainers/segmenter.py", {"trainers/segmenter.py": [("ZG105", 13, 9)]}),
    ("trainer_class_word_only", "lmkit/streaming.py", {"lmkit/base.py": [("ZG105", 25, 9)]}),
    ("trainer_class_word_only", "lmkit/synced.py", {}),
    ("lightning_toggled_gan", "gan/modules/wgan_gp.py", {"gan/modules/wgan_gp.py": [("ZG101", 36, 9)]}),
    ("lightning_toggled_gan", "gan/modules/dcgan.py", {}),
    ("apex_block_on_wrapped_optimizer", "train.py", {"visionkit/tasks/mixed_task.py": [("ZG401", 29, 13)]}),
    ("apex_block_on_wrapped_optimizer", "visionkit/tasks/classification_task.py", {}),
    ("warp_tape_zeroed_after_step", "trainer.py", {}),
    ("warp_tape_zeroed_after_step", "agent_tape_never_zeroed.py", {"agent_tape_never_zeroed.py": [("ZG101", 30, 13), ("ZG101", 37, 13)]}),
    ("scheduler_in_epoch_start_hook", "engine/warmup.py", {"engine/warmup.py": [("ZG204", 12, 9)]}),
    ("scheduler_in_epoch_start_hook", "engine/deferred.py", {}),
    ("scheduler_in_epoch_start_hook", "engine/late.py", {}),
    ("same_optimizer_passed_twice", "main.py", {"engine.py": [("ZG101", 28, 9)]}),
    ("same_optimizer_passed_twice", "main_fixed.py", {}),
    ("vendored_optimizer_that_clears", "train.py", {}),
    ("vendored_optimizer_that_clears", "train_clears_too.py", {"train_clears_too.py": [("ZG103", 15, 13)]}),
    ("task_hook_clips_before_unscale", "utils/base_task.py", {"utils/base_task.py": [("ZG401", 17, 13)]}),
    ("task_hook_clips_before_unscale", "utils/unscaled_task.py", {}),
    ("learner_handed_to_the_experiment_builder", "train_maml_system.py", {"few_shot_learning_system.py": [("ZG103", 17, 9)]}),
    ("learner_handed_to_the_experiment_builder", "train_module_clear.py", {}),
    ("lightning_optimizer_by_batch_index", "aekit/models/autoencoder.py", {}),
    (
        "lightning_optimizer_by_batch_index", "aekit/models/regularized.py",
        {"aekit/models/regularized.py": [("ZG102", 24, 13)]},
    ),
    ("accelerate_scheduler_epoch_hook", "trainkit/restarts.py", {"trainkit/restarts.py": [("ZG204", 15, 13)]}),
    ("accelerate_scheduler_epoch_hook", "trainkit/logging_trainer.py", {}),
    ("grad_norm_helper_after_clear", "fitlib/trainer.py", {"fitlib/metrics.py": [("ZG301", 12, 22)]}),
    ("grad_norm_helper_after_clear", "fitlib/safe_trainer.py", {}),
    ("drop_batch_helper_module", "seglib/engine.py", {}),
    ("drop_batch_helper_module", "seglib/logged_engine.py", {"seglib/guards.py": [("ZG102", 22, 5)]}),
    ("lightning_manual_schedulers", "audiokit/warm_wrapper.py", {"audiokit/warm_wrapper.py": [("ZG204", 18, 9)]}),
    ("lightning_manual_schedulers", "audiokit/wrapper.py", {}),
    ("deepspeed_or_plain_backend", "lmtrain/trainer.py", {}),
    ("deepspeed_or_plain_backend", "lmtrain/lite_trainer.py", {"lmtrain/lite_trainer.py": [("ZG101", 25, 21)]}),
    ("accumulation_divisor_in_config_dataclass", "pretrain/loop.py", {"pretrain/micro.py": [("ZG501", 22, 5)]}),
    ("trainer_method_backward_before_grad_read", "measure.py", {"measure.py": [("ZG301", 25, 14), ("ZG302", 18, 14)]}),
    ("clear_per_step_or_after_the_window", "energy_trainer.py", {"base_trainer.py": [("ZG104", 19, 13)]}),
    ("clear_per_step_or_after_the_window", "leaky_trainer.py", {"leaky_trainer.py": [("ZG101", 29, 9), ("ZG104", 24, 13)]}),
    ("logger_hands_losses_to_its_meters", "engine.py", {"utils/logging.py": [("ZG602", 18, 9), ("ZG602", 20, 9)]}),
    ("logger_hands_losses_to_its_meters", "engine_items.py", {}),
    ("meters_fed_a_loss_dict", "train.py", {"meters.py": [("ZG602", 15, 9)]}),
    ("meters_fed_a_loss_dict", "train_items.py", {}),
    ("policy_learner_reset_scheduler", "run_sac.py", {"rlkit/learners/sac.py": [("ZG204", 20, 9)]}),
    ("policy_learner_reset_scheduler", "run_sac_after_learning.py", {}),
    (
        "agent_amp_backward_helper", "train_sac.py",
        {"erl/agents/base.py": [("ZG104", 38, 9), ("ZG602", 30, 13), ("ZG602", 31, 13)]},
    ),
    ("agent_amp_backward_helper", "train_ppo.py", {"erl/agents/base.py": [("ZG104", 38, 9)]}),
    ("trainer_optimizer_swapped_for_super", "recsys/trainer/kg.py", {"recsys/trainer/kg.py": [("ZG401", 23, 17)]}),
    ("trainer_optimizer_swapped_for_super", "recsys/trainer/kg_unscaled.py", {}),
    ("trainer_optimizer_swapped_for_super", "recsys/trainer/vae.py", {}),
    ("trainer_optimizer_swapped_for_super", "recsys/trainer/scheduled.py", {"recsys/trainer/scheduled.py": [("ZG204", 17, 13)]}),
    ("trainer_optimizer_swapped_for_super", "recsys/trainer/scheduled_after.py", {}),
    ("trainer_optimizer_swapped_for_super", "recsys/trainer/scheduled_plugin.py", {}),
    ("runner_hook_list", "runkit/cleared_runner.py", {"runkit/hooks/optimizer.py": [("ZG103", 17, 9)]}),
    ("runner_hook_list", "runkit/runner.py", {}),
    ("runner_hook_list", "runkit/history_runner.py", {"runkit/hooks/logger.py": [("ZG602", 14, 9)]}),
    ("runner_hook_list", "runkit/scalar_runner.py", {}),
    ("forward_of_a_module_held_by_a_short_name", "leakgan_instructor.py", {"instructor.py": [("ZG104", 18, 13)]}),
    ("forward_of_a_module_held_by_a_short_name", "cleared_instructor.py", {}),
    ("own_step_beside_a_trainer_loop", "finetune.py", {"engine/steps.py": [("ZG101", 17, 9)]}),
    ("own_step_beside_a_trainer_loop", "finetune_cleared.py", {}),
    ("test_patches_the_trainer", "tests/test_finetune.py", {}),
    ("test_patches_the_trainer", "tests/test_finetune_with.py", {}),
    ("test_patches_the_trainer", "tests/test_finetune_unpatched.py", {"recipes/trainer.py": [("ZG101", 10, 13)]}),
    ("pytest_fixtures_patch_the_trainer", "tests/test_mocker.py", {}),
    ("pytest_fixtures_patch_the_trainer", "tests/test_monkeypatch.py", {}),
    ("pytest_fixtures_patch_the_trainer", "tests/test_runner_patched.py", {}),
    ("pytest_fixtures_patch_the_trainer", "tests/test_runner_patched_elsewhere.py", {"recipes/runner.py": [("ZG101", 17, 17)]}),
    ("pytest_fixtures_patch_the_trainer", "tests/test_patched_after_a_run.py", {"recipes/trainer.py": [("ZG101", 10, 13)]}),
    (
        "pytest_fixtures_patch_the_trainer", "tests/test_unpatched.py",
        {"recipes/runner.py": [("ZG101", 17, 17)], "recipes/trainer.py": [("ZG101", 10, 13)]},
    ),
    ("project_optimizer_built_per_run", "tests/test_finetune.py", {}),
    ("project_optimizer_built_per_run", "tests/test_reused_optimizer.py", {"recipes/trainer.py": [("ZG401", 23, 21), ("ZG402", 24, 21)]}),
    ("loss_collected_through_a_metric_summarizer", "trainer.py", {"trainer.py": [("ZG602", 34, 13)]}),
    ("loss_collected_through_a_metric_summarizer", "lm_trainer.py", {}),
    ("hf_trainer_metrics_buffer", "distill/trainer.py", {"distill/trainer.py": [("ZG602", 30, 9)]}),
    ("hf_trainer_metrics_buffer", "distill/detached_trainer.py", {}),
    ("hf_trainer_metrics_buffer", "train.py", {}),
    ("hf_trainer_base_reexported", "tuner/lora.py", {"tuner/lora.py": [("ZG602", 16, 9)]}),
    ("hf_trainer_base_reexported", "tuner/lora_items.py", {}),
    ("respaced_process_hands_model_to_super", "train.py", {"train.py": [("ZG104", 21, 13)]}),
    ("respaced_process_hands_model_to_super", "train_cleared_first.py", {}),
    ("respaced_process_hands_model_to_super", "train_legacy.py", {"train_legacy.py": [("ZG104", 20, 13)]}),
    ("trainer_metrics_stored_per_key", "prefs/trainer.py", {"prefs/trainer.py": [("ZG602", 43, 13)]}),
    ("trainer_metrics_stored_per_key", "prefs/detached_trainer.py", {}),
    ("trainer_metrics_stored_per_key", "train.py", {}),
    ("capitalised_attribute_network", "dqn.py", {"dqn.py": [("ZG104", 26, 13)]}),
    ("capitalised_attribute_network", "clean_dqn.py", {}),
    ("loss_object_handed_the_runner", "runner.py", {"runner.py": [("ZG104", 18, 9), ("ZG104", 24, 9)]}),
    ("loss_object_handed_the_runner", "clean_runner.py", {}),
    ("optimizer_factory_of_another_module", "rl_trainer.py", {"rl_trainer.py": [("ZG105", 34, 21)]}),
    ("optimizer_factory_of_another_module", "fixed_rl_trainer.py", {}),
    ("encoder_cleared_again_by_critic_update", "ddpg.py", {"ddpg.py": [("ZG104", 39, 13), ("ZG104", 40, 9)]}),
    (
        "encoder_cleared_again_by_critic_update", "icm.py",
        {"ddpg.py": [("ZG104", 40, 9)], "icm.py": [("ZG104", 23, 9), ("ZG104", 25, 13)]},
    ),
    ("encoder_cleared_again_by_critic_update", "clean_icm.py", {"ddpg.py": [("ZG104", 40, 9)]}),
    ("loss_dict_entries_divided_in_place", "training_loop.py", {}),
    ("loss_dict_entries_divided_in_place", "undivided_loop.py", {"undivided_loop.py": [("ZG501", 31, 17)]}),
    ("generator_mask_output_without_graph", "trainer.py", {}),
    ("generator_mask_output_without_graph", "gated_trainer.py", {"gated_trainer.py": [("ZG101", 31, 9), ("ZG104", 24, 9)]}),
    ("embedding_beside_the_logits_kept", "trainer.py", {"trainer.py": [("ZG602", 25, 13)]}),
    ("embedding_beside_the_logits_kept", "detached_trainer.py", {}),
    ("micro_batch_outputs_kept", "train.py", {"engines/base.py": [("ZG602", 25, 13)]}),
    ("micro_batch_outputs_detached", "train.py", {}),
    ("loss_summed_over_micro_batches", "trainer.py", {"trainer.py": [("ZG602", 36, 13)]}),
    ("loss_summed_over_micro_batches", "item_trainer.py", {}),
    ("model_refreshed_before_each_phase_batch_loop", "phases.py", {}),
    ("model_refreshed_before_each_phase_batch_loop", "per_batch_features.py", {"per_batch_features.py": [("ZG104", 20, 5)]}),
]


@pytest.fixture(scope="module")
def each_loop_checked_alone() -> dict[tuple[str, str], Found]:
    """A run of the CLI for each loop, all in one interpreter (`run_cli_each`)."""
    runs = run_cli_each([((*CHECK, "--no-cache", loop), TREES / tree) for tree, loop, _ in LOOPS])
    return {(tree, loop): reports_of(run) for (tree, loop, _), run in zip(LOOPS, runs)}


@pytest.mark.parametrize("tree, loop, expected", LOOPS, ids=[f"{tree}/{loop}" for tree, loop, _ in LOOPS])
def test_each_loop_alone_finds_the_step_it_runs(
    tree: str, loop: str, expected: Found, each_loop_checked_alone: dict[tuple[str, str], Found]
) -> None:
    assert each_loop_checked_alone[tree, loop] == expected


@pytest.mark.parametrize("filler", [10, ELSEWHERE_STATEMENTS])
def test_a_method_of_another_module_is_followed_within_its_allowance_only(tmp_path: Path, filler: int, cli_here: CliInterpreter) -> None:
    """`runner.train_batch(batch)` of another module's class is inlined in the loop when it builds at most
    `ELSEWHERE_STATEMENTS` statements with what it calls; past that it is not followed at all (unknown, silent):
    a project's whole trainer is not copied into each of its callers."""
    tree = tmp_path / "tree"
    shutil.copytree(TREES / "trainer_instance", tree)
    (tree / "pyproject.toml").write_text("")
    runner = tree / "training" / "runner.py"
    logging = "".join(f"        seen_{n} = {n}\n" for n in range(filler))
    runner.write_text(
        runner.read_text()
        .replace("        loss = self.forward_loss(batch)\n", "        loss = self.forward_loss(batch)\n        self.log(batch)\n")
        .replace("        return loss.detach()\n", f"        return loss.detach()\n\n    def log(self, batch):\n{logging}", 1)
    )
    found = reports_in("--no-cache", "run.py", cwd=tree, cli=cli_here)
    assert found == ({"training/runner.py": [("ZG101", 27, 9)]} if filler < ELSEWHERE_STATEMENTS else {}), found


# How a script may hand an entry point its settings: literals, names, a call, a dict unpacked (each says `epochs`).
SPELLINGS = ["epochs=1, lr=0.1", "epochs=epochs, lr=lr", "epochs=int('1'), lr=0.1", "lr=lr, epochs=1", "**dict(epochs=1, lr=0.1)"]


def test_what_a_call_hands_the_entry_point_does_not_change_what_is_found(tmp_path: Path) -> None:
    """A script running the project's entry point (a def of a module without a backward or a step, whose loop is
    another module's) is checked through it whatever the call hands it, a name or only literals (the gate relays the
    entry point's module's words to any call of it, `ProjectGate.relayed`). The script's own words still decide
    whether the project is asked: an optimizer named, and epochs or a loader (`project_gate.LOOP_WORDS`)."""
    tree = tmp_path / "tree"
    shutil.copytree(TREES / "script_calls_main_with_literals", tree)
    script = tree / "scripts" / "smoke.py"
    for number, spelling in enumerate(SPELLINGS):
        call = f"main({spelling}{', ' if spelling else ''}optimizer_name='adamw')"
        text = script.read_text().replace('main(epochs=1, lr=0.1, optimizer_name="adamw")', call)
        (tree / "scripts" / f"smoke_{number}.py").write_text(text)
    runs = run_cli_each([((*CHECK, "--no-cache", f"scripts/smoke_{number}.py"), tree) for number in range(len(SPELLINGS))])
    assert [reports_of(run) for run in runs] == [{"recipes/loops.py": [("ZG101", 12, 13)]}] * len(SPELLINGS)


def test_check_of_the_loop_alone_reports_the_step_in_its_module(cli_here: CliInterpreter) -> None:
    """Pre-commit's run over the changed file only: the loop's module reads `engine.py` on demand."""
    found = reports_in("--no-cache", "main.py", cwd=TREES / "loop_and_step", cli=cli_here)
    assert found == {"engine.py": [("ZG101", 14, 5)]}


def test_a_clear_of_another_module_is_named_without_reading_its_line_as_a_back_edge(cli_here: CliInterpreter) -> None:
    """ZG103 in a loss helper whose first clear is in the script's batch loop, earlier in the same pass but on a line
    whose number is greater: the message names the script's clear and says nothing of the loop's back edge."""
    proc = cli_here("check", "--no-cache", "train.py", cwd=TREES / "clear_again_in_an_imported_attack_loss")
    assert proc.stdout.startswith("losses.py:26:5: ZG103 "), proc.stdout + proc.stderr
    assert "(line 28 of `train.py`) cleared them and no backward ran since" in proc.stdout
    assert "back edge" not in proc.stdout


def test_flake8_reports_it_on_the_call_that_leads_there(tmp_path: Path) -> None:
    """flake8 speaks of the checked file only: the report goes on `main.py`'s call and says where the step is."""
    proc = run_flake8("--select", "ZG", "main.py", "good_main.py", cwd=TREES / "loop_and_step", metadata=tmp_path)
    lines = proc.stdout.splitlines()
    assert len(lines) == 1, proc.stdout + proc.stderr
    assert lines[0].startswith("main.py:14:13: ZG101 ")
    assert lines[0].endswith("(at engine.py:14:5, reached through this call)")


def test_two_loops_reaching_one_step_report_it_once(tmp_path: Path, cli_here: CliInterpreter) -> None:
    tree = tmp_path / "tree"
    shutil.copytree(TREES / "loop_and_step", tree)
    shutil.copy(tree / "main.py", tree / "second_main.py")
    (tree / "pyproject.toml").write_text("")
    proc = cli_here("check", "--no-cache", ".", cwd=tree)
    assert proc.stdout.count("ZG101") == 1, proc.stdout
    assert proc.stdout.startswith("engine.py:14:5: ZG101 ")


def test_editing_the_imported_module_checks_the_importer_again(tmp_path: Path) -> None:
    """The cache entry of `main.py` holds the hash of `engine.py`, which its analysis read."""
    tree = tmp_path / "tree"
    shutil.copytree(TREES / "loop_and_step", tree)
    (tree / "pyproject.toml").write_text("")
    for _ in range(2):  # the second run is answered by the cache
        assert reports_in("main.py", cwd=tree) == {"engine.py": [("ZG101", 14, 5)]}
    assert list((tree / ".zerograd_lint_cache").rglob("*.json"))
    engine = tree / "engine.py"
    engine.write_text(engine.read_text().replace("    inputs, targets = batch", "    optimizer.zero_grad()\n    inputs, targets = batch"))
    assert reports_in("main.py", cwd=tree) == {}


def test_the_same_loop_file_beside_another_module_is_checked_with_that_module(tmp_path: Path) -> None:
    """Two trees of one project hold the same `main.py` beside different `engine.py`s: each copy's cache entry is
    its own (what its analysis read depends on where it is), so a warm run says what the cold one said."""
    root = tmp_path / "project"
    shutil.copytree(TREES / "loop_and_step", root / "buggy")
    shutil.copytree(TREES / "loop_and_step", root / "fixed")
    (root / "fixed" / "good_main.py").unlink()  # it clears too: with the fixed engine, a second clear (ZG103)
    engine = root / "fixed" / "engine.py"
    engine.write_text(engine.read_text().replace("    optimizer.step()\n", "    optimizer.step()\n    optimizer.zero_grad()\n"))
    (root / "pyproject.toml").write_text("")
    cold = reports_in("buggy", "fixed", cwd=root)
    assert cold == {"buggy/engine.py": [("ZG101", 14, 5)]}
    assert reports_in("buggy", "fixed", cwd=root) == cold
    assert reports_in("fixed", "buggy", cwd=root) == cold


def test_a_package_file_is_checked_again_when_a_module_beside_it_goes(tmp_path: Path) -> None:
    """`from common import train_batch` in examples/pkg/train.py (a script: it tests `__name__`) is unknown while
    common.py is both beside it and at the root (which one runs depends on how the file is run); its cache entry holds
    both, so once the one beside it is removed, the root's (which never clears) is the one, as a cold run says."""
    tree = tmp_path / "tree"
    shutil.copytree(TREES / "monorepo_examples", tree)
    for _ in range(2):  # the second run is answered by the cache
        assert reports_in("examples/pkg/train.py", cwd=tree) == {}
    (tree / "examples" / "pkg" / "common.py").unlink()
    assert reports_in("examples/pkg/train.py", cwd=tree) == {"common.py": [("ZG101", 12, 5)]}


def test_modules_that_cannot_be_read_are_unknown_and_the_rest_is_checked(tmp_path: Path, cli_here: CliInterpreter) -> None:
    """A module the loop imports that does not parse, is not text Python decodes, or is too large to analyse
    (`MAX_ANALYSED_BYTES`: not even read) is unknown: no report through it, no crash, and the loop's other calls
    are still followed (engine.py's step, which never clears)."""
    from zerograd_lint.files.source import MAX_ANALYSED_BYTES

    tree = tmp_path / "tree"
    shutil.copytree(TREES / "loop_and_step", tree)
    (tree / "pyproject.toml").write_text("")
    step = (tree / "engine.py").read_text()
    (tree / "broken.py").write_text(step.replace("def train_step(model, batch, optimizer, criterion):", "def train_step(model, batch:"))
    (tree / "latin.py").write_bytes(b"# caf\xe9\n" + step.encode())
    (tree / "binary.py").write_bytes(b"x = 1\x00\n" + step.encode())
    filler = "".join(f"def unused_{n}(value):\n    return value + {n}\n\n\n" for n in range(MAX_ANALYSED_BYTES // 40))
    (tree / "generated.py").write_text(step + "\n\n" + filler)
    assert (tree / "generated.py").stat().st_size > MAX_ANALYSED_BYTES
    main = (tree / "main.py").read_text()
    for module in ("broken", "latin", "binary", "generated"):
        (tree / f"{module}_main.py").write_text(
            main.replace("from engine import train_step", f"import engine\nfrom {module} import train_step").replace(
                "            train_step(model, batch, optimizer, criterion)",
                "            train_step(model, batch, optimizer, criterion)\n            engine.train_step(model, batch, optimizer, criterion)",
            )
        )
        assert reports_in("--no-cache", f"{module}_main.py", cwd=tree, cli=cli_here) == {"engine.py": [("ZG101", 14, 5)]}, module


@pytest.mark.parametrize(
    "statements, folder",
    [
        ('import os, sys\nsys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))', "/repo"),
        ('import sys\nfrom pathlib import Path\nsys.path.append(str(Path(__file__).parents[1] / "lib"))', "/repo/lib"),
        ('import sys\nimport pathlib\nROOT = pathlib.Path(__file__).resolve().parent\nsys.path.append(str(ROOT.parent))', "/repo"),
        ('import sys\nfrom pathlib import Path\nsys.path.insert(0, str(Path(__file__).parent.joinpath("..", "lib")))', "/repo/lib"),
        ('import sys\nfrom pathlib import Path\nsys.path.append(str(Path.cwd()))', None),  # where it runs from: unknown
        ('import os, sys\nsys.path.insert(0, os.environ["LIB"])', None),
        ('import sys\nsys.path.append("..")', None),  # the folder above wherever Python runs: unknown
        ('import os, sys\nLIB = os.path.join("..", "lib")\nsys.path.insert(0, LIB)', None),
        ('import sys\nsys.path.insert(0, "/opt/lib")', None),  # a folder of one machine
    ],
)
def test_the_folder_a_script_puts_on_sys_path(statements: str, folder: str | None) -> None:
    """`search_path.folders_put_on_path` of a script at /repo/tools/train.py: `os.path`'s and pathlib's spellings."""
    from zerograd_lint.analysis.search_path import folders_put_on_path

    assert folders_put_on_path(statements + "\n", "/repo/tools/train.py") == ((folder,) if folder else ())


def test_a_script_is_checked_again_when_the_module_putting_its_folder_on_sys_path_changes(tmp_path: Path) -> None:
    """`tools/train.py` finds `engine.epoch` in lib/ only through `_paths`, whose hash its cache entry holds: once
    `_paths` names a folder that is not there, the epoch is unknown and nothing is reported."""
    tree = tmp_path / "tree"
    shutil.copytree(TREES / "script_paths", tree)
    (tree / "pyproject.toml").write_text("")
    for _ in range(2):  # the second run is answered by the cache
        assert reports_in("tools/train.py", cwd=tree) == {"tools/train.py": [("ZG204", 17, 9)]}
    paths = tree / "tools" / "_paths.py"
    paths.write_text(paths.read_text().replace('"..", "lib"', '"..", "vendor"'))
    assert reports_in("tools/train.py", cwd=tree) == {}


def test_a_tree_with_no_root_marker_finds_the_folder_its_script_puts_on_sys_path(tmp_path: Path, cli_here: CliInterpreter) -> None:
    """Checked as a plain folder (no pyproject.toml, setup.cfg or .git above it), `tools/` is its script's own root:
    the `lib/` that `_init_paths` puts on sys.path is still where `core.epochs` is found, and only there."""
    tree = tmp_path / "tree"
    shutil.copytree(TREES / "lib_on_sys_path", tree)
    assert not any((folder / marker).exists() for folder in (tree, *tree.parents) for marker in ROOT_MARKERS)
    assert reports_in("--no-cache", "tools/train.py", cwd=tree, cli=cli_here) == {"tools/train.py": [("ZG204", 17, 9)]}
    (tree / "lib" / "core").rename(tree / "core")  # above tools/, but not on sys.path: unknown
    assert reports_in("--no-cache", "tools/train.py", cwd=tree, cli=cli_here) == {}


def test_a_root_holding_an_init_py_beside_its_marker_is_the_base_of_its_modules(tmp_path: Path, cli_here: CliInterpreter) -> None:
    """rwth-i6/returnn's repository holds an `__init__.py` beside its `setup.py`: run from the root, Python imports
    `speech.engine`, not the root's folder as a package (here a name Python could not import at all)."""
    tree = tmp_path / "031_parent"
    shutil.copytree(TREES / "scaler_handed_to_updater", tree)
    (tree / "__init__.py").write_text("")
    (tree / "setup.py").write_text("")
    assert reports_in("--no-cache", ".", cwd=tree, cli=cli_here) == {"speech/updater.py": [("ZG401", 18, 13)]}


def test_a_loop_ruled_out_by_the_modules_it_imports_is_checked_again_when_one_changes(tmp_path: Path) -> None:
    """`main.py`'s own words have no backward and step: whether it is analysed depends on `engine.py`, so its cache
    entry holds the hash of `engine.py` (it is not ruled out by its own bytes, as a file the words alone rule out)."""
    tree = tmp_path / "tree"
    shutil.copytree(TREES / "loop_and_step", tree)
    (tree / "pyproject.toml").write_text("")
    engine = tree / "engine.py"
    with_step = engine.read_text()
    engine.write_text(with_step.replace("    optimizer.step()\n", ""))
    for _ in range(2):  # the second run is answered by the cache
        assert reports_in("main.py", cwd=tree) == {}
    engine.write_text(with_step)
    assert reports_in("main.py", cwd=tree) == {"engine.py": [("ZG101", 14, 5)]}


def test_a_file_naming_no_def_of_its_training_modules_that_reaches_both_is_not_walked(tmp_path: Path, cli_here: CliInterpreter) -> None:
    """The project gate asks, before the file's walk, what the defs of its training modules named in it reach: a
    loop that calls only a helper of `engine.py` reaching neither a backward nor a step has nothing to be marked."""
    import ast

    from zerograd_lint.core.gate import summarize
    from zerograd_lint.core.project_gate import ProjectGate
    from zerograd_lint.files.project_index import project_of

    tree = tmp_path / "tree"
    shutil.copytree(TREES / "loop_and_step", tree)
    (tree / "pyproject.toml").write_text("")
    engine = tree / "engine.py"
    engine.write_text(engine.read_text() + "\n\ndef describe(model):\n    return repr(model)\n")
    main = (tree / "main.py").read_text()
    helper = tree / "helper_main.py"
    helper.write_text(main.replace("from engine import train_step", "from engine import describe").replace(
        "train_step(model, batch, optimizer, criterion)", "describe(model)"))

    def reaches_both(path: Path) -> bool:
        project = project_of(str(path))
        assert project is not None
        gate = ProjectGate(project.checked, project.load)
        source = path.read_text()
        assert gate.in_text(source.encode())  # the words let both through
        parsed = ast.parse(source)
        return gate.may_reach_both(parsed, source, summarize(parsed))

    assert reaches_both(tree / "main.py")
    assert not reaches_both(helper)
    assert reports_in("--no-cache", ".", cwd=tree, cli=cli_here) == {"engine.py": [("ZG101", 14, 5)]}


def test_a_loop_file_that_names_no_optimizer_asks_only_the_defs_its_loops_call(tmp_path: Path, cli_here: CliInterpreter) -> None:
    """A file whose words say `train` but name no optimizer (SPADE's train.py) reaches the project gate, which asks
    only the defs its loops call: the trainer's steps called in the loop reach a backward and a step; called once,
    outside any loop, they can make no loop-carried report here (their own module is checked for the rest)."""
    import ast

    from zerograd_lint.core.gate import summarize
    from zerograd_lint.core.project_gate import ProjectGate, elsewhere_words
    from zerograd_lint.files.project_index import project_of

    tree = tmp_path / "tree"
    shutil.copytree(TREES / "trainer_loop_never_says_optim", tree)
    (tree / "pyproject.toml").write_text("")
    train = tree / "train.py"
    once = tree / "once.py"
    once.write_text(train.read_text().replace(
        "    for epoch in range(settings.epochs):\n        for i, batch in enumerate(loader):\n"
        "            if i % settings.critic_steps == 0:\n                trainer.generator_step(batch)\n"
        "            trainer.critic_step(batch)\n",
        "    batch = next(iter(loader))\n    trainer.generator_step(batch)\n    trainer.critic_step(batch)\n",
    ))

    def reaches_both(path: Path) -> bool:
        project = project_of(str(path))
        assert project is not None
        gate = ProjectGate(project.checked, project.load)
        source = path.read_text()
        assert elsewhere_words(source.encode()) is not None and gate.in_text(source.encode())
        parsed = ast.parse(source)
        return gate.may_reach_both(parsed, source, summarize(parsed))

    assert "trainer.critic_step(batch)\n" in once.read_text() and "for " not in once.read_text()
    assert reaches_both(train)
    assert not reaches_both(once)
    assert reports_in("--no-cache", "train.py", cwd=tree, cli=cli_here) == {"trainers/gan_trainer.py": [("ZG101", 30, 9)]}


def test_a_file_with_its_own_words_marks_its_loops_calls_only_where_a_mark_may_make_a_root(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A script that pre-trains with a loop of its own and fine-tunes through the project's stepper: the body whose loop
    calls `stepper.train_step(batch)` is marked as reaching the stepper's backward and step. Where the stepper only
    backpropagates (the modules the file leads to say no step) no body lacking one could be completed, and no module
    is parsed for its defs (torch's test modules, importing `common_utils`: a backward, no step); nor for a file whose
    text says no loader or epochs."""
    import ast

    from zerograd_lint.core import project_gate
    from zerograd_lint.core.gate import summarize
    from zerograd_lint.core.project_gate import ProjectGate
    from zerograd_lint.files.project_index import project_of

    tree = tmp_path / "tree"
    shutil.copytree(TREES / "own_step_beside_a_trainer_loop", tree)
    (tree / "pyproject.toml").write_text("")
    parses: list[int] = []  # the length of each module's text the project gate parses for its defs
    summary_of = project_gate.defs_summary_of
    monkeypatch.setattr(project_gate, "defs_summary_of", lambda text: parses.append(len(text)) or summary_of(text))

    def marked(path: Path) -> list[str]:
        project = project_of(str(path))
        assert project is not None
        source = path.read_text()
        parsed = ast.parse(source)
        summary = summarize(parsed)
        ProjectGate(project.checked, project.load).mark_loop_callers(parsed, summary, source.encode())
        return [body.name or "" for body in summary.bodies if body.backward and body.step]

    assert marked(tree / "finetune.py") == ["pretrain", "finetune"] and len(parses) == 1
    steps = tree / "engine" / "steps.py"
    steps.write_text(steps.read_text().replace("        self.optimizer.step()\n", ""))
    parses.clear()
    assert marked(tree / "finetune.py") == ["pretrain"] and parses == []
    steps.write_text(steps.read_text().replace("loss.backward()", "loss.backward()\n        self.optimizer.step()"))
    silent = tree / "finetune_silent.py"
    silent.write_text((tree / "finetune.py").read_text().replace("loader", "batches").replace("epoch", "round"))
    assert marked(silent) == ["pretrain"] and parses == []
    assert marked(tree / "finetune.py") == ["pretrain", "finetune"] and len(parses) == 1


AGENT = """\
import torch

from helpers.dist import dist_init


class Observer:
    def __init__(self, env, policy):
        self.env, self.policy = env, policy

    def run_episode(self, steps):
        state = self.env.reset()
        for _ in range(steps):
            state, reward, done = self.env.step(self.policy(state))


@dist_init
def train(policy, observer, episodes):
    optimizer = torch.optim.Adam(policy.parameters(), lr=0.01)
    for episode in range(episodes):
        observer.run_episode(10)
        optimizer.zero_grad()
        policy.loss().backward()
        optimizer.step()
"""
COMMON = """\
import functools


class Recorder:
    def __call__(self, fn):
        return self.wrapped(fn)

    def wrapped(self, fn):
        return functools.wraps(fn)(fn)


def check_grads(model, loss):
    loss.backward()
"""


def test_the_project_gate_parses_no_module_whose_called_defs_cannot_reach_a_backward_or_a_step(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """torch's reinforcement-learning test: its own loop backwards and steps, another loop steps an environment (`step`
    is a lifecycle word), and a plain name's call may run any instance's `__call__`, which a module its imports lead
    to defines (torch's common_utils.py, with a backward). Whether that `__call__` reaches a backward is read from the
    code of the defs it may call (`def_code`): none does, and the module is not parsed; where one does, it is, and the
    environment's loop is marked as reaching it."""
    import ast

    from zerograd_lint.core import project_gate
    from zerograd_lint.core.gate import summarize
    from zerograd_lint.core.project_gate import ProjectGate
    from zerograd_lint.files.project_index import project_of

    tree = tmp_path / "tree"
    (tree / "helpers").mkdir(parents=True)
    (tree / "pyproject.toml").write_text("")
    (tree / "helpers" / "__init__.py").write_text("")
    (tree / "helpers" / "dist.py").write_text("from helpers.common import Recorder\n\n\ndef dist_init(fn):\n    return Recorder()(fn)\n")
    (tree / "helpers" / "common.py").write_text(COMMON)
    (tree / "agent.py").write_text(AGENT)
    parses: list[int] = []
    summary_of = project_gate.defs_summary_of
    monkeypatch.setattr(project_gate, "defs_summary_of", lambda text: parses.append(len(text)) or summary_of(text))

    def marked() -> list[str]:
        project_gate.DEF_CODE.clear()
        project = project_of(str(tree / "agent.py"))
        assert project is not None
        parsed = ast.parse(AGENT)
        summary = summarize(parsed)
        ProjectGate(project.checked, project.load).mark_loop_callers(parsed, summary, AGENT.encode())
        return [body.name or "" for body in summary.bodies if body.backward and body.step]

    assert marked() == ["train"] and len(parses) == 1  # helpers/dist.py, for what its `dist_init` calls on `self`: none
    parses.clear()
    (tree / "helpers" / "common.py").write_text(COMMON.replace("return functools.wraps(fn)(fn)", "return check_grads(fn, fn)"))
    assert marked() == ["run_episode", "train"] and len(COMMON) - 20 < max(parses) < len(COMMON) + 20


def test_a_script_running_an_imported_trainer_reaches_the_gate_where_it_names_an_optimizer(tmp_path: Path, cli_here: CliInterpreter) -> None:
    """A script with no loop and no word of epochs or loaders that builds an optimizer and calls a method on a
    construction of a trainer it imports (alpaca_farm's shape) reaches the project gate, which asks the defs of the
    methods it calls on it; one that names no optimizer hands the trainer nothing its own module does not see."""
    import ast

    from zerograd_lint.core.gate import summarize
    from zerograd_lint.core.project_gate import ProjectGate, elsewhere_words, trainer_methods_called
    from zerograd_lint.files.project_index import project_of

    tree = tmp_path / "tree"
    shutil.copytree(TREES / "model_clear_inside_accumulate", tree)
    (tree / "pyproject.toml").write_text("")
    train = (tree / "train.py").read_text()
    assert trainer_methods_called(ast.parse(train)) == {"prepare", "train"}  # `accelerator.prepare`: no def of a trainer
    assert trainer_methods_called(ast.parse((tree / "train_fixed.py").read_text())) == {"prepare", "step_with_rollouts"}
    project = project_of(str(tree / "train.py"))
    assert project is not None
    gate = ProjectGate(project.checked, project.load)
    parsed = ast.parse(train)
    assert elsewhere_words(train.encode()) is not None and gate.in_text(train.encode()) and gate.may_reach_both(parsed, train, summarize(parsed))
    handed = train.replace("optimizer = torch.optim.AdamW(policy.parameters(), lr=1e-6)\n", "").replace("optimizer", "handed")
    assert "optim" not in handed and elsewhere_words(handed.encode()) is None
    assert reports_in("--no-cache", "train.py", cwd=tree, cli=cli_here) == {"rl_trainer.py": [("ZG105", 30, 21)]}


def test_a_run_finds_each_module_once_and_the_next_check_sees_edits(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every file of a run that imports `engine` asks the project for it (and for the names it imports): a run finds
    each name once (`project_index.one_run`), however many files ask. A long-lived process checks again and sees an
    edited module (the next run), and outside a run (the editor's check of a buffer) a module created since."""
    from collections import Counter

    from zerograd_lint.core.selection import DEFAULT_SELECTION
    from zerograd_lint.files.buffer import lint_python
    from zerograd_lint.files.project_index import ProjectFiles
    from zerograd_lint.files.runner import check_paths

    tree = tmp_path / "tree"
    shutil.copytree(TREES / "loop_and_step", tree)
    (tree / "pyproject.toml").write_text("")
    for n in range(3):
        shutil.copy(tree / "main.py", tree / f"main_{n}.py")
    found: Counter[str] = Counter()
    find = ProjectFiles.find
    monkeypatch.setattr(ProjectFiles, "find", lambda files, name: found.update([name]) or find(files, name))

    def reports() -> list[tuple[str, str, int]]:
        result = check_paths(sorted(tree.glob("*.py")), jobs=1)
        return [(Path(d.path).name, d.code, d.line) for d in result.diagnostics]

    assert reports() == [("engine.py", "ZG101", 14)]
    assert found["engine"] == 1 and set(found.values()) == {1}, found
    engine = tree / "engine.py"
    engine.write_text(engine.read_text().replace("    inputs, targets = batch", "    optimizer.zero_grad()\n    inputs, targets = batch"))
    assert reports() == [("engine.py", "ZG103", 8)]  # good_main.py's clear is now one too many
    assert found["engine"] == 2

    later = tree / "later_main.py"
    later.write_text((tree / "main.py").read_text().replace("from engine import", "from later_engine import"))
    assert lint_python(later.read_text(), str(later), DEFAULT_SELECTION) == []
    shutil.copy(TREES / "loop_and_step" / "engine.py", tree / "later_engine.py")
    assert [(Path(d.path).name, d.code, d.line) for d in lint_python(later.read_text(), str(later), DEFAULT_SELECTION)] == [
        ("later_main.py", "ZG101", 14)  # on its call leading to the step (`placed_in`)
    ]


def test_a_pytorch_checkout_reads_its_test_helpers_and_knows_torch_by_the_vocabulary() -> None:
    """In a checkout of PyTorch the torch package is the checked tree's own, but the vocabulary describes it: its
    modules are known by the vocabulary, as out of the tree, and never read (so no file's cache entry holds their
    hashes: an edit of `nn/modules/module.py` does not check every test again); its test helpers (`torch.testing`)
    are code that trains, read as any project's."""
    from zerograd_lint.core.engine import lint_source
    from zerograd_lint.files.project_index import project_of

    tree = TREES / "pytorch_checkout"
    path = tree / "test_steps.py"
    project = project_of(str(path))
    assert project is not None
    reports = lint_source(path.read_text(), str(path), project=project)
    helper = "torch/testing/_internal/common_train.py"
    assert [(Path(d.path).relative_to(tree).as_posix(), d.code, d.line) for d in reports] == [(helper, "ZG101", 9)]
    assert [Path(read).relative_to(tree).as_posix() for read in project.read] == [helper]


@pytest.mark.parametrize(
    "text, says_optimizer",
    [
        (b"opt = SGD(params)", True), (b"for x in loader: opt_g.step()", True), (b"d_opt.step()", True), (b"(opt)", True),
        (b"torch.optim.AdamW", True), (b"build_optimizer(cfg)", True), (b"adopt = 1", False), (b"optional = None", False),
        (b"options", False), (b"opts", False), (b"x1opt", False), (b"opt", True), (b"", False),
    ],
)
def test_the_project_gate_hears_an_optimizer_in_its_words(text: bytes, says_optimizer: bool) -> None:
    """`optim`, or `opt` as a name or a part of one (`opt_g`, `d_opt`), never `adopt` nor `optional`."""
    from zerograd_lint.core.project_gate import OPTIMIZER_WORD

    assert (OPTIMIZER_WORD.search(text) is not None) is says_optimizer


@pytest.mark.parametrize(
    "text, may_hold",
    [
        (b"class Classifier(ManualModule):\n    def update(self, opt):\n        opt.step()\n", True),
        (b"class Head(base.Module):\n    def run(self, loss):\n        loss.backward()\n", True),
        (b"class Plain:\n    def update(self, opt):\n        opt.step()\n", False),  # no base: nothing overridden
        (b"class Classifier(ManualModule):\n    def update(self, opt):\n        opt.zero_grad()\n", False),
        # No lifecycle call, but derived from a class of a module that says train: its `loss` may be the trainer's.
        (b"from rlhf.base_trainer import SummingTrainer\n\nclass SFT(SummingTrainer):\n    def loss(self, mb):\n        return mb\n", True),
        (b"from rlhf.base_trainer import SummingTrainer\n\nclass Head:\n    def loss(self, mb):\n        return mb\n", False),
        (b"from models.base import Net\n\nclass Head(Net):\n    def train_loss(self, mb):\n        return mb\n", False),
        (b"class A(B): x.step()", True),  # `class` at the text's start
        (b"subclass A(B): x.step()", False),  # `class` in a longer word: no class statement
        (b"\xc3\xa9class A(B): x.step()", True),  # after a non-ASCII byte, as `\b` of bytes reads it
    ],
)
def test_the_project_gate_hears_an_override_that_steps_or_backwards(text: bytes, may_hold: bool) -> None:
    """A subclass whose own words hold a step or a backward (no loop words), or that derives from a class it imports from
    a module that says train: an override another module's base may run, asked of the project (`driven_overrides`)
    only then."""
    from zerograd_lint.core.project_gate import may_hold_driven_override, says_train

    assert may_hold_driven_override(text, says_train(text)) is may_hold


@pytest.mark.parametrize(
    "text, modules",
    [
        (b"import os, a.b as c", {"os", "a.b"}),
        (b"from . import (x,  # a comment's )\n    y)", {"p.q", "p.q.x", "p.q.y"}),
        (b"from ..pkg import z as w; import v", {"p.pkg", "p.pkg.z", "v"}),
        (b"if TYPE_CHECKING: from r import \\\n    s", {"r", "r.s"}),
        (b"from \\\n . t import u", {"p.q.t", "p.q.t.u"}),
        (b"from.t import(u)", {"p.q.t", "p.q.t.u"}),
        (b"x = __import__('m')", set()),
    ],
)
def test_the_project_gate_reads_every_module_an_import_statement_names(text: bytes, modules: set[str]) -> None:
    """`modules_imports_may_name` (the text read for the driven overrides' question before the parse) names every
    module the file's tree imports, however its statements are written (and more: aliases, words of strings)."""
    from zerograd_lint.core.project_gate import modules_imports_may_name

    assert modules <= set(modules_imports_may_name(text, "p.q"))


def test_the_project_gate_reads_from_the_text_every_module_the_tree_imports() -> None:
    """Over every reproduction and fixture: what `imported_names` reads from the tree, `modules_imports_may_name`
    reads from the text (`from m import n`: `m` and `m.n`)."""
    import ast

    from zerograd_lint.core.gate import as_bytes
    from zerograd_lint.core.project_gate import imported_names, modules_imports_may_name

    checked = 0
    for path in sorted([*(REPO / "tests" / "data").rglob("*.py"), *(REPO / "fixtures").rglob("*.py")]):
        source = path.read_text(encoding="utf-8", errors="surrogateescape")
        try:
            tree = ast.parse(source)
        except (SyntaxError, ValueError):
            continue
        imported = list(imported_names(tree, "p.q"))
        in_tree = {module for module, _ in imported} | {f"{module}.{name}" for module, name in imported if name not in ("", "*")}
        assert in_tree <= set(modules_imports_may_name(as_bytes(source), "p.q")), path
        checked += bool(imported)
    assert checked > 300


def checked_files_parsed(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The names of the checked files CPython parses from here on (`engine.python_parse`; a module of the project the
    analysis reads is parsed with no path)."""
    from zerograd_lint.core import engine

    parses: list[str] = []
    parse = engine.python_parse

    def counted(source: str, path: str) -> object:
        if path:
            parses.append(Path(path).name)
        return parse(source, path)

    monkeypatch.setattr(engine, "python_parse", counted)
    return parses


def test_a_subclass_no_training_module_drives_is_not_parsed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A subclass whose words hold a step (no loop words) is parsed only where a training module it imports calls one
    of the names it defines on `self` (`driven_overrides` asks its tree for that): `update`, which the base's loop
    calls, and not `report`, which nothing calls."""
    from zerograd_lint.core import engine
    from zerograd_lint.files.project_index import project_of

    (tmp_path / "pyproject.toml").write_text("")
    (tmp_path / "engine.py").write_text(
        "class Base:\n    def fit(self, model, batches, optimizer):\n        for batch in batches:\n"
        "            model(batch).sum().backward()\n            self.update(optimizer)\n\n"
        "    def update(self, optimizer):\n        optimizer.step()\n"
    )
    subclass = "from engine import (\n    Base,\n)\n\n\nclass Stepper(Base):\n    def {}(self, optimizer):\n        optimizer.step()\n"
    (tmp_path / "driven.py").write_text(subclass.format("update"))
    (tmp_path / "undriven.py").write_text(subclass.format("report"))
    parses = checked_files_parsed(monkeypatch)
    for name in ("undriven.py", "driven.py"):
        path = tmp_path / name
        engine.lint_source(path.read_text(), str(path), project=project_of(str(path)))
    assert parses == ["driven.py"]


def test_a_file_whose_words_alone_hold_both_and_that_imports_no_project_module_is_not_parsed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, cli_here: CliInterpreter
) -> None:
    """A file whose backward and step are words of its docstring (torch/amp/grad_scaler.py's), not of its code, reaches the
    project gate; where no import statement of it may load a module of the project (`modules_imports_may_name`), the
    tree's questions could mark nothing, and it is not parsed. An import of the project's engine however written (after
    a `;`, in parentheses inside a def) lets it in, and its loop's call reaches engine.py's backward and step."""
    from zerograd_lint.core import engine
    from zerograd_lint.files.project_index import project_of

    tree = tmp_path / "tree"
    shutil.copytree(TREES / "loop_and_step", tree)
    (tree / "pyproject.toml").write_text("")
    header = '"""Call `loss.backward()`, then `optimizer.step()`: each batch\'s train_step does both."""\n\nimport torch\n'
    loop = (
        "    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)\n"
        "    for epoch in range(epochs):\n        for batch in loader:\n            train_step(model, batch, optimizer, criterion)\n"
    )
    variants = {
        "library.py": header + "from torch.nn import functional\n\n\ndef main(model, loader, epochs, criterion, train_step):\n" + loop,
        "semicolon.py": header + "epochs = 2; from engine import train_step\n\n\ndef main(model, loader, criterion):\n" + loop,
        "inner.py": header + "\n\ndef main(model, loader, epochs, criterion):\n    from engine import (\n        train_step,\n    )\n" + loop,
    }
    for name, text in variants.items():
        (tree / name).write_text(text)
    parses = checked_files_parsed(monkeypatch)
    for name in variants:
        path = tree / name
        engine.lint_source(path.read_text(), str(path), project=project_of(str(path)))
    assert parses == ["semicolon.py", "inner.py"]
    monkeypatch.undo()
    for name in ("semicolon.py", "inner.py"):
        assert reports_in("--no-cache", name, cwd=tree, cli=cli_here) == {"engine.py": [("ZG101", 14, 5)]}
    assert reports_in("--no-cache", "library.py", cwd=tree, cli=cli_here) == {}
