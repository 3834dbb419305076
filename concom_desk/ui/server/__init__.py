"""The window and a town-hall server: File → Connect to server…, the password asked
when the keyring has none, and going back to the file on this computer."""
