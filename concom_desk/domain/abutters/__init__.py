"""Abutter lists: reading the assessor's certified list, tidying names and
addresses, and grouping parcels into one notice per owner and mailing address.

Pure domain: no Qt, no database. The services layer stores what this produces.
"""
