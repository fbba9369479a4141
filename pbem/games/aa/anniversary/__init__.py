"""Axis & Allies Anniversary Edition: the edition's data loader and its new mechanics.

Pure modules over the A&A state (``pbem.games.aa.state``): dice faces come in as arguments
(the caller rolls them with ``ctx.roll``), refusals are ``IllegalOrder`` naming an ``AAE-``
rule. See ``docs/anniversary.md`` for how each module plugs into the A&A family.
"""
