package io.patchpin.history;

import static io.patchpin.testkit.Asserts.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.patchpin.testkit.LayeredSets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** What a history's JSON document says, row by row, and the check that it says what verify --rev says. */
final class HistoryDocs {
    private HistoryDocs() {}

    /**
     * At every commit each row is what verify --rev says of that entry, verdict and detail, and a row is there only
     * where verify has it.
     */
    static void assertEveryCommitAsVerify(JsonNode doc, String set, String repo) {
        for (int c = 0; c < doc.get("commits").size(); c++) {
            String commit = doc.get("commits").get(c).get("commit").asText();
            Map<String, JsonNode> verify = LayeredSets.verify(set, repo, commit);
            Map<String, String> shown = new LinkedHashMap<>();
            for (JsonNode row : doc.get("entries")) {
                JsonNode v = row.get("verdicts").get(c);
                if (!v.isNull()) {
                    shown.put(
                            name(row),
                            v.asText() + ": " + row.get("details").get(c).asText());
                }
            }
            Map<String, String> expected = new LinkedHashMap<>();
            verify.forEach((k, e) -> expected.put(
                    k, e.get("verdict").asText() + ": " + e.get("detail").asText()));
            assertThat(shown).as("at %s", commit).containsExactlyEntriesOf(expected);
            // a change's detail is the one verify gives at the commit of the change, not where it was first seen
            for (JsonNode row : doc.get("entries")) {
                for (JsonNode t : row.get("transitions")) {
                    if (t.get("commit").asText().equals(commit) && !t.get("to").isNull()) {
                        assertThat(t.get("detail").asText())
                                .as("change of %s at %s", name(row), commit)
                                .isEqualTo(verify.get(name(row)).get("detail").asText());
                    }
                }
            }
        }
    }

    static List<String> rows(JsonNode doc) {
        List<String> out = new ArrayList<>();
        doc.get("entries").forEach(r -> out.add(name(r)));
        return out;
    }

    static JsonNode row(JsonNode doc, String name) {
        for (JsonNode r : doc.get("entries")) {
            if (name(r).equals(name)) {
                return r;
            }
        }
        throw new AssertionError("no row " + name);
    }

    /** "commit verdict" for each change of the row's verdict. */
    static List<String> changes(JsonNode doc, String name) {
        List<String> out = new ArrayList<>();
        row(doc, name)
                .get("transitions")
                .forEach(t ->
                        out.add(t.get("commit").asText() + " " + t.get("to").asText()));
        return out;
    }

    static String name(JsonNode row) {
        return row.get("patchset").asText() + "/" + row.get("id").asText();
    }
}
