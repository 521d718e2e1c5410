package io.patchpin.rewrite;

import io.patchpin.core.Digests;
import io.patchpin.patchset.Place;

/** The sha256 of each line's content, computed once per text when a place is looked for. */
public final class LineHashes {
    private final LineIndex lines;
    private final Digests digests;
    private final String[] full;

    public LineHashes(LineIndex lines, Digests digests) {
        this.lines = lines;
        this.digests = digests;
        this.full = new String[lines.count()];
    }

    public int count() {
        return lines.count();
    }

    String full(int line) {
        if (full[line] == null) {
            full[line] = digests.sha256(lines.content(line));
        }
        return full[line];
    }

    String shortHash(int line) {
        return full(line).substring(0, Place.SHORT);
    }

    /** sha256 of {@code count} lines from {@code first}, contents joined by '\n'. */
    String joined(int first, int count) {
        return count == 1 ? full(first) : lines.joinedHash(first, count);
    }
}
