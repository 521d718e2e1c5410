package io.patchpin.core;

import com.code_intelligence.jazzer.junit.FuzzTest;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.Iterator;
import java.util.Map;

/**
 * Any bytes as a TOML file: parsing, the format check, the line look-ups and
 * typed field access either work or fail as bad input naming the file.
 */
class TomlDocumentFuzzTest {
    @FuzzTest(maxDuration = "5m")
    void parse(byte[] bytes) {
        try {
            TomlDocument doc = TomlDocument.parse("fuzz.toml", bytes);
            doc.lineOfKey("format");
            doc.lineOfTable("env");
            for (Iterator<Map.Entry<String, JsonNode>> it = doc.root().fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                int line = doc.lineOfArrayTable(e.getKey(), 0);
                TomlDocument.Fields f = doc.fields(doc.root(), line, "");
                if (e.getValue().isArray()) {
                    f.strings(e.getKey());
                } else if (e.getValue().isIntegralNumber()) {
                    f.integer(e.getKey(), 0, 1000);
                } else {
                    f.path(e.getKey());
                }
            }
            doc.requireFormat(1);
        } catch (BadInputException expected) {
            // the documented bad-input path
        }
    }
}
