"""The house stays as built: small engine modules, and imports that run one way."""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("spatial_privacy_plugin", "processing_provider")
LARGEST_ENGINE_MODULE = 500  # lines: a module past this holds two concerns


def modules():
    return {f"{path.parent.name}.{path.stem}": path
            for package in PACKAGES for path in sorted((ROOT / package).glob("*.py"))}


def imports_of(name, path):
    """The project's modules this module imports, at its top or inside functions."""
    package = name.split(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.ImportFrom) or node.level == 0:
            continue
        parts = (node.module or "").split(".")
        target_package = package if node.level == 1 else parts.pop(0)
        if node.level == 1 and not node.module:  # from . import x
            found |= {f"{package}.{alias.name}" for alias in node.names}
        elif parts and parts[0]:
            found.add(f"{target_package}.{parts[0]}")
    return found


def cycles(graph):
    """Every strongly connected group of more than one module (Tarjan's algorithm)."""
    index, low, stack, on_stack, groups, counter = {}, {}, [], set(), [], [0]

    def visit(node):
        index[node] = low[node] = counter[0]
        counter[0] += 1
        stack.append(node)
        on_stack.add(node)
        for other in graph.get(node, ()):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in on_stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            group = set()
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.add(member)
                if member == node:
                    break
            if len(group) > 1 or node in graph.get(node, ()):
                groups.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return groups


def test_no_engine_module_is_larger_than_one_concern():
    sizes = {name: len(path.read_text(encoding="utf-8").splitlines())
             for name, path in modules().items() if name.startswith("spatial_privacy_plugin.")}
    assert {name: size for name, size in sizes.items() if size > LARGEST_ENGINE_MODULE} == {}


def test_no_import_circle_among_the_projects_modules():
    known = modules()
    graph = {name: imports_of(name, path) & set(known) for name, path in known.items()}
    assert cycles(graph) == []


def test_the_circle_check_finds_a_circle():
    # The negative control: two modules that import each other, and one that imports itself.
    assert cycles({"a": {"b"}, "b": {"a"}, "c": {"a"}}) == [["a", "b"]]
    assert cycles({"a": {"a"}}) == [["a"]]
    assert imports_of("spatial_privacy_plugin.x", ROOT / "spatial_privacy_plugin" / "series.py") \
        >= {"spatial_privacy_plugin.intervals"}
