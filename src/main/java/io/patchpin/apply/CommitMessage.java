package io.patchpin.apply;

import io.patchpin.patch.ParsedPatch;
import io.patchpin.patch.PatchParser;
import io.patchpin.patchset.Entry;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Optional;
import org.eclipse.jgit.lib.PersonIdent;

/**
 * Who wrote an entry and what its commit says, the way {@code git am} (without -k) reads a format-patch mail, so
 * commits made here get the ids {@code git am} gives on the same patches: author and date from From:/Date:, message =
 * subject, a blank line, the body. Entries without a mail (rewrites, inserts, plain diffs) take their first line of
 * {@code why} as subject, and the committer as author.
 *
 * @param author "Name <mail>", or "" for the committer
 * @param date   the mail's Date:, or empty for the commit time
 */
record CommitMessage(String author, Optional<OffsetDateTime> date, String message) {
    /**
     * TheRock's committer: {@code -c user.name=therockbot -c user.email=therockbot@amd.com} and
     * {@code GIT_COMMITTER_DATE="Thu, 1 Jan 2099 00:00:00 +0000"}.
     */
    static final PersonIdent THEROCK =
            new PersonIdent("therockbot", "therockbot@amd.com", Instant.ofEpochSecond(4_070_908_800L), ZoneOffset.UTC);

    /**
     * A subject as git's mailinfo leaves it: leading blanks, colons, "Re:" (any case) and every bracketed block
     * ("[PATCH 1/2]", "[AMDGPU]") dropped until the first other character, then trimmed.
     */
    static String subject(String raw) {
        String s = raw;
        while (!s.isEmpty()) {
            char c = s.charAt(0);
            if (c == ' ' || c == '\t' || c == ':') {
                s = s.substring(1);
            } else if ((c == 'r' || c == 'R')
                    && s.length() > 3
                    && (s.charAt(1) == 'e' || s.charAt(1) == 'E')
                    && s.charAt(2) == ':') {
                s = s.substring(3);
            } else if (c == '[' && s.indexOf(']') > 0) {
                s = s.substring(s.indexOf(']') + 1);
            } else {
                break;
            }
        }
        return s.strip();
    }

    /**
     * git's stripspace without comment removal: trailing blanks off every line, runs of blank lines made one, none at
     * the start or end, and a final newline when anything is left.
     */
    static String stripspace(String text) {
        StringBuilder out = new StringBuilder();
        boolean pendingBlank = false;
        for (String line : text.split("\n", -1)) {
            String l = line.replaceAll("[ \\t\\r\\f\\u000b]+$", "");
            if (l.isEmpty()) {
                pendingBlank = out.length() > 0;
                continue;
            }
            if (pendingBlank) {
                out.append('\n');
                pendingBlank = false;
            }
            out.append(l).append('\n');
        }
        return out.toString();
    }

    static CommitMessage of(Entry e, Path patchsetDir) {
        ParsedPatch mail = e.patchFile().map(p -> read(patchsetDir.resolve(p))).orElse(null);
        if (mail != null && !mail.subject().isEmpty()) {
            String body = utf8(mail.body()).strip();
            return new CommitMessage(
                    mail.author(),
                    date(mail.date()),
                    stripspace(subject(mail.subject()) + "\n\n"
                            + (body.isEmpty() ? e.why().strip() : body)));
        }
        String why = e.why().strip();
        String subject = why.isEmpty()
                ? e.kind().word() + " " + e.id()
                : why.lines().findFirst().orElse("");
        String rest = why.isEmpty()
                ? ""
                : why.substring(why.indexOf(subject) + subject.length()).strip();
        String trailer = "Patchpin-Entry: " + e.id();
        return new CommitMessage(
                e.author(), Optional.empty(), text(subject, rest.isEmpty() ? trailer : rest + "\n\n" + trailer));
    }

    String authorName() {
        int lt = author.lastIndexOf('<');
        return lt < 0 ? author.strip() : author.substring(0, lt).strip();
    }

    String authorMail() {
        int lt = author.lastIndexOf('<');
        int gt = author.lastIndexOf('>');
        return lt < 0 || gt < lt ? "" : author.substring(lt + 1, gt).strip();
    }

    private static String text(String subject, String body) {
        return subject.strip() + "\n" + (body.isEmpty() ? "" : "\n" + body + "\n");
    }

    private static ParsedPatch read(Path file) {
        try {
            return PatchParser.parse(file.getFileName().toString(), Files.readAllBytes(file));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }

    private static Optional<OffsetDateTime> date(String rfc2822) {
        try {
            return rfc2822.isEmpty()
                    ? Optional.empty()
                    : Optional.of(OffsetDateTime.parse(rfc2822.strip(), DateTimeFormatter.RFC_1123_DATE_TIME));
        } catch (DateTimeParseException e) {
            return Optional.empty(); // an odd Date: header makes the commit time the author date, as a plain diff does
        }
    }

    /** The parser reads bytes as ISO-8859-1; mail bodies are UTF-8 by git's default. */
    private static String utf8(String s) {
        return new String(s.getBytes(StandardCharsets.ISO_8859_1), StandardCharsets.UTF_8);
    }
}
