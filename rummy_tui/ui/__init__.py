"""The Textual user interface: ``from rummy_tui.ui.shell.app import make_app, run_app``.

Nothing is imported here, so that ``rummy`` starts as fast as a bare Textual app; the table
and the rules engine load when a match begins.
"""
