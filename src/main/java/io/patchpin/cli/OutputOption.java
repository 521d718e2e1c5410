package io.patchpin.cli;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/** {@code -o/--output FILE}: where a report or a lock goes instead of stdout; its help per command in Formats.properties. */
public final class OutputOption {
    @Option(
            names = {"-o", "--output"},
            paramLabel = "FILE",
            description = "Write here (default: stdout).")
    Path file;
}
