package io.patchpin.patch;

import io.patchpin.patchset.PatchEntry;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import org.eclipse.jgit.diff.DiffAlgorithm;
import org.eclipse.jgit.diff.DiffFormatter;
import org.eclipse.jgit.diff.EditList;
import org.eclipse.jgit.diff.RawText;
import org.eclipse.jgit.diff.RawTextComparator;

/**
 * Writes git-style diffs: of one file from its two contents, with full 40-hex {@code index} lines so a re-export of the
 * same content gives the same bytes; of a patch entry's result at a new base; or of a stored patch, re-rendered.
 */
public final class DiffWriter {
    private static final String ZERO = "0".repeat(40);

    private DiffWriter() {}

    /** Git's mode of a regular file with the executable bit, or without it. */
    public static String mode(boolean executable) {
        return executable ? PatchPaths.EXECUTABLE : PatchPaths.REGULAR;
    }

    /**
     * Appends the diff of {@code path}, with git's mode lines: {@code new file mode 100755} for an executable new
     * file, an {@code old mode}/{@code new mode} pair when only the executable bit changes (then no hunk at all);
     * nothing when content and mode are equal.
     */
    public static void write(
            ByteArrayOutputStream out,
            String path,
            Optional<byte[]> before,
            Optional<byte[]> after,
            boolean executableBefore,
            boolean executableAfter) {
        boolean sameContent = before.isPresent() == after.isPresent()
                && (before.isEmpty() || Arrays.equals(before.get(), after.get()));
        boolean modeChange = before.isPresent() && after.isPresent() && executableBefore != executableAfter;
        if (sameContent && !modeChange) {
            return;
        }
        String a = before.map(BlobIds::of).orElse(ZERO);
        String b = after.map(BlobIds::of).orElse(ZERO);
        StringBuilder h = new StringBuilder("diff --git a/" + path + " b/" + path + "\n");
        String index = "index " + a + ".." + b;
        if (before.isEmpty()) {
            h.append("new file mode " + mode(executableAfter) + "\n" + index + "\n");
        } else if (after.isEmpty()) {
            h.append("deleted file mode " + mode(executableBefore) + "\n" + index + "\n");
        } else if (modeChange) {
            h.append("old mode " + mode(executableBefore) + "\nnew mode " + mode(executableAfter) + "\n");
            if (sameContent) {
                out.writeBytes(h.toString().getBytes(StandardCharsets.UTF_8));
                return;
            }
            h.append(index + "\n");
        } else {
            h.append(index + " " + mode(executableAfter) + "\n");
        }
        h.append("--- ").append(before.isPresent() ? "a/" + path : "/dev/null").append('\n');
        h.append("+++ ").append(after.isPresent() ? "b/" + path : "/dev/null").append('\n');
        out.writeBytes(h.toString().getBytes(StandardCharsets.UTF_8));
        RawText ra = new RawText(before.orElse(new byte[0]));
        RawText rb = new RawText(after.orElse(new byte[0]));
        EditList edits = DiffAlgorithm.getAlgorithm(DiffAlgorithm.SupportedAlgorithm.HISTOGRAM)
                .diff(RawTextComparator.DEFAULT, ra, rb);
        try (DiffFormatter f = new DiffFormatter(out)) {
            f.format(edits, ra, rb);
            f.flush();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot format diff of " + path, e);
        }
    }

    /**
     * A stored patch re-rendered with component-relative {@code a/} {@code b/} paths, hunks as written: what export
     * falls back to when the base objects are not here to regenerate the diff. Lines are ISO-8859-1 text (as parsed),
     * so bytes round-trip.
     */
    public static byte[] stored(PatchEntry entry, ParsedPatch patch) {
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
                for (Hunk.Line l : k.lines()) {
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

    /**
     * The patch file a patch entry becomes at a new base, like {@code quilt refresh}: the diff its result makes there,
     * with fresh context, line numbers, full 40-hex index lines and the files' modes, paths relative to the component
     * ({@code -p1}); a mail keeps its headers, Date and message as written. From the files before and after the entry
     * (empty = absent) and their executable bits (absent = not executable); sorted by path. {@code old} is the patch
     * file as it was, whose mail head is kept.
     */
    public static byte[] refreshed(
            PatchEntry entry,
            byte[] old,
            Map<String, Optional<byte[]>> before,
            Map<String, Optional<byte[]>> after,
            Map<String, Boolean> executableBefore,
            Map<String, Boolean> executableAfter) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Optional<byte[]> head = MailHeader.head(old);
        if (head.isPresent()) {
            out.writeBytes(head.get());
        } else if (!entry.author().isEmpty() || !entry.subject().isEmpty()) {
            StringBuilder h =
                    new StringBuilder("From 0000000000000000000000000000000000000000 Mon Sep 17 00:00:00 2001\n");
            if (!entry.author().isEmpty()) {
                h.append("From: ").append(entry.author()).append('\n');
            }
            h.append("Subject: [PATCH] ")
                    .append(entry.subject().isEmpty() ? entry.id() : entry.subject())
                    .append("\n\n---\n");
            out.writeBytes(h.toString().getBytes(StandardCharsets.UTF_8));
        }
        for (String f : new TreeSet<>(after.keySet())) {
            boolean was = executableBefore.getOrDefault(f, false);
            write(
                    out,
                    f,
                    before.getOrDefault(f, Optional.empty()),
                    after.getOrDefault(f, Optional.empty()),
                    was,
                    executableAfter.getOrDefault(f, was));
        }
        return out.toByteArray();
    }

    /** Whether the bytes hold at least one file diff (a patch whose result equals its input has none). */
    public static boolean hasDiff(byte[] patch) {
        return ("\n" + new String(patch, StandardCharsets.UTF_8)).contains("\ndiff --git ");
    }
}
