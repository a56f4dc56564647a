"""What the messages say, through the real CLI: the advice names what the user must write,
positions are those of the file as given, and a file that gets no fix is told why."""

from __future__ import annotations

import json
from pathlib import Path

from tests.conftest import CliInterpreter

FILES = {
    # `scaler.unscale_` takes the optimizer: the advice names the one the scaler steps
    "unscale.py": "for x in loader:\n    opt.zero_grad()\n    scaler.scale(loss(x)).backward()\n    scaler.unscale_\n"
                  "    scaler.step(opt)\n    scaler.update()\n",
    # the only clear is in an earlier loop, not before this one
    "earlier.py": "for _ in range(3):\n    opt.zero_grad()\nfor x in loader:\n    loss(x).backward()\n    opt.step()\n",
    # the only clear runs once per epoch, in the loop around this one
    "epoch.py": "for epoch in range(3):\n    opt.zero_grad()\n    for x in loader:\n        loss(x).backward()\n        opt.step()\n",
    "before.py": "opt.zero_grad()\nfor x in loader:\n    loss(x).backward()\n    opt.step()\n",
    # a call written over lines is quoted as written on one
    "multiline.py": "for x in loader:\n    loss(\n        x,\n    ).backward()\n    opt.step(\n    )\n",
    # the step sits in the `else` of its guard: the condition it runs under is the test's negation
    "orelse.py": "for i, x in enumerate(loader):\n    opt.zero_grad()\n    if (i + 1) % n != 0:\n        (loss(x) / n).backward()\n"
                 "    else:\n        (loss(x) / n).backward()\n        opt.step()\n",
    # the loop clears a model built apart from the one the optimizer trains
    "teacher.py": "teacher = nn.Linear(4, 1)\nstudent = nn.Linear(4, 1)\nopt = torch.optim.SGD(student.parameters(), lr=0.1)\n"
                  "for x in loader:\n    teacher.zero_grad()\n    loss(student(x)).backward()\n    opt.step()\n",
    # an element is keyed as its list or dict: the advice names it as the loop around does
    "enumerated.py": "for x in loader:\n    for i, optimizer in enumerate(optimizers):\n        optimizer.zero_grad()\n"
                     "        scaler.scale(loss(x)).backward()\n        torch.nn.utils.clip_grad_norm_(params, 1.0)\n"
                     "        scaler.step(optimizer)\n        scaler.update()\n",
    "items.py": "for x in loader:\n    for name, optimizer in optimizers.items():\n        optimizer.zero_grad()\n"
                "        scaler.scale(loss(x)).backward()\n        torch.nn.utils.clip_grad_norm_(params, 1.0)\n"
                "        scaler.step(optimizer)\n        scaler.update()\n",
    # a helper handed `None` builds its own optimizer: keyed as the caller's `None`, named as the helper's name
    "handed_none.py": "def make_step(model, x, optimizer):\n    if optimizer is None:\n"
                      "        optimizer = torch.optim.SGD(model.parameters(), lr=0.1)\n    model(x).sum().backward()\n"
                      "    optimizer.step()\n\n\nfor x in loader:\n    make_step(model, x, None)\n",
    # a helper steps each element of the list it is handed: the loop has no name for one of them
    "helper_loop.py": "def step_all(optimizers):\n    for optimizer in optimizers:\n        optimizer.step()\n\n\n"
                      "for x in loader:\n    loss(x).backward()\n    step_all(opts)\n",
    # the loop hands a helper each element: the helper's parameter names it
    "element_handed.py": "def step_one(optimizer):\n    torch.nn.utils.clip_grad_norm_(params, 1.0)\n    scaler.step(optimizer)\n\n\n"
                         "for x in loader:\n    for opt in opts:\n        opt.zero_grad()\n    scaler.scale(loss(x)).backward()\n"
                         "    for opt in opts:\n        step_one(opt)\n    scaler.update()\n",
}


def test_messages_say_what_happens_and_what_to_write(tmp_path: Path, cli_here: CliInterpreter) -> None:
    for name, source in FILES.items():
        (tmp_path / name).write_text(source)
    proc = cli_here("check", "--format", "json", "--no-cache", ".", cwd=tmp_path)
    messages = {(item["path"], item["code"]): item["message"] for item in json.loads(proc.stdout)}
    assert messages["unscale.py", "ZG202"].endswith("Call it with the optimizer it steps: `scaler.unscale_(opt)`.")
    assert "(its only clear, `opt.zero_grad()` (line 2), runs only in the loop at line 1)" in messages["earlier.py", "ZG101"]
    assert ("(its only clear, `opt.zero_grad()` (line 2), runs once per iteration of the enclosing loop at line 1, "
            "not in this one)") in messages["epoch.py", "ZG101"]
    assert "(its only clear, `opt.zero_grad()` (line 1), runs once before the loop)" in messages["before.py", "ZG101"]
    assert "between `loss(x).backward()` (line 2) and `opt.step()` (line 5)" in messages["multiline.py", "ZG101"]
    assert "which steps only when `(i + 1) % n == 0` (the `if (i + 1) % n != 0` of line 3 is false)" in messages["orelse.py", "ZG105"]
    assert "(`teacher.zero_grad()` (line 5) clears another model than `student`, which `opt` is built from)" in messages[
        "teacher.py", "ZG101"
    ]
    assert messages["handed_none.py", "ZG101"].endswith("Call `optimizer.zero_grad()` right after the step.")
    assert messages["helper_loop.py", "ZG101"].endswith("Call `optimizer.zero_grad()` right after the step.")
    for name in ("enumerated.py", "items.py", "element_handed.py"):
        assert messages[name, "ZG401"].endswith("Call `scaler.unscale_(optimizer)` before clipping."), name


def test_show_fixes_places_each_fix_at_its_report_in_the_file_as_given(tmp_path: Path, cli_here: CliInterpreter) -> None:
    """The ZG101 fix inserts a line first; the ZG102 fix is still listed at the clear's line of the file."""
    (tmp_path / "train.py").write_text(
        "for x in loader:\n    loss(x).backward()\n    opt.step()\n\n"
        "for x in loader:\n    loss(x).backward()\n    opt2.zero_grad()\n    opt2.step()\n"
    )
    proc = cli_here("check", "--no-cache", "--diff", "--show-fixes", "train.py", cwd=tmp_path)
    listed = [line for line in proc.stderr.splitlines() if " fix: " in line]
    assert listed == [
        "train.py:3:5: ZG101 fix: Insert `opt.zero_grad()` at the start of the loop (line 1)",
        "train.py:7:5: ZG102 fix: Move `opt2.zero_grad()` to the start of the iteration",
    ]


def test_a_file_that_is_not_utf8_is_fixed_in_its_own_encoding(tmp_path: Path, cli_here: CliInterpreter) -> None:
    data = b"# -*- coding: latin-1 -*-\n# caf\xe9\nfor x in loader:\n    opt.zero_grad\n    loss(x).backward()\n    opt.step()\n"
    (tmp_path / "latin.py").write_bytes(data)
    proc = cli_here("check", "--no-cache", "--fix", "latin.py", cwd=tmp_path)
    assert "Fixed 1 report." in proc.stderr.splitlines()
    assert (tmp_path / "latin.py").read_bytes() == data.replace(b"opt.zero_grad\n", b"opt.zero_grad()\n")
