package io.patchpin.patch;

import java.io.ByteArrayOutputStream;
import java.util.List;
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
        List<String> ended = patch.hunks().stream()
                .flatMap(h -> h.lines().stream())
                .map(HunkLine::text)
                .filter(t -> t.endsWith("\n"))
                .toList();
        return !ended.isEmpty() && ended.stream().allMatch(t -> t.endsWith("\r\n"));
    }

    private static boolean hasCrlf(FileLines t) {
        return t.lines().stream().anyMatch(l -> l.endsWith("\r\n"));
    }

    private static String lf(String line) {
        return line.endsWith("\r\n") ? line.substring(0, line.length() - 2) + "\n" : line;
    }
}
