"""The Chiva and Dékabès computer player, its hints and its estimates for reviews."""
