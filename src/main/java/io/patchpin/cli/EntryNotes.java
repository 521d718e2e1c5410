package io.patchpin.cli;

import io.patchpin.core.BadInputException;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** What every {@code add} subcommand records beside the edit: why, links and where it stands upstream. */
public final class EntryNotes {
    private static final Pattern URL = Pattern.compile("https?://[^\\s/]+\\S*");

    @Option(
            names = "--why",
            paramLabel = "TEXT",
            description = "Why the edit is needed (upstream issue, build failure...).")
    String why;

    @Option(
            names = "--link",
            paramLabel = "URL",
            description = "An upstream issue, pull request or commit (repeatable).")
    List<String> links = new ArrayList<>();

    @Mixin
    UpstreamOptions upstream;

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
