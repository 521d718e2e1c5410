package io.patchpin.cli;

import io.patchpin.core.BadInputException;
import java.util.List;
import java.util.regex.Pattern;

/** Checks {@code --link} values: an http(s) URL without spaces. */
final class Links {
    private static final Pattern URL = Pattern.compile("https?://[^\\s/]+\\S*");

    private Links() {}

    static List<String> check(List<String> links) {
        for (String l : links) {
            if (!URL.matcher(l).matches()) {
                throw new BadInputException("--link", 0, "'" + l + "' is not an http(s) URL");
            }
        }
        return List.copyOf(links);
    }
}
