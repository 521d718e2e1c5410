package io.patchpin.patch;

import io.patchpin.patchset.PatchEntry;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;

/**
 * The patch file a patch entry becomes at a new base, like {@code quilt refresh}:
 * the diff its result makes there, with fresh context, line numbers and full
 * 40-hex index lines, paths relative to the component ({@code -p1}). A mail's
 * author and subject are kept.
 */
public final class RefreshedPatch {
    private RefreshedPatch() {
    }

    /** The new patch bytes from the files before and after the entry (empty = absent); sorted by path. */
    public static byte[] of(PatchEntry entry, Map<String, Optional<byte[]>> before, Map<String, Optional<byte[]>> after) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        if (!entry.author().isEmpty() || !entry.subject().isEmpty()) {
            StringBuilder head = new StringBuilder("From 0000000000000000000000000000000000000000 Mon Sep 17 00:00:00 2001\n");
            if (!entry.author().isEmpty()) {
                head.append("From: ").append(entry.author()).append('\n');
            }
            head.append("Subject: [PATCH] ").append(entry.subject().isEmpty() ? entry.id() : entry.subject()).append("\n\n---\n");
            out.writeBytes(head.toString().getBytes(StandardCharsets.UTF_8));
        }
        new java.util.TreeSet<>(after.keySet()).forEach(f -> DiffWriter.write(out, f,
                before.getOrDefault(f, Optional.empty()), after.getOrDefault(f, Optional.empty())));
        return out.toByteArray();
    }

    /** Whether the bytes hold at least one file diff (a patch whose result equals its input has none). */
    public static boolean hasDiff(byte[] patch) {
        return new String(patch, StandardCharsets.UTF_8).contains("\ndiff --git ")
                || new String(patch, StandardCharsets.UTF_8).startsWith("diff --git ");
    }
}
