"""A built wheel carries the rules data and finds it without the source tree (non-editable install)."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_wheel_ships_rules_data_and_loads_a_ruleset_from_it(tmp_path: Path) -> None:
    subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation",
                    "-w", str(tmp_path / "dist"), str(ROOT)], check=True, capture_output=True, timeout=300)
    (wheel,) = (tmp_path / "dist").glob("pbem-*.whl")
    with zipfile.ZipFile(wheel) as zf:
        names = set(zf.namelist())
        zf.extractall(tmp_path / "site")
    for name in ("map.json", "units.json", "powers.json", "setups.json", "scenario.json", "board.json"):
        assert f"pbem/_rules/aa1941/{name}" in names
    assert "pbem/translations/it/LC_MESSAGES/messages.mo" in names
    site = str(tmp_path / "site")
    code = (f"import sys; sys.path.insert(0, {site!r}); "
            "import pbem.games.rulesdata as r, pbem.engine as e; "
            "assert str(r.RULES_DIR).startswith(%r), r.RULES_DIR; "
            "g = e.load_ruleset('aa1941').new_game({}, seed='w'); print(g.owed()[0]['seat'])")
    out = subprocess.run([sys.executable, "-I", "-c", code % site], capture_output=True, text=True,
                         timeout=120, cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "ussr"  # the first power of the turn order
