package io.patchpin.cli;

import java.nio.file.Path;
import picocli.CommandLine.Parameters;

/** The first argument of the commands that work on one patchset: its folder. */
public final class PatchsetArg {
    @Parameters(index = "0", paramLabel = "DIR", description = "Patchset folder.")
    Path dir;
}
