"""Minutes of meetings (MGL c.30A §22), the meeting's record for a records request,
and the public-records request log (MGL c.66 §10; 950 CMR 32.06)."""
