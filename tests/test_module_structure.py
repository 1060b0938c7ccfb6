"""The house stays as built: small engine modules, and imports that run one way."""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("spatial_privacy_plugin", "processing_provider")
LARGEST_ENGINE_MODULE = 500  # lines: a module past this holds two concerns


LARGEST_FLAT_PACKAGE = 15  # modules side by side: past this, a package per concern


def module_name(path):
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules():
    return {module_name(path): path
            for package in PACKAGES for path in sorted((ROOT / package).rglob("*.py"))}


def imports_of(name, path):
    """The project's modules this module imports, at its top or inside functions.

    ``from .x import y`` counts as importing module ``x`` (or ``x.y`` where that is a
    module), resolved from the module's own package.
    """
    package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.ImportFrom) or node.level == 0:
            continue
        base = package[:len(package) - (node.level - 1)]
        target = ".".join(base + ([node.module] if node.module else []))
        found.add(target)
        found |= {f"{target}.{alias.name}" for alias in node.names}
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
    graph = {name: imports_of(name, path) & set(known) - {name} for name, path in known.items()}
    assert cycles(graph) == []


def package_of(module):
    """The engine or provider package a module belongs to (its first two name parts)."""
    return ".".join(module.split(".")[:2])


def test_imports_between_packages_run_one_way():
    known = modules()
    graph = {}
    for name, path in known.items():
        graph.setdefault(package_of(name), set()).update(
            package_of(other) for other in imports_of(name, path) & set(known)
            if package_of(other) != package_of(name))
    assert cycles(graph) == []


def test_no_package_is_a_flat_folder_of_many_modules():
    folders = {path.parent for package in PACKAGES for path in (ROOT / package).rglob("*.py")}
    crowded = {str(folder.relative_to(ROOT)): count for folder in folders
               if (count := len([p for p in folder.glob("*.py") if p.name != "__init__.py"]))
               > LARGEST_FLAT_PACKAGE}
    assert crowded == {}


def test_every_package_says_what_lives_there():
    silent = [str(path.relative_to(ROOT)) for package in PACKAGES
              for path in (ROOT / package).rglob("__init__.py")
              if not ast.get_docstring(ast.parse(path.read_text(encoding="utf-8")))]
    assert silent == []


def test_the_circle_check_finds_a_circle():
    # The negative control: two modules that import each other, and one that imports itself.
    assert cycles({"a": {"b"}, "b": {"a"}, "c": {"a"}}) == [["a", "b"]]
    assert cycles({"a": {"a"}}) == [["a"]]
    series = ROOT / "spatial_privacy_plugin" / "release" / "series.py"
    assert "spatial_privacy_plugin.audit.intervals" in imports_of(module_name(series), series)
