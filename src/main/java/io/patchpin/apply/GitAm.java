package io.patchpin.apply;

import java.time.Instant;
import java.time.ZoneOffset;
import org.eclipse.jgit.lib.PersonIdent;

/**
 * The rules {@code git am} (without -k) applies to a mail's message, and the
 * identity TheRock's {@code fetch_sources.py} commits with, so commits made
 * here get the ids {@code git am} gives on the same patches.
 */
final class GitAm {
    /**
     * TheRock's committer: {@code -c user.name=therockbot -c user.email=therockbot@amd.com} and
     * {@code GIT_COMMITTER_DATE="Thu, 1 Jan 2099 00:00:00 +0000"}.
     */
    static final PersonIdent THEROCK =
            new PersonIdent("therockbot", "therockbot@amd.com", Instant.ofEpochSecond(4_070_908_800L), ZoneOffset.UTC);

    private GitAm() {}

    /**
     * A subject as git's mailinfo leaves it: leading blanks, colons, "Re:" (any
     * case) and every bracketed block ("[PATCH 1/2]", "[AMDGPU]") dropped until
     * the first other character, then trimmed.
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
     * git's stripspace without comment removal: trailing blanks off every
     * line, runs of blank lines made one, none at the start or end, and a
     * final newline when anything is left.
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
}
