"""ZG404, safe: `scaler.update()` right after `scaler.step(opt)`, as every AMP loop needs."""

from __future__ import annotations

import libcst as cst

from zerograd_lint.diagnostics import Diagnostic
from zerograd_lint.fixes.base import SAFE, Fix, always
from zerograd_lint.fixes.edit import insert_after, statement


def add_update(module: cst.Module, d: Diagnostic) -> cst.Module:
    return insert_after(module, d.line, d.column, statement(f"{d.data['scaler']}.update()"))


FIX = Fix("ZG404", add_update, always(SAFE), lambda d: f"Insert `{d.data['scaler']}.update()` after the scaler's step")
