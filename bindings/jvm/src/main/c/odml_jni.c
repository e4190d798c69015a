/*
 * odml_jni.c — the JNI shim between org.ondeviceml.Odml and the C API (odml.h).
 *
 * Each native method of Odml calls the C function of the same name: strings arrive as
 * NUL-terminated UTF-8 byte arrays (null for NULL) and leave as byte arrays, handles are jlongs;
 * a status other than ODML_OK becomes an org.ondeviceml.OdmlException carrying the status, its
 * name and odml_last_error() (read on the calling thread, before anything else calls the library).
 */
#include <jni.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "odml.h"
#include "org_ondeviceml_Odml.h" /* javac -h: the compiler checks each function against its Java declaration */

/* A Java byte[] pinned as a C string for the duration of one call (NULL for a null array). */
typedef struct {
    jbyteArray array;
    jbyte *bytes;
} utf8_argument;

static utf8_argument argument(JNIEnv *env, jbyteArray array) {
    utf8_argument result = {array, NULL};
    if (array != NULL) result.bytes = (*env)->GetByteArrayElements(env, array, NULL);
    return result;
}

static const char *text(utf8_argument argument) {
    return (const char *)argument.bytes;
}

static void release(JNIEnv *env, utf8_argument argument) {
    if (argument.bytes != NULL) (*env)->ReleaseByteArrayElements(env, argument.array, argument.bytes, JNI_ABORT);
}

static jbyteArray byte_array(JNIEnv *env, const char *string) {
    jsize length = (jsize)strlen(string);
    jbyteArray array = (*env)->NewByteArray(env, length);
    if (array != NULL) (*env)->SetByteArrayRegion(env, array, 0, length, (const jbyte *)string);
    return array;
}

/* Throws OdmlException for `status` (the message is copied first: it belongs to this thread's last call). */
static void throw_status(JNIEnv *env, odml_status status) {
    jbyteArray message = byte_array(env, odml_last_error());
    jbyteArray name = byte_array(env, odml_status_name(status));
    jclass type = (*env)->FindClass(env, "org/ondeviceml/OdmlException");
    if (type == NULL || message == NULL || name == NULL) return; /* an exception is pending already */
    jmethodID factory = (*env)->GetStaticMethodID(env, type, "fromNative", "(I[B[B)Lorg/ondeviceml/OdmlException;");
    if (factory == NULL) return;
    jobject exception = (*env)->CallStaticObjectMethod(env, type, factory, (jint)status, name, message);
    if (exception != NULL) (*env)->Throw(env, (jthrowable)exception);
}

/* The JSON a call returned through `json`, as a byte[] (freed here); NULL with an exception on failure. */
static jbyteArray json_result(JNIEnv *env, odml_status status, char *json) {
    if (status != ODML_OK) {
        throw_status(env, status);
        return NULL;
    }
    jbyteArray array = byte_array(env, json);
    odml_string_free(json);
    return array;
}

static jlong handle_result(JNIEnv *env, odml_status status, void *handle) {
    if (status != ODML_OK) {
        throw_status(env, status);
        return 0;
    }
    return (jlong)(intptr_t)handle;
}

#define HANDLE(type, value) ((type *)(intptr_t)(value))

JNIEXPORT jbyteArray JNICALL Java_org_ondeviceml_Odml_nativeVersion(JNIEnv *env, jclass type) {
    (void)type;
    return byte_array(env, odml_version());
}

JNIEXPORT jint JNICALL Java_org_ondeviceml_Odml_abiVersion(JNIEnv *env, jclass type) {
    (void)env;
    (void)type;
    return (jint)odml_abi_version();
}

JNIEXPORT jlong JNICALL Java_org_ondeviceml_Odml_nativeModelLoad(JNIEnv *env, jclass type, jbyteArray path, jbyteArray password) {
    (void)type;
    utf8_argument path_text = argument(env, path), password_text = argument(env, password);
    odml_model *model = NULL;
    odml_status status = odml_model_load(text(path_text), text(password_text), &model);
    release(env, path_text);
    release(env, password_text);
    return handle_result(env, status, model);
}

JNIEXPORT jbyteArray JNICALL Java_org_ondeviceml_Odml_nativeModelDescribe(JNIEnv *env, jclass type, jlong model) {
    (void)type;
    char *json = NULL;
    odml_status status = odml_model_describe(HANDLE(odml_model, model), &json);
    return json_result(env, status, json);
}

JNIEXPORT void JNICALL Java_org_ondeviceml_Odml_modelFree(JNIEnv *env, jclass type, jlong model) {
    (void)env;
    (void)type;
    odml_model_free(HANDLE(odml_model, model));
}

JNIEXPORT jlong JNICALL Java_org_ondeviceml_Odml_nativeHistoryFromJson(JNIEnv *env, jclass type, jbyteArray json) {
    (void)type;
    utf8_argument json_text = argument(env, json);
    odml_history *history = NULL;
    odml_status status = odml_history_from_json(text(json_text), &history);
    release(env, json_text);
    return handle_result(env, status, history);
}

JNIEXPORT jlong JNICALL Java_org_ondeviceml_Odml_nativeHistoryLoad(JNIEnv *env, jclass type, jbyteArray path, jbyteArray user) {
    (void)type;
    utf8_argument path_text = argument(env, path), user_text = argument(env, user);
    odml_history *history = NULL;
    odml_status status = odml_history_load(text(path_text), text(user_text), &history);
    release(env, path_text);
    release(env, user_text);
    return handle_result(env, status, history);
}

