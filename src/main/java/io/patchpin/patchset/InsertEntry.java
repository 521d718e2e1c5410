package io.patchpin.patchset;

import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/** Adds lines after (or before) the one line an anchor matches. */
public record InsertEntry(
        Common common,
        String file,
        String anchor,
        boolean regex,
        Position position,
        String text,
        Optional<TextSeal> seal)
        implements TextEntry {

    /** Where the text goes relative to the anchor line. */
    public enum Position {
        AFTER,
        BEFORE;

        public String word() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    public InsertEntry {
        Objects.requireNonNull(common, "common");
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(anchor, "anchor");
        Objects.requireNonNull(position, "position");
        Objects.requireNonNull(text, "text");
        Objects.requireNonNull(seal, "seal");
    }

    @Override
    public Kind kind() {
        return Kind.INSERT;
    }

    @Override
    public String definitionDigest() {
        return common.definition(Kind.INSERT)
                .add("file", file)
                .add("anchor", anchor)
                .add("regex", regex)
                .add("position", position.word())
                .add("text", text)
                .digest();
    }

    @Override
    public InsertEntry with(Common c, Optional<? extends Seal> seal) {
        return new InsertEntry(c, file, anchor, regex, position, text, seal.map(TextSeal.class::cast));
    }
}
