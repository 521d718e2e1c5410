package io.patchpin.cli;

import io.patchpin.verify.ComponentFilter;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/** {@code --component}, repeatable: the commands that work on the entries of some components only. */
public final class ComponentOption {
    @Option(
            names = "--component",
            paramLabel = "PATH",
            description = "Only the entries on this component (repeatable; . is the superproject).")
    List<String> components = new ArrayList<>();

    ComponentFilter filter() {
        return ComponentFilter.of(components);
    }
}
