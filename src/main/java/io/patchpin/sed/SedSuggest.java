package io.patchpin.sed;

/** The {@code patchpin add} command to write by hand for a sed line that was not converted. */
final class SedSuggest {
    private SedSuggest() {}

    private static String file(String path) {
        return "--component C --file " + (path == null ? "F" : path + " (split into component and file)");
    }

    static String rewrite(String path) {
        return "patchpin add rewrite DIR " + file(path) + " --find TEXT --replace TEXT";
    }

    static String insert(String path) {
        return "patchpin add insert DIR " + file(path) + " --after ANCHOR --text TEXT";
    }

    static String delete(String path) {
        return "patchpin add rewrite DIR " + file(path) + " --regex --find '(?m)^.*PATTERN.*\\n' --replace ''";
    }
}
