"""The shape of the code (issue 12): sizes, where the rules live, and the imports.

The import contracts (layers, packages forbidden below the studies, no cycles) are
import-linter's, configured in pyproject.toml and run by ``make lint``; the test below runs them
too, and the others check what import-linter does not see.  docs/ARCHITECTURE.md explains the
layers.
"""

from __future__ import annotations

import ast
import os
import pathlib
import re
import shutil
import subprocess
import tomllib

import pytest

pytestmark = pytest.mark.pure_only  # the same code in both builds: not in the compiled pass

# The sources, also when the suite runs against the compiled build (make unit-tests-compiled).
PACKAGE = pathlib.Path(__file__).resolve().parent.parent / "trickcore"
SOURCES = sorted(PACKAGE.rglob("*.py"))


def _name(path: pathlib.Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _lines(path: pathlib.Path) -> list[str]:
    return path.read_text(encoding="utf-8").splitlines()


def test_no_module_is_over_500_lines() -> None:
    long = {_name(p): n for p in SOURCES if (n := len(_lines(p))) > 500}
    assert long == {}


# `x.family == ...`, `... != y.family`, `.key == "..."`, `"five-hundred" in ...`
_COMPARISON = re.compile(r"""\.family\s*[!=]=|[!=]=\s*[\w.]*\.family\b|\.key\s*[!=]=\s*["']"""
                         r"""|["'](oh-hell|humbug|five-hundred)["']\s+(not\s+)?in\s""")


def test_only_the_rules_compare_a_family_or_a_variant_key() -> None:
    found = [f"{_name(path)}:{number}: {line.strip()}"
             for path in SOURCES if not path.is_relative_to(PACKAGE / "rules")
             for number, line in enumerate(_lines(path), 1)
             if _COMPARISON.search(line.split("#")[0])]
    assert found == []


def _imports(tree: ast.AST) -> list[tuple[ast.AST, str]]:
    found: list[tuple[ast.AST, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.append((node, node.module))
        elif isinstance(node, ast.Import):
            found += [(node, alias.name) for alias in node.names]
    return found


def _type_checking_imports(tree: ast.Module) -> list[str]:
    blocks = [node for node in ast.walk(tree) if isinstance(node, ast.If)
              and ast.unparse(node.test) in ("TYPE_CHECKING", "typing.TYPE_CHECKING")]
    return [module for block in blocks for _, module in _imports(block)]


def _layer_ranks() -> dict[str, int]:
    """Each package's layer, counted from the bottom, as pyproject.toml's layers contract says."""
    config = tomllib.loads((PACKAGE.parent / "pyproject.toml").read_text(encoding="utf-8"))
    contracts = config["tool"]["importlinter"]["contracts"]
    layers = next(c["layers"] for c in contracts if c["type"] == "layers")
    return {f"trickcore.{name.strip()}": rank for rank, layer in enumerate(reversed(layers))
            for name in layer.split("|")}


def test_type_only_imports_never_point_up_a_layer() -> None:
    """import-linter leaves out `if TYPE_CHECKING:` imports (the hand state's parts name the
    state they belong to): they may stay inside their package or point down, never up."""
    ranks = _layer_ranks()
    upward = []
    for path in SOURCES:
        home = ".".join(_name(path).split(".")[:2])
        for module in _type_checking_imports(ast.parse(path.read_text(encoding="utf-8"))):
            target = ".".join(module.split(".")[:2])
            if target == home or home not in ranks or target not in ranks:
                continue
            if ranks[target] >= ranks[home]:
                upward.append(f"{_name(path)} -> {module}")
    assert upward == []


@pytest.mark.skipif(shutil.which("lint-imports") is None and not
                    (pathlib.Path(PACKAGE.parent, ".venv", "bin", "lint-imports")).exists(),
                    reason="import-linter is not installed")
def test_the_import_contracts_are_kept() -> None:
    command = shutil.which("lint-imports") or str(PACKAGE.parent / ".venv" / "bin" / "lint-imports")
    # The book's page builders (trickbook, a root package of the contracts) are in book/, as
    # `make lint` puts them on the path.
    book = str(PACKAGE.parent / "book")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        [book, *filter(None, [os.environ.get("PYTHONPATH")])])}
    result = subprocess.run([command], cwd=PACKAGE.parent, capture_output=True, text=True,
                            env=env)
    assert result.returncode == 0, result.stdout[-3000:]
    assert "0 broken" in result.stdout
