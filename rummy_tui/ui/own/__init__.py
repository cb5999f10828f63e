"""Own screens: seats played on screens of their own (the shared screen's list of seats,
the join prompt, the shared match's moves as this screen sees them, QR codes)."""
