package io.patchpin.patch;

import io.patchpin.patchset.PatchEntry;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;

/**
 * The patch file a patch entry becomes at a new base, like {@code quilt refresh}: the diff its result makes there, with
 * fresh context, line numbers, full 40-hex index lines and the files' modes, paths relative to the component ({@code
 * -p1}). A mail keeps its headers, Date and message as written.
 */
public final class RefreshedPatch {
    private RefreshedPatch() {}

    /** As below, for a patch with no mail of its own to keep and no executable file. */
    public static byte[] of(
            PatchEntry entry, Map<String, Optional<byte[]>> before, Map<String, Optional<byte[]>> after) {
        return of(entry, new byte[0], before, after, Map.of(), Map.of());
    }

    /**
     * The new patch bytes from the files before and after the entry (empty = absent) and their executable bits
     * (absent = not executable); sorted by path. {@code old} is the patch file as it was, whose mail head is kept.
     */
    public static byte[] of(
            PatchEntry entry,
            byte[] old,
            Map<String, Optional<byte[]>> before,
            Map<String, Optional<byte[]>> after,
            Map<String, Boolean> executableBefore,
            Map<String, Boolean> executableAfter) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Optional<byte[]> head = MailText.head(old);
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
            DiffWriter.write(
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
        return new String(patch, StandardCharsets.UTF_8).contains("\ndiff --git ")
                || new String(patch, StandardCharsets.UTF_8).startsWith("diff --git ");
    }
}
