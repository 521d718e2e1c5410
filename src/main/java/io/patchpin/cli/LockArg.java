package io.patchpin.cli;

import java.nio.file.Path;
import picocli.CommandLine.Parameters;

/** The first argument of the commands that read one lockfile. */
public final class LockArg {
    @Parameters(index = "0", paramLabel = "LOCK", description = "The lockfile.")
    Path file;
}
