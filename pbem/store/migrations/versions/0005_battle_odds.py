"""battle odds: the pre-battle odds of each battle and its luck (docs/odds.md)

Revision ID: 0005_battle_odds
Revises: 0004_player_files
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision: str = '0005_battle_odds'
down_revision: str | Sequence[str] | None = '0004_player_files'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table('battle_odds',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('game_id', sa.Integer(), nullable=False),
    sa.Column('seq', sa.Integer(), nullable=False),
    sa.Column('place', sqlmodel.sql.sqltypes.AutoString(length=80), nullable=False),
    sa.Column('attacker', sqlmodel.sql.sqltypes.AutoString(length=40), nullable=False),
    sa.Column('record', sa.Text(), nullable=False),
    sa.Column('end_seq', sa.Integer(), nullable=True),
    sa.Column('percentile', sa.Float(), nullable=True),
    sa.ForeignKeyConstraint(['game_id'], ['game.id'], ),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('game_id', 'seq', name='uq_battle_odds_game_seq')
    )
    with op.batch_alter_table('battle_odds', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_battle_odds_game_id'), ['game_id'], unique=False)


def downgrade() -> None:
    with op.batch_alter_table('battle_odds', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_battle_odds_game_id'))
    op.drop_table('battle_odds')
