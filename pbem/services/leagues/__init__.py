"""Clubs, leagues, seasons, bids, results and ratings (docs/leagues.md).

Importing this package registers the league hooks of the deadline machinery
(weekends not counted, leave days, forfeits by deadline policy).
"""

from __future__ import annotations

from pbem.services import deadlines, notifications
from pbem.services.leagues import timing

if timing.weekend_hook not in notifications.DEADLINE_HOOKS:
    notifications.DEADLINE_HOOKS.append(timing.weekend_hook)
if timing.deadline_passed not in deadlines.PASSED_HOOKS:
    deadlines.PASSED_HOOKS.append(timing.deadline_passed)
