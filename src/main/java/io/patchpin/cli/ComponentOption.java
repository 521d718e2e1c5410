package io.patchpin.cli;

import io.patchpin.verify.ComponentFilter;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * {@code --component}, repeatable: the commands that work on some components only. A command whose help says more
 * (what the component is of, whether nested ones are implied) has its own {@code VERB.component} line in
 * Formats.properties.
 */
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
