package org.ondeviceml;

import java.util.Arrays;

/**
 * {@code Odml.predict} and {@code Odml.explain} through the JVM binding, timed as bench_capi.c
 * times them: {@code BenchCapi MODEL DATA USER DATE REPETITIONS} (one JSON line per case).
 */
public final class BenchCapi {
    private BenchCapi() {}

    private interface Call {
        String run() throws OdmlException;
    }

    private static void measure(String name, Call call, int repetitions) throws OdmlException {
        int calls = 0;
        double elapsed = 0;
        while (calls < 3 || elapsed < 50_000) {
            long start = System.nanoTime();
            call.run();
            elapsed += (System.nanoTime() - start) / 1e3;
            calls++;
        }
        int perRepetition = (int) Math.max(1, Math.round(2000 / (elapsed / calls)));
        double[] samples = new double[repetitions];
        for (int repetition = 0; repetition < repetitions; repetition++) {
            long start = System.nanoTime();
            for (int index = 0; index < perRepetition; index++) call.run();
            samples[repetition] = (System.nanoTime() - start) / 1e3 / perRepetition;
        }
        Arrays.sort(samples);
        double median = repetitions % 2 == 1 ? samples[repetitions / 2] : (samples[repetitions / 2 - 1] + samples[repetitions / 2]) / 2;
        double p99 = samples[Math.max((int) Math.ceil(0.99 * repetitions) - 1, 0)];
        System.out.printf("{\"via\": \"java\", \"case\": \"%s\", \"median_us\": %.3f, \"p99_us\": %.3f, \"repetitions\": %d, "
                          + "\"calls_per_repetition\": %d}%n", name, median, p99, repetitions, perRepetition);
    }

    public static void main(String[] arguments) throws OdmlException {
        long model = Odml.modelLoad(arguments[0], null);
        long history = Odml.historyLoad(arguments[1], arguments[2]);
        String date = arguments[3];
        int repetitions = Integer.parseInt(arguments[4]);
        for (int warm = 0; warm < 100; warm++) Odml.explain(model, history, date, "en");
        measure("predict_json", () -> Odml.predict(model, history, date, "en"), repetitions);
        measure("explain_json", () -> Odml.explain(model, history, date, "en"), repetitions);
        Odml.historyFree(history);
        Odml.modelFree(model);
    }
}
