package io.patchpin.patch;

import io.patchpin.patchset.PatchEntry;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/**
 * A stored patch re-rendered with component-relative {@code a/} {@code b/}
 * paths, hunks as written: what export falls back to when the base objects
 * are not here to regenerate the diff. Lines are ISO-8859-1 text (as parsed),
 * so bytes round-trip.
 */
public final class StoredDiff {
    private StoredDiff() {}

    public static byte[] render(PatchEntry entry, ParsedPatch patch) {
        PatchPaths paths = new PatchPaths(entry.strip(), entry.directory());
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (FilePatch f : patch.files()) {
            String oldPath = paths.oldPath(f);
            String newPath = paths.newPath(f);
            String a = oldPath == null ? newPath : oldPath;
            String b = newPath == null ? oldPath : newPath;
            StringBuilder h = new StringBuilder("diff --git a/")
                    .append(a)
                    .append(" b/")
                    .append(b)
                    .append('\n');
            if (f.change() == FilePatch.Change.ADD) {
                h.append("new file mode ")
                        .append(f.newMode().isEmpty() ? "100644" : f.newMode())
                        .append('\n');
            } else if (f.change() == FilePatch.Change.DELETE) {
                h.append("deleted file mode ")
                        .append(f.oldMode().isEmpty() ? "100644" : f.oldMode())
                        .append('\n');
            } else if (f.modeChange()) {
                h.append("old mode ")
                        .append(f.oldMode())
                        .append("\nnew mode ")
                        .append(f.newMode())
                        .append('\n');
            }
            if (f.hunks().isEmpty()) {
                // a mode-only diff: --- and +++ lines without a hunk would be garbage to patch and quilt
                out.writeBytes(h.toString().getBytes(StandardCharsets.ISO_8859_1));
                continue;
            }
            h.append("--- ")
                    .append(oldPath == null ? "/dev/null" : "a/" + oldPath)
                    .append('\n');
            h.append("+++ ")
                    .append(newPath == null ? "/dev/null" : "b/" + newPath)
                    .append('\n');
            for (Hunk k : f.hunks()) {
                h.append("@@ -")
                        .append(range(k.oldStart(), k.oldCount()))
                        .append(" +")
                        .append(range(k.newStart(), k.newCount()))
                        .append(" @@\n");
                for (HunkLine l : k.lines()) {
                    h.append(l.kind()).append(l.text());
                    if (!l.text().endsWith("\n")) {
                        h.append("\n\\ No newline at end of file\n");
                    }
                }
            }
            out.writeBytes(h.toString().getBytes(StandardCharsets.ISO_8859_1));
        }
        return out.toByteArray();
    }

    private static String range(int start, int count) {
        return count == 1 ? Integer.toString(start) : start + "," + count;
    }
}
