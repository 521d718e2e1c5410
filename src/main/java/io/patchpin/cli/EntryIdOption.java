package io.patchpin.cli;

import picocli.CommandLine.Option;

/** {@code --id}: an added entry's id, derived when not given. */
public final class EntryIdOption {
    @Option(names = "--id", paramLabel = "ID", description = "Entry id (default: derived from the file name).")
    String id;
}
