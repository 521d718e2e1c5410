package io.patchpin.patchset;

import java.util.Objects;
import java.util.Optional;

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
        Optional<TextSeal> seal)
        implements TextEntry {

    public RewriteEntry {
        Objects.requireNonNull(common, "common");
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(find, "find");
        Objects.requireNonNull(replace, "replace");
        Objects.requireNonNull(occurrence, "occurrence");
        Objects.requireNonNull(seal, "seal");
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
    public RewriteEntry with(Common c, Optional<? extends Seal> seal) {
        return new RewriteEntry(c, file, find, replace, regex, occurrence, seal.map(TextSeal.class::cast));
    }
}
