package io.patchpin.export;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Patch headers in Debian's DEP-3 form, which quilt, patch and git apply all skip as text before the diff. The why's
 * later lines are continuation lines (one leading space, "." for a blank line), so no line of it can be mistaken for a
 * diff header.
 */
final class Dep3 {
    private Dep3() {}

    /**
     * Description, Author (or, when no author is known, Origin, which DEP-3 then requires), the upstream fields,
     * Bug: for every issue link, then "---".
     */
    static String header(ExportMeta m) {
        StringBuilder b = new StringBuilder();
        description(b, m);
        List<String> upstream = upstream(m);
        if (!m.author().isEmpty()) {
            b.append("Author: ").append(oneLine(m.author())).append('\n');
        } else if (upstream.stream().noneMatch(l -> l.startsWith("Origin:"))) {
            b.append("Origin: vendor")
                    .append(m.links().stream()
                            .filter(Dep3::isUrl)
                            .findFirst()
                            .map(u -> ", " + oneLine(u))
                            .orElse(""))
                    .append('\n');
        }
        upstream.forEach(l -> b.append(l).append('\n'));
        m.links().stream()
                .filter(Dep3::isIssue)
                .forEach(u -> b.append("Bug: ").append(oneLine(u)).append('\n'));
        return b.append("---\n").toString();
    }

    static boolean isUrl(String link) {
        return link.matches("https?://\\S+");
    }

    /** An issue tracker link: GitHub/GitLab issues, Bugzilla, Launchpad, a Jira browse page. */
    static boolean isIssue(String link) {
        return isUrl(link)
                && link.matches(
                        ".*(/issues/\\d+|show_bug\\.cgi\\?id=|bugs\\.launchpad\\.net/|/browse/[A-Z]+-\\d+|/-/issues/).*");
    }

    /** A pull or merge request link. */
    static boolean isReview(String link) {
        return isUrl(link) && link.matches(".*(/pull/\\d+|/merge_requests/\\d+|reviews\\.llvm\\.org/|/\\+/\\d+).*");
    }

    static boolean isCommit(String link) {
        return isUrl(link) && link.matches(".*/commits?/[0-9a-f]{7,40}.*");
    }

    /** {@code Description:} with the why's later lines as continuation lines. */
    static void description(StringBuilder b, ExportMeta m) {
        b.append("Description: ").append(oneLine(m.summary())).append('\n');
        for (String l : m.details()) {
            b.append(l.isBlank() ? " ." : " " + oneLine(l)).append('\n');
        }
    }

    /** Origin, Forwarded and Applied-Upstream lines from the upstream fields; none when the status is not known. */
    static List<String> upstream(ExportMeta m) {
        List<String> out = new ArrayList<>();
        if (m.status().isEmpty()) {
            // no record: the links still say where the change went
            m.links().stream().filter(Dep3::isReview).findFirst().ifPresent(u -> out.add("Forwarded: " + oneLine(u)));
            m.links().stream()
                    .filter(Dep3::isCommit)
                    .findFirst()
                    .ifPresent(u -> out.add("Applied-Upstream: " + oneLine(u)));
            return out;
        }
        String applied =
                Stream.of(m.url(), m.commit()).flatMap(Optional::stream).collect(Collectors.joining(", "));
        switch (m.status().get()) {
            case PENDING -> out.add("Forwarded: no");
            case SUBMITTED -> out.add("Forwarded: " + oneLine(m.url().orElse("yes")));
            case MERGED -> {
                out.add("Forwarded: " + oneLine(m.url().orElse("yes")));
                if (!applied.isEmpty()) {
                    out.add("Applied-Upstream: " + oneLine(applied));
                }
            }
            case BACKPORT -> {
                out.add("Origin: upstream" + (applied.isEmpty() ? "" : ", " + oneLine(applied)));
                m.commit().ifPresent(c -> out.add("Applied-Upstream: " + oneLine(c)));
            }
            case INAPPROPRIATE -> out.add("Forwarded: not-needed");
        }
        return out;
    }

    /** Control characters (a CR, a tab) become spaces: a header field is one line. */
    static String oneLine(String s) {
        return s.replaceAll("[\\p{Cntrl}]", " ").strip();
    }
}
