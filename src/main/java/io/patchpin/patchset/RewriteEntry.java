package io.patchpin.patchset;

import java.util.List;
import java.util.Objects;

/**
 * Find text (literal, or RE2 with {@code $1} group references in the
 * replacement) and replace it: every match, or only the Nth.
 */
public record RewriteEntry(
        Common common,
        String file,
        String find,
        String replace,
        boolean regex,
        Occurrence occurrence,
        TextSeal sealValue)
        implements TextEntry {

    public RewriteEntry {
        Objects.requireNonNull(common, "common");
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(find, "find");
        Objects.requireNonNull(replace, "replace");
        Objects.requireNonNull(occurrence, "occurrence");
    }

    /** An entry without an upstream record. */
    public RewriteEntry(
            String id,
            String component,
            String file,
            String find,
            String replace,
            boolean regex,
            Occurrence occurrence,
            String why,
            List<String> links,
            TextSeal sealValue) {
        this(new Common(id, component, why, links, null, null), file, find, replace, regex, occurrence, sealValue);
    }

    @Override
    public Kind kind() {
        return Kind.REWRITE;
    }

    @Override
    public String definitionDigest() {
        return common.definition(Kind.REWRITE)
                .add("file", file)
                .add("find", find)
                .add("replace", replace)
                .add("regex", regex)
                .add("occurrence", occurrence)
                .digest();
    }

    @Override
    public RewriteEntry with(Common c, Seal seal) {
        return new RewriteEntry(c, file, find, replace, regex, occurrence, (TextSeal) seal);
    }
}