JNIEXPORT jbyteArray JNICALL Java_org_ondeviceml_Odml_nativeHistoryDescribe(JNIEnv *env, jclass type, jlong history) {
    (void)type;
    char *json = NULL;
    odml_status status = odml_history_describe(HANDLE(odml_history, history), &json);
    return json_result(env, status, json);
}

JNIEXPORT void JNICALL Java_org_ondeviceml_Odml_historyFree(JNIEnv *env, jclass type, jlong history) {
    (void)env;
    (void)type;
    odml_history_free(HANDLE(odml_history, history));
}

JNIEXPORT jbyteArray JNICALL Java_org_ondeviceml_Odml_nativePredict(JNIEnv *env, jclass type, jlong model, jlong history,
                                                                    jbyteArray date, jbyteArray language) {
    (void)type;
    utf8_argument date_text = argument(env, date), language_text = argument(env, language);
    char *json = NULL;
    odml_status status = odml_predict(HANDLE(odml_model, model), HANDLE(odml_history, history), text(date_text), text(language_text), &json);
    release(env, date_text);
    release(env, language_text);
    return json_result(env, status, json);
}

JNIEXPORT jbyteArray JNICALL Java_org_ondeviceml_Odml_nativeExplain(JNIEnv *env, jclass type, jlong model, jlong history,
                                                                    jbyteArray date, jbyteArray language) {
    (void)type;
    utf8_argument date_text = argument(env, date), language_text = argument(env, language);
    char *json = NULL;
    odml_status status = odml_explain(HANDLE(odml_model, model), HANDLE(odml_history, history), text(date_text), text(language_text), &json);
    release(env, date_text);
    release(env, language_text);
    return json_result(env, status, json);
}

JNIEXPORT jlong JNICALL Java_org_ondeviceml_Odml_nativeDatabaseOpen(JNIEnv *env, jclass type, jbyteArray path) {
    (void)type;
    utf8_argument path_text = argument(env, path);
    odml_database *database = NULL;
    odml_status status = odml_database_open(text(path_text), &database);
    release(env, path_text);
    return handle_result(env, status, database);
}

JNIEXPORT void JNICALL Java_org_ondeviceml_Odml_databaseFree(JNIEnv *env, jclass type, jlong database) {
    (void)env;
    (void)type;
    odml_database_free(HANDLE(odml_database, database));
}

JNIEXPORT jlong JNICALL Java_org_ondeviceml_Odml_databaseHistory(JNIEnv *env, jclass type, jlong database) {
    (void)type;
    odml_history *history = NULL;
    odml_status status = odml_database_history(HANDLE(odml_database, database), &history);
    return handle_result(env, status, history);
}

JNIEXPORT jlong JNICALL Java_org_ondeviceml_Odml_nativeDatabaseActiveModel(JNIEnv *env, jclass type, jlong database,
                                                                           jbyteArray password) {
    (void)type;
    utf8_argument password_text = argument(env, password);
    odml_model *model = NULL;
    odml_status status = odml_database_active_model(HANDLE(odml_database, database), text(password_text), &model);
    release(env, password_text);
    return handle_result(env, status, model);
}

JNIEXPORT jbyteArray JNICALL Java_org_ondeviceml_Odml_nativeDatabasePredict(JNIEnv *env, jclass type, jlong database, jlong model,
                                                                            jbyteArray date) {
    (void)type;
    utf8_argument date_text = argument(env, date);
    char *json = NULL;
    odml_status status = odml_database_predict(HANDLE(odml_database, database), HANDLE(odml_model, model), text(date_text), &json);
    release(env, date_text);
    return json_result(env, status, json);
}

JNIEXPORT jbyteArray JNICALL Java_org_ondeviceml_Odml_nativeDatabaseReconcile(JNIEnv *env, jclass type, jlong database) {
    (void)type;
    char *json = NULL;
    odml_status status = odml_database_reconcile(HANDLE(odml_database, database), &json);
    return json_result(env, status, json);
}

JNIEXPORT jbyteArray JNICALL Java_org_ondeviceml_Odml_nativeDatabaseFineTune(JNIEnv *env, jclass type, jlong database, jlong base,
                                                                             jbyteArray strategies, jbyteArray models_directory,
                                                                             jbyteArray password) {
    (void)type;
    utf8_argument strategies_text = argument(env, strategies), directory_text = argument(env, models_directory),
                  password_text = argument(env, password);
    char *json = NULL;
    odml_status status = odml_database_fine_tune(HANDLE(odml_database, database), HANDLE(odml_model, base), text(strategies_text),
                                                 text(directory_text), text(password_text), &json);
    release(env, strategies_text);
    release(env, directory_text);
    release(env, password_text);
    return json_result(env, status, json);
}

JNIEXPORT jbyteArray JNICALL Java_org_ondeviceml_Odml_nativeElaroRecommend(JNIEnv *env, jclass type, jbyteArray state,
                                                                           jbyteArray library, jbyteArray language, jlong seed) {
    (void)type;
    utf8_argument state_text = argument(env, state), library_text = argument(env, library), language_text = argument(env, language);
    char *json = NULL;
    odml_status status = odml_elaro_recommend(text(state_text), text(library_text), text(language_text), (uint64_t)seed, &json);
    release(env, state_text);
    release(env, library_text);
    release(env, language_text);
    return json_result(env, status, json);
}
