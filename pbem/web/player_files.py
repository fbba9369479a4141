"""Files players bring to their games (``file`` options of a ruleset, ``pbem.services.player_files``):
the new-game form's file fields, the profile section (upload, list, download, delete) and the API
(``GET/POST /api/v1/files``, ``POST /api/v1/rulesets/<key>/check-position``).

On the new-game form each ``file`` option is a choice (the ruleset's sample, or a file of the
player's profile) plus an upload; an upload is kept in the profile once the engine has accepted
the whole starting position. A refusal names the rule (e.g. ``AWP-DECK-01``) on the field.
"""

from __future__ import annotations

import json
from typing import Any

from flask import Blueprint, Response, abort, flash, g, jsonify, redirect, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import get_locale
from flask_babel import gettext as _
from flask_login import current_user, login_required

from pbem.engine import Ruleset, UnknownRuleset, load_ruleset
from pbem.services import player_files as files
from pbem.web.api_errors import HANDLED, error_body, flash_text
from pbem.web.api_session import write_session
from pbem.web.db import db_session
from pbem.web.i18n import localtime

bp = Blueprint("player_files", __name__)

SAMPLE = "sample"


def _uid() -> int | None:
    return int(current_user.id) if current_user.is_authenticated else None


def file_field(ruleset: Ruleset, spec: dict[str, Any], values: dict[str, str]) -> dict[str, Any]:
    """A ``file`` option as a new-game form field: the sample, the player's own files, an upload."""
    uid = _uid()
    mine = files.list_files(db_session(), uid, ruleset.key) if uid is not None else []
    choices = [{"value": SAMPLE, "label": spec.get("sample_label") or _("Sample file")}]
    choices += [{"value": str(f.id), "label": f"{f.name} ({localtime(f.created_at, 'short')})"}
                for f in mine if f.kind == spec["name"]]
    return {"name": spec["name"], "label": spec.get("label", spec["name"]), "type": "file",
            "value": values.get("opt_" + spec["name"], SAMPLE), "choices": choices, "min": None, "max": None}


def rules_text(exc: BaseException, ruleset: Ruleset) -> str:
    status, body = error_body(exc, ruleset)
    return flash_text(body)


def chosen_position(ruleset: Ruleset, options: dict[str, Any], form: Any,
                    uploads: Any) -> tuple[dict[str, Any] | None, dict[str, str]]:
    """The starting position built from the form's file choices and uploads (``None``: the
    ruleset's own sample), and the errors per field; accepted uploads are kept in the profile."""
    documents: dict[str, dict[str, Any]] = {}
    fresh: dict[str, tuple[str, dict[str, Any]]] = {}
    errors: dict[str, str] = {}
    uid = _uid()
    for spec in files.file_specs(ruleset):
        name, field = spec["name"], "opt_" + spec["name"]
        upload = uploads.get("file_" + name)
        try:
            if upload is not None and upload.filename:
                documents[name] = files.parse_document(upload.read(files.MAX_BYTES + 1))
                fresh[name] = (upload.filename.rsplit(".", 1)[0], documents[name])
            elif form.get(field) not in (None, "", SAMPLE) and uid is not None:
                try:
                    file_id = int(form.get(field))
                except ValueError:
                    abort(400)
                documents[name] = json.loads(files.get_file(db_session(), uid, file_id).body)
        except HANDLED as exc:
            errors[field] = rules_text(exc, ruleset)
    if errors:
        return None, errors
    try:
        position = files.build_position(ruleset, options, documents)
    except HANDLED as exc:
        field = "opt_" + next(iter(documents)) if len(documents) == 1 else "_form"
        return None, {field: rules_text(exc, ruleset)}
    for name, (label, doc) in fresh.items():
        if uid is not None:
            try:
                files.save_file(write_session(), user_id=uid, ruleset=ruleset, kind=name, name=label, document=doc)
            except HANDLED as exc:  # the profile is full: the game is still created with the file
                flash(rules_text(exc, ruleset), "error")
    return position, {}


def keep_setup(game_id: int, position: dict[str, Any]) -> None:
    files.keep_setup(write_session(), game_id, position)


# -- the profile section -------------------------------------------------------------------------
def profile_context() -> dict[str, Any]:
    """What the profile page's "Card lists and decks" section shows."""
    kinds = []
    for key in _rulesets_with_files():
        ruleset = load_ruleset(key)
        for spec in files.file_specs(ruleset):
            kinds.append({"value": f"{key}:{spec['name']}", "label": f"{ruleset.title or key}: {spec['label']}"})
    labels = {k["value"]: k["label"] for k in kinds}
    mine = [{"id": f.id, "name": f.name, "kind": labels.get(f"{f.ruleset_key}:{f.kind}", f.kind),
             "created_at": f.created_at} for f in files.list_files(db_session(), int(current_user.id))]
    return {"file_kinds": kinds, "player_files": mine}


