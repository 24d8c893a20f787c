"""What a club's pages send, parsed and refused in words."""
