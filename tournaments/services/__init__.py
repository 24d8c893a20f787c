"""A tournament's service layer: each change one transaction, standing on the shared game
layer (`games`) and the stored records; nothing here knows of requests or forms."""
