package org.ondeviceml;

import java.nio.charset.StandardCharsets;

/** A failed call into the library: the C status code, its name in odml.h and the library's message. */
public final class OdmlException extends Exception {
    private static final long serialVersionUID = 1L;

    /** {@code ODML_ERROR_INVALID_ARGUMENT}. */
    public static final int INVALID_ARGUMENT = 1;
    /** {@code ODML_ERROR_NOT_FOUND}. */
    public static final int NOT_FOUND = 2;
    /** {@code ODML_ERROR_INVALID_DATA}. */
    public static final int INVALID_DATA = 3;
    /** {@code ODML_ERROR_WRONG_PASSWORD}. */
    public static final int WRONG_PASSWORD = 4;
    /** {@code ODML_ERROR_UNSUPPORTED}. */
    public static final int UNSUPPORTED = 5;
    /** {@code ODML_ERROR_DATABASE}. */
    public static final int DATABASE = 6;
    /** {@code ODML_ERROR_FAILED}. */
    public static final int FAILED = 7;

    private final int status;
    private final String statusName;
    private final String detail;

    /** An exception with the status, its name and the message. */
    public OdmlException(int status, String statusName, String detail) {
        super(statusName + ": " + detail);
        this.status = status;
        this.statusName = statusName;
        this.detail = detail;
    }

    /** Built by the JNI shim from the library's UTF-8 texts. */
    static OdmlException fromNative(int status, byte[] statusName, byte[] detail) {
        return new OdmlException(status, new String(statusName, StandardCharsets.UTF_8), new String(detail, StandardCharsets.UTF_8));
    }

    /** The C status code (one of the constants above). */
    public int status() {
        return status;
    }

    /** The status's name in odml.h, e.g. {@code ODML_ERROR_INVALID_DATA}. */
    public String statusName() {
        return statusName;
    }

    /** The library's message: what was wrong and what was expected. */
    public String detail() {
        return detail;
    }
}
