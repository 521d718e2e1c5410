package io.patchpin.patch;

import io.patchpin.patchset.PatchEntry;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * A stored patch re-rendered with component-relative {@code a/} {@code b/} paths, hunks as written: what export falls
 * back to when the base objects are not here to regenerate the diff. Lines are ISO-8859-1 text (as parsed), so bytes
 * round-trip.
 */
public final class StoredDiff {
    private StoredDiff() {}

    public static byte[] render(PatchEntry entry, ParsedPatch patch) {
        PatchPaths paths = new PatchPaths(entry.strip(), entry.directory());
        StringBuilder h = new StringBuilder();
        for (FilePatch f : patch.files()) {
            Optional<String> oldPath = paths.oldPath(f);
            Optional<String> newPath = paths.newPath(f);
            h.append("diff --git a/" + oldPath.or(() -> newPath).orElseThrow() + " b/"
                    + newPath.or(() -> oldPath).orElseThrow() + "\n");
            if (f.change() == FilePatch.Change.ADD) {
                h.append("new file mode " + (f.newMode().isEmpty() ? "100644" : f.newMode()) + "\n");
            } else if (f.change() == FilePatch.Change.DELETE) {
                h.append("deleted file mode " + (f.oldMode().isEmpty() ? "100644" : f.oldMode()) + "\n");
            } else if (f.modeChange()) {
                h.append("old mode " + f.oldMode() + "\nnew mode " + f.newMode() + "\n");
            }
            if (f.hunks().isEmpty()) {
                continue; // a mode-only diff: --- and +++ lines without a hunk would be garbage to patch and quilt
            }
            h.append("--- " + oldPath.map(p -> "a/" + p).orElse("/dev/null") + "\n");
            h.append("+++ " + newPath.map(p -> "b/" + p).orElse("/dev/null") + "\n");
            for (Hunk k : f.hunks()) {
                h.append("@@ -" + range(k.oldStart(), k.oldCount()) + " +" + range(k.newStart(), k.newCount())
                        + " @@\n");
                for (HunkLine l : k.lines()) {
                    h.append(l.kind()).append(l.text());
                    if (!l.text().endsWith("\n")) {
                        h.append("\n\\ No newline at end of file\n");
                    }
                }
            }
        }
        return h.toString().getBytes(StandardCharsets.ISO_8859_1);
    }

    private static String range(int start, int count) {
        return count == 1 ? Integer.toString(start) : start + "," + count;
    }
}
