package io.patchpin.patch;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The parts of a {@code git format-patch} mail around its diff, as bytes: what an export or a refresh keeps
 * when it writes a new diff under the same mail, so that {@code git am} gives the same author, date and message.
 */
public final class MailText {
    private MailText() {}

    /** Whether the bytes are a mail ("From <sha> ..." or a "From:" header first), as {@code git am} takes. */
    public static boolean isMail(byte[] patch) {
        return MailHeader.isMail(FileLines.split(new String(patch, StandardCharsets.ISO_8859_1)));
    }

    /**
     * The mail up to and including its {@code ---} line (the diffstat after it is left out: it describes the old
     * diff); empty when the bytes are not a mail or have no {@code ---} line before the first diff.
     */
    public static Optional<byte[]> head(byte[] patch) {
        List<String> lines = FileLines.split(new String(patch, StandardCharsets.ISO_8859_1));
        if (!MailHeader.isMail(lines)) {
            return Optional.empty();
        }
        int at = 0;
        for (String l : lines) {
            String s = MailHeader.strip(l);
            at += l.length();
            if (s.equals("---")) {
                return Optional.of(Arrays.copyOf(patch, at));
            }
            if (s.startsWith("diff --git ") || s.startsWith("Index: ")) {
                return Optional.empty();
            }
        }
        return Optional.empty();
    }
}
