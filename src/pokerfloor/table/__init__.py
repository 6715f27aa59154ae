"""Many hands at one table: seats, buy-ins, the button and blinds, posting, the ledger."""
