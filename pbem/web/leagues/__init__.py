"""Blueprint ``leagues``: clubs, leagues, seasons, pairings and bids, results, the arbiter
console, ratings, exports (docs/leagues.md). Every page needs a login; a club's pages are
for its members only (others get 404), its actions for its organisers (403)."""

from __future__ import annotations

import pbem.notify.league_mail  # noqa: F401  (registers the league email renderer)
import pbem.services.leagues  # noqa: F401  (registers the league deadline hooks)
from pbem.web.leagues import cli, clubs_views, exports_views, season_views  # noqa: F401
from pbem.web.leagues.common import bp

__all__ = ["bp"]
