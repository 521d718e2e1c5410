package io.patchpin.cli;

import io.patchpin.core.RelativePath;
import picocli.CommandLine.Option;

/** {@code --component C}: the one component a command works on; its help per command in Formats.properties. */
public final class ComponentPathOption {
    @Option(
            names = "--component",
            paramLabel = "C",
            description = "Component path from the superproject root (default: the superproject '.').")
    String path;

    /** The path given, checked and normalized; the superproject when none is. */
    String checked() {
        return path == null ? "." : RelativePath.check("--component", 0, path);
    }
}
