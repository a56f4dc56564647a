"""The gate: can this file produce a report? Decided once, from what the selected rules need.

Each rule declares the analyses it reads (`Rule.needs`, names from `NEEDS`
below); a rule can only report where all of its needs are met. Each need
answers twice, each answer a superset of the next:

- from the text (the bytes, when the encoding writes ASCII as ASCII, so most
  files are never decoded), before any parse: most files of a codebase stop
  here and cost a read; the few whose words pass are asked again of their
  code alone, strings and comments blanked (`code_text`), so that words in a
  docstring no longer count;
- from one walk of CPython's AST (a C parser, an order of magnitude faster
  than LibCST).

A file that passes both goes to the analyses of the needs it met, and only
those: LibCST parses it only when one of them works on LibCST's tree. A file
Python cannot parse passes if its text does (the engine reports why, as ZG000).

A new need is one more `Need` in `NEEDS`: text tests that say "no" only
where its tree test would, and a tree test over the `Summary` (extend the walk
in `summarize` when the question needs more of the tree).
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from typing import Any, Callable, Iterable, Iterator, Union

from zerograd_lint.analysis.code_text import WORD, code_only
from zerograd_lint.analysis.ir.summaries import (
    HF_LOOP_BODIES,
    HF_STEP_BODY,
    HF_TRAINER_SUFFIX,
    IGNITE_ENGINES,
    IGNITE_RUN,
    IGNITE_SUPERVISED_TRAINER,
    LIGHTNING_LOOP_BODY,
    LIGHTNING_MODULE,
    LOSS_SCALER_NAME,
    MANUAL_BACKWARD,
)
from zerograd_lint.analysis.ir.vocabulary import CALL_DEPTH, INSTANCE_CALL_METHODS
from zerograd_lint.analysis.questions.visitor import CHILD_FIELDS_REVERSED, bound_names, child_fields_reversed, dotted_name

Text = Union[str, bytes]

LIFECYCLE = "lifecycle"  # the need of the loop and step-body rules: a backward and a step
BACKWARD_METHODS = frozenset({"backward", MANUAL_BACKWARD})
UNCALLED_METHODS = frozenset({"zero_grad", "backward", "step", "update", "unscale_"})


# --- The text stage ---------------------------------------------------------------------------
#
# Each test finds a word with a pattern that starts with it (so `re` skips to each occurrence
# fast) and looks around the few occurrences in Python. Between the parts of an attribute or a
# call Python allows spaces, backslash continuations, closing parentheses (`(loss.backward)()`)
# and, inside brackets, line breaks and comments: the tests look past all of them. Where they
# cannot tell (a quote, a name with a non-ASCII letter), they say "maybe".
#
# The text is bytes: ASCII words are ASCII in every encoding the runner reads as bytes, and a
# non-ASCII letter is a byte >= 0x80.

SPACE = frozenset(b" \t\f\r\\")
NEWLINE, DOT = ord("\n"), ord(".")
# An opening parenthesis after nothing but spaces, line breaks, comments and `)`.
CALL_AFTER = rb"(?:[\s\\)]|#[^\n]*(?:\n|\Z))*\("  # a comment runs to its line's end: never split one
BACKWARD_CALL = re.compile(rb"backward" + CALL_AFTER)
STEP_CALL = re.compile(rb"step" + CALL_AFTER)
# `loss_scaler(loss, optimizer)`: a summarised wrapper that backwards and steps (summaries.LOSS_SCALER).
SCALER_WORD = LOSS_SCALER_NAME.encode()
SCALER_CALL = re.compile(SCALER_WORD + CALL_AFTER)
# `create_supervised_trainer(model, optimizer, loss_fn)`: ignite's engine that clears, backwards and steps (summaries).
SUPERVISED_TRAINER = IGNITE_SUPERVISED_TRAINER.function
SUPERVISED_TRAINER_WORD = SUPERVISED_TRAINER.encode()
# A Hugging Face Trainer's override (`def compute_loss(...)` of a `Trainer` subclass) is the body of the library's loop,
# which backpropagates and steps for it (summaries.py): a lifecycle with no words of its own.
TRAINER_WORD = HF_TRAINER_SUFFIX.encode()
TRAINER_BODY_DEF = re.compile(rb"def[ \t]+(?:" + b"|".join(name.encode() for name in sorted(HF_LOOP_BODIES)) + rb")\b")
# A subclass's own loop that calls the library's `training_step` (which backpropagates) and steps has no backward word.
TRAINER_STEP_CALL = re.compile(rb"\." + HF_STEP_BODY.encode() + CALL_AFTER)
# So is a LightningModule's `training_step` under automatic optimisation (its manual one has lifecycle words of its own).
LIGHTNING_WORD = LIGHTNING_MODULE.encode()
LIGHTNING_BODY_DEF = re.compile(rb"def[ \t]+" + LIGHTNING_LOOP_BODY.encode() + rb"\b")
# `.step` as a statement: the name ends at a comment, `;`, `)`, a backslash or the end of the line.
# One pass over the dots finds those, and the dots a comment follows (the name may come after it, in
# brackets, on a later line: rare, looked at closely).
UNCALLED_WORDS = (b"zero_grad", b"backward", b"step", b"update", b"unscale_")
UNCALLED_NAME = rb"(?:" + b"|".join(UNCALLED_WORDS) + rb")[ \t\f\r]*(?:[#;)\\\n]|\Z)"
# Most dots are followed by a letter no such name starts with: looking at that byte first ends those tries sooner.
MAY_FOLLOW_THE_DOT = rb"(?=[\s\\#" + bytes(sorted({word[0] for word in UNCALLED_WORDS})) + rb"])"
UNCALLED_OR_COMMENT = re.compile(rb"\." + MAY_FOLLOW_THE_DOT + rb"[\s\\]*(?:(" + UNCALLED_NAME + rb")|#)")
NAME_AFTER_COMMENTS = re.compile(rb"(?:[\s\\]|#[^\n]*(?:\n|\Z))*" + UNCALLED_NAME)


def code_before(data: bytes, start: int) -> int:
    """Where the last character of code before `start` is, past spaces, line breaks and comments; -1 if none.

    A comment is taken to start at the first `#` of its line (a `#` in a string there cuts the line short).
    """
    index = start - 1
    while index >= 0:
        char = data[index]
        if char in SPACE:
            index -= 1
        elif char == NEWLINE:
            line_start = data.rfind(b"\n", 0, index) + 1
            comment = data.find(b"#", line_start, index)
            index = (comment if comment != -1 else index) - 1
        else:
            return index
    return -1


def starts_word(data: bytes, start: int) -> bool:
    return start == 0 or data[start - 1] not in WORD


def a_word_starting(word: bytes) -> re.Pattern[bytes]:
    """`word` as a whole name: where a name ends with it, and starts with it (as `starts_word` tells, looked behind
    after the word: the pattern still starts with the word, which `re` skips to fast, where a look behind first is
    tried at every byte). Most occurrences of a short name end a longer one (`p` of `step`, `grad` of `requires_grad`:
    torch's texts, 13,136 `grad` and 2,177 names `grad`), each a Python step fewer."""
    return re.compile(re.escape(word) + rb"\b(?<![A-Za-z0-9_]" + re.escape(word) + rb")")


GRAD = a_word_starting(b"grad")  # the name of `p.grad`, never the end of `requires_grad`


def on_a_comment_line(data: bytes, index: int) -> bool:
    """Whether `index` is on a line that holds only a comment."""
    line_start = data.rfind(b"\n", 0, index) + 1
    return data[line_start:index].lstrip(b" \t\f").startswith(b"#")


def is_attribute(data: bytes, start: int) -> bool:
    """Whether the word at `start` follows a `.`."""
    dot = code_before(data, start)
    return dot >= 0 and data[dot] == DOT


def calls_attribute(data: bytes, pattern: re.Pattern[bytes], prefix: bytes = b"") -> bool:
    """Some `.word(`, or `.prefixword(`, in the text (found once per text: the lifecycle need asks it, then the project
    gate's `lifecycle_words`)."""
    held = answers_of(data)
    found = held.get((pattern, prefix))
    if found is None:
        found = held[pattern, prefix] = finds_attribute_call(data, pattern, prefix)
    return found


def finds_attribute_call(data: bytes, pattern: re.Pattern[bytes], prefix: bytes) -> bool:
    for match in pattern.finditer(data):
        start = match.start()
        if prefix and data.endswith(prefix, 0, start):
            start -= len(prefix)
        if starts_word(data, start) and is_attribute(data, start):
            return True
    return False


# The last text whose words were looked for, and what was found: the screen asks the needs' words of a text, then the
# project gate's (`project_gate.elsewhere_words`), and some are both's (the words `backward`, `step`, `rain`; the
# calls of `backward` and `step`): each is looked for once (a scan of the whole text where it is missing, most texts).
HELD: tuple[bytes, dict[bytes | tuple[re.Pattern[bytes], bytes], bool]] = (b"", {})


def answers_of(data: bytes) -> dict[bytes | tuple[re.Pattern[bytes], bytes], bool]:
    """What was found in the text so far (the last text asked, by identity; another one forgets it)."""
    global HELD
    text, held = HELD
    if text is not data:
        held = {}
        HELD = (data, held)
    return held


def holds(data: bytes, word: bytes) -> bool:
    """`word in data`, found once per text."""
    held = answers_of(data)
    found = held.get(word)
    if found is None:
        found = held[word] = word in data
    return found


# Of `train`, `Trainer` and `create_supervised_trainer`: one look rules out most texts for each.
TRAINING_PART = b"rain"


def may_have_lifecycle_calls(data: bytes) -> bool:
    # Each pattern starts with its word, which `in` finds missing (most texts) several times faster than `re`.
    return (
        holds(data, b"backward") and holds(data, b"step") and calls_attribute(data, BACKWARD_CALL, b"manual_")
        and calls_attribute(data, STEP_CALL)
    ) or (SCALER_WORD in data and SCALER_CALL.search(data) is not None) or holds(data, TRAINING_PART) and (
        # ignite's trainer clears, backwards and steps: a report needs one more lifecycle call of the file's own
        SUPERVISED_TRAINER_WORD in data and (b"zero_grad" in data or calls_attribute(data, STEP_CALL) or calls_attribute(data, BACKWARD_CALL))
        or TRAINER_WORD in data and (
            TRAINER_BODY_DEF.search(data) is not None or TRAINER_STEP_CALL.search(data) is not None and calls_attribute(data, STEP_CALL)
        )
        or LIGHTNING_WORD in data and LIGHTNING_BODY_DEF.search(data) is not None
    )


def may_have_uncalled_statement(data: bytes) -> bool:
    """Some `receiver.zero_grad` (or `.backward`, ...) standing alone as a statement."""
    for match in UNCALLED_OR_COMMENT.finditer(data):
        if match.group(1) is None and (
            on_a_comment_line(data, match.start()) or NAME_AFTER_COMMENTS.match(data, match.end() - 1) is None
        ):
            continue  # a comment after the dot, and the dot in a comment (a sentence's end) or no name after it
        if may_start_a_statement(data, match.start() - 1):
            return True
    return False


CLOSING_BRACKETS = frozenset(b")]}")
BACKSLASH = ord("\\")


def may_start_a_statement(data: bytes, end: int) -> bool:
    """Whether the receiver ending at `end` may begin its statement: before it (names, dots, brackets)
    only a line's start, `;`, `:` or the `(` of a parenthesised statement. A quote: "maybe"."""
    index = end
    while index >= 0:
        char = data[index]
        if char in WORD or char == DOT or char in SPACE:
            index -= 1
        elif char == NEWLINE:
            previous = index - 2 if data.endswith(b"\r", 0, index) else index - 1
            if previous < 0 or data[previous] != BACKSLASH:
                return True  # a line starts here (or goes on inside brackets: maybe)
            index = previous - 1
        elif char in CLOSING_BRACKETS:
            opening = matching_opening(data, index)
            if opening is None:
                return True
            index = opening - 1
        elif char == ord("("):  # `(opt.step)`: only more of them, spaces or a line break may come before
            index -= 1
            while index >= 0 and (data[index] in SPACE or data[index] == ord("(")):
                index -= 1
            return index < 0 or data[index] in b"\n;:"
        else:
            return char in b";:'\""
    return True


def matching_opening(data: bytes, closing: int) -> int | None:
    """Where the bracket closed at `closing` opens; None past a quote (the brackets may be in a string)."""
    depth = 0
    for index in range(closing, -1, -1):
        char = data[index]
        if char in b"'\"":
            return None
        if char in CLOSING_BRACKETS:
            depth += 1
        elif char in b"([{":
            depth -= 1
            if depth == 0:
                return index
    return None


def may_read_grad_in_a_loop(data: bytes) -> bool:
    """A `.grad` of a name that a `for` target may bind, in a file that says `param` somewhere (a string counts:
    `group["params"]` names parameters)."""
    return b"grad" in data and says_param(data) and may_read_a_loop_variables_grad(data)


def says_param(data: bytes) -> bool:
    """`param` in any case: as it is most often written, else in the text lowered (a copy of it)."""
    return b"param" in data or b"param" in data.lower()


def may_read_a_loop_variables_grad(data: bytes) -> bool:
    """A `.grad` of a name that a `for` target may bind."""
    receivers = set()
    for _, receiver in grad_receivers(data):
        if receiver is None:
            return True
        receivers.add(receiver)
    return any(in_a_for_target(data, name) for name in receivers)


def loop_variables_grads(data: bytes) -> list[int]:
    """Where the text has a `.grad` of a name that a `for` target may bind (or that this test cannot read), in order."""
    found: dict[bytes | None, list[int]] = {}
    for at, receiver in grad_receivers(data):
        found.setdefault(receiver, []).append(at)
    return sorted(at for name, where in found.items() if name is None or in_a_for_target(data, name) for at in where)


def grad_receivers(data: bytes) -> Iterator[tuple[int, bytes | None]]:
    """Each `name.grad` of the text: where `grad` is, and `name` (None: a name with a non-ASCII letter, which this
    test cannot read)."""
    for match in GRAD.finditer(data):
        if not is_attribute(data, match.start()) or on_a_comment_line(data, match.start()):
            continue
        end = code_before(data, code_before(data, match.start()))
        if end >= 0 and data[end] >= 0x80:
            yield match.start(), None
            continue
        start = end
        while start >= 0 and data[start] in WORD:
            start -= 1
        receiver = data[start + 1 : end + 1]
        if receiver and not receiver[:1].isdigit() and not (start >= 0 and data[start] == DOT):
            yield match.start(), receiver  # `p` of `p.grad`; never `autograd` of `torch.autograd.grad`


def may_read_grad_unguarded(source: str) -> bool:
    """For a file only the `.grad` rules can report on, before its parse: may it hold an unguarded `.grad` read? Asked
    of its code with every def left out that holds no `.grad` of a name a `for` target may bind (a read is one, of a
    loop's variable: `loop_variables_grads`; `outline.without_defs_holding_none`): it holds every read the file does
    (the defs left out bind nothing outside them; a guard function, or a property whose filters guard what it returns,
    left out can only add a read), and parses in a fraction of the file's time. True where that code is not at hand or
    does not parse (the file's own parse tells why)."""
    from zerograd_lint.analysis.questions.grad_reads import find_grad_reads

    kept = code_for_grad_reads(source)
    if kept is None:
        return True
    try:
        tree = ast.parse(kept)
    except (SyntaxError, ValueError, MemoryError):
        return True
    return bool(find_grad_reads(tree, kept)[0])


def code_for_grad_reads(source: str) -> str | None:
    """The file with every def left out that holds no `.grad` a loop's variable may make (None: not at hand)."""
    from zerograd_lint.analysis.outline import without_defs_holding_none

    code = code_of(source)
    return without_defs_holding_none(source, code, loop_variables_grads(code))


# A `for` target longer than this many names and punctuation marks is not looked into: "maybe".
TARGET_PARTS = 64


def in_a_for_target(data: bytes, name: bytes) -> bool:
    """Whether a `for` target may bind `name`: going back from it over names and `,()[]*`, `for` comes, and
    never two names with nothing between them (prose has them: "kept for each p")."""
    for match in a_word_starting(name).finditer(data):
        index = match.start()
        if on_a_comment_line(data, index):
            continue
        after_a_name = True  # the name itself
        for _ in range(TARGET_PARTS):
            index = code_before(data, index)
            if index < 0 or data[index] not in TARGET_CHARACTERS:
                break
            if data[index] in NAME_BYTES:
                end = index
                while index > 0 and data[index - 1] in NAME_BYTES:
                    index -= 1
                if data[index : end + 1] == b"for":
                    return True
                if after_a_name:
                    break
                after_a_name = True
            else:
                after_a_name = False
        else:
            return True
    return False


# The bytes of a name: ASCII letters, digits and `_`, and every byte of a non-ASCII letter.
NAME_BYTES = WORD | frozenset(range(0x80, 0x100))
TARGET_CHARACTERS = NAME_BYTES | frozenset(b",()[]*")


# --- The tree stage: one walk -------------------------------------------------------------------


@dataclass
class Body:
    """The module's own code, or one def's (a def nested in it is a body of its own)."""

    name: str | None  # the def's name; None for the module
    backward: bool = False
    step: bool = False
    calls: set[str] = field(default_factory=set)  # names called, methods called, names passed as arguments
    loop_calls: set[str] = field(default_factory=set)  # those of `calls` made inside its `for` and `while` loops
    on_self: set[str] = field(default_factory=set)  # the methods it calls on `self`
    of_subclass: bool = False  # a method of a class with bases: it may override a method a base's loop calls
    grad_lines: set[int] = field(default_factory=set)  # lines of its `name.grad`
    through_table: bool = False  # calls an entry of a dict or list (`self.steps[task](batch)`)
    # The `__init__` of an ignite `Engine` subclass: `trainer.run(loader)` calls the process function it hands
    # `super().__init__(self._update)` (engine_runs.EngineRuns.subclass_process), so `run` reaches what it reaches.
    runs_as: str | None = None
    trainer_body: bool = False  # an override a trainer's loop may run as its body (`HF_LOOP_BODIES`, `note_subclass`)


@dataclass
class Expression:
    """A loop's iterable or an assigned value, as much as the `.grad` question needs."""

    names: set[str] = field(default_factory=set)
    says_parameters: bool = False  # a name or attribute with `param` in it, or a "params" key


@dataclass
class Summary:
    """What the needs ask of a file's tree, gathered in one walk."""

    bodies: list[Body]  # the module, then every def in source order (the order LibCST's walk meets them)
    grad_receivers: set[str] = field(default_factory=set)  # `p` of every `p.grad`
    loops: list[tuple[frozenset[str], Expression]] = field(default_factory=list)  # target names, iterable
    assignments: list[tuple[frozenset[str], Expression]] = field(default_factory=list)  # target names, value
    uncalled: bool = False  # a lifecycle method named as a statement
    tabled: set[str] = field(default_factory=set)  # names and attributes held in a dict, list or tuple display
    subclass_methods: set[int] = field(default_factory=set)  # the `id` of each def of a class with bases
    trainer_bodies: set[int] = field(default_factory=set)  # the `id` of each `HF_LOOP_BODIES` def of a trainer's subclass
    engine_inits: set[int] = field(default_factory=set)  # the `id` of the `__init__` of each ignite `Engine` subclass

    @cached_property
    def lifecycle_roots(self) -> tuple[bool, ...]:
        """Per body: does it reach a backward and a step, following calls to the file's defs? So does a subclass's
        method that such a body calls on `self`: the override a base's loop runs (`facts.inherited_roots` checks
        that loop for the subclass), whatever the override's own code holds; and an override a library's trainer may
        run as its loop's body (`Body.trainer_body`: the builder asks where its base comes from)."""
        backward, step = self.reaching(lambda b: b.backward), self.reaching(lambda b: b.step)
        reaching = [reaches_backward and reaches_step for reaches_backward, reaches_step in zip(backward, step)]
        driven = set().union(*(body.on_self for body, reaches in zip(self.bodies, reaching) if reaches))
        return tuple(
            reaches or body.trainer_body or (body.of_subclass and body.name in driven) for body, reaches in zip(self.bodies, reaching)
        )

    @cached_property
    def called_in_loops(self) -> frozenset[str]:
        """The names the file's `for` and `while` loops call (`trainer.critic_step(batch)`: `critic_step`), and those
        that the file's defs they call call in turn, `CALL_DEPTH` calls deep."""
        called = set().union(*(body.loop_calls for body in self.bodies))
        frontier = set(called)
        for _ in range(CALL_DEPTH):
            frontier = {name for caller in frontier for body in self.by_name.get(caller, ()) for name in body.calls} - called
            called |= frontier
        return frozenset(called)

    def roots_reading(self, lines: frozenset[int]) -> tuple[bool, ...]:
        """Per body: does it reach a `name.grad` on one of these lines, following calls to the file's defs?"""
        return self.reaching(lambda b: not b.grad_lines.isdisjoint(lines))

    @cached_property
    def by_name(self) -> dict[str, list[Body]]:
        found: dict[str, list[Body]] = {}
        for body in self.bodies[1:]:
            found.setdefault(body.name or "", []).append(body)
            if body.runs_as is not None:
                found.setdefault(body.runs_as, []).append(body)
        return found

    @cached_property
    def callers(self) -> dict[int, list[Body]]:
        """The bodies that call each def (by `id`), as `Body.calls` names them."""
        found: dict[int, list[Body]] = {}
        for caller in self.bodies:
            # A call through a table may run any def a table holds (`Inlining.chosen_from_table`).
            for name in caller.calls | self.tabled if caller.through_table else caller.calls:
                for callee in self.by_name.get(name, ()):
                    found.setdefault(id(callee), []).append(caller)
        return found

    def reaching(self, marked: Callable[[Body], bool]) -> tuple[bool, ...]:
        """Per body: is it marked, or does it call a marked def, `CALL_DEPTH` calls deep?

        Walked back from the marked bodies, all at once: a walk from each body would cost the bodies
        times the calls each reaches (hundreds of methods in a test suite).
        """
        frontier = [body for body in self.bodies if marked(body)]
        seen = {id(body) for body in frontier}
        for _ in range(CALL_DEPTH):
            frontier = [c for body in frontier for c in self.callers.get(id(body), ()) if id(c) not in seen]
            if not frontier:
                break
            seen.update(id(c) for c in frontier)
        return tuple(id(body) in seen for body in self.bodies)

    def reads_grad_in_a_loop(self) -> bool:
        """`p.grad` where a `for` or a comprehension binds `p` from something that names parameters."""
        if not self.grad_receivers:
            return False
        aliases = self.parameter_aliases()
        return any(
            not self.grad_receivers.isdisjoint(names) and (iterable.says_parameters or not iterable.names.isdisjoint(aliases))
            for names, iterable in self.loops
        )

    def parameter_aliases(self) -> set[str]:
        """Names assigned from something that names parameters, directly or through other such names."""
        aliases: set[str] = set()
        while True:
            grown = aliases.union(
                *(names for names, value in self.assignments if value.says_parameters or not value.names.isdisjoint(aliases))
            )
            if grown == aliases:
                return aliases
            aliases = grown


# Names and constants, most of a tree: they matter only inside a loop's iterable or an assigned value.
LEAVES = (ast.Name, ast.Constant)


def name_read(within: tuple[Expression, ...], name: str) -> None:
    """A name read in loop iterables or assigned values: each of them reads it (and says parameters if it does)."""
    says = "param" in name.lower()
    for expression in within:
        expression.names.add(name)
        expression.says_parameters = expression.says_parameters or says


def parameters_said(within: tuple[Expression, ...]) -> None:
    """A word of parameters (`params`, `.parameters()`) in loop iterables or assigned values: each of them says it."""
    for expression in within:
        expression.says_parameters = True


def summarize(tree: ast.AST) -> Summary:
    """Walk the tree once, in source order, and keep what the needs ask."""
    module = Body(None)
    summary = Summary([module])
    # (node, the body it belongs to, the loop iterables and assigned values it is part of, whether it is in a loop of
    # that body)
    stack: list[tuple[ast.AST, Body, tuple[Expression, ...], bool]] = [(tree, module, (), False)]
    pop, push, AST, fields_of = stack.pop, stack.append, ast.AST, CHILD_FIELDS_REVERSED
    while stack:
        node, body, within, looping = pop()
        kind = type(node)
        # Names and constants, most of a tree, hold no nodes.
        if kind is ast.Name:
            if within:
                name_read(within, node.id)  # type: ignore[attr-defined]
            continue
        if kind is ast.Constant:
            if within and isinstance(node.value, str) and "params" in node.value:  # type: ignore[attr-defined]
                parameters_said(within)
            continue
        if kind is ast.FunctionDef or kind is ast.AsyncFunctionDef:
            if body.name is not None:  # a def's own closure: it may return it for its caller to run (`step(make_closure())`)
                body.calls.add(node.name)  # type: ignore[attr-defined]
                if looping:
                    body.loop_calls.add(node.name)  # type: ignore[attr-defined]
            looping = False
            body = Body(
                node.name, of_subclass=id(node) in summary.subclass_methods,  # type: ignore[attr-defined]
                runs_as=IGNITE_RUN if id(node) in summary.engine_inits else None, trainer_body=id(node) in summary.trainer_bodies,
            )
            summary.bodies.append(body)
        elif kind is ast.Call:
            func = node.func  # type: ignore[attr-defined]
            calls = set() if looping else body.calls  # a loop's calls: added to both of its body's sets below
            if type(func) is ast.Attribute:
                # `self.training_step(model, inputs)` of a Hugging Face Trainer subclass may be the library's, which
                # backpropagates (the builder asks where the class comes from)
                body.backward = body.backward or func.attr in BACKWARD_METHODS or func.attr == HF_STEP_BODY and bool(self_method(func))
                body.step = body.step or func.attr == "step"
                calls.add(func.attr)
                called = func.attr
                body.on_self.update(self_method(func))
            elif type(func) is ast.Name:
                calls.add(func.id)
                calls |= INSTANCE_CALL_METHODS  # `trainer(images)` of an instance: its `__call__` or `forward`
                called = func.id
            else:
                body.through_table |= type(func) is ast.Subscript
                called = ""
            if (called.endswith(LOSS_SCALER_NAME) and len(node.args) + len(node.keywords) > 1) or called == SUPERVISED_TRAINER:  # type: ignore[attr-defined]
                body.backward = body.step = True  # `loss_scaler(loss, optimizer)` backwards and steps, so does ignite's trainer
            for argument in [*node.args, *(keyword.value for keyword in node.keywords)]:  # type: ignore[attr-defined]
                if type(argument) is ast.Name:
                    calls.add(argument.id)  # closures, partial(f)
                elif type(argument) is ast.Attribute:
                    calls.add(argument.attr)  # step(self.closure)
            if looping:
                body.calls |= calls
                body.loop_calls |= calls
        elif kind is ast.Attribute:
            if node.attr == "grad" and type(node.value) is ast.Name:  # type: ignore[attr-defined]
                summary.grad_receivers.add(node.value.id)  # type: ignore[attr-defined]
                body.grad_lines.add(node.lineno)  # type: ignore[attr-defined]
            if within and "param" in node.attr.lower():  # type: ignore[attr-defined]
                parameters_said(within)
        elif (noted := NOTED_KINDS.get(kind)) is not None:
            noted(node, summary)
        # The children go on the stack last first, so that they come off it in source order; a loop's
        # iterable and an assigned value, each an `Expression` of its own, come off first.
        first: tuple[ast.AST, Body, tuple[Expression, ...], bool] | None = None
        looping = looping or kind is ast.For or kind is ast.AsyncFor or kind is ast.While
        if kind is ast.For or kind is ast.AsyncFor or kind is ast.comprehension:
            iterable = Expression()
            summary.loops.append((frozenset(bound_names(node.target)), iterable))  # type: ignore[attr-defined]
            first, skip = (node.iter, body, (*within, iterable), looping), "iter"  # type: ignore[attr-defined]
        elif kind is ast.Assign:
            value = Expression()
            summary.assignments.append((frozenset(n for t in node.targets for n in bound_names(t)), value))  # type: ignore[attr-defined]
            first, skip = (node.value, body, (*within, value), looping), "value"  # type: ignore[attr-defined]
        else:
            skip = ""
        fields = fields_of.get(kind) or child_fields_reversed(kind)  # a call only for a kind not met yet
        for name in fields:
            if name == skip:
                continue
            child = getattr(node, name, None)
            if type(child) is list:
                for each in reversed(child):
                    if isinstance(each, AST) and (within or type(each) not in LEAVES):
                        push((each, body, within, looping))
            elif isinstance(child, AST) and (within or type(child) not in LEAVES):
                push((child, body, within, looping))
        if first is not None:
            push(first)
    return summary


def self_method(func: ast.Attribute) -> tuple[str, ...]:
    """The method of `self.name(...)`, none for any other receiver."""
    return (func.attr,) if type(func.value) is ast.Name and func.value.id == "self" else ()


def note_uncalled(statement: ast.Expr, summary: Summary) -> None:
    """A lifecycle method named as a statement, not called (`optimizer.zero_grad`)."""
    if type(statement.value) is ast.Attribute and statement.value.attr in UNCALLED_METHODS:
        summary.uncalled = True


def note_held(display: ast.Dict | ast.List | ast.Tuple, summary: Summary) -> None:
    """The names and attributes a dict, list or tuple display holds (`{"classify": self.classify_step}`)."""
    for held in display.values if isinstance(display, ast.Dict) else display.elts:
        if isinstance(held, ast.Attribute):
            summary.tabled.add(held.attr)
        elif isinstance(held, ast.Name):
            summary.tabled.add(held.id)


def note_subclass(cls: ast.ClassDef, summary: Summary) -> None:
    """The defs of a class with bases, met next in the walk (`Body.of_subclass`); the `__init__` of one whose base is
    named as ignite's engines are (`Body.runs_as`); the `HF_LOOP_BODIES` of one whose base is named as a trainer, the
    `training_step` of one whose base is named as a LightningModule (`Body.trainer_body`)."""
    if cls.bases:
        summary.subclass_methods.update(id(node) for node in cls.body if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)))
    if any((dotted_name(base) or "").endswith(HF_TRAINER_SUFFIX) for base in cls.bases):
        summary.trainer_bodies.update(id(node) for node in cls.body if isinstance(node, ast.FunctionDef) and node.name in HF_LOOP_BODIES)
    if any((dotted_name(base) or "").rsplit(".", 1)[-1] == LIGHTNING_MODULE for base in cls.bases):
        summary.trainer_bodies.update(id(node) for node in cls.body if isinstance(node, ast.FunctionDef) and node.name == LIGHTNING_LOOP_BODY)
    if any((dotted_name(base) or "").rsplit(".", 1)[-1] in IGNITE_ENGINES for base in cls.bases):
        summary.engine_inits.update(id(node) for node in cls.body if isinstance(node, ast.FunctionDef) and node.name == "__init__")


