"""Packaging details pyproject.toml cannot say: the top-level ``rules/`` folder ships as package data.

The rules data stays in the repository's ``rules/`` folder (converted board data, docs/engine.md);
in a built wheel it is installed as ``pbem/_rules/`` and found there by ``pbem.games.rulesdata``.
"""

from setuptools import find_packages, setup

setup(
    packages=[*find_packages(include=["pbem*"]), "pbem._rules"],
    package_dir={"pbem._rules": "rules"},
    package_data={
        "pbem._rules": ["**/*.json", "**/*.md"],
        # non-Python files of the application: catalogs, migrations, UI packages' templates and static
        "pbem": ["**/*.mo", "**/*.po", "**/*.pot", "**/*.mako", "**/*.cfg", "**/*.ini", "**/*.md",
                 "**/*.html", "**/*.txt", "**/*.css", "**/*.js", "**/*.svg", "**/*.png", "**/*.json"],
    },
)
