"""Every blueprint the app registers, as "module:attribute" (imported by create_app)."""

BLUEPRINTS = [
    "pbem.web.auth:bp",
    "pbem.web.account:bp",
    "pbem.web.lobby:bp",
    "pbem.web.play:bp",
    "pbem.web.api:bp",
    "pbem.web.dice:bp",
    "pbem.web.notifications:bp",
    "pbem.web.board:bp",
    "pbem.web.leagues:bp",
    "pbem.web.invitations:bp",
    "pbem.web.player_files:bp",
    "pbem.web.odds:bp",
]
