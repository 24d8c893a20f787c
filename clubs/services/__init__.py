"""What a club's routes ask for, each change in one transaction."""
