package io.patchpin.recipe;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.regex.Pattern;

/** The recipe forms {@code import --from} reads, each known by its file name or, failing that, its text. */
public enum RecipeFormat {
    SPEC("(?s).*\\.spec", "(?s)(?=.*(?m:^%prep\\b))(?=.*(?m:^Name\\s*:)).*"),
    EBUILD("(?s).*\\.ebuild", "(?s).*(?m:^EAPI=).*"),
    PKGBUILD("PKGBUILD", "(?s).*(?m:^pkgname=).*"),
    NIX("(?s).*\\.nix"),
    SPACK("package\\.py", "(?s).*(?m:^class \\w+\\(\\w*Package\\)).*"),
    DOCKERFILE(
            "(?i)(Dockerfile|Containerfile)(\\..*)?|.*\\.(dockerfile|containerfile)",
            "(?s)\\s*(#[^\\n]*\\n\\s*)*(?i:FROM)\\s.*"),
    ELECTRON("\\.patches");

    private final Pattern fileName;
    /** What the text holds when the file's name does not tell; empty for a form no text tells. */
    private final Optional<Pattern> text;

    RecipeFormat(String fileName, String... text) {
        this.fileName = Pattern.compile(fileName);
        this.text = Arrays.stream(text).findFirst().map(Pattern::compile);
    }

    /**
     * Whether the distro applies this recipe's patches with GNU patch and its default fuzz 2 (Gentoo's eapply,
     * Spack, makepkg), so a patch needing fuzz builds there; rpm's %patch applies with its %_default_patch_fuzz, 0.
     */
    public boolean appliesWithFuzz() {
        return this == EBUILD || this == SPACK || this == PKGBUILD;
    }

    /** The word {@code --format} takes. */
    public String word() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Optional<RecipeFormat> parse(String word) {
        return first(f -> f.word().equals(word.toLowerCase(Locale.ROOT)));
    }

    /** The format of {@code file}: by name first, then by what its text holds; empty when neither says. */
    public static Optional<RecipeFormat> detect(Path file, String text) {
        String name = file.getFileName().toString();
        return first(f -> f.fileName.matcher(name).matches()).or(() -> byText(text));
    }

    /** The format {@code text} shows, whatever its file is named; empty when it shows none. */
    static Optional<RecipeFormat> byText(String text) {
        return first(f -> f.text.filter(p -> p.matcher(text).matches()).isPresent());
    }

    private static Optional<RecipeFormat> first(Predicate<RecipeFormat> test) {
        return Arrays.stream(values()).filter(test).findFirst();
    }
}
