package io.patchpin.report;

import com.fasterxml.jackson.core.JsonGenerator;
import io.patchpin.check.Verdict;
import io.patchpin.check.VerdictClass;
import io.patchpin.core.JsonText;
import io.patchpin.core.ProjectInfo;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * SARIF 2.1.0 for code scanning: one run, tool {@code patchpin} with one rule per verdict, one result per entry that is
 * not ok at the same place GitHub annotations use, and a partial fingerprint from patchset, entry id and base so code
 * scanning follows an entry from run to run.
 */
public final class SarifReport {
    static final String SCHEMA =
            "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json";

    private SarifReport() {}

    /** @param rev the revision checked, or null for the work tree */
    public static String render(List<Finding> all, String rev) {
        return JsonText.prettyObject(g -> {
            g.writeStringField("$schema", SCHEMA);
            g.writeStringField("version", "2.1.0");
            g.writeArrayFieldStart("runs");
            g.writeStartObject();
            driver(g);
            g.writeArrayFieldStart("results");
            for (Finding f : Findings.notOk(all)) {
                result(g, f);
            }
            g.writeEndArray();
            JsonText.object(g, "properties", o -> o.writeStringField("rev", rev == null ? "work tree" : rev));
            g.writeEndObject();
            g.writeEndArray();
        });
    }

    private static void driver(JsonGenerator g) throws IOException {
        g.writeObjectFieldStart("tool");
        g.writeObjectFieldStart("driver");
        g.writeStringField("name", "patchpin");
        g.writeStringField("version", ProjectInfo.version());
        g.writeStringField("semanticVersion", ProjectInfo.version());
        g.writeStringField("informationUri", ProjectInfo.HOME);
        g.writeArrayFieldStart("rules");
        for (Verdict v : Verdict.values()) {
            g.writeStartObject();
            g.writeStringField("id", v.name());
            g.writeStringField("name", name(v));
            String help = meaning(v) + " " + HELP.get(v.verdictClass());
            JsonText.object(
                    g,
                    "shortDescription",
                    o -> o.writeStringField(
                            "text", v.name() + " (" + v.verdictClass().name().toLowerCase(Locale.ROOT) + ")"));
            JsonText.object(g, "fullDescription", o -> o.writeStringField("text", meaning(v)));
            g.writeStringField("helpUri", ProjectInfo.HOME + "#verdicts");
            JsonText.object(g, "help", o -> {
                o.writeStringField("text", help);
                o.writeStringField("markdown", "**" + v.name() + "**: " + help);
            });
            JsonText.object(g, "defaultConfiguration", o -> o.writeStringField("level", level(v.verdictClass())));
            g.writeEndObject();
        }
        g.writeEndArray();
        g.writeEndObject();
        g.writeEndObject();
    }

    private static void result(JsonGenerator g, Finding f) throws IOException {
        g.writeStartObject();
        g.writeStringField("ruleId", f.verdict().verdict().name());
        g.writeNumberField("ruleIndex", f.verdict().verdict().ordinal());
        g.writeStringField("level", level(f.verdict().verdictClass()));
        JsonText.object(
                g,
                "message",
                o -> o.writeStringField(
                        "text",
                        f.verdict().verdict().name() + " " + f.verdict().id() + ": "
                                + f.verdict().detail()));
        g.writeArrayFieldStart("locations");
        g.writeStartObject();
        g.writeObjectFieldStart("physicalLocation");
        JsonText.object(
                g,
                "artifactLocation",
                o -> o.writeStringField("uri", uri(f.where().file())));
        JsonText.object(
                g, "region", o -> o.writeNumberField("startLine", f.where().line()));
        g.writeEndObject();
        g.writeEndObject();
        g.writeEndArray();
        String base = f.base().orElse("unknown");
        JsonText.object(
                g,
                "partialFingerprints",
                o -> o.writeStringField(
                        "patchpinEntry/v1", f.patchset() + "/" + f.verdict().id() + "@" + base));
        g.writeEndObject();
    }

    /** What to do about a verdict of each class, for the rule's help. */
    private static final Map<VerdictClass, String> HELP = Map.of(
            VerdictClass.OK, "Nothing to do.",
            VerdictClass.SKIPPED, "Not for the component's version here (the entry's `when`): nothing checked.",
            VerdictClass.REVIEW,
                    "Look at the entry's lines at this revision; `patchpin rebase` reseals it once it is right.",
            VerdictClass.BROKEN,
                    "The entry no longer applies here: `patchpin rebase` refreshes it or reports the conflict to resolve.");

    /** The rule's name in SARIF's UpperCamelCase: ANCHOR_MISSING is AnchorMissing. */
    static String name(Verdict v) {
        return Arrays.stream(v.name().toLowerCase(Locale.ROOT).split("_"))
                .map(part -> Character.toUpperCase(part.charAt(0)) + part.substring(1))
                .collect(Collectors.joining());
    }

    static String level(VerdictClass c) {
        return switch (c) {
            case BROKEN -> "error";
            case REVIEW -> "warning";
            case OK, SKIPPED -> "none";
        };
    }

    /** A relative URI reference: every byte outside the unreserved set and '/' percent-encoded. */
    static String uri(String path) {
        StringBuilder b = new StringBuilder();
        for (byte x : path.getBytes(StandardCharsets.UTF_8)) {
            char c = (char) (x & 0xff);
            if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || "-._~/".indexOf(c) >= 0) {
                b.append(c);
            } else {
                b.append(String.format(Locale.ROOT, "%%%02X", x & 0xff));
            }
        }
        return b.toString();
    }

    /** What a verdict means, for the rule's description. */
    private static String meaning(Verdict v) {
        return switch (v) {
            case EXACT -> "The target is byte-identical to the sealed before.";
            case APPLIES -> "Anchors or hunks found as sealed, same context; the file changed elsewhere.";
            case OFFSET -> "Patch hunks apply at shifted lines, context intact.";
            case ALREADY_APPLIED -> "The edit is already there (upstreamed, or applied twice): droppable.";
            case MERGED -> "The edit is already there and the upstream commit that holds it is in the pin: droppable.";
            case DRIFTED -> "The anchor matches as often as sealed, but the sealed context around it changed.";
            case FUZZ -> "The patch applies only by ignoring context lines.";
            case MERGEABLE -> "The patch fails directly but a 3-way merge from the sealed base is clean.";
            case LAYER_MISSING ->
                "A layer the patchset declares is not there at this revision; the sets above it are checked without it.";
            case AMBIGUOUS -> "The anchor matches a different number of times than sealed.";
            case ANCHOR_MISSING -> "The anchor is not found and the edit is not already there.";
            case CONFLICT -> "Patch hunks fail and a 3-way merge conflicts.";
            case FILE_MISSING -> "The target file is gone.";
            case COMPONENT_MISSING -> "The component path is not a submodule at that revision.";
            case OBJECTS_MISSING -> "The component's commit is not in any local object database.";
            case SEAL_BROKEN -> "A patch file or entry no longer matches its recorded seal.";
            case NOT_FOR_VERSION -> "The entry's `when` excludes the component's version at this revision.";
        };
    }
}
