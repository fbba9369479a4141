"""accounts: email_confirmed; an address is unique among confirmed accounts only

Registering always makes a new (unconfirmed) account and logs it in, whatever the address, so
the site never tells whether an address has an account (pbem/web/auth.py). Existing accounts
held their address alone: they become confirmed.

Revision ID: 0006_email_confirmed
Revises: 0005_battle_odds
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = '0006_email_confirmed'
down_revision: str | Sequence[str] | None = '0005_battle_odds'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table('user', schema=None) as batch_op:
        batch_op.add_column(sa.Column('email_confirmed', sa.Boolean(), nullable=False,
                                      server_default=sa.true()))  # the existing accounts
    with op.batch_alter_table('user', schema=None) as batch_op:
        batch_op.alter_column('email_confirmed', server_default=None)
        batch_op.drop_index(batch_op.f('ix_user_email'))
        batch_op.create_index(batch_op.f('ix_user_email'), ['email'], unique=False)
        batch_op.create_index('uq_user_email_confirmed', ['email'], unique=True,
                              sqlite_where=sa.text('email_confirmed'),
                              postgresql_where=sa.text('email_confirmed'))


def downgrade() -> None:
    # only possible while no two accounts share an address (delete the unconfirmed extras first)
    with op.batch_alter_table('user', schema=None) as batch_op:
        batch_op.drop_index('uq_user_email_confirmed', sqlite_where=sa.text('email_confirmed'),
                            postgresql_where=sa.text('email_confirmed'))
        batch_op.drop_index(batch_op.f('ix_user_email'))
        batch_op.create_index(batch_op.f('ix_user_email'), ['email'], unique=True)
        batch_op.drop_column('email_confirmed')
