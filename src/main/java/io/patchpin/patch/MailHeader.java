package io.patchpin.patch;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The headers of a {@code git format-patch} mail: From, Date, Subject, then the message body up to "---"; and the mail
 * around its diff as bytes, which an export or a refresh keeps when it writes a new diff under the same mail, so that
 * {@code git am} gives the same author, date and message.
 */
public record MailHeader(String author, String date, String subject, String body, int end) {
    private static final Pattern PATCH_PREFIX = Pattern.compile("^\\[[^\\]]*PATCH[^\\]]*\\]\\s*");

    static final MailHeader NONE = new MailHeader("", "", "", "", 0);

    /** Whether the patch starts as a mail ("From <sha> ..." or a "From:" header). */
    static boolean isMail(List<String> lines) {
        return !lines.isEmpty()
                && (lines.get(0).matches("From [0-9a-f]{40} .*\\n?")
                        || lines.get(0).startsWith("From: "));
    }

    static MailHeader parse(List<String> lines) {
        int i = lines.get(0).startsWith("From ") && !lines.get(0).startsWith("From: ") ? 1 : 0;
        String author = "";
        String date = "";
        StringBuilder subject = new StringBuilder();
        String current = "";
        for (; i < lines.size() && !strip(lines.get(i)).isEmpty(); i++) {
            String l = strip(lines.get(i));
            if ((l.startsWith(" ") || l.startsWith("\t")) && current.equals("subject")) {
                subject.append(' ').append(l.trim());
                continue;
            }
            current = "";
            if (l.startsWith("From: ")) {
                author = l.substring(6).trim();
            } else if (l.startsWith("Date: ")) {
                date = l.substring(6).trim();
            } else if (l.startsWith("Subject: ")) {
                subject.append(l.substring(9).trim());
                current = "subject";
            }
        }
        StringBuilder body = new StringBuilder();
        for (i++; i < lines.size(); i++) {
            String l = strip(lines.get(i));
            if (l.equals("---") || l.startsWith("diff --git ") || l.startsWith("Index: ")) {
                break;
            }
            body.append(l).append('\n');
        }
        Matcher m = PATCH_PREFIX.matcher(subject);
        String subj = m.find() ? subject.substring(m.end()) : subject.toString();
        return new MailHeader(
                EncodedWords.decode(decode(author)),
                date,
                EncodedWords.decode(decode(subj)),
                body.toString().strip(),
                i);
    }

    static String strip(String line) {
        return line.endsWith("\n") ? line.substring(0, line.length() - 1) : line;
    }

    /** Lines were split as ISO-8859-1; mail headers are UTF-8 by git's default. */
    private static String decode(String s) {
        return new String(s.getBytes(StandardCharsets.ISO_8859_1), StandardCharsets.UTF_8);
    }

    /** Whether the bytes are a mail ("From <sha> ..." or a "From:" header first), as {@code git am} takes. */
    public static boolean isMail(byte[] patch) {
        return isMail(FileLines.split(new String(patch, StandardCharsets.ISO_8859_1)));
    }

    /**
     * The mail up to and including its {@code ---} line (the diffstat after it is left out: it describes the old
     * diff); empty when the bytes are not a mail or have no {@code ---} line before the first diff.
     */
    public static Optional<byte[]> head(byte[] patch) {
        List<String> lines = FileLines.split(new String(patch, StandardCharsets.ISO_8859_1));
        if (!isMail(lines)) {
            return Optional.empty();
        }
        int at = 0;
        for (String l : lines) {
            String s = strip(l);
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
