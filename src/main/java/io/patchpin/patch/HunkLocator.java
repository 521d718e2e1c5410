package io.patchpin.patch;

import java.util.List;

/**
 * Finds where a hunk's preimage sits in a file, the way git apply does: start at the expected line and search outward,
 * nearest first; a hunk starting at line 1 must match at the beginning, one without trailing context at the end.
 */
final class HunkLocator {
    private HunkLocator() {}

    /**
     * 0-based position of {@code pre} in {@code image} nearest {@code expected}, or -1; at {@code min} or after: a
     * fuzzed hunk's ignored leading lines must still fall inside the file.
     */
    static int find(
            List<String> image, List<String> pre, int expected, boolean matchBeginning, boolean matchEnd, int min) {
        int last = image.size() - pre.size();
        if (last < min) {
            return -1;
        }
        if (matchBeginning) {
            return matches(image, pre, 0) && (!matchEnd || last == 0) ? 0 : -1;
        }
        if (matchEnd) {
            return matches(image, pre, last) ? last : -1;
        }
        int start = Math.max(min, Math.min(expected, last));
        for (int d = 0; start - d >= min || start + d <= last; d++) {
            if (start - d >= min && matches(image, pre, start - d)) {
                return start - d;
            }
            if (d > 0 && start + d <= last && matches(image, pre, start + d)) {
                return start + d;
            }
        }
        return -1;
    }

    private static boolean matches(List<String> image, List<String> pre, int at) {
        return image.subList(at, at + pre.size()).equals(pre);
    }
}
