"""Files players bring to their games (the ``file`` options of a ruleset's ``options_schema``).

A ruleset may declare options of type ``file``: a JSON document that goes into its starting
position (``position_key``) instead of the ruleset's own sample (``initial_position``); e.g.
Airwar Pacific!'s card list and decks. They are not option values (options are public; a deck
is not). A player's uploaded files are kept in their profile (``PlayerFile``) for reuse; a game
created with files gets its starting position checked by the engine (``position_to_state``: a
refusal names the rule) and stored (``GameSetup``) until ``start_game`` uses it.
"""

from __future__ import annotations

import json
from typing import Any

from sqlmodel import Session, col, select

from pbem.engine import Ruleset
from pbem.engine.events import canonical_json
from pbem.services.common import get_user, rollback_on_error
from pbem.services.errors import BadRequest, NotFound, _
from pbem.store.models.cards import GameSetup, PlayerFile

#: the largest file taken (bytes), and how many files one player may keep
MAX_BYTES, MAX_FILES = 1_000_000, 100


def file_specs(ruleset: Ruleset) -> list[dict[str, Any]]:
    """The ruleset's ``file`` options (``name``, ``label``, ``position_key``, ``sample_label``)."""
    return [dict(o) for o in ruleset.options_schema() if o.get("type") == "file"]


def parse_document(raw: bytes | str) -> dict[str, Any]:
    """A JSON object from an upload; ``BadRequest`` for anything else."""
    if len(raw) > MAX_BYTES:
        raise BadRequest(_("The file is larger than %(n)s bytes."), n=MAX_BYTES)
    try:
        doc = json.loads(raw)
    except (ValueError, UnicodeDecodeError):
        raise BadRequest(_("This file is not JSON.")) from None
    if not isinstance(doc, dict):
        raise BadRequest(_("The file must hold a JSON object."))
    return doc


def list_files(session: Session, user_id: int, ruleset_key: str | None = None) -> list[PlayerFile]:
    query = select(PlayerFile).where(PlayerFile.user_id == user_id)
    if ruleset_key is not None:
        query = query.where(PlayerFile.ruleset_key == ruleset_key)
    return list(session.exec(query.order_by(col(PlayerFile.created_at).desc(), col(PlayerFile.id).desc())))


def save_file(session: Session, *, user_id: int, ruleset: Ruleset, kind: str, name: str,
              document: dict[str, Any]) -> PlayerFile:
    """Keep ``document`` in the player's profile as a ``kind`` file of ``ruleset``."""
    with rollback_on_error(session):
        get_user(session, user_id)
        if kind not in {s["name"] for s in file_specs(ruleset)}:
            raise BadRequest(_("%(game)s takes no file of kind '%(kind)s'."), game=ruleset.title or ruleset.key,
                             kind=kind)
        if len(list_files(session, user_id)) >= MAX_FILES:
            raise BadRequest(_("Your profile already keeps %(n)s files: delete some first."), n=MAX_FILES)
        label = (name or str(document.get("name") or "") or kind).strip()[:200]
        row = PlayerFile(user_id=user_id, ruleset_key=ruleset.key, kind=kind, name=label,
                         body=canonical_json(document))
        session.add(row)
        session.commit()
        return row


def get_file(session: Session, user_id: int, file_id: int) -> PlayerFile:
    """One of the player's own files (another player's file is "not found", never "forbidden")."""
    row = session.get(PlayerFile, file_id)
    if row is None or row.user_id != user_id:
        raise NotFound(_("There is no such file in your profile."))
    return row


def delete_file(session: Session, *, user_id: int, file_id: int) -> None:
    with rollback_on_error(session):
        session.delete(get_file(session, user_id, file_id))
        session.commit()


def build_position(ruleset: Ruleset, options: dict[str, Any],
                   documents: dict[str, dict[str, Any]]) -> dict[str, Any] | None:
    """The starting position with the chosen documents (file option name -> document) in place of
    the sample ones, checked by the engine (``RulesError`` naming the rule); ``None`` if none."""
    if not documents:
        return None
    position = ruleset.initial_position(ruleset.normalise_options(options))
    for spec in file_specs(ruleset):
        if spec["name"] in documents:
            position[spec.get("position_key", spec["name"])] = documents[spec["name"]]
    ruleset.position_to_state(json.loads(canonical_json(position)), ruleset.normalise_options(options))
    return position


def keep_setup(session: Session, game_id: int, position: dict[str, Any]) -> None:
    """Store the starting position a forming game will start from."""
    with rollback_on_error(session):
        session.merge(GameSetup(game_id=game_id, position=canonical_json(position)))
        session.commit()


def setup_position(session: Session, game_id: int) -> dict[str, Any] | None:
    row = session.get(GameSetup, game_id)
    return json.loads(row.position) if row is not None else None