def _rulesets_with_files() -> list[str]:
    from pbem.engine import available

    out = []
    for key in available():
        try:
            if files.file_specs(load_ruleset(key)):
                out.append(key)
        except Exception:  # noqa: BLE001 - a ruleset that fails to load offers no files
            continue
    return out


@bp.post("/account/files")
@login_required
def upload() -> ResponseReturnValue:
    key, _sep, kind = request.form.get("kind", "").partition(":")
    upload_file = request.files.get("file")
    try:
        ruleset = load_ruleset(key)
    except UnknownRuleset:
        abort(400)
    if upload_file is None or not upload_file.filename:
        flash(_("Choose a JSON file to upload."), "error")
        return redirect(url_for("account.profile") + "#player-files")
    try:
        doc = files.parse_document(upload_file.read(files.MAX_BYTES + 1))
        files.save_file(write_session(), user_id=int(current_user.id), ruleset=ruleset, kind=kind,
                        name=request.form.get("name", "") or upload_file.filename.rsplit(".", 1)[0], document=doc)
    except HANDLED as exc:
        flash(rules_text(exc, ruleset), "error")
        return redirect(url_for("account.profile") + "#player-files")
    flash(_("The file is kept in your profile; choose it when you create a game."), "success")
    return redirect(url_for("account.profile") + "#player-files")


@bp.get("/account/files/<int:file_id>.json")
@login_required
def download(file_id: int) -> ResponseReturnValue:
    try:
        row = files.get_file(db_session(), int(current_user.id), file_id)
    except HANDLED:
        abort(404)
    return Response(row.body, mimetype="application/json",
                    headers={"Content-Disposition": f'attachment; filename="{row.kind}-{row.id}.json"'})


@bp.post("/account/files/<int:file_id>/delete")
@login_required
def delete(file_id: int) -> ResponseReturnValue:
    try:
        files.delete_file(write_session(), user_id=int(current_user.id), file_id=file_id)
    except HANDLED:
        abort(404)
    flash(_("The file is deleted from your profile."), "success")
    return redirect(url_for("account.profile") + "#player-files")


# -- the API (registered on the api blueprint, which authenticates: g.api_user) --------------------
def api_files() -> ResponseReturnValue:
    """``GET /api/v1/files``: the caller's files; ``POST``: keep one ``{ruleset, kind, name, document}``."""
    user_id = int(g.api_user.id)
    if request.method == "GET":
        return jsonify({"files": [{"id": f.id, "ruleset": f.ruleset_key, "kind": f.kind, "name": f.name}
                                  for f in files.list_files(db_session(), user_id)]})
    body = request.get_json(silent=True)
    if not isinstance(body, dict) or not isinstance(body.get("document"), dict):
        return jsonify({"error": "BadRequest", "message": _("Send {\"ruleset\", \"kind\", \"name\", "
                                                            "\"document\"} as JSON.")}), 400
    try:
        ruleset = load_ruleset(str(body.get("ruleset", "")))
        row = files.save_file(write_session(), user_id=user_id, ruleset=ruleset, kind=str(body.get("kind", "")),
                              name=str(body.get("name", "")), document=body["document"])
    except HANDLED as exc:
        status, err = error_body(exc)
        return jsonify(err), status
    return jsonify({"id": row.id, "ruleset": row.ruleset_key, "kind": row.kind, "name": row.name}), 201


def api_check_position(key: str) -> ResponseReturnValue:
    """``POST /api/v1/rulesets/<key>/check-position`` ``{"files": {name: document}, "options": {}}``:
    200 when the engine accepts the starting position, else the refusal naming the rule."""
    body = request.get_json(silent=True)
    if not isinstance(body, dict) or not isinstance(body.get("files"), dict) \
            or not isinstance(body.get("options", {}), dict):
        message = _("Send {\"files\": {...}, \"options\": {...}} as JSON.")
        return jsonify({"error": "BadRequest", "message": message}), 400
    try:
        ruleset = load_ruleset(key)
        names = {s["name"] for s in files.file_specs(ruleset)}
        unknown = sorted(set(body["files"]) - names)
        if unknown or not all(isinstance(d, dict) for d in body["files"].values()):
            return jsonify({"error": "BadRequest", "message": _("Files are JSON objects named %(names)s.",
                                                                names=", ".join(sorted(names)))}), 400
        files.build_position(ruleset, body.get("options") or {}, body["files"])
    except HANDLED as exc:
        status, err = error_body(exc, key if not isinstance(exc, UnknownRuleset) else None)
        return jsonify(err), status
    return jsonify({"ok": True, "language": str(get_locale() or "en")})
