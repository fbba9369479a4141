"""Every refusal template of the rules engines reaches its family's catalog (docs/ui.md, "Translations").

``pybabel extract`` finds a template only where it is a string literal: the 2nd argument of
``IllegalOrder``/``InvalidOrder``/``NotYourTurn``/``GameOver`` (keywords ``IllegalOrder:2`` etc.) or
the argument of ``N_``. A template that reaches the refusal through a variable -- a module's
``_refuse(rule, template, **params)`` helper, a ``("RULE-ID", template, params)`` tuple raised
later -- is extracted only if it is wrapped in ``N_(...)`` where it is written; otherwise it is
missing from the catalog and an Italian player reads that refusal in English.

This test reads every module under ``pbem/games`` with ``ast``:

* a refusal's template is a string literal or ``N_("...")``;
* or a parameter of the enclosing function (a helper): then every call of that helper in the
  module passes ``N_("...")`` at that position (a helper passing on its own parameter is a helper
  too, checked the same way);
* or one of the pass-through cases of ``PASS_THROUGH`` below, each checked by hand;
* and a ``("RULE-ID", "template", ...)`` tuple (a refusal built now, raised later) never holds a
  bare string literal as its template.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
GAMES = ROOT / "pbem" / "games"
REFUSALS = frozenset({"IllegalOrder", "InvalidOrder", "NotYourTurn", "GameOver"})
TEMPLATE_INDEX, TEMPLATE_KEYWORD = 1, "message"  # RulesError(rule_id, message, params)
RULE_ID = re.compile(r"[A-Z0-9]+(-[A-Z0-9]+)+")

# (module, enclosing function, the template expression as written): refusals whose template is
# neither a literal nor a helper's parameter, verified to carry only templates marked N_ (or a
# literal extracted otherwise) where they are written.
PASS_THROUGH: dict[tuple[str, str, str], str] = {
    ("pbem/games/aa/amphibious.py", "order_declare_amphibious", "*problems[0]"):
        "declaration_problems(): (rule, N_(template), params) tuples of this module",
    ("pbem/games/aa/combat.py", "casualties_order", "*problem"):
        "battle.selection_problem(): (N_(template), params), each return marked",
    ("pbem/games/aa/mobilize.py", "place", "*refusal"):
        "eligible_complexes(): (rule, N_(template), params), each return marked",
    ("pbem/games/aa/routes.py", "owned_units", "*_not_yours(rs, unit, index, power)"):
        "_not_yours(): (rule, N_(template), params), each return marked",
    ("pbem/games/aa/sequence.py", "end_phase", "*problems[0]"):
        "the editions' PHASE_EXIT_CHECKS: (rule, N_(template), params) tuples (bare ones found below)",
    ("pbem/games/airwar_pacific/state.py", "build_state", "key"):
        "decks.problem(rule, N_(template), ...): every call in decks.py marked (found below if bare)",
    ("pbem/games/victory/scenario.py", "check_scenario", "p.key"):
        "Problem(rule, N_(template), params): every construction in scenario.py marked (found below if bare)",
    ("pbem/games/victory/sequence.py", "end_move", "problem[1]"):
        "movement.stacking_problem(): returns (rule, N_(template), hex)",
    ("pbem/games/victory/movement.py", "_check_amphibious", "err[1]"):
        "paths.path_error(): (rule, N_(template)) tuples of paths.py (found below if bare)",
    ("pbem/games/victory/movement.py", "_check_convoy", "err[1]"):
        "paths.path_error(): (rule, N_(template)) tuples of paths.py (found below if bare)",
    ("pbem/games/victory/movement.py", "check_move", "err[1]"):
        "paths.path_error(): (rule, N_(template)) tuples of paths.py (found below if bare)",
}


@dataclass(frozen=True)
class Finding:
    module: str
    line: int
    function: str
    template: str  # the expression as written
    call: str = ""  # the helper it is passed to, if any

    @property
    def key(self) -> tuple[str, str, str]:
        """Its key in ``PASS_THROUGH``."""
        return self.module, self.function, self.template

    def __str__(self) -> str:
        shown = f"{self.call}(... {self.template} ...)" if self.call else self.template
        return f"{self.module}:{self.line} in {self.function}(): {shown}"


def _name(func: ast.expr) -> str:
    return func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""


def _is_literal(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and isinstance(node.value, str)


def _is_marked(node: ast.expr) -> bool:
    """``N_("literal")``."""
    return (isinstance(node, ast.Call) and _name(node.func) == "N_" and len(node.args) == 1
            and _is_literal(node.args[0]))


def _argument(call: ast.Call, index: int, keyword: str) -> ast.expr | None:
    """The argument of ``call`` at positional ``index`` or named ``keyword``; a ``*args`` covering
    that position is returned as the ``Starred`` node."""
    for position, arg in enumerate(call.args):
        if isinstance(arg, ast.Starred):
            return arg
        if position == index:
            return arg
    return next((k.value for k in call.keywords if k.arg == keyword), None)


def _enclosing(tree: ast.Module) -> dict[ast.AST, ast.FunctionDef | ast.AsyncFunctionDef | None]:
    """Each node -> the innermost function around it (None at module level)."""
    out: dict[ast.AST, ast.FunctionDef | ast.AsyncFunctionDef | None] = {}

    def visit(node: ast.AST, function: ast.FunctionDef | ast.AsyncFunctionDef | None) -> None:
        for child in ast.iter_child_nodes(node):
            out[child] = function
            visit(child, child if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef) else function)

    visit(tree, None)
    return out


def _parameter(function: ast.FunctionDef | ast.AsyncFunctionDef | None, node: ast.expr) -> tuple[int, str] | None:
    """``(position, name)`` if ``node`` is a plain parameter of ``function`` (position -1: keyword-only)."""
    if function is None or not isinstance(node, ast.Name):
        return None
    positional = [a.arg for a in function.args.posonlyargs + function.args.args]
    if node.id in positional:
        position = positional.index(node.id)
        # a method's helper is called without ``self``/``cls``
        if positional and positional[0] in ("self", "cls") and isinstance(function, ast.FunctionDef):
            position -= 1
        return position, node.id
    if node.id in [a.arg for a in function.args.kwonlyargs]:
        return -1, node.id
    return None


def check_module(path: Path) -> list[Finding]:
    """The refusal templates of ``path`` that ``pybabel extract`` cannot see (``PASS_THROUGH`` included)."""
    return check_source(path.relative_to(ROOT).as_posix(), path.read_text())


def check_source(module: str, source: str) -> list[Finding]:
    """The refusal templates of ``source`` (the module ``module``) that ``pybabel extract`` cannot see,
    the cases of ``PASS_THROUGH`` included (the caller leaves them out)."""
    tree = ast.parse(source, filename=module)
    enclosing = _enclosing(tree)
    calls = [n for n in ast.walk(tree) if isinstance(n, ast.Call)]
    findings: list[Finding] = []

    def where(node: ast.AST) -> str:
        function = enclosing.get(node)
        return function.name if function is not None else "<module>"

    # (helper name, position, keyword): functions whose parameter becomes a refusal's template
    helpers: list[tuple[str, int, str]] = []
    for call in calls:
        if _name(call.func) not in REFUSALS:
            continue
        template = _argument(call, TEMPLATE_INDEX, TEMPLATE_KEYWORD)
        if template is None or _is_literal(template) or _is_marked(template):
            continue
        parameter = _parameter(enclosing.get(call), template)
        function = enclosing.get(call)
        if parameter is not None and function is not None:
            helpers.append((function.name, *parameter))
            continue
        findings.append(Finding(module, call.lineno, where(call), ast.unparse(template)))

    checked: set[tuple[str, int, str]] = set()
    while helpers:
        helper = helpers.pop()
        if helper in checked:
            continue
        checked.add(helper)
        name, position, keyword = helper
        for call in calls:
            if _name(call.func) != name:
                continue
            template = (_argument(call, position, keyword) if position >= 0
                        else next((k.value for k in call.keywords if k.arg == keyword), None))
            if template is None or _is_marked(template):
                continue
            parameter = _parameter(enclosing.get(call), template)
            function = enclosing.get(call)
            if parameter is not None and function is not None:  # a helper of the helper
                helpers.append((function.name, *parameter))
                continue
            findings.append(Finding(module, call.lineno, where(call), ast.unparse(template), name))

    for node in ast.walk(tree):  # ("RULE-ID", "template", ...) or Problem("RULE-ID", "template", ...)
        elements = (node.elts if isinstance(node, ast.Tuple) else node.args
                    if isinstance(node, ast.Call) and _name(node.func) not in REFUSALS else [])
        if (len(elements) >= 2 and _is_literal(elements[0]) and RULE_ID.fullmatch(elements[0].value)
                and _is_literal(elements[1]) and node.lineno not in {f.line for f in findings}):
            findings.append(Finding(module, node.lineno, where(node), ast.unparse(node)[:80]))
    return findings


def _findings() -> list[Finding]:
    return [f for path in sorted(GAMES.rglob("*.py")) for f in check_module(path)]


def test_every_refusal_template_of_the_rules_engines_is_extracted() -> None:
    assert [str(f) for f in _findings() if f.key not in PASS_THROUGH] == []


def test_every_pass_through_of_the_allowlist_still_exists() -> None:
    """A ``PASS_THROUGH`` entry whose code changed is checked again by hand (and its entry updated)."""
    assert sorted(set(PASS_THROUGH) - {f.key for f in _findings()}) == []


def test_the_check_finds_a_helper_called_with_a_bare_literal() -> None:
    """The check itself: an unmarked literal passed to a refusal helper is found, a marked one is not."""
    source = '''
from pbem.engine import IllegalOrder
from pbem.engine.i18n import N_

def _refuse(rule, template, **params):
    return IllegalOrder(rule, template, params)

def _refuse_here(space, template):
    return _refuse("R-1", template, space=space)

def check(x):
    if x == 1:
        raise _refuse("R-2", N_("Marked {space}."), space=x)
    if x == 2:
        raise _refuse("R-3", "Bare {space}.", space=x)
    if x == 3:
        raise _refuse_here(x, "Bare through two helpers {space}.")
    if x == 4:
        raise IllegalOrder("R-4", "Literal.")
    if x == 5:
        raise IllegalOrder("R-5", f"Formatted {x}.")
    return ("R-6", "A bare tuple template.", {})
'''
    found = [(f.line, f.function) for f in check_source("probe.py", source)]
    assert sorted(found) == [(15, "check"), (17, "check"), (21, "check"), (22, "check")]
