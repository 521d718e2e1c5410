package io.patchpin.rewrite;

import java.util.List;

/**
 * One match of a find pattern: [start, end) in the text and the groups
 * (group 0 is the whole match; an unmatched group is "").
 */
public record Match(int start, int end, List<String> groups) {
    public Match {
        if (start < 0 || end < start) {
            throw new IllegalArgumentException("bad match " + start + ".." + end);
        }
        groups = List.copyOf(groups);
    }

    public String text() {
        return groups.get(0);
    }
}
