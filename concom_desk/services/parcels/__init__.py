"""The town's parcels from MassGIS (Standardized Assessors' Parcels, Level 3), and the
abutters of a filing computed from them.

The parcel polygons (`M###TaxPar`) and the assessor table (`M###Assess`) are read
from the zipped shapefile set a clerk downloads once a year, joined on `LOC_ID`, and
kept in a parcel file beside the commission's database (in its documents folder, so
every backup carries it). A filing's abutters are found with shapely's STRtree and
land in the same notice list an imported assessor's list does, marked as computed
until the Board of Assessors certifies them.
"""
