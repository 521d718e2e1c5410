package io.patchpin.patchset;

import java.util.List;
import java.util.Optional;

/** A rewrite or an insert: an edit of one file as text, sealed by a {@link TextSeal}. */
public sealed interface TextEntry extends Entry permits RewriteEntry, InsertEntry {

    /** The one file the entry edits, relative to its component. */
    String file();

    @Override
    default List<String> files() {
        return List.of(file());
    }

    @Override
    Optional<TextSeal> seal();
}
