"""The app shell: the app, its start-up, settings, keys, themes and commands."""
