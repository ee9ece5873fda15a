"""Play across devices: a hosted table, its protocol, the server, a client and a bot (no pygame)."""
