package io.patchpin.patchset;

import java.util.List;
import java.util.Objects;

/**
 * Find text (literal, or RE2 with {@code $1} group references in the
 * replacement) and replace it: every match, or only the Nth.
 */
public record RewriteEntry(String id, String component, String file, String find, String replace, boolean regex,
        Occurrence occurrence, String why, List<String> links, TextSeal sealValue, Upstream upstream) implements TextEntry {

    public RewriteEntry {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(component, "component");
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(find, "find");
        Objects.requireNonNull(replace, "replace");
        Objects.requireNonNull(occurrence, "occurrence");
        why = why == null ? "" : why;
        links = List.copyOf(links);
        upstream = upstream == null ? Upstream.NONE : upstream;
    }

    /** An entry without an upstream record. */
    public RewriteEntry(String id, String component, String file, String find, String replace, boolean regex,
            Occurrence occurrence, String why, List<String> links, TextSeal sealValue) {
        this(id, component, file, find, replace, regex, occurrence, why, links, sealValue, Upstream.NONE);
    }

    @Override
    public Kind kind() {
        return Kind.REWRITE;
    }

    @Override
    public String definitionDigest() {
        return new Definition().add("kind", "rewrite").add("component", component).add("file", file)
                .add("find", find).add("replace", replace).add("regex", regex).add("occurrence", occurrence).digest();
    }

    @Override
    public RewriteEntry withSeal(Seal seal) {
        return new RewriteEntry(id, component, file, find, replace, regex, occurrence, why, links, (TextSeal) seal, upstream);
    }

    @Override
    public RewriteEntry withUpstream(Upstream u) {
        return new RewriteEntry(id, component, file, find, replace, regex, occurrence, why, links, sealValue, u);
    }
}
