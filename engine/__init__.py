"""Pure rules engines for the Rattus family of games (no I/O, no clock, no global random)."""
