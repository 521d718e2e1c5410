package io.patchpin.patch;

import java.io.ByteArrayOutputStream;
import java.util.Optional;

/**
 * A patch saved with CRLF line endings (a Windows editor, or a checkout with core.autocrlf) against a file with LF
 * endings: as GNU patch does, the CRs are dropped from the hunk lines when every line of the patch's hunks ends in CRLF
 * and the target has no CRLF line. A CRLF target gets the hunks as they are.
 */
final class LineEndings {
    private LineEndings() {}

    static FilePatch forTarget(FilePatch patch, Optional<FileLines> current) {
        if (!allCrlf(patch) || current.map(LineEndings::hasCrlf).orElse(false)) {
            return patch;
        }
        return patch.withHunks(patch.hunks().stream()
                .map(h -> h.withLines(h.lines().stream()
                        .map(l -> new HunkLine(l.kind(), lf(l.text())))
                        .toList()))
                .toList());
    }

    /** The bytes with every CRLF read as LF. */
    static byte[] lf(byte[] bytes) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(bytes.length);
        for (int i = 0; i < bytes.length; i++) {
            if (!(bytes[i] == '\r' && i + 1 < bytes.length && bytes[i + 1] == '\n')) {
                out.write(bytes[i]);
            }
        }
        return out.toByteArray();
    }

    private static boolean allCrlf(FilePatch patch) {
        boolean any = false;
        for (Hunk h : patch.hunks()) {
            for (HunkLine l : h.lines()) {
                if (l.text().endsWith("\n")) {
                    if (!l.text().endsWith("\r\n")) {
                        return false;
                    }
                    any = true;
                }
            }
        }
        return any;
    }

    private static boolean hasCrlf(FileLines t) {
        return t.lines().stream().anyMatch(l -> l.endsWith("\r\n"));
    }

    private static String lf(String line) {
        return line.endsWith("\r\n") ? line.substring(0, line.length() - 2) + "\n" : line;
    }
}
