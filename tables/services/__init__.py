"""A table's service layer, standing on the shared game layer (`games`) and the stored
records; nothing here knows of requests or forms."""
