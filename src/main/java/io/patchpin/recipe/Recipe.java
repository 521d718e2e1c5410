package io.patchpin.recipe;

import io.patchpin.core.BadInputException;
import io.patchpin.core.InputFiles;
import io.patchpin.core.Utf8;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Collectors;

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

    /** Reads {@code file} as {@code format} (or the detected one when {@code format} is empty). */
    public static Recipe read(Path file, Optional<RecipeFormat> format) {
        String text = Utf8.decode(file.toString(), InputFiles.read(file));
        RecipeFormat f = format.or(() -> RecipeFormat.detect(file, text))
                .orElseThrow(() -> new BadInputException(
                        file.toString(),
                        0,
                        "not a recipe patchpin knows (give --format "
                                + Arrays.stream(RecipeFormat.values())
                                        .map(RecipeFormat::word)
                                        .collect(Collectors.joining("|"))
                                + ")"));
        format.ifPresent(given -> RecipeFormat.detect(file, text)
                .filter(found -> found != given
                        && RecipeFormat.byText(text).filter(given::equals).isEmpty())
                .ifPresent(found -> {
                    throw new BadInputException(
                            file.toString(),
                            0,
                            "reads as " + found.word() + ", not " + given.word()
                                    + " (give the --format it is written in)");
                }));
        RecipeText t = new RecipeText(text, file);
        List<Step> steps =
                switch (f) {
                    case SPEC -> SpecRecipe.read(t);
                    case EBUILD -> EbuildRecipe.read(t, file);
                    case PKGBUILD -> PkgbuildRecipe.read(t);
                    case NIX -> NixRecipe.read(t);
                    case SPACK -> SpackRecipe.read(t);
                    case DOCKERFILE -> DockerfileRecipe.read(t);
                    case ELECTRON -> ElectronRecipe.read(t);
                };
        return new Recipe(file, f, steps);
    }
}
