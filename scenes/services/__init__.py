"""What the screens use and never draw: settings, saves, statistics, sounds, translation, the thinking worker."""
