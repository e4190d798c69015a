-- The toolkit's table in the app's database marking fertility-signal readings disturbed (illness,
-- alcohol, a short or late night, a different thermometer): one row per disturbed measurement,
-- keyed by the app's `measurements.id`. A row's presence means "disturbed"; deleting it clears
-- the mark. The app's own `measurements` table is left as the app defines it. The symptothermal
-- rules bracket a disturbed temperature (neither counted nor among the six lower readings) and
-- the ovulation posterior leaves it out.
CREATE TABLE IF NOT EXISTS odml_disturbed_readings (measurement_id TEXT PRIMARY KEY NOT NULL, created_at INTEGER NOT NULL);