# The kinds of node whose note the walk takes besides defs, calls and attributes.
NOTED_KINDS: dict[type, Callable[[Any, Summary], None]] = {
    ast.Expr: note_uncalled, ast.Dict: note_held, ast.List: note_held, ast.Tuple: note_held, ast.ClassDef: note_subclass,
}


# --- Needs, and the gate of a selection ---------------------------------------------------------


@dataclass(frozen=True)
class Need:
    """An analysis some rules read, and how to tell cheaply that a file gives it nothing to find."""

    name: str
    in_text: Callable[[bytes], bool]  # False only where `in_tree` would be False
    in_code: Callable[[bytes], bool]  # the same, asked of the code alone (`code_only`) where `in_text` says yes
    in_tree: Callable[[Summary], bool]
    libcst: bool  # the analysis works on LibCST's tree

    def in_source(self, data: bytes) -> bool:
        """The text stage's answer for this need alone."""
        return self.in_text(data) and self.in_code(code_only(data))


NEEDS = {
    need.name: need
    for need in (
        # The loop and step-body rules: a function (or the module) that reaches a backward and a step.
        Need(LIFECYCLE, may_have_lifecycle_calls, may_have_lifecycle_calls, lambda s: any(s.lifecycle_roots), libcst=True),
        # ZG301: `.grad` of a loop variable over parameters.
        Need("grad_reads", may_read_grad_in_a_loop, may_read_a_loop_variables_grad, Summary.reads_grad_in_a_loop, libcst=False),
        # ZG202: a lifecycle method named as a statement.
        Need("uncalled", may_have_uncalled_statement, may_have_uncalled_statement, lambda s: s.uncalled, libcst=True),
    )
}


