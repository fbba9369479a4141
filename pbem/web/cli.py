"""The ``flask --app pbem pbem ...`` command group."""

from flask.cli import AppGroup

pbem_cli = AppGroup("pbem", help="pbem administration: verify, export, import, worker.")
