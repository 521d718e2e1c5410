package io.patchpin.cli;

import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** What every {@code add} subcommand records beside the edit: why, links and where it stands upstream. */
public final class EntryNotes {
    @Option(
            names = "--why",
            paramLabel = "TEXT",
            description = "Why the edit is needed (upstream issue, build failure...).")
    String why;

    @Mixin
    LinkOption links;

    @Mixin
    UpstreamOptions upstream;
}
