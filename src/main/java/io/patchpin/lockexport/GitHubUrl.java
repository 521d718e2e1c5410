package io.patchpin.lockexport;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** owner and repo of a github.com URL (https, http, ssh, git, or scp-like {@code git@github.com:o/r.git}), if any. */
public record GitHubUrl(String owner, String repo) {
    private static final Pattern URL =
            Pattern.compile("(?:(?:https?|git|ssh)://(?:[^@/]+@)?github\\.com(?::\\d+)?/|[^@/:]+@github\\.com:)"
                    + "([A-Za-z0-9_.-]+)/([A-Za-z0-9_.-]+?)(?:\\.git)?/?");

    public static Optional<GitHubUrl> parse(String url) {
        return Optional.ofNullable(url)
                .map(u -> URL.matcher(u.strip()))
                .filter(Matcher::matches)
                .map(m -> new GitHubUrl(m.group(1), m.group(2)));
    }

    /** The web address a commit id is appended to. */
    public String commits() {
        return "https://github.com/" + owner + "/" + repo + "/commit/";
    }
}
