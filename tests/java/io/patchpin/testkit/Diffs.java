package io.patchpin.testkit;

import java.util.List;

/** Diffs written as git writes them, for tests that need a patch of their own making. */
public final class Diffs {
    private Diffs() {}

    /** The unified diff of one changed region with {@code context} lines of context, as git writes it; lines keep their line ends. */
    public static String onePatch(String path, List<String> a, List<String> b, int context) {
        int p = 0;
        while (p < a.size() && p < b.size() && a.get(p).equals(b.get(p))) {
            p++;
        }
        int q = 0;
        while (q < a.size() - p && q < b.size() - p && a.get(a.size() - 1 - q).equals(b.get(b.size() - 1 - q))) {
            q++;
        }
        int lead = Math.min(context, p);
        int trail = Math.min(context, q);
        int oldCount = lead + (a.size() - q - p) + trail;
        int newCount = lead + (b.size() - q - p) + trail;
        StringBuilder s = new StringBuilder("--- a/" + path + "\n+++ b/" + path + "\n");
        s.append("@@ -")
                .append(oldCount == 0 ? p - lead : p - lead + 1)
                .append(',')
                .append(oldCount)
                .append(" +")
                .append(newCount == 0 ? p - lead : p - lead + 1)
                .append(',')
                .append(newCount)
                .append(" @@\n");
        for (int k = p - lead; k < p; k++) {
            s.append(' ').append(a.get(k));
        }
        for (int k = p; k < a.size() - q; k++) {
            s.append('-').append(a.get(k));
        }
        for (int k = p; k < b.size() - q; k++) {
            s.append('+').append(b.get(k));
        }
        for (int k = a.size() - q; k < a.size() - q + trail; k++) {
            s.append(' ').append(a.get(k));
        }
        return s.toString();
    }
}
