"""What the app stores, one module per feature: a game and its hands (`games`), a table of
people (`tables`), a tournament with its teams, tables and rounds (`tournaments`), the
director's rulings (`rulings`) and a club holding tables and tournaments (`clubs`). Inputs only,
never a total: every figure is worked out again from them. `models` imports every one of them,
so the database's tables are all known at once.
"""
