import GRDB

extension FeedbackStore {
    /// The schema's history. Append migrations; never edit a shipped one.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1-app-tables") { db in
            try db.execute(sql: """
                CREATE TABLE users (
                    user_id TEXT PRIMARY KEY NOT NULL,
                    created_at TEXT NOT NULL
                );
                CREATE TABLE predictions (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    user_id TEXT NOT NULL REFERENCES users(user_id),
                    type TEXT NOT NULL CHECK (type IN ('period_start', 'ovulation', 'energy', 'mood')),
                    predicted_date TEXT NOT NULL,
                    predicted_value REAL,
                    confidence REAL NOT NULL CHECK (confidence BETWEEN 0 AND 1),
                    actual_date TEXT,
                    actual_value REAL,
                    accuracy_score REAL CHECK (accuracy_score IS NULL OR accuracy_score BETWEEN 0 AND 1),
                    model_version TEXT NOT NULL,
                    created_at TEXT NOT NULL
                );
                CREATE TABLE insights (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    user_id TEXT NOT NULL REFERENCES users(user_id),
                    date TEXT NOT NULL,
                    type TEXT NOT NULL CHECK (type IN ('quick_win', 'pattern', 'prediction', 'recommendation')),
                    title TEXT NOT NULL,
                    body TEXT NOT NULL,
                    confidence REAL NOT NULL CHECK (confidence BETWEEN 0 AND 1),
                    reasoning TEXT NOT NULL,
                    source TEXT NOT NULL,
                    user_feedback TEXT NOT NULL DEFAULT '' CHECK (user_feedback IN ('accurate', 'inaccurate', '')),
                    created_at TEXT NOT NULL
                );
                """)
        }
        migrator.registerMigration("v2-lookup-indexes") { db in
            try db.execute(sql: """
                CREATE INDEX predictions_by_user ON predictions (user_id, type, created_at);
                CREATE INDEX insights_by_user ON insights (user_id, created_at);
                """)
        }
        return migrator
    }

    /// The migrations applied to this store, in order.
    public func appliedMigrations() throws -> [String] {
        try perform { try pool.read { db in try FeedbackStore.migrator.appliedMigrations(db) } }
    }
}
