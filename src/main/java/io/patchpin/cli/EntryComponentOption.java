package io.patchpin.cli;

import io.patchpin.core.RelativePath;
import picocli.CommandLine.Option;

/** {@code --component C}: the component an added entry edits, the superproject by default. */
public final class EntryComponentOption {
    @Option(
            names = "--component",
            paramLabel = "C",
            defaultValue = ".",
            description = "Component path from the superproject root (default: the superproject '.').")
    String component;

    String checked() {
        return RelativePath.check("--component", 0, component);
    }
}
