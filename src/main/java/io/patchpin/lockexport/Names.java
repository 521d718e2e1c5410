package io.patchpin.lockexport;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Function;

/** Names each format derives from paths: Nix identifiers, makepkg source names, shell variables. */
final class Names {
    private static final Set<String> NIX_KEYWORDS = Set.of(
            "if", "then", "else", "assert", "with", "let", "in", "rec", "inherit", "or", "true", "false", "null");

    private Names() {}

    /** The stem of a source: the superproject's or root's name, else the component path. */
    static String stem(ExportSource s) {
        return s.isComponent() ? s.path() : s.name();
    }

    /** A Nix identifier: [A-Za-z_][A-Za-z0-9_'-]*, not a keyword. */
    static String nix(ExportSource s) {
        String id = stem(s).replaceAll("[^A-Za-z0-9_'-]", "_");
        if (id.isEmpty() || !Character.isLetter(id.charAt(0)) && id.charAt(0) != '_' || NIX_KEYWORDS.contains(id)) {
            id = "_" + id;
        }
        return id;
    }

    /** A makepkg source name (the folder in $srcdir): the submodule name when unambiguous is left to {@link #unique}. */
    static String makepkg(ExportSource s) {
        String id = (s.isComponent() ? s.path().replace('/', '_') : s.name()).replaceAll("[^A-Za-z0-9._+-]", "_");
        return id.startsWith(".") || id.startsWith("-") ? "_" + id : id;
    }

    static String env(ExportSource s) {
        String id = stem(s).toUpperCase(Locale.ROOT).replaceAll("[^A-Z0-9]", "_");
        return id.isEmpty() || Character.isDigit(id.charAt(0)) ? "_" + id : id;
    }

    /** {@code name} per source, in order, a clash resolved by appending _2, _3, ... to the later ones. */
    static List<String> unique(List<ExportSource> sources, Function<ExportSource, String> name) {
        Set<String> taken = new HashSet<>();
        List<String> out = new ArrayList<>();
        for (ExportSource s : sources) {
            String base = name.apply(s);
            String n = base;
            for (int i = 2; !taken.add(n); i++) {
                n = base + "_" + i;
            }
            out.add(n);
        }
        return out;
    }
}
