package io.patchpin.cli;

import picocli.CommandLine.Option;

/** {@code --rev}: the base revision of a patchset an import creates. */
public final class BaseRevOption {
    @Option(
            names = "--rev",
            paramLabel = "REV",
            defaultValue = "HEAD",
            description = "Base for a new patchset (default: ${DEFAULT-VALUE}).")
    String rev;
}
