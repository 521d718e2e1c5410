package io.patchpin.recipe;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * A recipe as read: its file, its format and the steps it applies to the sources, in the order they run.
 */
public record Recipe(Path file, RecipeFormat format, List<Step> steps) {
    public Recipe {
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(format, "format");
        steps = List.copyOf(steps);
    }

    /** The folder local patches are read relative to. */
    public Path folder() {
        Path parent = file.toAbsolutePath().normalize().getParent();
        return parent == null ? Path.of(".") : parent;
    }
}
