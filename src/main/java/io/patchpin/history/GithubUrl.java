package io.patchpin.history;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The web address of a GitHub repository's commits, from the clone URLs GitHub hands out. */
public final class GithubUrl {
    private static final Pattern URL = Pattern.compile(
            "(?:https?://(?:[^@/]+@)?github\\.com/|ssh://git@github\\.com/|git@github\\.com:|git://github\\.com/)"
                    + "([A-Za-z0-9][A-Za-z0-9-]{0,38})/([A-Za-z0-9._-]{1,100}?)(?:\\.git)?/?");

    private GithubUrl() {}

    public static Optional<String> commitPrefix(String url) {
        if (url == null) {
            return Optional.empty();
        }
        Matcher m = URL.matcher(url.trim());
        if (!m.matches()) {
            return Optional.empty();
        }
        return Optional.of("https://github.com/" + m.group(1) + "/" + m.group(2) + "/commit/");
    }
}
