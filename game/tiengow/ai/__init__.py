"""The Tien Gow computer player, its hints and its estimates for reviews."""
