package io.patchpin.patch;

import io.patchpin.patchset.Upstream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The upstream record a patch mail's message states, where it states one: Yocto's {@code Upstream-Status: Submitted
 * [url]}, DEP-3's {@code Forwarded:} and {@code Applied-Upstream:}, an {@code Upstream-Commit:} trailer, and git's
 * {@code (cherry picked from commit <sha>)}. Only the message (up to "---" or the first diff) is read; anything unclear
 * gives {@link Upstream#NONE}.
 */
public final class UpstreamTrailers {
    private static final Pattern STATUS = Pattern.compile("(?i)^Upstream-Status:\\s*(\\w+)\\s*(?:\\[(\\S+)\\])?");
    private static final Pattern COMMIT =
            Pattern.compile("(?i)^(?:Upstream-Commit|Applied-Upstream):\\s*(?:commit[: ]\\s*)?([0-9a-f]{7,40})\\b");
    private static final Pattern PICKED = Pattern.compile("^\\(cherry picked from commit ([0-9a-f]{7,40})\\)");
    private static final Pattern URL =
            Pattern.compile("(?i)^(?:Forwarded|Applied-Upstream|Upstream-URL):\\s*(https?://\\S+)");

    private UpstreamTrailers() {}

    public static Upstream of(byte[] patch) {
        String status = null;
        String url = null;
        String commit = null;
        for (String line : new String(patch, StandardCharsets.UTF_8).split("\n", -1)) {
            String l = line.strip();
            if (l.equals("---") || l.startsWith("diff --git ") || l.startsWith("Index: ")) {
                break;
            }
            Matcher m;
            if ((m = STATUS.matcher(l)).find()) {
                status = status(m.group(1));
                url = m.group(2) != null && m.group(2).matches("https?://\\S+") ? m.group(2) : url;
            } else if ((m = COMMIT.matcher(l)).find()) {
                commit = m.group(1).toLowerCase(Locale.ROOT);
            } else if ((m = PICKED.matcher(l)).find()) {
                commit = m.group(1);
                status = status == null ? "backport" : status;
            } else if ((m = URL.matcher(l)).find()) {
                url = m.group(1);
            }
        }
        try {
            return Upstream.of(status, url, commit);
        } catch (IllegalArgumentException e) {
            return Upstream.NONE; // a trailer we cannot read is no reason to refuse the patch
        }
    }

    /**
     * The trailers that state {@code u} in a mail's message, as {@link #of} reads them back: an
     * {@code Upstream-Status:} line (with the URL in brackets) and an {@code Upstream-Commit:} line.
     */
    public static List<String> lines(Upstream u) {
        if (u.status().isEmpty()) {
            return List.of();
        }
        String word = u.status().get().word();
        String status = "Upstream-Status: " + Character.toUpperCase(word.charAt(0)) + word.substring(1)
                + (u.url().isEmpty() ? "" : " [" + u.url() + "]");
        return u.hasCommit() ? List.of(status, "Upstream-Commit: " + u.commit()) : List.of(status);
    }

    /** Yocto's words in ours: Accepted is merged; Denied and unknown words say nothing. */
    private static String status(String word) {
        String w = word.toLowerCase(Locale.ROOT);
        return switch (w) {
            case "accepted", "merged" -> "merged";
            case "pending", "submitted", "backport", "inappropriate" -> w;
            default -> null;
        };
    }
}
