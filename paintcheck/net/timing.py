"""Every time and threshold of the network core, in one place (seconds unless said)."""

HEARTBEAT_EVERY = 2.0  # a machine with nothing to say sends a heartbeat this often
SILENT_AFTER = 10.0  # no message for this long: the other machine is named as silent (still waiting)
ABUSE_LIMIT = 20  # refused messages in a row (none accepted between) before the connection is closed
