"""`--format junit`: JUnit XML, one test suite per file, one failed test case per report."""

from __future__ import annotations

from itertools import groupby
from typing import Sequence
from xml.etree import ElementTree

from zerograd_lint.base.diagnostics import Diagnostic
from zerograd_lint.formats.text import location


def render(diagnostics: Sequence[Diagnostic]) -> str:
    count = str(len(diagnostics))
    root = ElementTree.Element("testsuites", name="zerograd-lint", tests=count, failures=count, errors="0")
    if not diagnostics:  # CI test reports want at least one case to show a green run: one that passed
        root.set("tests", "1")
        suite = ElementTree.SubElement(root, "testsuite", name="zerograd-lint", tests="1", failures="0", errors="0")
        ElementTree.SubElement(suite, "testcase", name="No reports", classname="zerograd-lint")
    for path, group in groupby(sorted(diagnostics, key=lambda d: d.sort_key), key=lambda d: d.path):
        reports = list(group)
        suite = ElementTree.SubElement(
            root, "testsuite", name=path, tests=str(len(reports)), failures=str(len(reports)), errors="0"
        )
        for d in reports:
            case = ElementTree.SubElement(
                suite, "testcase", name=f"{d.code} {location(d)}", classname=path, file=path, line=str(d.line)
            )
            failure = ElementTree.SubElement(case, "failure", message=d.message, type=d.code)
            failure.text = f"{location(d)}: {d.code} {d.message}"
    ElementTree.indent(root)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ElementTree.tostring(root, encoding="unicode") + "\n"
