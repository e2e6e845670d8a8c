"""Data in and out: uploads, the board in a shareable link, QR codes, the mean over many queries."""