@dataclass(frozen=True)
class Needs:
    """The needs a file met: the analyses to run on it."""

    met: frozenset[str]
    # Per analysis root (the module, then every def in source order): does the lifecycle analysis start
    # there? None: at every root.
    roots: tuple[bool, ...] | None = None
    summary: Summary | None = field(default=None, compare=False, repr=False)  # for analyses that ask more of it

    @property
    def lifecycle(self) -> bool:
        return LIFECYCLE in self.met

    @property
    def grad_reads(self) -> bool:
        return "grad_reads" in self.met

    @property
    def uncalled(self) -> bool:
        return "uncalled" in self.met

    def roots_reading(self, lines: frozenset[int]) -> tuple[bool, ...]:
        """Per analysis root: does it reach a `name.grad` on one of these lines (`Summary.roots_reading`)?"""
        assert self.summary is not None
        return self.summary.roots_reading(lines)

    @property
    def needs_libcst(self) -> bool:
        return any(NEEDS[name].libcst for name in self.met)


@dataclass(frozen=True)
class Gate:
    """The gate of a set of rules: each rule's needs, all of which must be met for it to report."""

    rules: frozenset[frozenset[str]]

    def passes_text(self, text: Text) -> bool:
        """False: no rule of the set can report on a file with this text (bytes or str)."""
        return bool(self.in_text(text))

    def met_by_words(self, text: Text) -> frozenset[str]:
        """The text stage's first half, for screening many files: none where the words alone rule the file out.
        The second (the code alone) is the engine's to ask, once, of the few files left."""
        return self.in_words(as_bytes(text))

    def in_text(self, text: Text, words: frozenset[str] | None = None) -> frozenset[str]:
        """The needs the text may meet, of rules that may then report: from its words, then from its code's;
        `words`: the needs its words met (`met_by_words` of its UTF-8 bytes), asked already (by the runner)."""
        met = self.in_words(as_bytes(text)) if words is None else words
        if not met:
            return met
        code = code_of(text)
        return self.met(met, lambda need: need.in_code(code))

    def in_words(self, data: bytes) -> frozenset[str]:
        return self.met(self.asked(), lambda need: need.in_text(data))

    def in_tree(
        self, in_text: frozenset[str], tree: ast.AST, mark: Callable[[ast.AST, Summary], None] | None = None,
        summary: Summary | None = None,
    ) -> Needs | None:
        """Of the needs the text may meet, those the tree meets; None when no rule can report. `mark`: marks the
        bodies that reach a backward or a step in another module (`project_gate.ProjectGate.mark`); `summary`: the
        tree's, made already (unmarked)."""
        summary = summary or summarize(tree)
        if mark is not None:
            mark(tree, summary)
        met = self.met(in_text, lambda need: need.in_tree(summary))
        if not met:
            return None
        return Needs(met, summary.lifecycle_roots if LIFECYCLE in met else None, summary)

    def asked(self) -> frozenset[str]:
        return frozenset().union(*self.rules)

    def adding(self, met: frozenset[str], name: str) -> frozenset[str]:
        """The needs met once the need `name` is met too (found by other means than its text test)."""
        return self.met(met | {name}, lambda need: True)

    def met(self, candidates: Iterable[str], test: Callable[[Need], bool]) -> frozenset[str]:
        """The needs that pass the test and belong to a rule whose every need passes it."""
        passed = {name for name in candidates if test(NEEDS[name])}
        return frozenset().union(*(needs for needs in self.rules if needs <= passed))


def as_bytes(text: Text) -> bytes:
    return text if isinstance(text, bytes) else text.encode("utf-8", "surrogatepass")


@lru_cache(maxsize=1)  # the engine asks the text stage, then the `.grad` question, of the same text
def code_of(text: Text) -> bytes:
    """The text's code alone (`code_only`), as bytes."""
    return code_only(as_bytes(text))


@lru_cache(maxsize=None)
def gate_of(codes: frozenset[str]) -> Gate:
    """The gate of the rules with these codes, from their declared needs; rules with none report no analysis."""
    from zerograd_lint.rules import catalogue

    entries = [entry for entry in catalogue() if entry.code in codes and entry.needs]
    for entry in entries:
        if not set(entry.needs) <= NEEDS.keys():
            raise ValueError(f"{entry.code} needs {entry.needs}; the needs are {', '.join(NEEDS)} (zerograd_lint/core/gate.py)")
    return Gate(frozenset(frozenset(entry.needs) for entry in entries))
