package org.ondeviceml;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * The JVM binding's test, calling the real library: {@code OdmlTest FIXTURES} (a folder
 * prepared by Tests/CAPI/fixtures.sh). Prints one line per failed check and a summary; exits 1
 * when a check failed.
 */
public final class OdmlTest {
    private static int checks;
    private static int failures;
    private static Path fixtures;

    private OdmlTest() {}

    private static void check(boolean condition, String what) {
        checks++;
        if (!condition) {
            failures++;
            System.err.println("FAIL " + what);
        }
    }

    private interface Call {
        void run() throws OdmlException;
    }

    /** Expects {@code call} to throw an OdmlException with {@code status} and a message containing {@code fragment}. */
    private static void expectFailure(Call call, int status, String fragment, String what) {
        try {
            call.run();
            check(false, what + ": no exception");
        } catch (OdmlException exception) {
            check(exception.status() == status, what + ": status " + exception.statusName() + ", expected " + status);
            check(exception.detail().contains(fragment), what + ": message \"" + exception.detail() + "\" lacks \"" + fragment + "\"");
            check(exception.getMessage().startsWith("ODML_ERROR_"), what + ": " + exception.getMessage());
        }
    }

    private static String read(String name) throws Exception {
        return new String(Files.readAllBytes(fixtures.resolve(name)), StandardCharsets.UTF_8);
    }

    private static String path(String name) {
        return fixtures.resolve(name).toString();
    }

    public static void main(String[] arguments) throws Exception {
        fixtures = Paths.get(arguments[0]);
        String day = read("date.txt").trim();

        check(Odml.abiVersion() == Odml.ABI_VERSION, "abi version");
        check(Odml.version().matches("\\d+\\.\\d+\\.\\d+"), "version " + Odml.version());

        long gbt = Odml.modelLoad(path("Models/cycle-gbt.odml"), null);
        check(Odml.modelDescribe(gbt).contains("\"predictor\" : \"gbt\""), "describe gbt");
        expectFailure(() -> Odml.modelLoad(path("missing.odml"), null), OdmlException.NOT_FOUND, "no such file", "missing model");
        expectFailure(() -> Odml.modelLoad(path("data/user_profile.csv"), null), OdmlException.INVALID_DATA, "not an OnDeviceML model file",
                      "a CSV file as a model");
        expectFailure(() -> Odml.modelLoad(path("encrypted.odml"), "wrong"), OdmlException.WRONG_PASSWORD, "wrong password",
                      "a wrong password");
        long encrypted = Odml.modelLoad(path("encrypted.odml"), read("password.txt").split("\n")[0]);
        Odml.modelFree(encrypted);
        expectFailure(() -> Odml.modelLoad(null, null), OdmlException.INVALID_ARGUMENT, "path", "a null path");

        long user = Odml.historyLoad(path("data"), "u00002");
        long fresh = Odml.modelLoad(path("Models/cycle-gbt.odml"), null);
        String explained = Odml.explain(fresh, user, day, "en");
        Odml.modelFree(fresh);
        check((explained + "\n").equals(read("explain-u00002.json")), "explain equals odml explain --json");
        check(Odml.predict(gbt, user, day, "fr").contains("\"language\" : \"fr\""), "French forecast");
        expectFailure(() -> Odml.predict(gbt, user, "01/06/2025", "en"), OdmlException.INVALID_ARGUMENT, "YYYY-MM-DD", "a bad date");
        expectFailure(() -> Odml.predict(gbt, 0, day, "en"), OdmlException.INVALID_ARGUMENT, "history", "no history");
        expectFailure(() -> Odml.historyLoad(path("data"), "nobody"), OdmlException.NOT_FOUND, "nobody", "an unknown user");

        String document = "{\"profile\": {\"id\": \"jvm-é🌙\", \"created_at\": \"2024-01-01\"},"
            + " \"days\": [{\"date\": \"2024-01-03\", \"flow_intensity\": 3}, {\"date\": \"2024-01-31\", \"flow_intensity\": 2}]}";
        long fromJson = Odml.historyFromJson(document);
        check(Odml.historyDescribe(fromJson).contains("\"user\" : \"jvm-é🌙\""), "UTF-8 both ways: " + Odml.historyDescribe(fromJson));
        Odml.historyFree(fromJson);
        expectFailure(() -> Odml.historyFromJson("{\"profile\": {\"id\": \"x\", \"created_at\": \"2024-01-01\"}, \"days\": [{\"date\": \"x\"}]}"),
                      OdmlException.INVALID_DATA, "days[0].date", "a bad day");

        // Threads share one model and one history (warmed up: past its first rows a boosted-trees
        // model explains with its TreeSHAP tables for good).
        String expected = null;
        for (int round = 0; round < 40; round++) expected = Odml.predict(gbt, user, day, "en");
        ExecutorService pool = Executors.newFixedThreadPool(4);
        List<Future<String>> results = new ArrayList<>();
        for (int index = 0; index < 40; index++) results.add(pool.submit(() -> Odml.predict(gbt, user, day, "en")));
        int same = 0;
        for (Future<String> result : results) if (result.get().equals(expected)) same++;
        pool.shutdown();
        check(same == 40, "threads: " + same + "/40 identical forecasts");

        Path app = Files.createTempDirectory("odml-jvm-").resolve("app.sqlite");
        Files.copy(fixtures.resolve("app.sqlite"), app, StandardCopyOption.REPLACE_EXISTING);
        long database = Odml.databaseOpen(app.toString());
        long active = Odml.databaseActiveModel(database, null);
        check(Odml.databasePredict(database, 0, "2025-03-03").contains("\"day\" : \"2025-03-03\""), "database predict");
        check(Odml.databasePredict(database, active, "2025-03-03").contains("\"inserted\" : 0"), "a day is written once");
        check(Odml.databaseReconcile(database).contains("\"filled\""), "reconcile");
        String tuned = Odml.databaseFineTune(database, gbt, "residual", app.getParent().resolve("models").toString(), null);
        check(tuned.contains("\"model_version\""), "fine-tune: " + tuned);
        expectFailure(() -> Odml.databaseFineTune(database, gbt, "nonsense", null, null), OdmlException.INVALID_ARGUMENT, "nonsense",
                      "an unknown strategy");
        long herHistory = Odml.databaseHistory(database);
        check(Odml.historyDescribe(herHistory).contains("\"period_starts\""), "database history");
        Odml.historyFree(herHistory);
        Odml.modelFree(active);
        Odml.databaseFree(database);
        expectFailure(() -> Odml.databaseOpen(path("missing.sqlite")), OdmlException.NOT_FOUND, "missing.sqlite", "a missing database");

        String recommended = Odml.elaroRecommend(read("example-state.json"), null, "en", 1);
        check((recommended + "\n").equals(read("elaro-recommend.json")), "Elaro equals odml elaro recommend --json");
        expectFailure(() -> Odml.elaroRecommend("{}", null, "en", 1), OdmlException.INVALID_DATA, "parent_state_json", "an empty state");

        Odml.historyFree(user);
        Odml.modelFree(gbt);
        System.out.println("OdmlTest: " + checks + " checks, " + failures + " failed");
        System.exit(failures == 0 ? 0 : 1);
    }
}
