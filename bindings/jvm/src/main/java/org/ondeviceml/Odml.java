package org.ondeviceml;

import java.io.File;
import java.nio.charset.StandardCharsets;

/**
 * The C API of OnDeviceML (odml.h) from the JVM: one static method per C function, the same
 * names in camel case. Handles are {@code long}s (0 is NULL), released with their {@code *Free}
 * method; results are the JSON texts of the C API; every failure throws an {@link OdmlException}
 * with the C status and message. Strings cross as UTF-8 (not JNI's modified UTF-8).
 *
 * <p>The JNI shim {@code libodml_jni.so} and {@code libOnDeviceMLC.so} (with its
 * {@code OnDeviceML_*.resources} folders) are loaded from the folder the system property
 * {@code ondeviceml.library.dir} or the environment variable {@code ODML_LIBRARY_DIR} names,
 * else by {@code System.loadLibrary("odml_jni")} (java.library.path; on Android, the app's
 * native libraries).
 *
 * <p>Thread safety is the C API's: models and histories may be shared between threads, a
 * database's calls run one at a time, a handle must not be freed while another thread uses it.
 */
public final class Odml {
    /** The ABI version of odml.h this class follows ({@code ODML_ABI_VERSION}). */
    public static final int ABI_VERSION = 1;

    static {
        String folder = System.getProperty("ondeviceml.library.dir", System.getenv("ODML_LIBRARY_DIR"));
        if (folder != null) {
            System.load(new File(folder, "libodml_jni.so").getAbsolutePath());
        } else {
            System.loadLibrary("odml_jni");
        }
        if (abiVersion() != ABI_VERSION) {
            throw new UnsatisfiedLinkError("libOnDeviceMLC has ABI version " + abiVersion() + ", this class expects " + ABI_VERSION);
        }
    }

    private Odml() {}

    /** {@code odml_version}: the library's version. */
    public static String version() {
        return text(nativeVersion());
    }

    /** {@code odml_abi_version}. */
    public static native int abiVersion();

    /** {@code odml_model_load}: a .odml file ({@code password} null for a plain one) or "rules", "calendar", "period-history". */
    public static long modelLoad(String path, String password) throws OdmlException {
        return nativeModelLoad(bytes(path), bytes(password));
    }

    /** {@code odml_model_describe}: {"kind", "personal", "predictor", "source", "version"}. */
    public static String modelDescribe(long model) throws OdmlException {
        return text(nativeModelDescribe(model));
    }

    /** {@code odml_model_free} (0 does nothing). */
    public static native void modelFree(long model);

    /** {@code odml_history_from_json}: a history from the JSON document odml.h specifies. */
    public static long historyFromJson(String json) throws OdmlException {
        return nativeHistoryFromJson(bytes(json));
    }

    /** {@code odml_history_load}: one user of a dataset directory, an SQLite dataset or the app's database. */
    public static long historyLoad(String path, String userId) throws OdmlException {
        return nativeHistoryLoad(bytes(path), bytes(userId));
    }

    /** {@code odml_history_describe}. */
    public static String historyDescribe(long history) throws OdmlException {
        return text(nativeHistoryDescribe(history));
    }

    /** {@code odml_history_free} (0 does nothing). */
    public static native void historyFree(long history);

    /** {@code odml_predict}: the JSON {@code odml predict --json} prints ({@code date} null: today; {@code language} null: fr). */
    public static String predict(long model, long history, String date, String language) throws OdmlException {
        return text(nativePredict(model, history, bytes(date), bytes(language)));
    }

    /** {@code odml_explain}: the JSON {@code odml explain --json} prints. */
    public static String explain(long model, long history, String date, String language) throws OdmlException {
        return text(nativeExplain(model, history, bytes(date), bytes(language)));
    }

    /** {@code odml_database_open}: the app's database, read-write. */
    public static long databaseOpen(String path) throws OdmlException {
        return nativeDatabaseOpen(bytes(path));
    }

    /** {@code odml_database_free} (0 does nothing). */
    public static native void databaseFree(long database);

    /** {@code odml_database_history}. */
    public static native long databaseHistory(long database) throws OdmlException;

    /** {@code odml_database_active_model}. */
    public static long databaseActiveModel(long database, String password) throws OdmlException {
        return nativeDatabaseActiveModel(database, bytes(password));
    }

    /** {@code odml_database_predict}: forecasts {@code date} with {@code model} (0: the active one) and writes the day's rows. */
    public static String databasePredict(long database, long model, String date) throws OdmlException {
        return text(nativeDatabasePredict(database, model, bytes(date)));
    }

    /** {@code odml_database_reconcile}. */
    public static String databaseReconcile(long database) throws OdmlException {
        return text(nativeDatabaseReconcile(database));
    }

    /** {@code odml_database_fine_tune} ({@code base} 0: the active model's base; null strings: the defaults). */
    public static String databaseFineTune(long database, long base, String strategies, String modelsDirectory, String password)
            throws OdmlException {
        return text(nativeDatabaseFineTune(database, base, bytes(strategies), bytes(modelsDirectory), bytes(password)));
    }

    /** {@code odml_elaro_recommend}: the JSON {@code odml elaro recommend --json} prints ({@code library} null: the bundled one). */
    public static String elaroRecommend(String parentStateJson, String libraryJson, String language, long seed) throws OdmlException {
        return text(nativeElaroRecommend(bytes(parentStateJson), bytes(libraryJson), bytes(language), seed));
    }

    /** A NUL-terminated UTF-8 copy of {@code text} (null stays null). */
    private static byte[] bytes(String text) {
        if (text == null) return null;
        byte[] encoded = text.getBytes(StandardCharsets.UTF_8);
        byte[] terminated = new byte[encoded.length + 1];
        System.arraycopy(encoded, 0, terminated, 0, encoded.length);
        return terminated;
    }

    private static String text(byte[] utf8) {
        return new String(utf8, StandardCharsets.UTF_8);
    }

    private static native byte[] nativeVersion();
    private static native long nativeModelLoad(byte[] path, byte[] password) throws OdmlException;
    private static native byte[] nativeModelDescribe(long model) throws OdmlException;
    private static native long nativeHistoryFromJson(byte[] json) throws OdmlException;
    private static native long nativeHistoryLoad(byte[] path, byte[] userId) throws OdmlException;
    private static native byte[] nativeHistoryDescribe(long history) throws OdmlException;
    private static native byte[] nativePredict(long model, long history, byte[] date, byte[] language) throws OdmlException;
    private static native byte[] nativeExplain(long model, long history, byte[] date, byte[] language) throws OdmlException;
    private static native long nativeDatabaseOpen(byte[] path) throws OdmlException;
    private static native long nativeDatabaseActiveModel(long database, byte[] password) throws OdmlException;
    private static native byte[] nativeDatabasePredict(long database, long model, byte[] date) throws OdmlException;
    private static native byte[] nativeDatabaseReconcile(long database) throws OdmlException;
    private static native byte[] nativeDatabaseFineTune(long database, long base, byte[] strategies, byte[] modelsDirectory,
                                                        byte[] password) throws OdmlException;
    private static native byte[] nativeElaroRecommend(byte[] parentStateJson, byte[] libraryJson, byte[] language, long seed)
            throws OdmlException;
}
