package io.patchpin.rewrite;

import io.patchpin.core.Hashes;
import io.patchpin.patchset.Place;

/** The sha256 of each line's content, computed once per text when a place is looked for. */
public final class LineHashes {
    private final LineIndex lines;
    private final String[] full;

    public LineHashes(LineIndex lines) {
        this.lines = lines;
        this.full = new String[lines.count()];
    }

    public int count() {
        return lines.count();
    }

    String full(int line) {
        if (full[line] == null) {
            full[line] = Hashes.sha256(lines.content(line));
        }
        return full[line];
    }

    String shortHash(int line) {
        return full(line).substring(0, Place.SHORT);
    }

    /** sha256 of {@code count} lines from {@code first}, contents joined by '\n'. */
    String joined(int first, int count) {
        if (count == 1) {
            return full(first);
        }
        return Places.joinedHash(lines, first, count);
    }
}
