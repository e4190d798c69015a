package org.ondeviceml;

import java.nio.charset.StandardCharsets;

/**
 * The forecast of each user of a dataset through the JVM binding, as {@code odml predict --json}
 * prints it: {@code Predict MODEL DATA DATE LANGUAGE USER...} (scripts/capi-parity.py compares;
 * like each run of odml, each user gets a freshly loaded model: docs/c-api.md, "Determinism").
 */
public final class Predict {
    private Predict() {}

    public static void main(String[] arguments) throws OdmlException {
        if (arguments.length < 5) {
            System.err.println("usage: Predict MODEL DATA DATE LANGUAGE USER...");
            System.exit(2);
        }
        StringBuilder output = new StringBuilder();
        for (int index = 4; index < arguments.length; index++) {
            long model = Odml.modelLoad(arguments[0], null);
            long history = Odml.historyLoad(arguments[1], arguments[index]);
            try {
                output.append(Odml.predict(model, history, arguments[2], arguments[3])).append('\n');
            } finally {
                Odml.historyFree(history);
                Odml.modelFree(model);
            }
        }
        byte[] bytes = output.toString().getBytes(StandardCharsets.UTF_8);
        System.out.write(bytes, 0, bytes.length);
        System.out.flush();
    }
}
