package io.patchpin.cli;

import picocli.CommandLine.Option;

/** {@code --rev}: the superproject revision a command works at; what it defaults to is each command's help line. */
public final class RevOption {
    @Option(
            names = "--rev",
            paramLabel = "REV",
            description = "Superproject revision to check (default: the work tree).")
    String rev;

    /** The revision given, else the superproject's HEAD. */
    String orHead() {
        return rev == null ? "HEAD" : rev;
    }
}
