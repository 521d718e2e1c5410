package io.patchpin.recipe;

import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;

/** The recipe forms {@code import --from} reads, each known by its file name or, failing that, its text. */
public enum RecipeFormat {
    SPEC,
    EBUILD,
    PKGBUILD,
    NIX,
    SPACK,
    DOCKERFILE,
    ELECTRON;

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
        for (RecipeFormat f : values()) {
            if (f.word().equals(word.toLowerCase(Locale.ROOT))) {
                return Optional.of(f);
            }
        }
        return Optional.empty();
    }

    /** The format of {@code file}: by name first, then by what its text holds; empty when neither says. */
    public static Optional<RecipeFormat> detect(Path file, String text) {
        String name = file.getFileName().toString();
        if (name.endsWith(".spec")) {
            return Optional.of(SPEC);
        } else if (name.endsWith(".ebuild")) {
            return Optional.of(EBUILD);
        } else if (name.equals("PKGBUILD")) {
            return Optional.of(PKGBUILD);
        } else if (name.endsWith(".nix")) {
            return Optional.of(NIX);
        } else if (name.equals("package.py")) {
            return Optional.of(SPACK);
        } else if (name.matches("(?i)(Dockerfile|Containerfile)(\\..*)?|.*\\.(dockerfile|containerfile)")) {
            return Optional.of(DOCKERFILE);
        } else if (name.equals(".patches")) {
            return Optional.of(ELECTRON);
        }
        return byText(text);
    }

    /** The format {@code text} shows, whatever its file is named; empty when it shows none. */
    static Optional<RecipeFormat> byText(String text) {
        if (text.matches("(?s).*(?m:^%prep\\b).*") && text.matches("(?s).*(?m:^Name\\s*:).*")) {
            return Optional.of(SPEC);
        } else if (text.matches("(?s).*(?m:^EAPI=).*")) {
            return Optional.of(EBUILD);
        } else if (text.matches("(?s).*(?m:^pkgname=).*")) {
            return Optional.of(PKGBUILD);
        } else if (text.matches("(?s).*(?m:^class \\w+\\(\\w*Package\\)).*")) {
            return Optional.of(SPACK);
        } else if (text.matches("(?s)\\s*(#[^\\n]*\\n\\s*)*(?i:FROM)\\s.*")) {
            return Optional.of(DOCKERFILE);
        }
        return Optional.empty();
    }
}
