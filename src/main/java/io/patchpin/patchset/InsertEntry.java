package io.patchpin.patchset;

import java.util.List;
import java.util.Locale;
import java.util.Objects;

/** Adds lines after (or before) the one line an anchor matches. */
public record InsertEntry(String id, String component, String file, String anchor, boolean regex, Position position,
        String text, String why, List<String> links, TextSeal sealValue, Upstream upstream) implements TextEntry {

    /** Where the text goes relative to the anchor line. */
    public enum Position {
        AFTER, BEFORE;

        public String word() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    public InsertEntry {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(component, "component");
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(anchor, "anchor");
        Objects.requireNonNull(position, "position");
        Objects.requireNonNull(text, "text");
        why = why == null ? "" : why;
        links = List.copyOf(links);
        upstream = upstream == null ? Upstream.NONE : upstream;
    }

    /** An entry without an upstream record. */
    public InsertEntry(String id, String component, String file, String anchor, boolean regex, Position position,
            String text, String why, List<String> links, TextSeal sealValue) {
        this(id, component, file, anchor, regex, position, text, why, links, sealValue, Upstream.NONE);
    }

    @Override
    public Kind kind() {
        return Kind.INSERT;
    }

    @Override
    public String definitionDigest() {
        return new Definition().add("kind", "insert").add("component", component).add("file", file)
                .add("anchor", anchor).add("regex", regex).add("position", position.word()).add("text", text).digest();
    }

    @Override
    public InsertEntry withSeal(Seal seal) {
        return new InsertEntry(id, component, file, anchor, regex, position, text, why, links, (TextSeal) seal, upstream);
    }

    @Override
    public InsertEntry withUpstream(Upstream u) {
        return new InsertEntry(id, component, file, anchor, regex, position, text, why, links, sealValue, u);
    }
}
