-- The ShifAI app's tables, verbatim from the architecture (issue #23). One user per phone:
-- cycle_entries and symptom_logs have no user_id; created_at/updated_at are Unix timestamps
-- (INTEGER seconds); ids are TEXT UUIDs. OnDeviceML reads user_profile, cycle_entries and
-- symptom_logs, writes predictions and insights, and never touches sync_log.
CREATE TABLE user_profile(id TEXT PRIMARY KEY, created_at INTEGER, onboarding_completed INTEGER, cycle_type TEXT, conditions TEXT, preferences TEXT);
CREATE TABLE cycle_entries(id TEXT PRIMARY KEY, date TEXT NOT NULL, flow_intensity INTEGER, cycle_day INTEGER, phase TEXT, created_at INTEGER, updated_at INTEGER, sync_status TEXT DEFAULT 'pending');
CREATE TABLE symptom_logs(id TEXT PRIMARY KEY, date TEXT NOT NULL, symptom_type TEXT NOT NULL, value INTEGER, notes TEXT, body_zone TEXT, pain_type TEXT, created_at INTEGER, updated_at INTEGER, sync_status TEXT DEFAULT 'pending');
CREATE TABLE insights(id TEXT PRIMARY KEY, date TEXT NOT NULL, type TEXT NOT NULL, title TEXT, body TEXT, confidence REAL, reasoning TEXT, source TEXT, user_feedback TEXT, created_at INTEGER);
CREATE TABLE predictions(id TEXT PRIMARY KEY, type TEXT NOT NULL, predicted_date TEXT, predicted_value INTEGER, confidence REAL, actual_date TEXT, actual_value INTEGER, accuracy_score REAL, model_version TEXT, created_at INTEGER);
