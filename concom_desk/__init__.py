"""ConCom Desk: records, statutory deadlines and letters for a Massachusetts
conservation commission, kept in one SQLite file on the commission's laptop."""

__version__ = "0.1.0"
