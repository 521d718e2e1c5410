package io.patchpin.cli;

import io.patchpin.core.BadInputException;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import picocli.CommandLine.Option;

/** {@code --link}, repeatable: the upstream issues, pull requests or commits an entry records. */
public final class LinkOption {
    private static final Pattern URL = Pattern.compile("https?://[^\\s/]+\\S*");

    @Option(
            names = "--link",
            paramLabel = "URL",
            description = "An upstream issue, pull request or commit (repeatable).")
    List<String> links = new ArrayList<>();

    /** The links given, each checked to be an http(s) URL without spaces. */
    List<String> links() {
        for (String l : links) {
            if (!URL.matcher(l).matches()) {
                throw new BadInputException("--link", 0, "'" + l + "' is not an http(s) URL");
            }
        }
        return List.copyOf(links);
    }
}
