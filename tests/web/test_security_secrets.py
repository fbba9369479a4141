"""No secrets in the repository: ``git ls-files`` holds no ``.env``, nothing of ``instance/``
but ``.gitkeep``, no private key, no real-looking API token and no hard-coded secret key or
database password outside the tests (examples in comments and docs use placeholders).
"""

from __future__ import annotations

import re
import subprocess
from functools import cache
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]

#: Files outside tests/ that may set SECRET_KEY to a literal, and why.
SECRET_KEY_ALLOWED = {
    "benchmarks/": "throwaway apps in a temporary folder, built only to time pages and replays",
}
# Built from pieces so that this file does not match itself.
PRIVATE_KEY = re.compile("-----BEGIN" + r"(?: [A-Z0-9]+)* PRIVATE KEY" + "-----")
HARD_CODED_KEY = re.compile(r"""SECRET_KEY["']?\]?\s*[:=]\s*[rbuRBU]?["'][^"'\s]+["']""")
ENV_KEY = re.compile(r"^\s*(?:export\s+)?PBEM_SECRET_KEY\s*=\s*\S", re.MULTILINE)
CREDENTIAL_URL = re.compile(r"\b[a-z][a-z0-9+.-]*://[^/\s:@'\"]+:[^/\s@'\"]+@")
API_TOKEN = re.compile(r"\bpbem_[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])")
CLOUD_TOKENS = re.compile(r"\bAKIA[0-9A-Z]{16}\b|\bgh[pousr]_[A-Za-z0-9]{36}\b|\bxox[abprs]-[0-9A-Za-z-]{10,}"
                          r"|\bsk_live_[0-9A-Za-z]{16,}")
CONFIG_SUFFIXES = (".py", ".ini", ".toml", ".cfg", ".yml", ".yaml", ".json", ".sh")
CONFIG_NAMES = ("Procfile", "Makefile", "Dockerfile")


@cache
def tracked() -> tuple[str, ...]:
    out = subprocess.run(["git", "ls-files", "-z"], cwd=REPO, capture_output=True, check=True)
    return tuple(p for p in out.stdout.decode("utf-8").split("\0") if p)


def _text(path: str) -> str | None:
    try:
        return (REPO / path).read_text(encoding="utf-8")
    except (UnicodeDecodeError, FileNotFoundError, IsADirectoryError):
        return None  # binary, or deleted in the working tree


def _outside_tests(path: str) -> bool:
    return not path.startswith("tests/")


def test_git_lists_the_project_files():
    files = tracked()
    assert "pbem/web/__init__.py" in files and "pyproject.toml" in files


def test_no_env_file_is_tracked():
    env_files = [p for p in tracked()
                 if re.search(r"(^|/)\.env(\.[^/]*)?$|\.env$", p)
                 and not p.endswith((".env.example", ".env.sample"))]
    assert not env_files, env_files


def test_only_the_instance_placeholder_is_tracked():
    instance = [p for p in tracked() if p.startswith("instance/")]
    assert instance == ["instance/.gitkeep"], instance


def test_gitignore_keeps_env_and_instance_out():
    ignore = (REPO / ".gitignore").read_text(encoding="utf-8").splitlines()
    assert ".env" in ignore
    assert any(line.startswith("instance/") for line in ignore)


def test_no_private_key_or_token_anywhere():
    found = []
    for path in tracked():
        text = _text(path)
        if text is None:
            continue
        for pattern in (PRIVATE_KEY, CLOUD_TOKENS):
            found += [f"{path}: {m.group(0)[:30]}…" for m in pattern.finditer(text)]
        for match in API_TOKEN.finditer(text):  # real tokens are random: mixed case and digits
            token = match.group(0)[5:]
            if re.search(r"[A-Z]", token) and re.search(r"[0-9]", token):
                found.append(f"{path}: {match.group(0)[:12]}…")
    assert not found, found


def test_no_hard_coded_secret_key_outside_tests():
    found = []
    for path in filter(_outside_tests, tracked()):
        if path.startswith(tuple(SECRET_KEY_ALLOWED)):
            continue
        text = _text(path)
        if text is None:
            continue
        found += [f"{path}: {m.group(0)}" for m in HARD_CODED_KEY.finditer(text)]
        found += [f"{path}: {m.group(0).strip()}" for m in ENV_KEY.finditer(text)]
    assert not found, found


def test_no_database_or_mail_password_in_code_or_config():
    found = []
    for path in filter(_outside_tests, tracked()):
        if not path.endswith(CONFIG_SUFFIXES) and Path(path).name not in CONFIG_NAMES:
            continue
        text = _text(path)
        if text is None:
            continue
        for number, line in enumerate(text.splitlines(), 1):
            if line.lstrip().startswith("#"):
                continue
            found += [f"{path}:{number}: {m.group(0)}" for m in CREDENTIAL_URL.finditer(line)]
    assert not found, found


def test_the_patterns_find_what_they_look_for():
    """The control: each pattern matches a planted example (so a quiet pass means something)."""
    assert PRIVATE_KEY.search("-----BEGIN" + " RSA PRIVATE KEY" + "-----\nMIIE")
    assert PRIVATE_KEY.search("-----BEGIN" + " OPENSSH PRIVATE KEY" + "-----")
    assert HARD_CODED_KEY.search("app.config['SECRET_KEY'] = 'hunter2hunter2'")
    assert HARD_CODED_KEY.search('SECRET_KEY = "abc"') and HARD_CODED_KEY.search('"SECRET_KEY": "x"')
    assert not HARD_CODED_KEY.search('config["SECRET_KEY"] = instance_secret_key(path)')
    assert ENV_KEY.search("PBEM_SECRET_KEY=abc\n") and not ENV_KEY.search("#PBEM_SECRET_KEY=abc")
    assert CREDENTIAL_URL.search('url = "postgresql+psycopg://pbem:s3cret@db/pbem"')
    assert not CREDENTIAL_URL.search("sqlite:///instance/pbem.sqlite")
    assert API_TOKEN.search("pbem_" + "Ab3" * 14 + "x")
    assert CLOUD_TOKENS.search("AKIA" + "ABCDEFGHIJKLMNOP")
